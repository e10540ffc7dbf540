#!/bin/sh
# Screenshots an SVG that `layoutlint render` wrote, at its own size, with headless Chromium (recipes §9).
#   Tests/render/screenshot.sh IN.svg OUT.png [SCALE]
# The README's picture:
#   .build/debug/layoutlint render examples/app-store.layout.json --environment "iPhone 12" -o /tmp/app-store.svg
#   Tests/render/screenshot.sh /tmp/app-store.svg docs/images/app-store.png 2
set -eu
in=$1 out=$2 scale=${3:-1}
size=$(python3 -c '
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
print("%d,%d" % tuple(int(float(r.get(k)) + 0.999) for k in ("width", "height")))' "$in")
abs() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
sandbox=
[ "$(id -u)" = 0 ] && sandbox=--no-sandbox
for attempt in 1 2; do
  rm -f "$out"
  chromium --headless $sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor="$scale" \
    --window-size="$size" --screenshot="$(abs "$out")" "file://$(abs "$in")" >/dev/null 2>&1 || true
  [ -s "$out" ] && exit 0
done
echo "screenshot.sh: chromium wrote no $out" >&2
exit 1

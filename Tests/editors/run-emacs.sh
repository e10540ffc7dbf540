#!/usr/bin/env bash
# editors/emacs (layoutlint.el with eglot) against the real server, in Debian's emacs-nox + elpa-eglot, --batch:
# Flymake diagnostics with the codes and positions of `lint --format json', hover with a computed size, a quick fix.
# LAYOUTLINT_BIN: the binary (default .build/debug/layoutlint). Exit 0 on success.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
bin="${LAYOUTLINT_BIN:-.build/debug/layoutlint}"
[[ "$bin" = /* ]] || bin="$repo/$bin"
die() { echo "run-emacs: FAIL: $*" >&2; exit 1; }
[ -x "$bin" ] || die "no layoutlint binary at $bin (build it, or set LAYOUTLINT_BIN)"
command -v emacs >/dev/null || die "emacs not found (apt-get install emacs-nox elpa-eglot)"
ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 || die "eglot not found (apt-get install elpa-eglot)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/project" "$tmp/home"
git -C "$tmp/project" init -q
cp examples/mistakes-estimated.layout.json "$tmp/project/"
file="$tmp/project/mistakes-estimated.layout.json"
rc=0; "$bin" lint --format json "$file" > "$tmp/expected.json" || rc=$?
[ "$rc" -le 1 ] || die "lint of the example exited $rc"
"$bin" explain --format json --environment "iPhone 12" "$file" > "$tmp/explain.json" || die "explain failed"

echo "run-emacs: $(emacs --version | head -1), eglot $(ls -d /usr/share/emacs/site-lisp/elpa/eglot-* | sed 's/.*eglot-//'), server $bin"
rc=0
HOME="$tmp/home" LL_REPO="$repo" LL_BIN="$bin" LL_FILE="$file" LL_EXPECTED="$tmp/expected.json" LL_EXPLAIN="$tmp/explain.json" \
  timeout 110 emacs --batch -Q -l "$repo/Tests/editors/emacs_check.el" </dev/null 2>"$tmp/stderr" || rc=$?
if [ "$rc" != 0 ]; then
  echo "--- Emacs stderr (tail)"; tail -n 25 "$tmp/stderr"
  die "Emacs check exited $rc"
fi
echo "run-emacs: PASS"

#!/usr/bin/env bash
# The SwiftPM integration, as a user of layoutlint meets it (called from scripts/test). One package, a copy of this
# fixture whose dependency is layoutlint BY VERSION (`tagged-repo.sh`: a tagged git copy of the working tree), so
# that one build of layoutlint serves every step:
#  1. `swift build` of the fixture, which applies LayoutLintBuildToolPlugin to its target `Screens`: the build must
#     print the layout document's findings as compiler warnings (FILE:LINE:COL: warning: MESSAGE [rule]), honour the
#     fixture's .layoutlint.json, and print the Swift source's finding too once `layoutlint lint` reports one for it;
#  2. the command plugin on a copy of the fixture in a temporary folder: `swift package layoutlint lint` reports
#     the finding (a warning: exit 0); `--fix` rewrites the copy as expected, and not the fixture;
#  3. the artifact bundle that docs/ci/release.yml publishes (its info.json), as a binaryTarget running the plugin;
#  4. by version: layoutlint resolved as 99.0.0 at the working tree's commit (SwiftPM refuses to build a package
#     depending by version on one whose targets have unsafe flags), and `Consumer`, using the LayoutLintCore
#     library, reports and fixes a finding.
# The build folder is kept between runs ($root/.build-version-consumer), so a second run compiles only what changed.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${VERSION_CONSUMER_BUILD:-$root/.build-version-consumer}
scratch=$base/build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "PluginFixture: FAIL: $*" >&2; exit 1; }
step() { echo "PluginFixture: $*" >&2; }
seconds() { echo $(( $(date +%s) - $1 )); }

# The fixture, depending on layoutlint by version. Made again each run, its sources' times kept (cp -p), so a kept
# build compiles only what changed.
read -r repo commit < <("$here/tagged-repo.sh" "$base")
pkg=$base/fixture
rm -rf "$pkg"
mkdir -p "$pkg"
cp -Rp "$here/Package.swift" "$here/.layoutlint.json" "$here/Sources" "$pkg/"
sed -i.orig "s|\.package(name: \"layoutlint\", path: \"\.\./\.\.\")|.package(url: \"file://$repo\", from: \"99.0.0\")|" "$pkg/Package.swift" && rm -f "$pkg/Package.swift.orig"
grep -q "file://$repo" "$pkg/Package.swift" || fail "could not make the fixture depend on layoutlint by version"
build() { swift build --package-path "$1" --scratch-path "$scratch" --disable-dependency-cache "${@:2}"; }
here=$pkg
doc=$here/Sources/Screens/feed.layout.json
swiftfile=$here/Sources/Screens/Feed.swift
original=$(sha256sum "$doc" | cut -d' ' -f1)

# 1. The build tool plugin. The plugin's command runs when an input changed since the last build: touch the
#    inputs so that a kept build folder lints again.
t=$(date +%s)
touch "$doc" "$swiftfile"
build "$here" > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "swift build of the fixture failed"; }
step "swift build of the fixture: $(seconds "$t") s"
grep -E '^/.*/Sources/Screens/feed\.layout\.json:[0-9]+:[0-9]+: warning: .*\[estimated-content-insets\]$' "$work/build.log" >/dev/null \
  || { cat "$work/build.log"; fail "no compiler-style warning for feed.layout.json's estimated-content-insets in the build output"; }
line=$(grep -n '"contentInsets": { "top": 8' "$doc" | cut -d: -f1)
grep -E "^$doc:$line:[0-9]+: warning: " "$work/build.log" >/dev/null || { cat "$work/build.log"; fail "the warning is not at line $line of feed.layout.json"; }
# .layoutlint.json turns estimate-without-self-sizing off: the "tiles" section's finding must not show.
if grep -q 'estimate-without-self-sizing' "$work/build.log"; then cat "$work/build.log"; fail "the fixture's .layoutlint.json was not applied"; fi
if grep -E "^$swiftfile:[0-9]+:[0-9]+: (warning|error): " "$work/build.log" >/dev/null; then swift_reported=1; else swift_reported=0; fi
# The Swift source: the Swift front end reports its estimated-content-insets, and so must the build, at the line
# `layoutlint lint` names.
bin=$(build "$here" --show-bin-path)
tool=
for name in layoutlint-tool layoutlint; do [ -x "$bin/$name" ] && { tool=$bin/$name; break; }; done
[ -n "$tool" ] && "$tool" --version >/dev/null || fail "no layoutlint built for the plugin in $bin"
expected=$( ("$tool" lint --format xcode "$swiftfile" || true) | grep '\[estimated-content-insets\]' | cut -d: -f1-3)
[ -n "$expected" ] || fail "layoutlint lint reports no estimated-content-insets in Feed.swift"
[ "$swift_reported" = 1 ] && grep -q "^$expected: warning: " "$work/build.log" \
  || { cat "$work/build.log"; fail "the build did not report Feed.swift's finding at $expected"; }
step "Feed.swift's finding reported by the build at $expected"
# A target with nothing to say prints nothing: no line from layoutlint but the warnings above.
if grep -E '^/.*: (error|note): ' "$work/build.log" | grep -v "$here/Sources/Screens/" >/dev/null; then cat "$work/build.log"; fail "unexpected diagnostics"; fi
[ "$(sha256sum "$doc" | cut -d' ' -f1)" = "$original" ] || fail "the build changed feed.layout.json"
# The configuration is an input: a change of it alone lints again. A build where nothing changed says nothing.
t=$(date +%s)
touch "$here/.layoutlint.json"
build "$here" > "$work/build2.log" 2>&1 || { cat "$work/build2.log"; fail "second swift build failed"; }
grep -q 'warning: .*\[estimated-content-insets\]$' "$work/build2.log" || { cat "$work/build2.log"; fail "a change of .layoutlint.json did not lint again"; }
build "$here" > "$work/build3.log" 2>&1 || { cat "$work/build3.log"; fail "third swift build failed"; }
if grep -q 'warning: ' "$work/build3.log"; then cat "$work/build3.log"; fail "a build with no change printed warnings again"; fi
step "two incremental builds (config changed, nothing changed): $(seconds "$t") s"

# 2. The command plugin, on a copy. Same build folder: only the copy's own targets compile again.
t=$(date +%s)
copy=$work/fixture
mkdir -p "$copy"
cp -R "$here/Package.swift" "$here/.layoutlint.json" "$here/Sources" "$copy/"
swift package --package-path "$copy" --scratch-path "$scratch" --disable-dependency-cache --allow-writing-to-package-directory layoutlint lint --no-color \
  > "$work/lint.log" 2>&1 || { cat "$work/lint.log"; fail "swift package layoutlint lint failed"; }
grep -E 'Sources/Screens/feed\.layout\.json:[0-9]+:[0-9]+: warning: .*\[estimated-content-insets\]' "$work/lint.log" >/dev/null \
  || { cat "$work/lint.log"; fail "swift package layoutlint lint did not report the finding"; }
grep -E 'Sources/Screens/Feed\.swift:[0-9]+:[0-9]+: warning: .*\[estimated-content-insets\]' "$work/lint.log" >/dev/null \
  || { cat "$work/lint.log"; fail "swift package layoutlint lint did not report the Swift finding"; }
grep -q '2 of them fixable with --fix' "$work/lint.log" || { cat "$work/lint.log"; fail "lint did not say the two findings are fixable"; }
swift package --package-path "$copy" --scratch-path "$scratch" --disable-dependency-cache --allow-writing-to-package-directory layoutlint --fix --no-color \
  > "$work/fix.log" 2>&1 || { cat "$work/fix.log"; fail "swift package layoutlint --fix failed"; }
grep -q '2 fixes applied' "$work/fix.log" || { cat "$work/fix.log"; fail "--fix did not apply the two fixes"; }
grep -q 'item.edgeSpacing = NSCollectionLayoutEdgeSpacing(leading: nil, top: .fixed(8), trailing: nil, bottom: .fixed(8))' \
  "$copy/Sources/Screens/Feed.swift" || { cat "$copy/Sources/Screens/Feed.swift"; fail "--fix did not move the Swift insets to edgeSpacing"; }
fixed=$copy/Sources/Screens/feed.layout.json
grep -q '"edgeSpacing"' "$fixed" || { cat "$fixed"; fail "--fix did not move the insets into edgeSpacing"; }
if grep -q '"contentInsets": { "top": 8, "bottom": 8 }' "$fixed"; then cat "$fixed"; fail "--fix left the insets on the estimated axis"; fi
[ "$(sha256sum "$doc" | cut -d' ' -f1)" = "$original" ] || fail "--fix on the copy changed the original"
# The fixed copy lints clean of that rule; a second --fix changes nothing.
swift package --package-path "$copy" --scratch-path "$scratch" --disable-dependency-cache --allow-writing-to-package-directory layoutlint lint --format xcode \
  > "$work/relint.log" 2>&1 || { cat "$work/relint.log"; fail "lint of the fixed copy failed"; }
if grep -q 'estimated-content-insets' "$work/relint.log"; then cat "$work/relint.log"; fail "the finding is still there after --fix"; fi
step "command plugin lint, --fix, lint on a copy: $(seconds "$t") s"

# 3. The artifact bundle docs/ci/release.yml publishes, as a package uses it (docs/install-macos.md, "Prebuilt
#    binary"): a binaryTarget `layoutlint` (the info.json the workflow writes, the layoutlint just built as the
#    Linux variant) and this repository's build tool plugin source depending on it. (Linux x86_64 only: the bundle
#    has no other variant for this machine.)
if [ "$(uname -s)-$(uname -m)" = Linux-x86_64 ]; then
  t=$(date +%s)
  ab=$work/binary
  bundle=$ab/layoutlint.artifactbundle
  mkdir -p "$ab/Plugins" "$ab/Sources/Screens" "$bundle/layoutlint-0.0.0-linux-x86_64/bin" "$bundle/layoutlint-0.0.0-macos/bin"
  cp "$tool" "$bundle/layoutlint-0.0.0-linux-x86_64/bin/layoutlint"
  awk '/cat > "\$bundle\/info.json" <<JSON/ { on = 1; next } on && /^ *JSON$/ { exit } on { sub(/^          /, ""); print }' \
    "$root/docs/ci/release.yml" | sed 's/\$version/0.0.0/g' > "$bundle/info.json"
  python3 -m json.tool "$bundle/info.json" > /dev/null || { cat "$bundle/info.json"; fail "release.yml's info.json is not JSON"; }
  cp -R "$root/Plugins/LayoutLintBuildToolPlugin" "$ab/Plugins/"
  cp "$doc" "$ab/Sources/Screens/"
  echo 'public let screens = 1' > "$ab/Sources/Screens/Screens.swift"
  # And a target whose layout document has no finding: the plugin says nothing about it.
  mkdir -p "$ab/Sources/Store"
  cp "$root/examples/app-store.layout.json" "$ab/Sources/Store/"
  echo 'public let store = 1' > "$ab/Sources/Store/Store.swift"
  cat > "$ab/Package.swift" <<'SWIFT'
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Prebuilt",
    targets: [
        .binaryTarget(name: "layoutlint", path: "layoutlint.artifactbundle"),
        .plugin(name: "LayoutLintBuildToolPlugin", capability: .buildTool(), dependencies: ["layoutlint"]),
        .target(name: "Screens", plugins: ["LayoutLintBuildToolPlugin"]),
        .target(name: "Store", plugins: ["LayoutLintBuildToolPlugin"]),
    ]
)
SWIFT
  swift build --package-path "$ab" --scratch-path "$work/binary-build" > "$work/binary.log" 2>&1 || { cat "$work/binary.log"; fail "swift build with the artifact bundle failed"; }
  grep -E "^$ab/Sources/Screens/feed\.layout\.json:[0-9]+:[0-9]+: warning: .*\[estimated-content-insets\]$" "$work/binary.log" >/dev/null \
    || { cat "$work/binary.log"; fail "the plugin over the artifact bundle's layoutlint printed no warning"; }
  grep -q 'layoutlint Store (1 file)' "$work/binary.log" || { cat "$work/binary.log"; fail "the plugin did not lint Store"; }
  if grep -E 'app-store\.layout\.json|^[^[].*Sources/Store' "$work/binary.log"; then fail "the plugin printed something for a document with no finding"; fi
  step "artifact bundle as a binaryTarget: $(seconds "$t") s"
fi

# 4. By version: resolved to this working tree's commit, and the library runs.
t=$(date +%s)
grep -q '"version" *: *"99.0.0"' "$here/Package.resolved" || { cat "$here/Package.resolved"; fail "layoutlint was not resolved by version"; }
grep -q "\"revision\" *: *\"$commit\"" "$here/Package.resolved" \
  || { cat "$here/Package.resolved"; fail "layoutlint 99.0.0 was not resolved to this working tree's commit"; }
out=$("$bin/Consumer")
grep -q 'warning \[estimated-content-insets\]' <<<"$out" || { echo "$out"; fail "LayoutLintCore by version did not report the finding"; }
grep -q 'fixed: 1' <<<"$out" || { echo "$out"; fail "fixAll by version applied no fix"; }
step "by version: layoutlint from: 99.0.0 resolved to the working tree's commit; the build tool plugin, the command plugin and the LayoutLintCore library ran ($(seconds "$t") s)"

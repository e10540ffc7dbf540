#!/usr/bin/env bash
# A package that depends on layoutlint BY VERSION resolves and builds. SwiftPM refuses unsafe flags
# (`unsafeFlags`) in a dependency required by version ("contains unsafe build flags"), so this fails if a target
# the consumer builds has any. The dependency is a git repository made from this working tree as it is
# (tracked and untracked files, .gitignore honoured), tagged 99.0.0. The consumer uses the LayoutLintCore
# library as docs/library.md shows and applies the build tool plugin (which builds the `layoutlint` executable
# and everything it depends on, by version).
# Everything lives in $root/.build-version-consumer (kept between runs): the repository is made again each run
# with fixed commit dates, so an unchanged working tree gives the same commit, and the build compiles nothing
# again; a changed one, a new commit in a new location, checked out and compiled afresh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${VERSION_CONSUMER_BUILD:-$root/.build-version-consumer}
scratch=$base/build
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "by-version: FAIL: $*" >&2; exit 1; }

# The repository, made in a temporary folder, then kept under its commit's name: SwiftPM remembers which commit a
# tag of a location named, so a new commit under an old location and tag would be ignored (a stale build).
staging=$work/layoutlint
mkdir -p "$staging"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar -cf - --ignore-failed-read 2>/dev/null) | tar -xf - -C "$staging"
rm -rf "$staging/Tests/PluginFixture"   # a package inside the package: not part of what a consumer needs
git -C "$staging" init -q
git -C "$staging" add -A
GIT_AUTHOR_DATE="2000-01-01T00:00:00Z" GIT_COMMITTER_DATE="2000-01-01T00:00:00Z" \
  git -C "$staging" -c user.name=by-version -c user.email=by-version@example.invalid -c commit.gpgsign=false commit -q -m "working tree"
git -C "$staging" tag 99.0.0
commit=$(git -C "$staging" rev-parse HEAD)
repo=$base/repo/$commit/layoutlint
if ! [ -d "$repo" ]; then
  rm -rf "$base/repo"
  mkdir -p "$(dirname "$repo")"
  mv "$staging" "$repo"
fi

consumer=$base/consumer
rm -rf "$consumer"
mkdir -p "$consumer/Sources/Consumer"
cat > "$consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "Consumer",
    dependencies: [.package(url: "file://$repo", from: "99.0.0")],
    targets: [
        .executableTarget(name: "Consumer", dependencies: [.product(name: "LayoutLintCore", package: "layoutlint")],
                          plugins: [.plugin(name: "LayoutLintBuildToolPlugin", package: "layoutlint")]),
    ]
)
SWIFT
cat > "$consumer/Sources/Consumer/main.swift" <<'SWIFT'
import LayoutLintCore

let bytes = Array(#"""
{ "environments": ["iPhone 12"], "sections": [{ "name": "rows", "itemCount": 3,
  "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "estimated(44)",
             "subitems": [{ "width": "fractionalWidth(1)", "height": "estimated(44)", "contentInsets": 8 }] } }] }
"""#.utf8)
let result = lint(bytes: bytes, options: LintOptions())
for d in result.diagnostics {
    let p = result.lineIndex.position(of: d.range.start, in: .utf16)
    print("\(p.line + 1):\(p.character + 1) \(d.severity) [\(d.rule)]")
}
let fixed = fixAll(bytes, options: LintOptions())
print("fixed: \(fixed.applied.values.reduce(0, +))")
SWIFT
cp "$root/Tests/PluginFixture/Sources/Screens/feed.layout.json" "$consumer/Sources/Consumer/"
# Resolution alone would not see the flags: SwiftPM checks them when it plans the build.
swift build --package-path "$consumer" --scratch-path "$scratch" --disable-dependency-cache > "$work/build.log" 2>&1 || { cat "$work/build.log"; fail "swift build of a package depending on layoutlint by version failed"; }
grep -q '"version" *: *"99.0.0"' "$consumer/Package.resolved" || { cat "$consumer/Package.resolved"; fail "layoutlint was not resolved by version"; }
grep -q "\"revision\" *: *\"$commit\"" "$consumer/Package.resolved" \
  || { cat "$consumer/Package.resolved"; fail "layoutlint 99.0.0 was not resolved to this working tree's commit"; }
grep -E 'Sources/Consumer/feed\.layout\.json:[0-9]+:[0-9]+: warning: .*\[estimated-content-insets\]' "$work/build.log" >/dev/null \
  || { cat "$work/build.log"; fail "the build tool plugin, by version, printed no warning"; }
out=$("$(swift build --package-path "$consumer" --scratch-path "$scratch" --disable-dependency-cache --show-bin-path)/Consumer")
grep -q 'warning \[estimated-content-insets\]' <<<"$out" || { echo "$out"; fail "LayoutLintCore by version did not report the finding"; }
grep -q 'fixed: 1' <<<"$out" || { echo "$out"; fail "fixAll by version applied no fix"; }
echo "by-version: a package depending on layoutlint from: 99.0.0 resolved, built (LayoutLintCore and the build tool plugin) and ran" >&2

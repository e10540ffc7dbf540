#!/usr/bin/env bash
# Makes this working tree a git repository tagged 99.0.0, for a package to depend on layoutlint BY VERSION
# (Tests/PluginFixture/run.sh), and prints its path and commit. The working tree as it is (tracked and untracked
# files, .gitignore honoured), with fixed commit dates, so an unchanged working tree gives the same commit and a
# kept build compiles nothing again; a changed one, a new commit in a new location (SwiftPM remembers which commit
# a tag of a location named, so a new commit under an old location and tag would be ignored: a stale build).
# BASE: the folder that keeps it ($BASE/repo/COMMIT/layoutlint).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
base=${1:?usage: tagged-repo.sh BASE}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
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
echo "$repo $commit"

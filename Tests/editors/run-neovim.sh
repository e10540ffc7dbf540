#!/usr/bin/env bash
# The Neovim plugin (editors/neovim) against the real server, in Debian's headless Neovim (>= 0.7):
# diagnostics (codes and positions equal to `lint --format json`), hover with a computed size, a quick fix applied;
# then a Swift file, with layoutlint as a second server (diagnostics at the Swift expression, hover).
# LAYOUTLINT_BIN: the binary (default .build/debug/layoutlint). Exit 0 on success.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
bin="${LAYOUTLINT_BIN:-.build/debug/layoutlint}"
[[ "$bin" = /* ]] || bin="$repo/$bin"
die() { echo "run-neovim: FAIL: $*" >&2; exit 1; }
[ -x "$bin" ] || die "no layoutlint binary at $bin (build it, or set LAYOUTLINT_BIN)"
command -v nvim >/dev/null || die "nvim not found (apt-get install neovim)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/project" "$tmp/home"
git -C "$tmp/project" init -q
cp examples/mistakes-estimated.layout.json "$tmp/project/"
file="$tmp/project/mistakes-estimated.layout.json"
rc=0; "$bin" lint --format json "$file" > "$tmp/expected.json" || rc=$?
[ "$rc" -le 1 ] || die "lint of the example exited $rc"
"$bin" explain --format json --environment "iPhone 12" "$file" > "$tmp/explain.json" || die "explain failed"

echo "run-neovim: $(nvim --version | head -1), server $bin"
rc=0
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
XDG_STATE_HOME="$tmp/home/.local/state" XDG_CACHE_HOME="$tmp/home/.cache" \
LL_REPO="$repo" LL_BIN="$bin" LL_FILE="$file" LL_EXPECTED="$tmp/expected.json" LL_EXPLAIN="$tmp/explain.json" \
  timeout 110 nvim --headless -u NONE -i NONE -n -c "luafile $repo/Tests/editors/neovim_check.lua" </dev/null || rc=$?
echo
if [ "$rc" != 0 ]; then
  log="$(find "$tmp/home" -name lsp.log 2>/dev/null | head -1)"
  [ -n "$log" ] && { echo "--- tail of Neovim's lsp.log"; tail -n 20 "$log"; }
  die "Neovim check exited $rc"
fi
# The same plugin as a second server on a Swift file.
cp examples/FeedViewController.swift "$tmp/project/Feed.swift"
rc=0
HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/home/.config" XDG_DATA_HOME="$tmp/home/.local/share" \
XDG_STATE_HOME="$tmp/home/.local/state" XDG_CACHE_HOME="$tmp/home/.cache" \
LL_REPO="$repo" LL_BIN="$bin" LL_SWIFT="$tmp/project/Feed.swift" \
  timeout 80 nvim --headless -u NONE -i NONE -n -c "luafile $repo/Tests/editors/neovim_swift_check.lua" </dev/null || rc=$?
echo
[ "$rc" = 0 ] || die "Neovim Swift check exited $rc"
echo "run-neovim: PASS"

#!/usr/bin/env bash
# editors/emacs against the real server, in Debian's emacs-nox, --batch:
# 1. layoutlint.el with eglot (elpa-eglot) on a layout document: Flymake diagnostics with the codes and positions of
#    `lint --format json', hover with a computed size, a quick fix.
# 2. layoutlint-lsp-mode.el with lsp-mode (elpa-lsp-mode) on a Swift file with CJK and emoji comments, layoutlint the
#    only server (an add-on client): Flymake diagnostics with the ranges of `lint --format json', hover with a
#    computed size, the quick fix leaving the buffer equal to `lint --fix'.
# LAYOUTLINT_BIN: the binary (default .build/debug/layoutlint). Exit 0 on success.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
bin="${LAYOUTLINT_BIN:-.build/debug/layoutlint}"
[[ "$bin" = /* ]] || bin="$repo/$bin"
die() { echo "run-emacs: FAIL: $*" >&2; exit 1; }
[ -x "$bin" ] || die "no layoutlint binary at $bin (build it, or set LAYOUTLINT_BIN)"
command -v emacs >/dev/null || die "emacs not found (apt-get install emacs-nox elpa-eglot elpa-lsp-mode)"
ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 || die "eglot not found (apt-get install elpa-eglot)"
ls -d /usr/share/emacs/site-lisp/elpa/lsp-mode-* >/dev/null 2>&1 || die "lsp-mode not found (apt-get install elpa-lsp-mode)"

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
echo "run-emacs: eglot check passed"

# 2. lsp-mode on a Swift file. The copy gets a CJK and emoji comment line above the card section, an inline comment
# before the card's `.estimated(120)' (hover) and before the flagged `spacing' (a diagnostic), and a trailing one
# after the flagged contentInsets (the quick fix inserts past it): positions past characters outside the BMP.
swift="$tmp/project/Feed.swift"
sed -e 's|^    private func cardsSection(|    // カードの格子 (card grid) 🃏📐: 列は幅で決まる。\n&|' \
    -e 's|let card = NSCollectionLayoutItem(|let card = /* 卡片 🎴 */ NSCollectionLayoutItem(|' \
    -e 's|section.interGroupSpacing = spacing|section.interGroupSpacing = /* 間隔 🎠 */ spacing|' \
    -e 's|^\( *card.contentInsets = NSDirectionalEdgeInsets(.*)\)$|\1 // 余白 📏👍🏽|' \
    examples/FeedViewController.swift > "$swift"
[ "$(grep -c '🎴\|🎠\|📏\|🃏' "$swift")" = 4 ] || die "the multibyte comments were not inserted in the Swift copy"
rc=0; "$bin" lint --format json "$swift" > "$tmp/expected-swift.json" || rc=$?
[ "$rc" -le 1 ] || die "lint of the Swift copy exited $rc"
cp "$swift" "$tmp/fixed.swift"
rc=0; "$bin" lint --fix "$tmp/fixed.swift" > /dev/null || rc=$?
[ "$rc" -le 1 ] || die "lint --fix of the Swift copy exited $rc"
grep -q 'card.edgeSpacing' "$tmp/fixed.swift" || die "lint --fix did not fix the Swift copy"

echo "run-emacs: lsp-mode $(ls -d /usr/share/emacs/site-lisp/elpa/lsp-mode-* | sed 's/.*lsp-mode-//'), Swift file"
start=$SECONDS
rc=0
HOME="$tmp/home" LL_REPO="$repo" LL_BIN="$bin" LL_SWIFT="$swift" LL_EXPECTED="$tmp/expected-swift.json" \
LL_FIXED="$tmp/fixed.swift" \
  timeout 110 emacs --batch -Q -l "$repo/Tests/editors/emacs_swift_check.el" </dev/null 2>"$tmp/stderr-swift" || rc=$?
if [ "$rc" != 0 ]; then
  echo "--- Emacs stderr (tail)"; tail -n 25 "$tmp/stderr-swift"
  die "Emacs Swift (lsp-mode) check exited $rc"
fi
echo "run-emacs: lsp-mode Swift check passed in $((SECONDS - start)) s"
echo "run-emacs: PASS"

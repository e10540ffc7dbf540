#!/usr/bin/env bash
# .pre-commit-hooks.yaml with the real pre-commit, from scratch repositories:
#  1. `pre-commit try-repo <this repo> layoutlint-system` (the binary on PATH): a staged bad document fails with
#     its findings printed; a good one and a non-layout JSON file pass.
#  2. A real `git commit` with the hook installed (`pre-commit install`, config pointing at a clone of this repo):
#     the bad commit is refused with the findings printed, the good one is made.
#  3. `pre-commit try-repo <this repo> layoutlint` (language: swift): pre-commit builds layoutlint from the
#     repository's sources itself (a release build with swift-syntax, about 16 min alone on 2 cores) and the bad
#     document fails with its findings.
#     LAYOUTLINT_PRECOMMIT_SWIFT=0 (default): 1-2 only (~10 s); =1: all three; =only: 3 only (run-precommit-swift.sh).
# LAYOUTLINT_BIN: the binary for the system hooks (default .build/debug/layoutlint). Exit 0 on success.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
bin="${LAYOUTLINT_BIN:-.build/debug/layoutlint}"
[[ "$bin" = /* ]] || bin="$repo/$bin"
die() { echo "run-precommit: FAIL: $*" >&2; exit 1; }
swift_mode="${LAYOUTLINT_PRECOMMIT_SWIFT:-0}"
# The swift-only check (run-precommit-swift.sh) needs the binary only once pre-commit's build is done, to compare
# the hook's findings with: it can start before the debug build.
[ "$swift_mode" = only ] || [ -x "$bin" ] || die "no layoutlint binary at $bin (build it, or set LAYOUTLINT_BIN)"
command -v pre-commit >/dev/null || die "pre-commit not found (python3 -m pip install pre-commit)"
[ -f .pre-commit-hooks.yaml ] || die "no .pre-commit-hooks.yaml at the top level"
echo "run-precommit: pre-commit $(pre-commit --version | awk '{print $2}'), layoutlint $bin"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/bin"
ln -s "$bin" "$tmp/bin/layoutlint"
export PATH="$tmp/bin:$PATH" PRE_COMMIT_HOME="$tmp/pre-commit-home" NO_COLOR=1
export GIT_AUTHOR_NAME=test GIT_AUTHOR_EMAIL=test@example.invalid GIT_COMMITTER_NAME=test GIT_COMMITTER_EMAIL=test@example.invalid
bad_src=examples/mistakes-supplementaries.layout.json   # 1 error (duplicate-element-kind)
good_src=examples/app-store.layout.json                  # no findings

# What the findings must be: the error- and warning-severity rules of `lint --format json` of the bad document.
want=()
expected_findings() {
  local rc=0
  (cd "$repo" && "$bin" lint --format json "$bad_src") > "$tmp/bad.json" || rc=$?
  [ "$rc" = 1 ] || die "lint of $bad_src exited $rc, expected 1"
  mapfile -t want < <(python3 - "$tmp/bad.json" <<'PY'
import json, sys
for d in json.load(open(sys.argv[1]))["files"][0]["diagnostics"]:
    if d["severity"] in ("error", "warning"):
        print("layouts/bad.layout.json:%d:%d: %s: " % (d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1, d["severity"]))
        print("[%s]" % d["rule"])
PY
)
  [ "${#want[@]}" -gt 0 ] || die "$bad_src has no error or warning findings"
}
[ "$swift_mode" = only ] || expected_findings

new_work() {  # a scratch repository with the documents, nothing staged
  rm -rf "$tmp/work"; mkdir -p "$tmp/work/layouts"; cd "$tmp/work"; git init -q
  cp "$repo/$bad_src" layouts/bad.layout.json
  cp "$repo/$good_src" layouts/good.layout.jsonc
  printf '{ "not": "a layout", , }\n' > notes.json   # broken JSON that the hook must not look at
  mkdir -p Sources
  printf 'struct Item { let id: Int }\n' > Sources/Model.swift   # Swift that builds no layout: a byte search, no finding
  cp "$repo/examples/FeedViewController.swift" Sources/Feed.swift  # Swift that builds a layout with two warnings
}
expect_findings() {  # $1: the output file
  for w in "${want[@]}"; do grep -qF -- "$w" "$1" || { cat "$1"; die "the output lacks '$w'"; }; done
}

if [ "$swift_mode" != only ]; then
# 1. try-repo, system hook.
new_work
git add layouts/good.layout.jsonc notes.json
rc=0; pre-commit try-repo "$repo" layoutlint-system > "$tmp/out1" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$tmp/out1"; die "try-repo on a good document exited $rc, expected 0"; }
grep -Eq '^layoutlint \(installed binary\)\.+Passed' "$tmp/out1" || { cat "$tmp/out1"; die "the hook did not run and pass on the good document"; }
echo "run-precommit: try-repo layoutlint-system, good document: passed"
git add Sources/Model.swift
rc=0; pre-commit try-repo "$repo" layoutlint-system > "$tmp/out1s" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$tmp/out1s"; die "try-repo with a Swift file that builds no layout exited $rc, expected 0"; }
git add Sources/Feed.swift
rc=0; pre-commit try-repo "$repo" layoutlint-system > "$tmp/out1f" 2>&1 || rc=$?
[ "$rc" = 1 ] || { cat "$tmp/out1f"; die "try-repo with Feed.swift exited $rc, expected 1"; }
grep -Eq '^Sources/Feed\.swift:[0-9]+:[0-9]+: warning: .*\[estimated-content-insets\]' "$tmp/out1f" \
  || { cat "$tmp/out1f"; die "the Swift layout's finding was not printed"; }
echo "run-precommit: try-repo layoutlint-system, staged Swift: a file without layouts passes, Feed.swift fails with its finding"
git reset -q Sources/Feed.swift
git add layouts/bad.layout.json
rc=0; pre-commit try-repo "$repo" layoutlint-system > "$tmp/out2" 2>&1 || rc=$?
[ "$rc" = 1 ] || { cat "$tmp/out2"; die "try-repo on a bad document exited $rc, expected 1"; }
grep -Eq '^layoutlint \(installed binary\)\.+Failed' "$tmp/out2" || { cat "$tmp/out2"; die "the hook did not fail"; }
expect_findings "$tmp/out2"
grep -q 'notes.json' "$tmp/out2" && { cat "$tmp/out2"; die "notes.json was passed to the hook"; }
echo "run-precommit: try-repo layoutlint-system, bad document: failed with the findings:"
grep -F 'layouts/bad.layout.json:' "$tmp/out2" | sed 's/^/    /'

# 2. A real commit through the installed git hook.
hookrepo="$tmp/hookrepo"
git clone -q "$repo" "$hookrepo"
cp "$repo/.pre-commit-hooks.yaml" "$hookrepo/"
git -C "$hookrepo" add .pre-commit-hooks.yaml
git -C "$hookrepo" commit -q --allow-empty -m "hooks under test"
rev="$(git -C "$hookrepo" rev-parse HEAD)"
new_work
cat > .pre-commit-config.yaml <<YAML
repos:
  - repo: $hookrepo
    rev: $rev
    hooks:
      - id: layoutlint-system
YAML
pre-commit install -q >/dev/null 2>&1 || pre-commit install >/dev/null
git add .pre-commit-config.yaml layouts/bad.layout.json
rc=0; git commit -q -m "bad layout" > "$tmp/out3" 2>&1 || rc=$?
[ "$rc" != 0 ] || { cat "$tmp/out3"; die "git commit of a bad document succeeded"; }
git rev-parse -q --verify HEAD >/dev/null && die "a commit was made despite the failing hook"
expect_findings "$tmp/out3"
echo "run-precommit: git commit of the bad document: refused (exit $rc) with the findings"
git reset -q layouts/bad.layout.json
git add layouts/good.layout.jsonc
rc=0; git commit -q -m "good layout" > "$tmp/out4" 2>&1 || rc=$?
[ "$rc" = 0 ] || { cat "$tmp/out4"; die "git commit of a good document exited $rc"; }
[ "$(git log --format=%s -1)" = "good layout" ] || die "the good commit was not made"
echo "run-precommit: git commit of the good document: made"
fi

# 3. try-repo, language: swift (pre-commit builds layoutlint from this repository's sources).
if [ "$swift_mode" != 0 ]; then
  new_work
  git add layouts/bad.layout.json notes.json
  start=$SECONDS
  rc=0; PATH="${PATH#"$tmp/bin:"}" timeout 4200 pre-commit try-repo "$repo" layoutlint > "$tmp/out5" 2>&1 || rc=$?
  [ "$rc" = 1 ] || { tail -n 40 "$tmp/out5"; die "try-repo layoutlint (language: swift) exited $rc, expected 1"; }
  grep -Eq '^layoutlint\.+Failed' "$tmp/out5" || { tail -n 40 "$tmp/out5"; die "the swift hook did not run and fail"; }
  if [ "$swift_mode" = only ]; then
    # (pre-commit's try-repo deletes its build with its temporary store: the expected findings are those of
    # LAYOUTLINT_BIN, scripts/test's debug build, which .ci/run starts after the fuzz smoke: it may still be
    # building when pre-commit's release build ends.)
    for _ in $(seq 2400); do [ -x "$bin" ] && break; sleep 1; done
    [ -x "$bin" ] || die "no layoutlint binary at $bin to compare the hook's findings with (build it, or set LAYOUTLINT_BIN)"
    expected_findings
  fi
  expect_findings "$tmp/out5"
  echo "run-precommit: try-repo layoutlint (language: swift, built by pre-commit in $((SECONDS - start)) s), bad document: failed with the findings"
else
  echo "run-precommit: try-repo layoutlint (language: swift): not run here (Tests/editors/run-precommit-swift.sh runs it)"
fi
echo "run-precommit: PASS"

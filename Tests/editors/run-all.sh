#!/usr/bin/env bash
# Every editor / pre-commit / CI-integration test, against LAYOUTLINT_BIN (default .build/debug/layoutlint).
# LAYOUTLINT_PRECOMMIT_SWIFT=1 also runs the language: swift hook, which builds layoutlint (2-3 min).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
"$here/run-static.sh"
"$here/run-vscode.sh"
"$here/run-neovim.sh"
"$here/run-emacs.sh"
LAYOUTLINT_PRECOMMIT_SWIFT=0 "$here/run-precommit.sh"
if [ "${LAYOUTLINT_PRECOMMIT_SWIFT:-0}" = 1 ]; then "$here/run-precommit-swift.sh"; fi
echo "Tests/editors: all passed"

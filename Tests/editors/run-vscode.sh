#!/usr/bin/env bash
# editors/vscode without the npm registry: `node --check` of every script, then test/check-manifest.js (the
# manifest's fields and contributions, the schema it ships, and extension.js activated against stand-in
# `vscode` / `vscode-languageclient` modules). Needs only `node` (18+). Exit 0 on success.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
die() { echo "run-vscode: FAIL: $*" >&2; exit 1; }
command -v node >/dev/null || die "node not found"
cd "$repo/editors/vscode"
echo "run-vscode: node $(node --version)"
for f in extension.js scripts/copy-schema.js test/check-manifest.js; do
  node --check "$f" || die "syntax error in editors/vscode/$f"
done
node -e 'JSON.parse(require("fs").readFileSync("package.json", "utf8"))' || die "package.json is not JSON"
node test/check-manifest.js || die "manifest checks failed"
echo "run-vscode: PASS"

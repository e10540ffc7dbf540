#!/usr/bin/env bash
# The integrations that have no runnable editor here, checked for form:
#  - editors/helix/languages.toml parses (Python tomllib) and wires layoutlint to *.layout.json(c);
#  - editors/sublime: the LSP settings parse (JSON with comments) and use the syntax's scope; the syntax is YAML
#    with the right file extensions;
#  - editors/neovim/lspconfig.lua and the plugin compile (Neovim's Lua), the Emacs files are well-formed;
#  - docs/ci/*.yml validate against the GitHub workflow JSON Schema (check-jsonschema, bundled, offline) and run
#    `lint --format sarif` / `lint --format github`;
#  - .pre-commit-hooks.yaml validates with pre-commit's own manifest check.
# Needs python3 with PyYAML, check-jsonschema, pre-commit, nvim, emacs. Exit 0 on success.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"
die() { echo "run-static: FAIL: $*" >&2; exit 1; }

python3 - <<'PY' || die "helix/sublime/workflow checks"
import json, re, sys, tomllib, yaml
def fail(msg): print("FAIL:", msg); sys.exit(1)
h = tomllib.load(open("editors/helix/languages.toml", "rb"))
srv = h["language-server"]["layoutlint"]
assert srv["command"] == "layoutlint" and srv["args"] == ["serve"], srv
lang = [l for l in h["language"] if l["name"] == "layout-json"][0]
assert sorted(ft["glob"] for ft in lang["file-types"]) == ["*.layout.json", "*.layout.jsonc"], lang["file-types"]
assert "layoutlint" in lang["language-servers"]
print("ok   editors/helix/languages.toml")
text = open("editors/sublime/LSP.sublime-settings").read()
text = re.sub(r'^\s*//.*$', '', text, flags=re.M)          # Sublime settings allow // comments
s = json.loads(text)["clients"]["layoutlint"]
syn = yaml.safe_load(open("editors/sublime/LayoutJSON.sublime-syntax").read().split("\n", 1)[1])
assert s["command"] == ["layoutlint", "serve"] and s["selector"] == syn["scope"], (s, syn["scope"])
assert sorted(syn["file_extensions"]) == ["layout.json", "layout.jsonc"] and syn["extends"].endswith("JSON.sublime-syntax")
print("ok   editors/sublime")
for f, fmt in (("docs/ci/layoutlint-code-scanning.yml", "sarif"), ("docs/ci/layoutlint-annotations.yml", "github")):
    wf = yaml.safe_load(open(f))
    runs = " ".join(st.get("run", "") for job in wf["jobs"].values() for st in job["steps"])
    assert f"lint --format {fmt}" in runs, f"{f} does not run lint --format {fmt}"
    if fmt == "sarif":
        uses = [st.get("uses", "") for job in wf["jobs"].values() for st in job["steps"]]
        assert any(u.startswith("github/codeql-action/upload-sarif@") for u in uses), "no upload-sarif step"
        assert wf["permissions"].get("security-events") == "write", "upload-sarif needs security-events: write"
print("ok   docs/ci workflows run the right formats")
PY
check-jsonschema --builtin-schema vendor.github-workflows docs/ci/*.yml || die "docs/ci workflows do not validate"
pre-commit validate-manifest .pre-commit-hooks.yaml || die ".pre-commit-hooks.yaml is not a valid manifest"
echo "ok   .pre-commit-hooks.yaml (pre-commit validate-manifest)"
nvim --headless -u NONE -i NONE -n \
  -c "lua for _, f in ipairs({'editors/neovim/lspconfig.lua', 'editors/neovim/lua/layoutlint/init.lua'}) do local ok, err = loadfile(f); if not ok then io.stdout:write(err .. '\n'); vim.cmd('cquit 1') end end" \
  -c "qall!" </dev/null || die "Neovim Lua does not compile"
echo "ok   editors/neovim Lua compiles"
emacs --batch -Q --eval '(dolist (f (list "editors/emacs/layoutlint.el" "editors/emacs/layoutlint-lsp-mode.el")) (with-temp-buffer (insert-file-contents f) (emacs-lisp-mode) (check-parens)))' \
  || die "Emacs Lisp is not well-formed"
echo "ok   editors/emacs Lisp is well-formed"
echo "run-static: PASS"

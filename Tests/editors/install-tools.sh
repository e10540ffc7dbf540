#!/usr/bin/env bash
# Installs what Tests/editors/* need on Debian 12, skipping what is already there:
# Debian's neovim, emacs-nox, elpa-eglot and elpa-lsp-mode; pre-commit and check-jsonschema from PyPI. (node: VS Code checks only.)
set -euo pipefail
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }
missing=()
command -v nvim >/dev/null || missing+=(neovim)
command -v emacs >/dev/null || missing+=(emacs-nox)
ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 || missing+=(elpa-eglot)
ls -d /usr/share/emacs/site-lisp/elpa/lsp-mode-* >/dev/null 2>&1 || missing+=(elpa-lsp-mode)
command -v git >/dev/null || missing+=(git)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "install-tools: apt-get install ${missing[*]}" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi
pips=()
command -v pre-commit >/dev/null || pips+=(pre-commit)
command -v check-jsonschema >/dev/null || pips+=(check-jsonschema)
if [ "${#pips[@]}" -gt 0 ]; then
  echo "install-tools: pip install ${pips[*]}" >&2
  python3 -m pip install -q "${pips[@]}"
fi

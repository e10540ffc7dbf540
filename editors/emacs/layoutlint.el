;;; layoutlint.el --- layoutlint language server for layout specs (eglot) -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "27.1"))
;; Keywords: languages, tools
;; URL: https://github.com/layoutlint/layoutlint

;;; Commentary:

;; A major mode for UICollectionViewCompositionalLayout spec documents (*.layout.json, *.layout.jsonc:
;; JSON with comments and trailing commas) and the eglot entry that runs `layoutlint serve' for it.
;; Diagnostics appear through Flymake, hover through ElDoc, quick fixes with `eglot-code-actions'.
;;
;;   (add-to-list 'load-path "/path/to/layoutlint/editors/emacs")
;;   (require 'layoutlint)
;;   (add-hook 'layoutlint-json-mode-hook #'eglot-ensure)
;;
;; For lsp-mode instead of eglot, see layoutlint-lsp-mode.el next to this file.

;;; Code:

(require 'js)
(defvar eglot-server-programs)

(defgroup layoutlint nil
  "The layoutlint linter and language server for compositional layout specs."
  :group 'tools
  :prefix "layoutlint-")

(defcustom layoutlint-executable "layoutlint"
  "The layoutlint binary: a name on `exec-path' or an absolute file name."
  :type 'string)

(defcustom layoutlint-server-arguments '("serve")
  "Arguments that start the language server (stdio)."
  :type '(repeat string))

;;;###autoload
(define-derived-mode layoutlint-json-mode js-mode "Layout"
  "Major mode for layoutlint spec documents.
JSON with // and /* */ comments and trailing commas."
  (setq-local comment-start "// ")
  (setq-local comment-end ""))

;;;###autoload
(add-to-list 'auto-mode-alist '("\\.layout\\.jsonc?\\'" . layoutlint-json-mode))

(defun layoutlint-server-command (&optional _interactive)
  "The command line of the language server.
For `eglot-server-programs' and lsp-mode."
  (cons layoutlint-executable layoutlint-server-arguments))

;;;###autoload
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '((layoutlint-json-mode :language-id "jsonc") . layoutlint-server-command)))

(defun layoutlint-fix-all ()
  "Apply every safe layoutlint fix in this buffer.
This is the server's source.fixAll.layoutlint code action."
  (interactive)
  (if (fboundp 'eglot-code-actions)
      (eglot-code-actions (point-min) (point-max) "source.fixAll.layoutlint" t)
    (user-error "eglot is not loaded")))

(provide 'layoutlint)
;;; layoutlint.el ends here

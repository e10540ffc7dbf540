;;; layoutlint-lsp-mode.el --- layoutlint for lsp-mode -*- lexical-binding: t; -*-

;;; Commentary:

;; Registers `layoutlint serve' with lsp-mode (https://emacs-lsp.github.io/lsp-mode/) for
;; `layoutlint-json-mode' buffers (defined in layoutlint.el). It runs as an add-on, next to any JSON server.
;;
;;   (add-to-list 'load-path "/path/to/layoutlint/editors/emacs")
;;   (require 'layoutlint-lsp-mode)
;;   (add-hook 'layoutlint-json-mode-hook #'lsp-deferred)
;;
;; It also registers layoutlint for `swift-mode' buffers as an add-on beside lsp-sourcekit (diagnostics, hover with
;; the computed sizes, inlay hints on the Swift that builds compositional layouts):
;;
;;   (add-hook 'swift-mode-hook #'lsp-deferred)

;;; Code:

(require 'layoutlint)

(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(layoutlint-json-mode . "jsonc"))
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'layoutlint-server-command)
    :activation-fn (lsp-activate-on "jsonc")
    :major-modes '(layoutlint-json-mode)
    :add-on? t
    :server-id 'layoutlint))
  ;; Swift sources: a second server next to sourcekit-lsp (lsp-mode runs add-ons beside the main one).
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'layoutlint-server-command)
    :activation-fn (lsp-activate-on "swift")
    :major-modes '(swift-mode swift-ts-mode)
    :add-on? t
    :server-id 'layoutlint-swift)))

(provide 'layoutlint-lsp-mode)
;;; layoutlint-lsp-mode.el ends here

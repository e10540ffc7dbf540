;;; layoutlint-lsp-mode.el --- layoutlint for lsp-mode -*- lexical-binding: t; -*-

;;; Commentary:

;; Registers `layoutlint serve' with lsp-mode (https://emacs-lsp.github.io/lsp-mode/) for
;; `layoutlint-json-mode' buffers (defined in layoutlint.el). It runs as an add-on, next to any JSON server.
;;
;;   (add-to-list 'load-path "/path/to/layoutlint/editors/emacs")
;;   (require 'layoutlint-lsp-mode)
;;   (add-hook 'layoutlint-json-mode-hook #'lsp-deferred)
;;
;; It also registers layoutlint for `swift-mode' and `swift-ts-mode' buffers as an add-on beside lsp-sourcekit
;; (diagnostics, hover with the computed sizes, code lens, quick fixes on the Swift that builds compositional
;; layouts); with no other Swift client registered it starts alone:
;;
;;   (add-hook 'swift-mode-hook #'lsp-deferred)
;;
;; lsp-mode counts a line's characters as Emacs does, in code points, and does not offer a position encoding (LSP
;; 3.17): both clients here offer `utf-32', so columns past an emoji or any character outside the BMP stay right
;; (the server would otherwise count UTF-16 code units).

;;; Code:

(require 'layoutlint)

(defconst layoutlint-lsp-mode-capabilities '((general . ((positionEncodings . ["utf-32"]))))
  "Client capabilities added to lsp-mode's: positions in code points, as lsp-mode counts them.")

(with-eval-after-load 'lsp-mode
  (add-to-list 'lsp-language-id-configuration '(layoutlint-json-mode . "jsonc"))
  (add-to-list 'lsp-language-id-configuration '(swift-ts-mode . "swift") t)
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'layoutlint-server-command)
    :activation-fn (lsp-activate-on "jsonc")
    :major-modes '(layoutlint-json-mode)
    :add-on? t
    :custom-capabilities layoutlint-lsp-mode-capabilities
    :server-id 'layoutlint))
  ;; Swift sources: a second server next to sourcekit-lsp (lsp-mode runs add-ons beside the main one).
  (lsp-register-client
   (make-lsp-client
    :new-connection (lsp-stdio-connection #'layoutlint-server-command)
    :activation-fn (lsp-activate-on "swift")
    :major-modes '(swift-mode swift-ts-mode)
    :add-on? t
    :custom-capabilities layoutlint-lsp-mode-capabilities
    :server-id 'layoutlint-swift)))

(provide 'layoutlint-lsp-mode)
;;; layoutlint-lsp-mode.el ends here

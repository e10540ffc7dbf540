;;; emacs_check.el --- editors/emacs (eglot) against the real `layoutlint serve', in emacs --batch -*- lexical-binding: t; -*-
;; Run by Tests/editors/run-emacs.sh with LL_REPO, LL_BIN, LL_FILE (a copy of examples/mistakes-estimated.layout.json),
;; LL_EXPECTED (`lint --format json' of it) and LL_EXPLAIN (`explain --format json'). Exit 0 on success.
(dolist (d (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*")) (add-to-list 'load-path d)) ; -Q skips site-start
(require 'cl-lib)
(require 'json)
(require 'eglot)
(require 'flymake)

(defun out (fmt &rest args) (princ (concat (apply #'format fmt args) "\n")))
(defun fail (code fmt &rest args) (out "FAIL: %s" (apply #'format fmt args)) (kill-emacs code))
(run-at-time 90 nil (lambda () (fail 3 "timed out after 90 s")))

(defun read-json (file)
  (let ((json-object-type 'alist) (json-array-type 'list) (json-key-type 'symbol)) (json-read-file file)))
(defun jget (obj &rest keys) (dolist (k keys obj) (setq obj (if (integerp k) (nth k obj) (alist-get k obj)))))

;; The configuration under test, exactly as a user loads it.
(add-to-list 'load-path (expand-file-name "editors/emacs" (getenv "LL_REPO")))
(require 'layoutlint)
(setq layoutlint-executable (getenv "LL_BIN"))
(dolist (f '("layoutlint.el" "layoutlint-lsp-mode.el"))     ; the lsp-mode snippet: at least well-formed
  (with-temp-buffer
    (insert-file-contents (expand-file-name (concat "editors/emacs/" f) (getenv "LL_REPO")))
    (emacs-lisp-mode)
    (condition-case err (check-parens) (error (fail 8 "%s is not well-formed: %S" f err)))))

(defvar raw-diags nil)
(defvar publish-count 0)
(advice-add 'eglot-handle-notification :before
  (lambda (_server method &rest params)
    (when (eq method 'textDocument/publishDiagnostics)
      (setq raw-diags (plist-get params :diagnostics)) (cl-incf publish-count))))

(setq eglot-sync-connect t eglot-connect-timeout 20)
(find-file (getenv "LL_FILE"))
(unless (eq major-mode 'layoutlint-json-mode) (fail 7 "major mode is %s, expected layoutlint-json-mode" major-mode))
(let ((contact (eglot--guess-contact)))
  (out "CONTACT %S language-id=%s" (nth 3 contact) (nth 4 contact))
  (unless (equal (nth 3 contact) (list (getenv "LL_BIN") "serve"))
    (fail 7 "eglot-server-programs gives %S for this buffer" (nth 3 contact)))
  (condition-case err (apply #'eglot contact)
    (error (fail 2 "eglot failed to start the server: %S" err))))

;; 1. Flymake diagnostics with the codes and positions of `lint --format json'.
(let ((deadline (+ (float-time) 20)))
  (while (and (not raw-diags) (< (float-time) deadline)) (accept-process-output nil 0.05)))
(unless raw-diags (fail 4 "no textDocument/publishDiagnostics within 20 s"))
(flymake-start)
(let ((tries 0)) (while (and (null (flymake-diagnostics)) (< (cl-incf tries) 200)) (accept-process-output nil 0.05)))
(defun flymake-keys ()
  (sort (mapcar (lambda (d)
                  (let* ((text (flymake-diagnostic-text d))
                         (code (and (string-match "\\`layoutlint \\[\\([^]]+\\)\\]: " text) (match-string 1 text)))
                         (beg (flymake-diagnostic-beg d)))
                    (unless code (fail 5 "diagnostic text without `layoutlint [code]': %s" text))
                    (format "%s@%d:%d" code (1- (line-number-at-pos beg))
                            (save-excursion (goto-char beg) (current-column)))))
                (flymake-diagnostics))
        #'string<))
(let ((got (flymake-keys))
      (want (sort (mapcar (lambda (d) (format "%s@%d:%d" (jget d 'rule) (jget d 'range 'start 'line)
                                              (jget d 'range 'start 'character)))
                          (jget (read-json (getenv "LL_EXPECTED")) 'files 0 'diagnostics))
                  #'string<)))
  (dolist (d (flymake-diagnostics))
    (out "DIAG line=%d type=%s text=%s" (line-number-at-pos (flymake-diagnostic-beg d))
         (flymake-diagnostic-type d) (truncate-string-to-width (flymake-diagnostic-text d) 90)))
  (unless (equal got want)
    (fail 5 "Flymake diagnostics differ from `lint --format json':\n  emacs: %s\n  cli:   %s"
          (string-join got " ") (string-join want " ")))
  (unless (member "estimated-content-insets@21:29" got) (fail 5 "estimated-content-insets at 22:30 is missing"))
  (out "DIAGNOSTICS OK (%d, same as the CLI)" (length got)))

;; 2. Hover (what ElDoc shows) on the width of /sections/0/group: the computed width from `explain'.
(let* ((width (jget (read-json (getenv "LL_EXPLAIN")) 'environments 0 'sections 0 'group 'frame 2))
       (width-text (if (integerp width) (format "%d" width) (format "%s" width))))
  (goto-char (point-min)) (forward-line 12)
  (unless (search-forward "fractionalWidth" (line-end-position) t) (fail 6 "line 13 is not the group width"))
  (let* ((server (eglot--current-server-or-lose))
         (hover (jsonrpc-request server :textDocument/hover (eglot--TextDocumentPositionParams)))
         (value (plist-get (plist-get hover :contents) :value)))
    (out "HOVER %s" (replace-regexp-in-string "\n" " | " (or value "nil")))
    (unless (and value (string-match-p (regexp-quote width-text) value))
      (fail 6 "hover does not show the computed width %s" width-text))
    (out "HOVER OK (shows %s)" width-text)))

;; 3. The quick fix, through eglot's own code-action command.
(let* ((before (buffer-string)) (n publish-count))
  (goto-char (point-min)) (forward-line 21) (move-to-column 29)
  (cl-letf ((last-nonmenu-event ?\r)                ; as from the keyboard: eglot then asks with completing-read
            ((symbol-function 'completing-read)       ; and this answers like a user picking the edgeSpacing fix
             (lambda (_prompt collection &rest _)
               (let ((titles (mapcar (lambda (c) (if (consp c) (car c) c)) collection)))
                 (out "ACTIONS %S" titles)
                 (or (cl-find-if (lambda (s) (string-match-p "edgeSpacing" s)) titles)
                     (fail 8 "no edgeSpacing quick fix among %S" titles))))))
    (eglot-code-actions (point) (1+ (point)) "quickfix" t))
  (when (equal before (buffer-string)) (fail 8 "the quick fix did not change the buffer"))
  (unless (string-match-p "edgeSpacing" (buffer-string)) (fail 8 "the fixed buffer has no edgeSpacing"))
  (eglot--signal-textDocument/didChange)             ; what eglot's idle timer does (idle timers never fire in --batch)
  (let ((deadline (+ (float-time) 20)))
    (while (and (<= publish-count n) (< (float-time) deadline)) (accept-process-output nil 0.05)))
  (when (cl-find "estimated-content-insets" raw-diags :key (lambda (d) (plist-get d :code)) :test #'equal)
    (fail 9 "estimated-content-insets still reported after the fix"))
  (out "QUICKFIX OK (%d diagnostics left)" (length raw-diags)))

(let ((server (eglot--current-server-or-lose)))
  (eglot-shutdown server))
(out "PASS")
(kill-emacs 0)

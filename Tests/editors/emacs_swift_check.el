;;; emacs_swift_check.el --- layoutlint as an lsp-mode add-on server on a Swift file, in emacs --batch -*- lexical-binding: t; -*-
;; Run by Tests/editors/run-emacs.sh with LL_REPO, LL_BIN, LL_SWIFT (a copy of examples/FeedViewController.swift with
;; CJK and emoji comments, in a git project), LL_EXPECTED (`lint --format json' of it: UTF-16 positions) and
;; LL_FIXED (the same copy after `lint --fix'). Exit 0 on success.
(dolist (d (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))  ; -Q skips site-start: do what it does
  (add-to-list 'load-path d)
  (dolist (f (file-expand-wildcards (expand-file-name "*-autoloads.el" d))) (load f nil t)))
(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defun out (fmt &rest args) (princ (concat (apply #'format fmt args) "\n")))
(defun fail (code fmt &rest args) (out "FAIL: %s" (apply #'format fmt args)) (kill-emacs code))
(run-at-time 90 nil (lambda () (fail 3 "timed out after 90 s")))

(defun read-json (file)
  (let ((json-object-type 'alist) (json-array-type 'list) (json-key-type 'symbol)) (json-read-file file)))
(defun jget (obj &rest keys) (dolist (k keys obj) (setq obj (if (integerp k) (nth k obj) (alist-get k obj)))))

;; A Swift major mode when none is installed (swift-mode is not in Debian): only its name matters to lsp-mode.
(unless (fboundp 'swift-mode)
  (define-derived-mode swift-mode prog-mode "Swift" "Stand-in for swift-mode in this test.")
  (add-to-list 'auto-mode-alist '("\\.swift\\'" . swift-mode)))

;; The configuration under test, as a user loads it, then lsp-mode. No sourcekit-lsp client is registered here
;; (lsp-sourcekit is a separate package), so layoutlint, an add-on client, must start on its own.
(add-to-list 'load-path (expand-file-name "editors/emacs" (getenv "LL_REPO")))
(require 'layoutlint-lsp-mode)
(setq layoutlint-executable (getenv "LL_BIN"))
(setq lsp-auto-guess-root t                     ; the git project, without asking
      lsp-enable-file-watchers nil
      lsp-headerline-breadcrumb-enable nil
      lsp-modeline-code-actions-enable nil
      lsp-modeline-diagnostics-enable nil
      lsp-enable-snippet nil
      lsp-diagnostics-provider :auto)            ; no flycheck here: Flymake, as for most users without it
(require 'lsp-mode)
(require 'flymake)
(add-hook 'swift-mode-hook #'lsp)                  ; the README says lsp-deferred: that waits for an idle timer,
                                                   ; which never fires in --batch
(defvar publish-count 0)
(advice-add 'lsp--on-diagnostics :after (lambda (&rest _) (cl-incf publish-count)))

(find-file (getenv "LL_SWIFT"))
(unless (eq major-mode 'swift-mode) (fail 7 "major mode is %s, expected swift-mode" major-mode))
(let ((deadline (+ (float-time) 20)))
  (while (and (not (and (lsp-workspaces) (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized)))
              (< (float-time) deadline))
    (accept-process-output nil 0.05)))
(unless (and (lsp-workspaces) (eq (lsp--workspace-status (car (lsp-workspaces))) 'initialized))
  (fail 2 "no initialized lsp-mode workspace within 20 s (%S)"
        (mapcar (lambda (w) (list (lsp--workspace-server-id w) (lsp--workspace-status w))) (lsp-workspaces))))
(let ((ids (mapcar #'lsp--workspace-server-id (lsp-workspaces))))
  (out "SERVERS %S" ids)
  (unless (equal ids '(layoutlint-swift)) (fail 2 "expected the layoutlint-swift client alone, got %S" ids)))
(out "POSITION ENCODING %s"              ; utf-32 from layoutlint-lsp-mode.el; positions below must agree either way
     (gethash "positionEncoding" (lsp--workspace-server-capabilities (car (lsp-workspaces)))))

;; 1. Diagnostics through Flymake, where lsp-mode puts them: rules and ranges equal to `lint --format json', whose
;; UTF-16 characters are converted here to Emacs columns (code points) on the buffer's own line.
(let ((deadline (+ (float-time) 20)))
  (while (and (= publish-count 0) (< (float-time) deadline)) (accept-process-output nil 0.05)))
(when (= publish-count 0) (fail 4 "no textDocument/publishDiagnostics within 20 s"))
(unless flymake-mode (fail 4 "lsp-mode did not turn on Flymake"))
(flymake-start)
(let ((tries 0)) (while (and (null (flymake-diagnostics)) (< (cl-incf tries) 200)) (accept-process-output nil 0.05)))

(defun line-text (line)
  (save-excursion (goto-char (point-min)) (forward-line line)
                  (buffer-substring-no-properties (point) (line-end-position))))
(defun utf16-to-column (line units)
  "Emacs column (characters) of UNITS UTF-16 code units into LINE."
  (let ((text (line-text line)) (col 0))
    (while (and (> units 0) (< col (length text)))
      (setq units (- units (if (> (aref text col) #xFFFF) 2 1)) col (1+ col)))
    col))
(defun pos-key (pos) (save-excursion (goto-char pos) (format "%d:%d" (1- (line-number-at-pos)) (- pos (line-beginning-position)))))
(defun rule-of (flymake-diag)
  "The rule of FLYMAKE-DIAG (whose text is the message alone): the code of lsp-mode's diagnostic with that message."
  (let ((ld (cl-find (flymake-diagnostic-text flymake-diag)
                     (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics t))
                     :key #'lsp:diagnostic-message :test #'equal)))
    (or (and ld (lsp:diagnostic-code? ld)) (fail 5 "no rule for %s" (flymake-diagnostic-text flymake-diag)))))
(let* ((got (sort (mapcar (lambda (d) (format "%s@%s-%s" (rule-of d) (pos-key (flymake-diagnostic-beg d))
                                               (pos-key (flymake-diagnostic-end d))))
                          (flymake-diagnostics))
                  #'string<))
       (want (sort (mapcar (lambda (d)
                             (let ((s (jget d 'range 'start)) (e (jget d 'range 'end)))
                               (format "%s@%d:%d-%d:%d" (jget d 'rule)
                                       (jget s 'line) (utf16-to-column (jget s 'line) (jget s 'character))
                                       (jget e 'line) (utf16-to-column (jget e 'line) (jget e 'character)))))
                           (jget (read-json (getenv "LL_EXPECTED")) 'files 0 'diagnostics))
                   #'string<)))
  (dolist (d (flymake-diagnostics))
    (out "DIAG %s %s %s: %s" (pos-key (flymake-diagnostic-beg d)) (flymake-diagnostic-type d) (rule-of d)
         (truncate-string-to-width (flymake-diagnostic-text d) 80)))
  (unless want (fail 5 "`lint --format json' found nothing in the Swift file"))
  (unless (equal got want)
    (fail 5 "Flymake diagnostics differ from `lint --format json':\n  emacs: %s\n  cli:   %s"
          (string-join got " ") (string-join want " ")))
  (let ((d (cl-find-if (lambda (d) (string-prefix-p "estimated-content-insets@" d)) got)))
    (unless d (fail 5 "no estimated-content-insets finding"))
    (out "DIAGNOSTICS OK (%d, same rules and ranges as the CLI; %s)" (length got) d)))

;; 2. Hover, as `lsp-describe-thing-at-point' shows it, on the card's `.estimated(120)', which sits past a CJK and
;; emoji comment on its line: the computed size in points.
(goto-char (point-min))
(unless (re-search-forward "let card = .*heightDimension: \\.\\(estimated\\)(120)" nil t) (fail 6 "no card line"))
(goto-char (match-beginning 1))
(lsp-describe-thing-at-point)
(let ((help (and (get-buffer "*lsp-help*") (with-current-buffer "*lsp-help*" (buffer-string)))))
  (out "HOVER %s" (replace-regexp-in-string "\n" " | " (or help "nil")))
  (unless (and help (string-match-p "≈191×120" help)) (fail 6 "hover lacks the card's estimated size ≈191×120 pt (iPhone 16 Pro)"))
  (out "HOVER OK (≈191×120)"))

;; 3. The quick fix, picked as a user would with `lsp-execute-code-action', then the whole buffer against
;; `lint --fix' of the same file (its edits end past the emoji of a trailing comment).
(let ((d (cl-find "estimated-content-insets" (flymake-diagnostics) :key #'rule-of :test #'equal)))
  (goto-char (flymake-diagnostic-beg d)))            ; where `flymake-goto-next-error' puts point
(unless (looking-at-p "NSDirectionalEdgeInsets(top: 6") (fail 8 "the finding does not start at the insets"))
(let ((n publish-count))
  (advice-add 'lsp-execute-code-action :before
              (lambda (action) (out "ACTION %s" (lsp:code-action-title action))
                (unless (string-match-p "edgeSpacing" (lsp:code-action-title action))
                  (fail 8 "the action picked is not the edgeSpacing fix"))))
  (cl-letf (((symbol-function 'completing-read)       ; asked only when there is more than one action
             (lambda (_prompt collection &rest _)
               (let ((titles (mapcar (lambda (c) (if (consp c) (car c) c))
                                     (if (hash-table-p collection) (hash-table-keys collection) collection))))
                 (out "ACTIONS %S" titles)
                 (or (cl-find-if (lambda (s) (string-match-p "edgeSpacing" s)) titles)
                     (fail 8 "no edgeSpacing quick fix among %S" titles))))))
    (condition-case err (call-interactively #'lsp-execute-code-action)
      (error (fail 8 "lsp-execute-code-action: %S" err))))
  (unless (string-match-p "card\\.edgeSpacing = NSCollectionLayoutEdgeSpacing" (buffer-string))
    (fail 8 "the fixed buffer has no card.edgeSpacing"))
  (let ((fixed (with-temp-buffer (insert-file-contents (getenv "LL_FIXED")) (buffer-string))))
    (unless (equal (buffer-string) fixed)
      (let ((a (split-string (buffer-string) "\n")) (b (split-string fixed "\n")) (i 0))
        (while (equal (car a) (car b)) (setq a (cdr a) b (cdr b) i (1+ i)))
        (fail 8 "the buffer after the quick fix differs from `lint --fix' at line %d:\n  emacs: %s\n  cli:   %s"
              (1+ i) (car a) (car b)))))
  (out "QUICKFIX OK (the buffer equals `lint --fix')")
  ;; lsp-mode sends a didChange for each of the fix's edits, so the server may publish for the buffer between
  ;; the two edits first: wait until a publication shows the fixed buffer's findings, up to 20 s.
  (let ((deadline (+ (float-time) 20)) (seen n) rules)
    (while (and (not (equal rules '("centered-paging-inter-group-spacing"))) (< (float-time) deadline))
      (accept-process-output nil 0.05)
      (when (> publish-count seen)
        (setq seen publish-count)
        (flymake-start)
        (accept-process-output nil 0.2)
        (setq rules (mapcar #'rule-of (flymake-diagnostics)))))
    (when (<= publish-count n) (fail 9 "no diagnostics published after the fix within 20 s"))
    (unless (equal rules '("centered-paging-inter-group-spacing"))
      (fail 9 "after the fix Flymake shows %S, expected only centered-paging-inter-group-spacing" rules))
    (out "AFTER FIX OK (left: %s)" (string-join rules " "))))

(set-buffer-modified-p nil)
(lsp-workspace-shutdown (car (lsp-workspaces)))
(out "PASS")
(kill-emacs 0)

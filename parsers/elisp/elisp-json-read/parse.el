;;; parse.el --- nestprobe parser program: json.el json-read-from-string (pure Lisp)  -*- lexical-binding: t -*-
;; Reads all of stdin (batch mode, /dev/stdin), then json-read-from-string (json.el, default json-object-type alist).
;; condition-case with the catch-all condition t catches every Lisp signal (json-error subtypes,
;; the "Lisp nesting exceeds max-lisp-eval-depth" error, ...) -> one line "<condition>: <data>" on stderr, exit 1.
(require (quote json))
(let ((text (with-temp-buffer
              (set-buffer-multibyte nil)
              (insert-file-contents-literally "/dev/stdin")
              (decode-coding-region (point-min) (point-max) 'utf-8)
              (set-buffer-multibyte t)
              (buffer-string))))
  (condition-case err
      (progn (json-read-from-string text) (kill-emacs 0))
    (t
     (let ((msg (replace-regexp-in-string "[ \t\n]+" " " (format "%S" (cdr err)))))
       (princ (format "%s: %s\n" (car err) (substring msg 0 (min 200 (length msg))))
              #'external-debugging-output)
       (kill-emacs 1)))))

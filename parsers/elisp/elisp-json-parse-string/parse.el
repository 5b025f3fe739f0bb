;;; parse.el --- nestprobe parser program: Emacs's native json-parse-string  -*- lexical-binding: t -*-
;; Reads all of stdin (batch mode, /dev/stdin), then json-parse-string with default arguments.
;; condition-case with the catch-all condition t catches every Lisp signal (json-parse-error,
;; json-object-too-deep, the "Lisp nesting exceeds max-lisp-eval-depth" error, ...) -> one line "<condition>: <data>"
;; on stderr, exit 1.
(let ((text (with-temp-buffer
              (set-buffer-multibyte nil)
              (insert-file-contents-literally "/dev/stdin")
              (decode-coding-region (point-min) (point-max) 'utf-8)
              (set-buffer-multibyte t)
              (buffer-string))))
  (condition-case err
      (progn (json-parse-string text) (kill-emacs 0))
    (t
     (let ((msg (replace-regexp-in-string "[ \t\n]+" " " (format "%S" (cdr err)))))
       (princ (format "%s: %s\n" (car err) (substring msg 0 (min 200 (length msg))))
              #'external-debugging-output)
       (kill-emacs 1)))))

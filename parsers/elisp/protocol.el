;;; protocol.el --- the protocol helper of the Emacs Lisp rows  -*- lexical-binding: t -*-
;; parsers/README.md, "The protocol helper": input, the error line, the phases' checkpoints and the exit
;; statuses. A program loads it from its own folder's parent (through the folder's true name: on the host
;; the program's folder is a link, and `load' would fold the ".." away before following it):
;;   (load (expand-file-name "../protocol.el" (file-name-directory (file-truename load-file-name))) nil t t)
;; and calls its library itself, in its own top-level `condition-case', at the eval depth it always had
;; (max-lisp-eval-depth counts every level); these functions run before the parse (input) or after it.

(defvar np-phase nil "The phase argument, once checked; nil without one.")

(defun np-input ()
  "Check the phase argument (the last one; unknown: one stderr line, exit 2), then read all of stdin."
  (let ((given (car (last command-line-args-left))))
    (when given
      (unless (member given '("parse" "free" "serialize"))
        (princ (format "unknown phase: %s (parse, free or serialize)\n" given) #'external-debugging-output)
        (kill-emacs 2))
      (setq np-phase given)))
  (with-temp-buffer
    (set-buffer-multibyte nil)
    (insert-file-contents-literally "/dev/stdin")
    (decode-coding-region (point-min) (point-max) 'utf-8)
    (set-buffer-multibyte t)
    (buffer-string)))

(defun np-fail (kind message)
  "The error line \"KIND: MESSAGE\" (whitespace folded, the message cut at 200 characters), exit 1."
  (let ((msg (replace-regexp-in-string "[ \t\n]+" " " message)))
    (princ (format "%s: %s\n" kind (substring msg 0 (min 200 (length msg))))
           #'external-debugging-output)
    (kill-emacs 1)))

(defun np-error (err)
  "A signal ERR caught by the program's `condition-case' as the error line, exit 1."
  (np-fail (car err) (format "%S" (cdr err))))

(defun np-parsed ()
  "In phase `parse': exit 0 at once."
  (when (equal np-phase "parse") (kill-emacs 0)))

(defun np-serializer (serializer)
  "The serialize guard: SERIALIZER itself in phase `serialize', a no-op otherwise."
  (if (equal np-phase "serialize") serializer #'ignore))

(defun np-serialized ()
  "In phase `serialize': exit 0 at once."
  (when (equal np-phase "serialize") (kill-emacs 0)))

(defun np-finished ()
  "In phase `free' (the value dropped): `garbage-collect', then exit 0. Without a phase: exit 0."
  (when (equal np-phase "free") (garbage-collect))
  (kill-emacs 0))

(provide 'protocol)
;;; protocol.el ends here

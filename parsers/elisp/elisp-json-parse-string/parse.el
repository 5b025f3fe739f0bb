;;; parse.el --- nestprobe parser program: Emacs's native json-parse-string  -*- lexical-binding: t -*-
;; json-parse-string with default arguments on all of stdin, in the program's own condition-case with the
;; catch-all condition t (json-parse-error, json-object-too-deep, the "Lisp nesting exceeds
;; max-lisp-eval-depth" error, ...) -> np-error: one stderr line, exit 1. Input and exits: ../protocol.el.
(load (expand-file-name "../protocol.el" (file-name-directory (file-truename load-file-name))) nil t t)
(let ((text (np-input)))
  (condition-case err
      (progn (json-parse-string text) (np-finished))
    (t
     (np-error err))))

;;; parse.el --- nestprobe parser program: json.el json-read-from-string (pure Lisp)  -*- lexical-binding: t -*-
;; json-read-from-string (json.el, default json-object-type alist) on all of stdin, in the program's own
;; condition-case with the catch-all condition t (json-error subtypes, the "Lisp nesting exceeds
;; max-lisp-eval-depth" error, ...) -> np-error: one stderr line, exit 1. Input and exits: ../protocol.el.
(load (expand-file-name "../protocol.el" (file-name-directory (file-truename load-file-name))) nil t t)
(require (quote json))
(let ((text (np-input)))
  (condition-case err
      (progn (json-read-from-string text) (np-finished))
    (t
     (np-error err))))

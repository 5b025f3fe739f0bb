;; nestprobe parser program: json-string->scm (guile-json, default arguments) on all of stdin, on Guile 3,
;; in the program's own (catch #t ...) (json-invalid, stack-overflow, out-of-memory, ...) -> np-error: one
;; stderr line, exit 1. Input and exits: ../protocol.scm.
(load "../protocol.scm")
(use-modules (json))

(define text (np-input))
(catch #t
  (lambda ()
    (json-string->scm text))
  np-error)
(np-finished)

#lang racket/base
;; nestprobe parser program: string->jsexpr (Racket's json library, default arguments) on all of stdin,
;; in the program's own with-handlers with a catch-all predicate (exn:fail:read, exn:fail, out-of-memory,
;; ...) -> np-error: one stderr line, exit 1. Input and exits: protocol.rkt (../protocol.rkt, which the
;; build copies beside this file).
(require json "protocol.rkt")

(define text (np-input))
(with-handlers ([(lambda (e) #t) np-error])
  (string->jsexpr text)
  (np-finished))

#lang racket/base
;; The protocol helper of the Racket rows (parsers/README.md, "The protocol helper"): input, the error
;; line, the phases' checkpoints and the exit statuses. A program's build copies it beside the program
;; (`cp parse.rkt ../protocol.rkt "$BUILD/"`), which requires it as "protocol.rkt" and calls its library
;; itself, in its own with-handlers, at the depth it always had; these functions run before the parse
;; (input) or after it (the checkpoints and exits).
(require racket/port racket/string)
(provide np-input np-fail np-error np-parsed np-serializer np-serialized np-finished)

(define np-phase #f) ; the phase argument, once checked; #f without one

;; Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin.
(define (np-input)
  (define args (current-command-line-arguments))
  (when (positive? (vector-length args))
    (define given (vector-ref args (sub1 (vector-length args))))
    (unless (member given '("parse" "free" "serialize"))
      (eprintf "unknown phase: ~a (parse, free or serialize)\n" given)
      (exit 2))
    (set! np-phase given))
  (port->string (current-input-port)))

;; The error line "<kind>: <message>" (whitespace folded, the message cut at 200 characters), exit 1.
(define (np-fail kind message)
  (define msg (string-normalize-spaces message))
  (eprintf "~a: ~a\n" kind (substring msg 0 (min 200 (string-length msg))))
  (exit 1))

;; A with-handlers handler for every raised value: an exception's struct name (struct->vector names it,
;; e.g. struct:exn:fail:read) and message, or "raise" and the value.
(define (np-error e)
  (if (exn? e)
      (np-fail (string-trim (symbol->string (vector-ref (struct->vector e) 0)) "struct:" #:right? #f)
               (exn-message e))
      (np-fail "raise" (format "~a" e))))

;; In phase `parse`: exit 0 at once.
(define (np-parsed)
  (when (equal? np-phase "parse") (exit 0)))

;; The serialize guard: the serializer in phase `serialize`, a no-op otherwise.
(define (np-serializer f)
  (if (equal? np-phase "serialize") f (lambda args (void))))

;; In phase `serialize`: exit 0 at once.
(define (np-serialized)
  (when (equal? np-phase "serialize") (exit 0)))

;; The end: in phase `free`, a major collection; with or without a phase, exit 0.
(define (np-finished)
  (when (equal? np-phase "free") (collect-garbage 'major))
  (exit 0))

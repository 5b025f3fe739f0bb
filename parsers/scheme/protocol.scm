;; The protocol helper of the Scheme (Guile) rows (parsers/README.md, "The protocol helper"): input, the
;; error line, the phases' checkpoints and the exit statuses. A program loads it from its own folder's
;; parent, (load "../protocol.scm") (Guile resolves it against the program's folder), and calls its
;; library itself, in its own (catch #t ...), at the depth it always had; these procedures run before the
;; parse (input) or after it (the checkpoints and exits). `exit` is only called outside a catch thunk
;; (a catch would take its 'quit throw): from a handler, after the unwinding, or at top level.
(use-modules (ice-9 textual-ports))

(define np-phase #f)   ; the phase argument, once checked; #f without one

;; Checks the phase argument (the last one; unknown: one stderr line, exit 2).
(define (np-check-phase)
  (let ((args (cdr (command-line))))
    (unless (null? args)
      (let ((given (car (last-pair args))))
        (unless (member given '("parse" "free" "serialize"))
          (format (current-error-port) "unknown phase: ~a (parse, free or serialize)\n" given)
          (exit 2))
        (set! np-phase given)))))

;; The phase checked, then all of stdin as a string.
(define (np-input)
  (np-check-phase)
  (get-string-all (current-input-port)))

;; The error line "<kind>: <message>" (whitespace folded, the message cut at 200 characters), exit 1.
(define (np-fail kind message)
  (let* ((msg (string-join (string-tokenize message) " "))
         (msg (if (> (string-length msg) 200) (substring msg 0 200) msg)))
    (format (current-error-port) "~a: ~a\n" kind msg)
    (exit 1)))

;; A catch handler: the throw's key and its arguments (written with ~s) as the error line, exit 1.
(define (np-error key . args)
  (np-fail key (format #f "~s" args)))

;; In phase `parse`: exit 0 at once.
(define (np-parsed)
  (when (equal? np-phase "parse") (exit 0)))

;; The serialize guard: the serializer in phase `serialize`, a no-op otherwise.
(define (np-serializer f)
  (if (equal? np-phase "serialize") f (lambda args #f)))

;; In phase `serialize`: exit 0 at once.
(define (np-serialized)
  (when (equal? np-phase "serialize") (exit 0)))

;; The end: in phase `free`, (gc); with or without a phase, exit 0.
(define (np-finished)
  (when (equal? np-phase "free") (gc))
  (exit 0))

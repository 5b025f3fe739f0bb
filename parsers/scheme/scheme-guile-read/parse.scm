;; nestprobe parser program: one datum from stdin with Guile 3's own reader, (read), then only whitespace
;; may follow; the program's own (catch #t ...) (read-error, stack-overflow, out-of-memory, ...; an end of
;; file inside the datum is a read-error) -> np-error: one stderr line, exit 1. The phase is checked
;; first (np-check-phase: read reads the port itself); exits: ../protocol.scm.
(load "../protocol.scm")

(np-check-phase)
(catch #t
  (lambda ()
    (let ((datum (read (current-input-port))))
      (when (eof-object? datum) (throw 'read-error "no datum"))
      (unless (string-null? (string-trim-both (get-string-all (current-input-port))))
        (throw 'read-error "text after the datum"))))
  np-error)
(np-finished)

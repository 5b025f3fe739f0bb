;; nestprobe parser program: reads one datum from stdin with Guile 3's own reader, (read), and
;; checks that only whitespace follows. (catch #t ...) catches every throw (read-error,
;; stack-overflow, out-of-memory, ...) -> one line "<key>: <args>" on stderr, exit 1. An end of file
;; inside the datum is a read-error. (exit is called outside the catch, which would catch its 'quit.)
(use-modules (ice-9 textual-ports))

(define ok
  (catch #t
    (lambda ()
      (let ((datum (read (current-input-port))))
        (when (eof-object? datum) (throw 'read-error "no datum"))
        (unless (string-null? (string-trim-both (get-string-all (current-input-port))))
          (throw 'read-error "text after the datum"))
        #t))
    (lambda (key . args)
      (let* ((msg (string-join (string-tokenize (format #f "~s" args)) " "))
             (msg (if (> (string-length msg) 200) (substring msg 0 200) msg)))
        (format (current-error-port) "~a: ~a\n" key msg)
        #f))))
(exit (if ok 0 1))

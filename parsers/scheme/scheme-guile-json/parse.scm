;; nestprobe parser program: reads all of stdin, then json-string->scm (guile-json, default arguments) on
;; Guile 3. (catch #t ...) catches every throw (json-invalid, stack-overflow, out-of-memory, ...) -> one line
;; "<key>: <args>" on stderr, exit 1. (exit is called outside the catch, which would catch its 'quit throw.)
(use-modules (json) (ice-9 textual-ports))

(define text (get-string-all (current-input-port)))
(define ok
  (catch #t
    (lambda ()
      (json-string->scm text)
      #t)
    (lambda (key . args)
      (let* ((msg (string-join (string-tokenize (format #f "~s" args)) " "))
             (msg (if (> (string-length msg) 200) (substring msg 0 200) msg)))
        (format (current-error-port) "~a: ~a\n" key msg)
        #f))))
(exit (if ok 0 1))

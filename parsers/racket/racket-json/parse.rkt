#lang racket/base
;; nestprobe parser program: reads all of stdin, then string->jsexpr (Racket's json library, default
;; arguments). with-handlers with a catch-all predicate catches every raised value (exn:fail:read, exn:fail,
;; out-of-memory ...) -> one line "<struct name>: <message>" on stderr, exit 1.
(require json racket/port racket/string)

(define text (port->string (current-input-port)))
(with-handlers ([(lambda (e) #t)
                 (lambda (e)
                   ;; struct->vector names the exception's struct type, e.g. struct:exn:fail:read.
                   (define name
                     (if (exn? e)
                         (string-trim (symbol->string (vector-ref (struct->vector e) 0)) "struct:" #:right? #f)
                         "raise"))
                   (define msg (string-normalize-spaces (if (exn? e) (exn-message e) (format "~a" e))))
                   (eprintf "~a: ~a\n" name (substring msg 0 (min 200 (string-length msg))))
                   (exit 1))])
  (string->jsexpr text)
  (exit 0))

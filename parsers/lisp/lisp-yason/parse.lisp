;;; nestprobe parser program for Common Lisp (SBCL): yason:parse on all of stdin (YASON's default options:
;;; objects as hash tables), in MAIN's own handler-case on serious-condition (parse errors, control stack
;;; exhausted, heap exhausted) -> one stderr line, exit 1 (np:error-line). build.lisp loads ../protocol.lisp
;;; (input and exits), YASON and this file, then saves an executable whose toplevel is MAIN.
(defpackage :nestprobe-parse (:use :cl) (:local-nicknames (:np :nestprobe-protocol)) (:export #:main))
(in-package :nestprobe-parse)

(defun main ()
  (let ((text (np:input)))
    (handler-case (yason:parse text)
      (serious-condition (c)
        (np:error-line c)))
    (np:finished)))

;;; nestprobe parser program for Common Lisp (SBCL): reads all of stdin, then yason:parse on the string
;;; (YASON's default options: objects as hash tables). handler-case on serious-condition catches every error and
;;; storage condition SBCL signals (parse errors, control stack exhausted, heap exhausted) -> one line
;;; "<condition type>: <message>" on stderr, exit 1.
;;; build.lisp loads YASON and this file, then saves an executable whose toplevel is MAIN.
(defpackage :nestprobe-parse (:use :cl) (:export #:main))
(in-package :nestprobe-parse)

(defun read-all (stream)
  (with-output-to-string (out)
    (let ((buf (make-string 65536)))
      (loop for n = (read-sequence buf stream)
            while (plusp n)
            do (write-string buf out :end n)))))

(defun one-line (text)
  (let ((words (loop with start = 0
                     for pos = (position-if (lambda (c) (member c '(#\Space #\Tab #\Newline #\Return))) text
                                            :start start)
                     for word = (subseq text start pos)
                     unless (string= word "") collect word
                     while pos do (setf start (1+ pos)))))
    (format nil "~{~a~^ ~}" words)))

(defun main ()
  (let* ((text (read-all *standard-input*))
         (ok (handler-case (progn (yason:parse text) t)
               (serious-condition (c)
                 (let ((msg (one-line (handler-case (princ-to-string c) (error () "")))))
                   (format *error-output* "~a: ~a~%" (type-of c) (subseq msg 0 (min 200 (length msg))))
                   (finish-output *error-output*)
                   nil)))))
    (sb-ext:exit :code (if ok 0 1) :abort (not ok))))

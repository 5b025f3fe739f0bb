;;; The protocol helper of the Common Lisp rows (parsers/README.md, "The protocol helper"): input, the
;;; error line, the phases' checkpoints and the exit statuses. A row's build.lisp loads it before the
;;; program, (load (merge-pathnames "../protocol.lisp" *load-truename*)), into the saved core; the program
;;; calls its library itself, in its own handler-case in MAIN, at the control stack depth it always had;
;;; these functions run before the parse (input) or after it (the checkpoints and exits).
(defpackage :nestprobe-protocol
  (:use :cl)
  (:export #:input #:fail #:error-line #:parsed #:serializer #:serialized #:finished))
(in-package :nestprobe-protocol)

(defvar *phase* nil "The phase argument, once checked; NIL without one.")

(defun read-all (stream)
  (with-output-to-string (out)
    (let ((buf (make-string 65536)))
      (loop for n = (read-sequence buf stream)
            while (plusp n)
            do (write-string buf out :end n)))))

(defun input ()
  "Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin."
  (let ((args (rest sb-ext:*posix-argv*)))
    (when args
      (let ((given (car (last args))))
        (unless (member given '("parse" "free" "serialize") :test #'string=)
          (format *error-output* "unknown phase: ~a (parse, free or serialize)~%" given)
          (finish-output *error-output*)
          (sb-ext:exit :code 2 :abort t))
        (setf *phase* given))))
  (read-all *standard-input*))

(defun one-line (text)
  (let ((words (loop with start = 0
                     for pos = (position-if (lambda (c) (member c '(#\Space #\Tab #\Newline #\Return))) text
                                            :start start)
                     for word = (subseq text start pos)
                     unless (string= word "") collect word
                     while pos do (setf start (1+ pos)))))
    (format nil "~{~a~^ ~}" words)))

(defun fail (kind message)
  "The error line \"<kind>: <message>\" (whitespace folded, the message cut at 200 characters), exit 1."
  (let ((msg (one-line message)))
    (format *error-output* "~a: ~a~%" kind (subseq msg 0 (min 200 (length msg))))
    (finish-output *error-output*)
    (sb-ext:exit :code 1 :abort t)))

(defun error-line (c)
  "A condition the program's handler-case caught, as the error line: its type and printed form."
  (fail (type-of c) (handler-case (princ-to-string c) (error () ""))))

(defun parsed ()
  "In phase `parse': exit 0 at once."
  (when (equal *phase* "parse") (sb-ext:exit :code 0 :abort t)))

(defun serializer (f)
  "The serialize guard: F in phase `serialize', a no-op otherwise."
  (if (equal *phase* "serialize") f (lambda (&rest args) (declare (ignore args)) nil)))

(defun serialized ()
  "In phase `serialize': exit 0 at once."
  (when (equal *phase* "serialize") (sb-ext:exit :code 0 :abort t)))

(defun finished ()
  "The end: in phase `free', a full collection, then exit 0 at once; without a phase, exit 0 the way the
program always ended (unwinding, exit hooks, output finished)."
  (cond ((null *phase*) (sb-ext:exit :code 0 :abort nil))
        (t (sb-ext:gc :full t) (sb-ext:exit :code 0 :abort t))))

;;; Loads ../protocol.lisp (the protocol helper), YASON (Debian's cl-yason, through ASDF) and parse.lisp, then
;;; saves "$BUILD/parse", an executable core.
(require "asdf")
(asdf:load-system "yason")
(load (merge-pathnames "../protocol.lisp" *load-truename*))
(load (merge-pathnames "parse.lisp" *load-truename*))
(sb-ext:save-lisp-and-die (concatenate 'string (sb-ext:posix-getenv "BUILD") "/parse")
                          :executable t :toplevel #'nestprobe-parse:main :save-runtime-options nil)

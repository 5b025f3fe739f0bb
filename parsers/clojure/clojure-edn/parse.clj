;; nestprobe parser program: clojure.edn/read-string (Clojure's own EDN reader, default options) on all of
;; stdin; (catch Throwable ...) (StackOverflowError and RuntimeException included) goes to protocol/error:
;; one stderr line, exit 1. Input and exits: ../protocol.clj.
(load-file (str (.getParent (java.io.File. *file*)) "/../protocol.clj"))
(require 'clojure.edn '[nestprobe.protocol :as protocol])

(let [text (protocol/input)]
  (try
    (clojure.edn/read-string text)
    (catch Throwable e
      (protocol/error e))))
(protocol/finished)

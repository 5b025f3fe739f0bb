;; nestprobe parser program: clojure.data.json/read-str (data.json, default options: string keys, vectors
;; and maps) on all of stdin; (catch Throwable ...) catches every JVM throwable (parse exceptions,
;; StackOverflowError, ...) and hands it to protocol/error: one stderr line, exit 1. With a phase the parse
;; runs in a function and a form of their own (the form without one is as before), the value held in a
;; volatile reset to nil for `free`; serialize is json/write-str. Input, phases, exits: ../protocol.clj.
(load-file (str (.getParent (java.io.File. *file*)) "/../protocol.clj"))
(require '[clojure.data.json :as json] '[nestprobe.protocol :as protocol])

;; The phases (parsers/README.md, "Phases"): the same parse, the value kept.
(defn- phase [text]
  (try
    (let [value (volatile! (json/read-str text))]
      (protocol/parsed)
      (when (protocol/serializing?)
        (json/write-str @value))
      (protocol/serialized)
      (vreset! value nil))
    (catch Throwable t
      (protocol/error t)))
  (protocol/finished))

(let [text (protocol/input)
      _ (when (protocol/phased?)
          (phase text))]
  (try
    (json/read-str text)
    (catch Throwable t
      (protocol/error t)))
  (protocol/finished))

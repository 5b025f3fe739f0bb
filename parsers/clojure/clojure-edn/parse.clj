;; nestprobe parser program: reads all of stdin, then clojure.edn/read-string (Clojure's own EDN
;; reader, default options). Catches Throwable (StackOverflowError and RuntimeException included) ->
;; one stderr line "<Class>: <message>", exit 1.
(require 'clojure.edn)

(let [text (slurp *in*)]
  (try
    (clojure.edn/read-string text)
    (catch Throwable e
      (binding [*out* *err*]
        (println (str (.getName (class e)) ": "
                      (let [m (clojure.string/replace (str (.getMessage e)) #"\s+" " ")]
                        (subs m 0 (min 200 (count m)))))))
      (System/exit 1))))
(System/exit 0)

;; nestprobe parser program: reads all of stdin, then clojure.data.json/read-str (data.json, default options:
;; string keys, vectors and maps). (catch Throwable ...) catches every JVM throwable (parse exceptions,
;; StackOverflowError, ...) -> one line "<class>: <message>" on stderr, exit 1.
(require '[clojure.data.json :as json] '[clojure.string :as string])

(let [text (String. (.readAllBytes System/in) "UTF-8")
      ok (try
           (json/read-str text)
           true
           (catch Throwable t
             (let [msg (string/replace (str (.getName (class t)) ": " (.getMessage t)) #"\s+" " ")]
               (binding [*out* *err*]
                 (println (subs msg 0 (min 200 (count msg))))
                 (flush))
               false)))]
  (System/exit (if ok 0 1)))

;; nestprobe parser program: reads all of stdin, then clojure.data.json/read-str (data.json, default options:
;; string keys, vectors and maps). (catch Throwable ...) catches every JVM throwable (parse exceptions,
;; StackOverflowError, ...) -> one line "<class>: <message>" on stderr, exit 1.
;; Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends at once with
;; Runtime.halt(0), the value still referenced; `free` drops the reference (the value is held in a
;; volatile that is reset to nil) and runs System.gc(), then halt(0); `serialize` writes it back with
;; json/write-str (default options; anything thrown is exit 1), then halt(0). Without it: as before (the
;; result discarded, System/exit 0). Unknown: exit 2.
(require '[clojure.data.json :as json] '[clojure.string :as string])

;; The phases (parsers/README.md, "Phases"), a function and a form of their own: the form below, the parse
;; without a phase, is as before.
(defn- phase [phase]
  (when-not (contains? #{"parse" "free" "serialize"} phase)
    (binding [*out* *err*]
      (println (str "unknown phase: " phase " (parse, free or serialize)"))
      (flush))
    (System/exit 2))
  (let [text (String. (.readAllBytes System/in) "UTF-8")
        ok (try
             (let [value (volatile! (json/read-str text))]
               (case phase
                 "free" (do (vreset! value nil) (System/gc))
                 "serialize" (json/write-str @value)
                 nil))
             true
             (catch Throwable t
               (let [msg (string/replace (str (.getName (class t)) ": " (.getMessage t)) #"\s+" " ")]
                 (binding [*out* *err*]
                   (println (subs msg 0 (min 200 (count msg))))
                   (flush))
                 false)))]
    (if ok
      (.halt (Runtime/getRuntime) 0)
      (System/exit 1))))

(when-let [p (last *command-line-args*)]
  (phase p))

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

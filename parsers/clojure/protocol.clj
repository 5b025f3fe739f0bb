;; The protocol helper of the Clojure rows (parsers/README.md, "The protocol helper"): input, the error
;; line, the phases' checkpoints and the exit statuses. A program loads it from its own folder's parent,
;; (load-file (str (.getParent (java.io.File. *file*)) "/../protocol.clj")), and calls its library itself,
;; from its own top-level forms, at the stack depth it always had; these functions run before the parse
;; (input) or after it (the checkpoints and exits).
(ns nestprobe.protocol
  (:require [clojure.string :as string]))

(def ^:private phase
  "The phase argument, once checked; nil without one."
  (volatile! nil))

(defn input
  "Checks the phase argument (the last one; unknown: one stderr line, exit 2), then reads all of stdin
  as UTF-8 text."
  []
  (when-let [given (last *command-line-args*)]
    (when-not (contains? #{"parse" "free" "serialize"} given)
      (binding [*out* *err*]
        (println (str "unknown phase: " given " (parse, free or serialize)"))
        (flush))
      (System/exit 2))
    (vreset! phase given))
  (String. (.readAllBytes System/in) "UTF-8"))

(defn phased?
  "Whether a phase was given (a program whose phases run in a function of their own asks)."
  []
  (some? @phase))

(defn fail
  "The error line `<kind>: <message>` (whitespace folded, cut at 200 characters), exit 1."
  [kind message]
  (let [msg (string/replace (str kind ": " message) #"\s+" " ")]
    (binding [*out* *err*]
      (println (subs msg 0 (min 200 (count msg))))
      (flush))
    (System/exit 1)))

(defn error
  "A caught Throwable (StackOverflowError included) as the error line, exit 1."
  [t]
  (fail (.getName (class t)) (.getMessage t)))

(defn parsed
  "In phase `parse`: exit 0 at once (Runtime.halt: no shutdown hooks, no collection)."
  []
  (when (= @phase "parse")
    (.halt (Runtime/getRuntime) 0)))

(defn serializing?
  "The serialize guard: whether the program calls its serializer now (phase `serialize`); a function
  handed back would put its frame under the serializer."
  []
  (= @phase "serialize"))

(defn serialized
  "In phase `serialize`: exit 0 at once."
  []
  (when (= @phase "serialize")
    (.halt (Runtime/getRuntime) 0)))

(defn finished
  "In phase `free` (the value dropped): System.gc(), then halt(0). Without a phase: System/exit 0."
  []
  (when (nil? @phase)
    (System/exit 0))
  (System/gc)
  (.halt (Runtime/getRuntime) 0))

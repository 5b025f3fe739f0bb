# nestprobe parser program: read all of stdin, parse it with jsonlite::fromJSON (default arguments).
# tryCatch catches every R condition of class "error" (parse errors, "evaluation nested too deeply",
# "C stack usage ... is too close to the limit", ...) -> one line "<class>: <message>" on stderr, exit 1.
text <- paste(readLines(file("stdin"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")
ok <- tryCatch({
  jsonlite::fromJSON(text)
  TRUE
}, error = function(e) {
  msg <- substr(trimws(gsub("[[:space:]]+", " ", conditionMessage(e))), 1, 200)
  cat(class(e)[1], ": ", msg, "\n", sep = "", file = stderr())
  FALSE
})
quit(save = "no", status = if (ok) 0 else 1)

# nestprobe parser program: read all of stdin, parse it with rjson::fromJSON (default arguments, its C parser).
# tryCatch catches every R condition of class "error" (parse errors, "evaluation nested too deeply",
# "C stack usage ... is too close to the limit", ...) -> one line "<class>: <message>" on stderr, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with
# quit(status = 0, runLast = FALSE) with the value still bound; `free` removes it (rm) and runs gc(), then
# quits the same way; `serialize` writes it back with rjson::toJSON (default arguments), the text discarded (an
# error is exit 1 as in the parse), then quits. An unknown phase is exit 2, before stdin is read.
# The parse is the same call at the same depth with or without a phase; without one the program ends
# with quit(save = "no", status = 0) as before.
args <- commandArgs(trailingOnly = TRUE)
phase <- if (length(args)) args[length(args)] else NULL
if (!is.null(phase) && !(phase %in% c("parse", "free", "serialize"))) {
  cat("unknown phase: ", phase, " (parse, free or serialize)\n", sep = "", file = stderr())
  quit(save = "no", status = 2, runLast = FALSE)
}
report <- function(e) {
  msg <- substr(trimws(gsub("[[:space:]]+", " ", conditionMessage(e))), 1, 200)
  cat(class(e)[1], ": ", msg, "\n", sep = "", file = stderr())
  quit(save = "no", status = 1)
}
text <- paste(readLines(file("stdin"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")
value <- tryCatch({
  rjson::fromJSON(json_str = text)
}, error = report)
if (!is.null(phase)) {
  if (phase == "free") {
    rm(value)
    options(warn = -1)   # else gc() closing readLines' stdin connection warns on stderr
    invisible(gc())
  } else if (phase == "serialize") {
    tryCatch(invisible(rjson::toJSON(value)), error = report)
  }
  quit(save = "no", status = 0, runLast = FALSE)
}
quit(save = "no", status = 0)

# The protocol helper of the R rows (parsers/README.md, "The protocol helper"): input, the error line, the
# phases' checkpoints and the exit statuses. A program sources it from its own folder's parent:
#   source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))), "../protocol.R"))
# and calls its library itself, in its own top-level expressions, at the C stack depth it always had;
# these functions run before the parse (input) or after it (the checkpoints and quits).

np_phase <- NULL   # the phase argument, once checked; NULL without one

# Checks the phase argument (the last one, after the program's own `args`; unknown: one stderr line,
# exit 2), then reads all of stdin.
np_input <- function(args = 0) {
  given_args <- commandArgs(trailingOnly = TRUE)
  if (length(given_args) > args) {
    given <- given_args[length(given_args)]
    if (!(given %in% c("parse", "free", "serialize"))) {
      cat("unknown phase: ", given, " (parse, free or serialize)\n", sep = "", file = stderr())
      quit(save = "no", status = 2, runLast = FALSE)
    }
    np_phase <<- given
  }
  paste(readLines(file("stdin"), warn = FALSE, encoding = "UTF-8"), collapse = "\n")
}

# The error line "<kind>: <message>" (whitespace folded, the message cut at 200 characters), exit 1.
np_fail <- function(kind, message) {
  msg <- substr(trimws(gsub("[[:space:]]+", " ", message)), 1, 200)
  cat(kind, ": ", msg, "\n", sep = "", file = stderr())
  quit(save = "no", status = 1)
}

# A caught condition (a tryCatch's `error =` handler) as the error line, exit 1.
np_error <- function(e) np_fail(class(e)[1], conditionMessage(e))

# In phase `parse`: quit at once with 0, the value still bound.
np_parsed <- function() {
  if (identical(np_phase, "parse")) quit(save = "no", status = 0, runLast = FALSE)
}

# What the program does after the parse, asked inside the nesting its phases always had (R's eval counts
# every `if` and `{` on the C stack, so the serializer's depth depends on them): phase `free` (the program
# removes the value) and the serialize guard, phase `serialize` (the program calls its serializer).
np_phased <- function() !is.null(np_phase)
np_freeing <- function() identical(np_phase, "free")
np_serializing <- function() identical(np_phase, "serialize")

# In phase `serialize`: quit at once with 0.
np_serialized <- function() {
  if (identical(np_phase, "serialize")) quit(save = "no", status = 0, runLast = FALSE)
}

# In phase `free` (the value removed): gc(), then quit with 0 (warnings off: else gc() finalizing
# readLines' stdin connection warns on stderr). Without a phase: quit(save = "no", status = 0).
np_finished <- function() {
  if (is.null(np_phase)) quit(save = "no", status = 0)
  options(warn = -1)
  invisible(gc())
  quit(save = "no", status = 0, runLast = FALSE)
}

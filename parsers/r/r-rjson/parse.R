# nestprobe parser program: rjson::fromJSON (default arguments, its C parser) on all of stdin, in the same
# top-level tryCatch with or without a phase (its depth does not move); an R error condition (parse errors,
# "C stack usage ... is too close to the limit", ...) goes to np_error: one stderr line, exit 1. After it,
# the phases at the nesting they always had (each `if` and `{` counts on R's C stack); serialize is
# rjson::toJSON (defaults) in a tryCatch of its own. Input, phases and quits: ../protocol.R.
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))), "../protocol.R"))
text <- np_input()
value <- tryCatch({
  rjson::fromJSON(json_str = text)
}, error = np_error)
np_parsed()
if (np_phased()) {
  if (np_freeing()) {
    rm(value)
  } else if (np_serializing()) {
    tryCatch(invisible(rjson::toJSON(value)), error = np_error)
  }
}
np_serialized()
np_finished()

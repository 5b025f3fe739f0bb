# nestprobe parser program: the fromJSON of the package the first argument names (before the optional
# phase): jsonlite (default arguments) or rjson (default arguments, its C parser), the function taken from
# the package's exports before the parse and called as `pkg::fromJSON(text)` was, on all of stdin, in the same
# top-level tryCatch with or without a phase (its depth does not move); an R error condition (parse errors,
# "C stack usage ... is too close to the limit", ...) goes to np_error: one stderr line, exit 1. After it,
# the phases at the nesting they always had (each `if` and `{` counts on R's C stack); serialize is
# the package's toJSON (defaults) in a tryCatch of its own. Input, phases and quits: ../protocol.R.
source(file.path(dirname(sub("^--file=", "", grep("^--file=", commandArgs(FALSE), value = TRUE))), "../protocol.R"))
package <- commandArgs(trailingOnly = TRUE)[1]
fromJSON <- getExportedValue(package, "fromJSON")
toJSON <- getExportedValue(package, "toJSON")
text <- np_input(args = 1)
value <- tryCatch({
  fromJSON(text)
}, error = np_error)
np_parsed()
if (np_phased()) {
  if (np_freeing()) {
    rm(value)
  } else if (np_serializing()) {
    tryCatch(invisible(toJSON(value)), error = np_error)
  }
}
np_serialized()
np_finished()

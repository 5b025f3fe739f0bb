## The nestprobe protocol for the Nim programs (parsers/README.md, "The protocol helper"): the phase argument,
## stdin, the error line and exit status. A program imports it as `import ../protocol` (in Debian 13's root
## the language folder's files are copied beside the program's folder, so ../protocol.nim is there too). The
## Nim programs take no phase. The program calls its library from its own top-level code, inside its own
## try, so that nothing of the helper sits under the parse.
import std/[os, strutils]

proc input*(): string =
  ## Reads the phase argument (the Nim programs take none: any argument is one stderr line and exit 2,
  ## before stdin is read), then all of stdin.
  if paramCount() > 0:
    stderr.writeLine("unknown phase: " & paramStr(paramCount()) & " (the program takes none)")
    quit(2)
  stdin.readAll()

proc fail*(kind, message: string) {.noreturn.} =
  ## Prints "<kind>: <message>" on one line of stderr (newlines folded, the message cut at 200 characters)
  ## and exits 1: the library's clean error.
  var msg = message.replace("\n", " ").replace("\r", " ")
  if msg.len > 200: msg = msg[0 ..< 200]
  stderr.writeLine(kind & ": " & msg)
  quit(1)

proc error*(e: ref Exception) {.noreturn.} =
  ## A caught exception: "<name>: <message>", exit 1.
  fail($e.name, e.msg)

# Reads all of stdin, then std/json parseJson (default arguments) into a JsonNode.
# Catches CatchableError (exit 1); a stack overflow (SIGSEGV) happens as it would.
import std/[json, strutils]

try:
  let data = stdin.readAll()
  let node = parseJson(data)
  discard node
except CatchableError as e:
  var msg = e.msg.replace("\n", " ")
  if msg.len > 200: msg = msg[0 ..< 200]
  stderr.writeLine($e.name & ": " & msg)
  quit(1)

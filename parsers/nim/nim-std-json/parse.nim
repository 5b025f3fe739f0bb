# nestprobe parser program: std/json parseJson (default arguments) on stdin into a JsonNode, from the
# module's top-level code inside its own try: a CatchableError is caught (exit 1); a stack overflow (SIGSEGV)
# happens as it would. The protocol (input, error line, exit statuses) is ../protocol.nim's.
import std/json
import ../protocol

let data = protocol.input()
try:
  let node = parseJson(data)
  discard node
except CatchableError as e:
  protocol.error(e)

# nestprobe parser program: JSON.parse (Crystal's standard library, default settings) on stdin into a
# JSON::Any, from the top-level code: `rescue ex : Exception` catches every exception (JSON::ParseException,
# ...), exit 1. The protocol (input, error line, exit statuses) is ../protocol.cr's.
require "json"
require "../protocol"

text = Protocol.input
begin
  JSON.parse(text)
rescue ex : Exception
  Protocol.error(ex)
end
Protocol.finished

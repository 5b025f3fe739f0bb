-- luajson's json.decode (LPeg-based; default options, strict mode off) in a pcall at the top level,
-- with or without a phase; an error it raises is the error line (exit 1). Phase `serialize`:
-- json.encode in a pcall of its own. Input, phases and exit statuses: ../protocol.lua.
local json = require("json")
package.path = (arg[0]:match("^(.*)/") or ".") .. "/../?.lua;" .. package.path
local protocol = require("protocol")

local input = protocol.input()
local ok, result = pcall(json.decode, input)
if not ok then
  protocol.error(result)
end
protocol.parsed()
ok, result = pcall(protocol.serializer(json.encode), result)
if not ok then
  protocol.error(result)
end
protocol.serialized()
result = nil
protocol.finished()

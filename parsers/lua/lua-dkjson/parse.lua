-- dkjson.decode (pure Lua; default options, no LPeg) in a pcall at the top level, with or without a
-- phase (a wrapping function shifted its `stack overflow` by one level); an error it raises, or its
-- nil, pos, err return, is the error line (exit 1). Phase `serialize`: dkjson.encode in a pcall of
-- its own. Input, phases and exit statuses: ../protocol.lua.
local dkjson = require("dkjson")
package.path = (arg[0]:match("^(.*)/") or ".") .. "/../?.lua;" .. package.path
local protocol = require("protocol")

local input = protocol.input()
local ok, value, pos, err = pcall(dkjson.decode, input)
if not ok then
  protocol.error(value)
elseif err ~= nil then
  protocol.fail("DecodeError", tostring(err) .. " (at " .. tostring(pos) .. ")")
end
protocol.parsed()
ok, value = pcall(protocol.serializer(dkjson.encode), value)
if not ok then
  protocol.error(value)
end
protocol.serialized()
value = nil
protocol.finished()

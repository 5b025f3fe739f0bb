-- lua-cjson's cjson.decode (defaults; decode_max_depth 1000) in a pcall at the top level; an error
-- it raises is the error line (exit 1). With a phase, the same decode in a pcall'd function that
-- keeps the value and, in phase `serialize`, writes it back with cjson.encode (encode_max_depth
-- 1000). Input, phases and exit statuses: ../protocol.lua.
--
-- The error cjson raises inside that function carries the line of its call ("parse.lua:21: Found
-- too many nested data structures"), and results.json keeps that line: the decode stays on line 21.
--
--
--
local cjson = require("cjson")
package.path = (arg[0]:match("^(.*)/") or ".") .. "/../?.lua;" .. package.path
local protocol = require("protocol")

local input = protocol.input()
local ok, err
if not protocol.phased() then
  ok, err = pcall(cjson.decode, input)
else
  ok, err = pcall(function()
    local value = cjson.decode(input)
    protocol.parsed()
    protocol.serializer(cjson.encode)(value)
    protocol.serialized()
    value = nil
  end)
end
if not ok then
  protocol.error(err)
end
protocol.finished()

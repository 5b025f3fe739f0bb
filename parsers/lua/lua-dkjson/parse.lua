-- Reads all of stdin, parses it with dkjson.decode (pure-Lua; default options, no LPeg).
-- Exit 0 on success; decode's nil,pos,err return or an error caught by pcall prints
-- "<type>: <message>" to stderr and exits 1.
local dkjson = require("dkjson")

local input = io.stdin:read("*a") or ""
local ok, value, pos, err = pcall(dkjson.decode, input)
if ok and err == nil then
  os.exit(0)
end
local kind, msg
if not ok then
  kind, msg = "LuaError", tostring(value)
else
  kind, msg = "DecodeError", tostring(err) .. " (at " .. tostring(pos) .. ")"
end
io.stderr:write(kind, ": ", msg:gsub("%s+", " "):sub(1, 200), "\n")
os.exit(1)

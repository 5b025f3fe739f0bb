-- Reads all of stdin, parses it with luajson's json.decode (LPeg-based; default options, i.e. strict mode off).
-- Exit 0 on success; an error raised by decode and caught by pcall prints "LuaError: <message>" to stderr, exit 1.
local json = require("json")

local input = io.stdin:read("*a") or ""
local ok, err = pcall(json.decode, input)
if ok then
  os.exit(0)
end
io.stderr:write("LuaError: ", (tostring(err):gsub("%s+", " ")):sub(1, 200), "\n")
os.exit(1)

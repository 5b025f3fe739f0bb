-- Reads all of stdin, parses it with lua-cjson's cjson.decode (defaults; decode_max_depth 1000).
-- Exit 0 on success; an error caught by pcall prints "<type>: <message>" to stderr and exits 1.
local cjson = require("cjson")

local input = io.stdin:read("*a") or ""
local ok, err = pcall(cjson.decode, input)
if ok then
  os.exit(0)
end
local msg = tostring(err):gsub("%s+", " "):sub(1, 200)
io.stderr:write("LuaError: ", msg, "\n")
os.exit(1)

-- Reads all of stdin, parses it with lua-cjson's cjson.decode (defaults; decode_max_depth 1000).
-- Exit 0 on success; an error caught by pcall prints "<type>: <message>" to stderr and exits 1.
-- Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
-- with os.exit(0) (Lua 5.1's os.exit does not close the state: nothing is freed); `free` drops it and
-- runs collectgarbage("collect"), then os.exit(0); `serialize` writes it back with cjson.encode
-- (defaults; encode_max_depth 1000; an error is exit 1), then os.exit(0). Without it: as before.
local cjson = require("cjson")

local phase = #arg > 0 and arg[#arg] or nil
if phase and phase ~= "parse" and phase ~= "free" and phase ~= "serialize" then
  io.stderr:write("unknown phase: ", phase, " (parse, free or serialize)\n")
  os.exit(2)
end

local input = io.stdin:read("*a") or ""
local ok, err
if phase == nil then
  ok, err = pcall(cjson.decode, input)
else
  ok, err = pcall(function()
    local value = cjson.decode(input)
    if phase == "parse" then
      os.exit(0)
    elseif phase == "free" then
      value = nil
      collectgarbage("collect")
    else
      cjson.encode(value)
    end
  end)
end
if ok then
  os.exit(0)
end
local msg = tostring(err):gsub("%s+", " "):sub(1, 200)
io.stderr:write("LuaError: ", msg, "\n")
os.exit(1)

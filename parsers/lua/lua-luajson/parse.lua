-- Reads all of stdin, parses it with luajson's json.decode (LPeg-based; default options, i.e. strict mode off).
-- Exit 0 on success; an error raised by decode and caught by pcall prints "LuaError: <message>" to stderr, exit 1.
-- Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
-- with os.exit(0) (Lua 5.1's os.exit does not close the state: nothing is freed); `free` drops it and
-- runs collectgarbage("collect"), then os.exit(0); `serialize` writes it back with json.encode
-- (defaults; it raises its errors: exit 1), then os.exit(0). Without it: as before.
local json = require("json")

local phase = #arg > 0 and arg[#arg] or nil
if phase and phase ~= "parse" and phase ~= "free" and phase ~= "serialize" then
  io.stderr:write("unknown phase: ", phase, " (parse, free or serialize)\n")
  os.exit(2)
end

local input = io.stdin:read("*a") or ""
local ok, result = pcall(json.decode, input)
if ok then
  -- The phase, after the same decode call as without one (no extra Lua call level under it).
  if phase == "parse" then
    os.exit(0)
  elseif phase == "free" then
    result = nil
    collectgarbage("collect")
  elseif phase == "serialize" then
    ok, result = pcall(json.encode, result)
  end
  if ok then
    os.exit(0)
  end
end
io.stderr:write("LuaError: ", (tostring(result):gsub("%s+", " ")):sub(1, 200), "\n")
os.exit(1)

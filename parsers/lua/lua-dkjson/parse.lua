-- Reads all of stdin, parses it with dkjson.decode (pure-Lua; default options, no LPeg).
-- Exit 0 on success; decode's nil,pos,err return or an error caught by pcall prints
-- "<type>: <message>" to stderr and exits 1.
-- Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
-- with os.exit(0) (Lua 5.1's os.exit does not close the state: nothing is freed); `free` drops it and
-- runs collectgarbage("collect"), then os.exit(0); `serialize` writes it back with dkjson.encode
-- (defaults; it raises its errors: exit 1), then os.exit(0). Without it: as before.
local dkjson = require("dkjson")

local phase = #arg > 0 and arg[#arg] or nil
if phase and phase ~= "parse" and phase ~= "free" and phase ~= "serialize" then
  io.stderr:write("unknown phase: ", phase, " (parse, free or serialize)\n")
  os.exit(2)
end

local input = io.stdin:read("*a") or ""
local ok, value, pos, err = pcall(dkjson.decode, input)
if ok and err == nil then
  -- The phase, after the same decode call as without one (no extra Lua call level under it).
  if phase == "parse" then
    os.exit(0)
  elseif phase == "free" then
    value = nil
    collectgarbage("collect")
  elseif phase == "serialize" then
    ok, value = pcall(dkjson.encode, value)
  end
  if ok then
    os.exit(0)
  end
end
local kind, msg
if not ok then
  kind, msg = "LuaError", tostring(value)
else
  kind, msg = "DecodeError", tostring(err) .. " (at " .. tostring(pos) .. ")"
end
io.stderr:write(kind, ": ", msg:gsub("%s+", " "):sub(1, 200), "\n")
os.exit(1)

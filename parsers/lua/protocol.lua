-- The protocol helper of the Lua programs (parsers/README.md, "The protocol helper"): the phase
-- argument, stdin, the error line and the exit statuses. A program reaches it from its own folder:
--   package.path = (arg[0]:match("^(.*)/") or ".") .. "/../?.lua;" .. package.path
--   local protocol = require("protocol")
-- (inside an environment's root the language folder's files are copied beside the program's).
-- The program keeps its library calls, and its pcall around them, at its own top level: only
-- input (before the parse) and exits (after it) happen here.
local M = {}

local phase = nil

-- The phase argument (an unknown one: one stderr line, exit 2, before stdin), then all of stdin.
-- A program whose library has no serializer passes M.NO_SERIALIZE.
M.NO_SERIALIZE = {}
function M.input(without)
  local known = { parse = true, free = true, serialize = without ~= M.NO_SERIALIZE }
  if #arg > 0 then
    phase = arg[#arg]
    if not known[phase] then
      io.stderr:write("unknown phase: ", phase,
        known.serialize and " (parse, free or serialize)\n" or " (parse or free)\n")
      os.exit(2)
    end
  end
  return io.stdin:read("*a") or ""
end

-- Whether a phase was given (for a program built differently with one than without).
function M.phased()
  return phase ~= nil
end

-- "<kind>: <message>" on stderr (whitespace runs folded, cut at 200 characters), exit 1.
function M.fail(kind, message)
  io.stderr:write(kind, ": ", (tostring(message):gsub("%s+", " ")):sub(1, 200), "\n")
  os.exit(1)
end

-- An error caught by the program's pcall.
function M.error(e)
  M.fail("LuaError", e)
end

-- In phase `parse`: exit 0 at once, nothing released (Lua 5.1's os.exit does not close the state).
function M.parsed()
  if phase == "parse" then
    os.exit(0)
  end
end

local function nothing() end

-- The serializer in phase `serialize`, a function doing nothing otherwise.
function M.serializer(serialize)
  if phase == "serialize" then
    return serialize
  end
  return nothing
end

-- In phase `serialize`: exit 0 at once.
function M.serialized()
  if phase == "serialize" then
    os.exit(0)
  end
end

-- The end: in phase `free` the collection first (the program dropped its value); then os.exit(0).
function M.finished()
  if phase == "free" then
    collectgarbage("collect")
  end
  os.exit(0)
end

return M

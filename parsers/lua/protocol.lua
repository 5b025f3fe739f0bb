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
-- A language's program (a pattern, a query, code) passes M.LANGUAGE: its phases are compile and run.
M.NO_SERIALIZE = {}
M.LANGUAGE = {}
function M.input(without)
  local known = { parse = true, free = true, serialize = without ~= M.NO_SERIALIZE }
  local names = known.serialize and " (parse, free or serialize)\n" or " (parse or free)\n"
  if without == M.LANGUAGE then
    known, names = { compile = true, run = true }, " (compile or run)\n"
  end
  if #arg > 0 then
    phase = arg[#arg]
    if not known[phase] then
      io.stderr:write("unknown phase: ", phase, names)
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

-- In phase `compile`: exit 0 at once (the pattern, query or chunk compiled, nothing released);
-- without a phase the program goes on to its end, as a compile alone.
function M.compiled()
  if phase == "compile" then
    os.exit(0)
  end
end

-- What a language's program runs once it compiled (match the subject `a`, run the chunk) in phase
-- `run`, a function doing nothing otherwise; the program calls it itself, inside its own pcall.
function M.runner(run)
  if phase == "run" then
    return run
  end
  return nothing
end

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

-- nestprobe parser program (format code): the Lua compiler (lparser.c; LuaJIT's lj_parse.c), the
-- chunk loaded from a string with the defaults, `loadstring(source)` (Lua 5.1, LuaJIT) or
-- `load(source)` (5.2 on), on the payload wrapped as a returned expression, `return PAYLOAD`. Lua has
-- no bare parenthesised statements (hence the `return`) and no bare blocks: `{{}}` is a table
-- constructor in a table constructor, and `[[1]]` is a long string, so `[[[1]]]` is a syntax error.
-- The error it returns (a syntax error, "chunk has too many syntax levels", "C stack overflow") is the
-- error line; anything raised while loading is caught by the pcall. Phase `run`: the chunk called once
-- in a pcall. Input, phases and exit statuses: ../protocol.lua. One program for the rows lua-load-5-1,
-- lua-load-5-4 and lua-load-luajit (their interpreters differ).
package.path = (arg[0]:match("^(.*)/") or ".") .. "/../?.lua;" .. package.path
local protocol = require("protocol")

local source = "return " .. protocol.input(protocol.LANGUAGE)
local compile = loadstring or load
local ok, chunk, err = pcall(compile, source, "=payload")
if not ok then
  protocol.error(chunk)
end
if not chunk then
  protocol.error(err)
end
protocol.compiled()
local ran, run_err = pcall(protocol.runner(chunk))
if not ran then
  protocol.error(run_err)
end
chunk = nil
protocol.finished()

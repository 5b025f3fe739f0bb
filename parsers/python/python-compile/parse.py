# nestprobe parser program (format code): CPython's own compiler, the builtin
# compile(source, "<payload>", "exec") (defaults: tokenizer, PEG parser, symbol table, code
# generator), on the payload wrapped as an assignment, `x = PAYLOAD` and a newline. Python has no
# bare blocks: the block shape `{{}}` is a set display around a dict there. Any Exception
# (SyntaxError "too many nested parentheses", RecursionError, MemoryError, ...) is the error line.
# Phase `run`: exec of the code object in a fresh namespace (builds the literal; TypeError for a
# set holding a dict is its clean error). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402

source = "x = " + protocol.input(text=True, language=True) + "\n"
try:
    code = compile(source, "<payload>", "exec")
    protocol.compiled()
    protocol.runner(exec)(code, {})
except Exception as e:
    protocol.error(e)
del code
protocol.finished()

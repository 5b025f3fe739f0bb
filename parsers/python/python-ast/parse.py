# nestprobe parser program (format code): the stdlib ast.parse(source) (defaults: CPython's
# tokenizer and PEG parser, then the C syntax tree converted to ast objects; no symbol table, no code
# generation), on the payload wrapped as an assignment, `x = PAYLOAD` and a newline. Python has no bare
# blocks: the block shape `{{}}` is a set display around a dict there. Any Exception (SyntaxError,
# RecursionError, MemoryError, ...) is the error line. Phase `run`: the tree compiled to a code
# object and exec'd in a fresh namespace. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import ast  # noqa: E402

source = "x = " + protocol.input(text=True, language=True) + "\n"
try:
    tree = ast.parse(source)
    protocol.compiled()
    protocol.runner(lambda: exec(compile(tree, "<payload>", "exec"), {}))()
except Exception as e:
    protocol.error(e)
del tree
protocol.finished()

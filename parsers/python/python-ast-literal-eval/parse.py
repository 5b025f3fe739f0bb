# nestprobe parser program: ast.literal_eval (the standard library's safe evaluation of Python
# literals: lists, dicts, ...) over all of stdin as text; any Exception (SyntaxError, ValueError,
# RecursionError, MemoryError) is the error line. Serializer: repr(value), Python's own writer of
# literals (the repr of lists, dicts, ... is the syntax literal_eval reads). Input, phases and exit
# statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import ast  # noqa: E402

data = protocol.input(text=True)
try:
    value = ast.literal_eval(data)
    protocol.parsed()
    protocol.serializer(repr)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

# nestprobe parser program: pydantic_core.from_json (default settings) over all of stdin; any
# Exception (parse errors, RecursionError, ...) is the error line. Serializer:
# pydantic_core.to_json. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import pydantic_core  # noqa: E402

data = protocol.input()
try:
    value = pydantic_core.from_json(data)
    protocol.parsed()
    protocol.serializer(pydantic_core.to_json)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

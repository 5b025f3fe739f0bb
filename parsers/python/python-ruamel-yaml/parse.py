# nestprobe parser program: ruamel.yaml's YAML().load (the round-trip loader, the default; default
# settings) over all of stdin; any Exception (parse errors, RecursionError, ...) is the error line.
# Serializer: YAML().dump into an io.StringIO. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import io  # noqa: E402
from ruamel.yaml import YAML  # noqa: E402

data = protocol.input()
try:
    value = YAML().load(data)
    protocol.parsed()
    protocol.serializer(YAML().dump)(value, io.StringIO())
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

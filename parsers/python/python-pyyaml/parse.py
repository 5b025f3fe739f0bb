# nestprobe parser program: PyYAML's yaml.safe_load (default settings) over all of stdin; any
# Exception (parse errors, RecursionError, ...) is the error line. Serializer: yaml.safe_dump.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import yaml  # noqa: E402

data = protocol.input()
try:
    value = yaml.safe_load(data)
    protocol.parsed()
    protocol.serializer(yaml.safe_dump)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

# nestprobe parser program: msgspec.json.decode (default settings) over all of stdin; any Exception
# (parse errors, RecursionError, ...) is the error line. Serializer: msgspec.json.encode. Input,
# phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import msgspec  # noqa: E402

data = protocol.input()
try:
    value = msgspec.json.decode(data)
    protocol.parsed()
    protocol.serializer(msgspec.json.encode)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

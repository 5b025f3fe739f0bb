# nestprobe parser program: msgpack.unpackb (default settings) over all of stdin; any Exception
# (parse errors, RecursionError, ...) is the error line. Serializer: msgpack.packb. Input, phases
# and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import msgpack  # noqa: E402

data = protocol.input()
try:
    value = msgpack.unpackb(data)
    protocol.parsed()
    protocol.serializer(msgpack.packb)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

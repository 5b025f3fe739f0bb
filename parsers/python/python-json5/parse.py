# nestprobe parser program: json5.loads (the pure-Python json5 package, default settings) over all
# of stdin; any Exception (decode errors, RecursionError, ...) is the error line. Serializer:
# json5.dumps. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import json5  # noqa: E402

data = protocol.input()
try:
    value = json5.loads(data.decode("utf-8"))
    protocol.parsed()
    protocol.serializer(json5.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

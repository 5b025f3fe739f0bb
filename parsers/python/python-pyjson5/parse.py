# nestprobe parser program: pyjson5.loads (default settings) over all of stdin; any Exception (parse
# errors, RecursionError, ...) is the error line. Serializer: pyjson5.dumps. Input, phases and exit
# statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import pyjson5  # noqa: E402

data = protocol.input()
try:
    value = pyjson5.loads(data.decode("utf-8"))
    protocol.parsed()
    protocol.serializer(pyjson5.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

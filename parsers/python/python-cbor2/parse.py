# nestprobe parser program: cbor2.loads (default settings) over all of stdin; any Exception (parse
# errors, RecursionError, ...) is the error line. Serializer: cbor2.dumps. Input, phases and exit
# statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import cbor2  # noqa: E402

data = protocol.input()
try:
    value = cbor2.loads(data)
    protocol.parsed()
    protocol.serializer(cbor2.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

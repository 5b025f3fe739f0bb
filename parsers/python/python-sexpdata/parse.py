# nestprobe parser program: sexpdata.loads (the sexpdata package, default options) over all of stdin
# as text; any Exception (ExpectClosingBracket, RecursionError) is the error line. Serializer:
# sexpdata.dumps (default options). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import sexpdata  # noqa: E402

data = protocol.input(text=True)
try:
    value = sexpdata.loads(data)
    protocol.parsed()
    protocol.serializer(sexpdata.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

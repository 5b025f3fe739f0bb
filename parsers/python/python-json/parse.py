# nestprobe parser program: the stdlib json.loads (defaults) over all of stdin; any Exception
# (JSONDecodeError, RecursionError, ...) is the error line. Serializer: json.dumps. Input, phases
# and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import json  # noqa: E402

data = protocol.input()
try:
    value = json.loads(data)
    protocol.parsed()
    protocol.serializer(json.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

# nestprobe parser program: python-rapidjson's rapidjson.loads (default settings) over all of stdin;
# any Exception (parse errors, RecursionError, ...) is the error line. Serializer: rapidjson.dumps.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import rapidjson  # noqa: E402

data = protocol.input()
try:
    value = rapidjson.loads(data)
    protocol.parsed()
    protocol.serializer(rapidjson.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

# nestprobe parser program: pysimdjson's simdjson.loads (builds Python objects; default settings)
# over all of stdin; any Exception (decode errors, RecursionError, ...) is the error line. No
# serializer of its own (no `serialize`). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import simdjson  # noqa: E402

data = protocol.input(serialize=False)
try:
    value = simdjson.loads(data)
    protocol.parsed()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

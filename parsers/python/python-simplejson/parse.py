# nestprobe parser program: simplejson.loads (default settings) over all of stdin; any Exception
# (parse errors, RecursionError, ...) is the error line. Serializer: simplejson.dumps. Input, phases
# and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import simplejson  # noqa: E402

data = protocol.input()
try:
    value = simplejson.loads(data)
    protocol.parsed()
    protocol.serializer(simplejson.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

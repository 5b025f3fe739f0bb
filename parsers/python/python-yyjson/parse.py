# nestprobe parser program: the yyjson binding, yyjson.Document(data).as_obj (a C yyjson document,
# then Python objects; default settings) over all of stdin; any Exception (decode errors,
# RecursionError, ...) is the error line. Serializer: yyjson.Document(value).dumps(). Input, phases
# and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import yyjson  # noqa: E402

data = protocol.input()
try:
    value = yyjson.Document(data).as_obj
    protocol.parsed()
    protocol.serializer(yyjson.Document)(value).dumps()
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

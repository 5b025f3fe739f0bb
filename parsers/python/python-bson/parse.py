# nestprobe parser program: pymongo's bson.decode (default codec options, into dicts and lists) over
# all of stdin; any Exception (InvalidBSON, RecursionError) is the error line. Serializer:
# bson.encode (default codec options). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import bson  # noqa: E402

data = protocol.input()
try:
    value = bson.decode(data)
    protocol.parsed()
    protocol.serializer(bson.encode)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

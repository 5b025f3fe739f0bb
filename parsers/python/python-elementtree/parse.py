# nestprobe parser program: the stdlib xml.etree.ElementTree.fromstring (pyexpat; default settings)
# over all of stdin; any Exception (parse errors, RecursionError, ...) is the error line.
# Serializer: ET.tostring. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402

data = protocol.input()
try:
    value = ET.fromstring(data)
    protocol.parsed()
    protocol.serializer(ET.tostring)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

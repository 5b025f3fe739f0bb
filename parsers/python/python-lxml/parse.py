# nestprobe parser program: lxml.etree.fromstring (libxml2; default settings) over all of stdin; any
# Exception (parse errors, RecursionError, ...) is the error line. Serializer: etree.tostring.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from lxml import etree  # noqa: E402

data = protocol.input()
try:
    value = etree.fromstring(data)
    protocol.parsed()
    protocol.serializer(etree.tostring)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

# nestprobe parser program: edn_format.loads (the edn_format package, default options) over all of
# stdin as text; any Exception (EDNDecodeError, RecursionError) is the error line. Serializer:
# edn_format.dumps (default options). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import edn_format  # noqa: E402

data = protocol.input(text=True)
try:
    value = edn_format.loads(data)
    protocol.parsed()
    protocol.serializer(edn_format.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

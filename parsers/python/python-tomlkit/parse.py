# nestprobe parser program: tomlkit.parse (default settings) over all of stdin; any Exception (parse
# errors, RecursionError, ...) is the error line. Serializer: tomlkit.dumps. Input, phases and exit
# statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import tomlkit  # noqa: E402

data = protocol.input()
try:
    value = tomlkit.parse(data.decode("utf-8"))
    protocol.parsed()
    protocol.serializer(tomlkit.dumps)(value)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

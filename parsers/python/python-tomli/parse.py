# nestprobe parser program: tomli.loads (default settings) over all of stdin; any Exception (parse
# errors, RecursionError, ...) is the error line. No writer (tomli-w is another package: no
# `serialize`). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import tomli  # noqa: E402

data = protocol.input(serialize=False)
try:
    value = tomli.loads(data.decode("utf-8"))
    protocol.parsed()
except Exception as e:
    protocol.error(e)
del value
protocol.finished()

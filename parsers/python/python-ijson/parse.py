# nestprobe parser program: ijson.items(stream, "") with ijson's default backend over all of stdin,
# building the top-level value (default settings); any Exception (decode errors, RecursionError,
# ...) is the error line. No phases. Input and exit statuses: ../protocol.py.
import io
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import ijson  # noqa: E402

data = protocol.input(phases=False)
try:
    for _ in ijson.items(io.BytesIO(data), ""):
        pass
except Exception as e:
    protocol.error(e)
protocol.finished()

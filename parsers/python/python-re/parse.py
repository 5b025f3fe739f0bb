# nestprobe parser program: the stdlib re.compile (default flags) of all of stdin, the whole pattern;
# phase `run` matches the compiled pattern against the subject "a" (pattern.match: a match or none is
# exit 0). Any Exception (re.error, RecursionError, OverflowError, ...) is the error line (exit 1).
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import re  # noqa: E402

source = protocol.input(text=True, language=True)
try:
    pattern = re.compile(source)
    protocol.compiled()
    protocol.runner(pattern.match)("a")
except Exception as e:
    protocol.error(e)
del pattern
protocol.finished()

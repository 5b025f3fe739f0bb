# nestprobe parser program: the compile (default flags) of all of stdin, the whole pattern, by the module the
# first argument names (before the optional phase): the stdlib `re`, or the `regex` package (same API);
# phase `run` matches the compiled pattern against the subject "a" (pattern.match: a match or none is
# exit 0). Any Exception (re.error / regex.error, RecursionError, OverflowError, ...) is the error line (exit 1).
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import importlib  # noqa: E402

engine = importlib.import_module(sys.argv.pop(1))  # what is left is the phase, if any

source = protocol.input(text=True, language=True)
try:
    pattern = engine.compile(source)
    protocol.compiled()
    protocol.runner(pattern.match)("a")
except Exception as e:
    protocol.error(e)
del pattern
protocol.finished()

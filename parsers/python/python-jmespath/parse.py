# nestprobe parser program: compiles all of stdin as a JMESPath expression with jmespath.compile (the reference
# Python implementation); phase `run` searches the document {"a": 1} with it once (.search). Any Exception
# (ParseError, RecursionError, ...) is the error line. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import jmespath  # noqa: E402

data = protocol.input(text=True, language=True)
try:
    expr = jmespath.compile(data)
    protocol.compiled()
    protocol.runner(expr.search)({"a": 1})
except Exception as e:
    protocol.error(e)
del expr
protocol.finished()

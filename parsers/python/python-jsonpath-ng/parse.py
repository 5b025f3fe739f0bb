# nestprobe parser program: compiles all of stdin as a JSONPath expression with jsonpath-ng's extended parser,
# jsonpath_ng.ext.parse (PLY; the parser that accepts filters); phase `run` finds it in the document {"a": 1}
# once (.find). Any Exception (JsonPathParserError, RecursionError, ...) is the error line.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from jsonpath_ng.ext import parse  # noqa: E402

data = protocol.input(text=True, language=True)
try:
    expr = parse(data)
    protocol.compiled()
    protocol.runner(expr.find)({"a": 1})
except Exception as e:
    protocol.error(e)
del expr
protocol.finished()

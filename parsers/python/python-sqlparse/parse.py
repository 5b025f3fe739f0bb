# nestprobe parser program: python-sqlparse's parse (Debian's python3-sqlparse, default options) over all
# of stdin as text, into its token tree (sqlparse is non-validating: it groups tokens, it rejects little):
# the compile. It runs nothing: phase `run` writes each statement back to text with str() (discarded).
# Any Exception (SQLParseError, RecursionError) is the error line. Input, phases and exit statuses:
# ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import sqlparse  # noqa: E402

statement = protocol.input(text=True, language=True)
try:
    statements = sqlparse.parse(statement)
    protocol.compiled()
    protocol.runner(lambda: [str(s) for s in statements])()
except Exception as e:
    protocol.error(e)
protocol.finished()

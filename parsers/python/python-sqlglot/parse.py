# nestprobe parser program: sqlglot's parse_one (default dialect and options) over all of stdin as text,
# into its expression tree: the compile. sqlglot is a parser and transpiler, it runs nothing: phase `run`
# is its generator, `.sql()`, writing the tree back to SQL text (discarded). Any Exception (ParseError,
# RecursionError) is the error line. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import sqlglot  # noqa: E402

statement = protocol.input(text=True, language=True)
try:
    expression = sqlglot.parse_one(statement)
    protocol.compiled()
    protocol.runner(expression.sql)()
except Exception as e:
    protocol.error(e)
protocol.finished()

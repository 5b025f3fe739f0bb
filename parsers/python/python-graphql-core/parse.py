# nestprobe parser program: graphql-core's parse (default options) over all of stdin as text, into
# its AST; any Exception (GraphQLSyntaxError, RecursionError) is the error line. Serializer:
# graphql.language.print_ast (graphql.language.parser and .printer: the modules graphql-core 2 and 3
# both have). Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from graphql.language.parser import parse  # noqa: E402
from graphql.language.printer import print_ast  # noqa: E402

data = protocol.input(text=True)
try:
    document = parse(data)
    protocol.parsed()
    protocol.serializer(print_ast)(document)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
del document
protocol.finished()

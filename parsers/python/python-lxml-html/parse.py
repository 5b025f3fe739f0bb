# nestprobe parser program: lxml.html.document_fromstring (libxml2's HTML parser, default options:
# no huge_tree) over all of stdin, then, without a phase, the nesting it built (`built depth: N`,
# parsers/README.md); any Exception is the error line. Serializer: lxml.html.tostring(document).
# Input, phases, built depth and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import lxml.html  # noqa: E402

data = protocol.input()
try:
    document = lxml.html.document_fromstring(data)
    protocol.parsed()
    protocol.serializer(lxml.html.tostring)(document)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
protocol.built(protocol.tree_depth, document, list, lambda node: node.tag if isinstance(node.tag, str) else "")
del document
protocol.finished()

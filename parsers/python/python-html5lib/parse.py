# nestprobe parser program: html5lib.parse (its default etree builder) over all of stdin as text,
# then, without a phase, the nesting it built (`built depth: N`, parsers/README.md); any Exception
# (RecursionError included) is the error line. Serializer: html5lib.serialize(document) (default
# tree walker "etree", default options). Input, phases, built depth and exit statuses:
# ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import html5lib  # noqa: E402

text = protocol.input(text=True)
try:
    document = html5lib.parse(text, namespaceHTMLElements=False)
    protocol.parsed()
    protocol.serializer(html5lib.serialize)(document)
    protocol.serialized()
except Exception as e:
    protocol.error(e)
protocol.built(protocol.tree_depth, document, list, lambda node: node.tag if isinstance(node.tag, str) else "")
del document
protocol.finished()

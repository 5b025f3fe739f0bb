# nestprobe parser program: read all of stdin, parse it with html5lib.parse (its default etree
# builder), print the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any
# Exception (RecursionError included) -> one stderr line, exit 1.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import report_built, report_error, tree_depth  # noqa: E402
import html5lib  # noqa: E402

text = sys.stdin.buffer.read().decode("utf-8")
try:
    document = html5lib.parse(text, namespaceHTMLElements=False)
except Exception as e:
    report_error(e)
report_built(tree_depth(document, list, lambda node: node.tag if isinstance(node.tag, str) else ""))

# nestprobe parser program: read all of stdin, parse it with lxml.html.document_fromstring (libxml2's
# HTML parser, default options: no huge_tree), print the nesting it built (`built depth: N`,
# parsers/README.md), exit 0. Catches any Exception -> one stderr line, exit 1.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import report_built, report_error, tree_depth  # noqa: E402
import lxml.html  # noqa: E402

data = sys.stdin.buffer.read()
try:
    document = lxml.html.document_fromstring(data)
except Exception as e:
    report_error(e)
report_built(tree_depth(document, list, lambda node: node.tag if isinstance(node.tag, str) else ""))

# nestprobe parser program: read all of stdin, parse it with html5lib.parse (its default etree
# builder), print the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any
# Exception (RecursionError included) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth:
# `parse` ends at once with os._exit(0), the tree kept; `free` does `del document; gc.collect()`,
# then os._exit(0); `serialize` writes it back with html5lib.serialize(document) (default tree
# walker "etree", default options; an exception is exit 1), then os._exit(0). Without it: as before.
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import report_built, report_error, tree_depth  # noqa: E402
import html5lib  # noqa: E402

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

text = sys.stdin.buffer.read().decode("utf-8")
try:
    document = html5lib.parse(text, namespaceHTMLElements=False)
    if phase == "free":
        del document
        gc.collect()
    elif phase == "serialize":
        html5lib.serialize(document)
except Exception as e:
    report_error(e)
if phase is not None:
    os._exit(0)
report_built(tree_depth(document, list, lambda node: node.tag if isinstance(node.tag, str) else ""))

# nestprobe parser program: read all of stdin, render it to HTML with commonmark.py's commonmark.commonmark (default settings), print
# the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any Exception
# (RecursionError included) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth: the
# two halves of commonmark.commonmark apart: commonmark.Parser().parse(text) to its node tree, from a
# function of its own so that the parse runs at the same Python call depth as inside commonmark();
# `parse` ends at once with os._exit(0), the tree kept; `free` does `del ast; gc.collect()` (the
# nodes link to their parents and siblings: cycles, freed by the collection), then os._exit(0);
# `serialize` renders it with commonmark.HtmlRenderer().render(ast) (the rest of commonmark()), then
# os._exit(0). An exception in any phase is exit 1.
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import html_text_depth, report_built, report_error  # noqa: E402
import commonmark  # noqa: E402

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)


def parse_ast(text):
    """Stands for commonmark.commonmark's frame: the parse runs one call below the module, as there."""
    return commonmark.Parser().parse(text)


def render_ast(ast):
    """The rest of commonmark.commonmark, at the same depth."""
    return commonmark.HtmlRenderer().render(ast)


text = sys.stdin.buffer.read().decode("utf-8")
try:
    if phase is None:
        html = commonmark.commonmark(text)
    else:
        ast = parse_ast(text)
        if phase == "free":
            del ast
            gc.collect()
        elif phase == "serialize":
            render_ast(ast)
except Exception as e:
    report_error(e)
if phase is not None:
    os._exit(0)
report_built(html_text_depth(html))

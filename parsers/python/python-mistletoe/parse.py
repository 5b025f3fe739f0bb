# nestprobe parser program: read all of stdin, render it to HTML with mistletoe's mistletoe.markdown (default settings), print
# the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any Exception
# (RecursionError included) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth: the
# two halves of mistletoe.markdown apart, inside the same `with HTMLRenderer() as renderer` (the
# renderer registers its HTML tokens with the parser): mistletoe.Document(text), from a function of
# its own so that the parse runs at the same Python call depth as inside markdown(); `parse` ends at
# once with os._exit(0), the Document kept; `free` does `del document; gc.collect()`, then
# os._exit(0); `serialize` renders it with renderer.render(document) (the rest of markdown()), then
# os._exit(0). An exception in any phase is exit 1.
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import html_text_depth, report_built, report_error  # noqa: E402
import mistletoe  # noqa: E402
from mistletoe import Document, HTMLRenderer  # noqa: E402

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)


def parse_document(text):
    """Stands for mistletoe.markdown's frame: Document() runs one call below the module, as there."""
    return Document(text)


def render_document(renderer, document):
    """The rest of mistletoe.markdown, at the same depth."""
    return renderer.render(document)


text = sys.stdin.buffer.read().decode("utf-8")
try:
    if phase is None:
        html = mistletoe.markdown(text)
    else:
        with HTMLRenderer() as renderer:
            document = parse_document(text)
            if phase == "parse":
                os._exit(0)
            if phase == "free":
                del document
                gc.collect()
            elif phase == "serialize":
                render_document(renderer, document)
except Exception as e:
    report_error(e)
if phase is not None:
    os._exit(0)
report_built(html_text_depth(html))

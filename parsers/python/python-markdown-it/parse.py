# nestprobe parser program: read all of stdin, render it to HTML with markdown-it-py's MarkdownIt().render (its default commonmark preset) (default settings), print
# the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any Exception
# (RecursionError included) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth: the
# two halves of MarkdownIt().render apart: md.parse(text, env) to its token stream, from a function
# of its own so that the parse runs at the same Python call depth as inside render(); `parse` ends
# at once with os._exit(0), the tokens kept; `free` does `del tokens; gc.collect()`, then
# os._exit(0); `serialize` renders them with md.renderer.render(tokens, md.options, env) (the rest
# of render()), then os._exit(0). An exception in any phase is exit 1.
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import html_text_depth, report_built, report_error  # noqa: E402
from markdown_it import MarkdownIt  # noqa: E402

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)


def parse_tokens(md, text, env):
    """Stands for MarkdownIt.render's frame: md.parse runs one call below the module, as there."""
    return md.parse(text, env)


def render_tokens(md, tokens, env):
    """The rest of MarkdownIt.render, at the same depth."""
    return md.renderer.render(tokens, md.options, env)


text = sys.stdin.buffer.read().decode("utf-8")
try:
    if phase is None:
        html = MarkdownIt().render(text)
    else:
        md = MarkdownIt()
        env = {}
        tokens = parse_tokens(md, text, env)
        if phase == "free":
            del tokens
            gc.collect()
        elif phase == "serialize":
            render_tokens(md, tokens, env)
except Exception as e:
    report_error(e)
if phase is not None:
    os._exit(0)
report_built(html_text_depth(html))

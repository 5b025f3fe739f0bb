# nestprobe parser program: read all of stdin, render it to HTML with mistune's mistune.html (default settings), print
# the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any Exception
# (RecursionError included) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"), instead of the built depth: the
# two halves of Markdown.parse of the same mistune.html object apart (mistune 2's tokens cannot be
# handed from its AstRenderer to its HTMLRenderer, so the split is where parse() itself goes from
# parsing to rendering): the block parse to the token tree, then `parse` ends at once with
# os._exit(0), the tokens kept; `free` does `del tokens; gc.collect()`, then os._exit(0);
# `serialize` renders them with the object's HTML renderer (mistune 2: block.render with its
# inline parser, then the after_render hooks; mistune 3: render_state, which also parses the inline
# text, then the after_render hooks), then os._exit(0). Both halves run two calls below the module,
# at the depth they have inside mistune.html(text) (__call__, then parse). An exception in any
# phase is exit 1.
import gc
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import html_text_depth, report_built, report_error  # noqa: E402
import mistune  # noqa: E402

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)


def parse_tokens(md, text):
    """The first half of Markdown.parse: the block tokens and the state."""
    if hasattr(md.block, "state_cls"):  # mistune 3
        state = md.block.state_cls()
        text = text.replace("\r\n", "\n").replace("\r", "\n")
        if not text.endswith("\n"):
            text += "\n"
        state.process(text)
        for hook in md.before_parse_hooks:
            hook(md, state)
        md.block.parse(state)
        for hook in md.before_render_hooks:
            hook(md, state)
        return state.tokens, state
    state = {}  # mistune 2
    text, state = md.before_parse(text, state)
    tokens = md.block.parse(text, state)
    return md.before_render(tokens, state), state


def render_tokens(md, tokens, state):
    """The second half of Markdown.parse: the HTML."""
    if hasattr(md.block, "state_cls"):  # mistune 3
        result = md.render_state(state)
        for hook in md.after_render_hooks:
            result = hook(md, result, state)
        return result
    return md.after_render(md.block.render(tokens, md.inline, state), state)


def call(function, *args):
    """Stands for Markdown.__call__'s frame."""
    return function(*args)


text = sys.stdin.buffer.read().decode("utf-8")
try:
    if phase is None:
        html = mistune.html(text)
    else:
        tokens, state = call(parse_tokens, mistune.html, text)
        if phase == "free":
            del tokens, state
            gc.collect()
        elif phase == "serialize":
            call(render_tokens, mistune.html, tokens, state)
except Exception as e:
    report_error(e)
if phase is not None:
    os._exit(0)
report_built(html_text_depth(html))

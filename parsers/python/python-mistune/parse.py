# nestprobe parser program: mistune's mistune.html (default settings) over all of stdin as text,
# then the nesting it built (`built depth: N`, parsers/README.md); any Exception (RecursionError
# included) is the error line. With a phase, the two halves of Markdown.parse of the same
# mistune.html object apart (mistune 2's tokens cannot be handed from its AstRenderer to its
# HTMLRenderer, so the split is where parse() itself goes from parsing to rendering): the block
# parse to the token tree, then, as the serializer, the object's HTML renderer (mistune 2:
# block.render with its inline parser, then the after_render hooks; mistune 3: render_state, which
# also parses the inline text, then the after_render hooks). Both halves run two calls below the
# module, at the depth they have inside mistune.html(text) (__call__, then parse). Input, phases,
# built depth and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import mistune  # noqa: E402


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


text = protocol.input(text=True)
try:
    if protocol.phased():
        tokens, state = call(parse_tokens, mistune.html, text)
        protocol.parsed()
        protocol.serializer(call)(render_tokens, mistune.html, tokens, state)
        protocol.serialized()
        del tokens, state
        protocol.finished()
    html = mistune.html(text)
except Exception as e:
    protocol.error(e)
protocol.built(protocol.html_text_depth, html)
protocol.finished()

# nestprobe parser program: markdown-it-py's MarkdownIt().render (its default commonmark preset,
# default settings) over all of stdin as text, then the nesting it built (`built depth: N`,
# parsers/README.md); any Exception (RecursionError included) is the error line. With a phase, its
# two halves apart, each from a function standing for render()'s frame (the same Python call depth):
# md.parse(text, env) to the token stream, then, as the serializer, md.renderer.render(tokens,
# md.options, env). Input, phases, built depth and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
from markdown_it import MarkdownIt  # noqa: E402


def parse_tokens(md, text, env):
    """Stands for MarkdownIt.render's frame: md.parse runs one call below the module, as there."""
    return md.parse(text, env)


def render_tokens(md, tokens, env):
    """The rest of MarkdownIt.render, at the same depth."""
    return md.renderer.render(tokens, md.options, env)


text = protocol.input(text=True)
try:
    if protocol.phased():
        md = MarkdownIt()
        env = {}
        tokens = parse_tokens(md, text, env)
        protocol.parsed()
        protocol.serializer(render_tokens)(md, tokens, env)
        protocol.serialized()
        del tokens
        protocol.finished()
    html = MarkdownIt().render(text)
except Exception as e:
    protocol.error(e)
protocol.built(protocol.html_text_depth, html)
protocol.finished()

# nestprobe parser program: commonmark.py's commonmark.commonmark (default settings) over all of
# stdin as text, then the nesting it built (`built depth: N`, parsers/README.md); any Exception
# (RecursionError included) is the error line. With a phase, its two halves apart, each from a
# function standing for commonmark()'s frame (the same Python call depth): commonmark.Parser().parse
# to the node tree, then, as the serializer, commonmark.HtmlRenderer().render (the nodes link to
# their parents and siblings: `free`'s collection frees them). Input, phases, built depth and exit
# statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import commonmark  # noqa: E402


def parse_ast(text):
    """Stands for commonmark.commonmark's frame: the parse runs one call below the module, as there."""
    return commonmark.Parser().parse(text)


def render_ast(ast):
    """The rest of commonmark.commonmark, at the same depth."""
    return commonmark.HtmlRenderer().render(ast)


text = protocol.input(text=True)
try:
    if protocol.phased():
        ast = parse_ast(text)
        protocol.parsed()
        protocol.serializer(render_ast)(ast)
        protocol.serialized()
        del ast
        protocol.finished()
    html = commonmark.commonmark(text)
except Exception as e:
    protocol.error(e)
protocol.built(protocol.html_text_depth, html)
protocol.finished()

# nestprobe parser program: mistletoe's mistletoe.markdown (default settings) over all of stdin as
# text, then the nesting it built (`built depth: N`, parsers/README.md); any Exception
# (RecursionError included) is the error line. With a phase, its two halves apart inside the same
# `with HTMLRenderer() as renderer` (the renderer registers its HTML tokens with the parser), each
# from a function standing for markdown()'s frame (the same Python call depth): mistletoe.Document
# (text), then, as the serializer, renderer.render(document). Input, phases, built depth and exit
# statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import mistletoe  # noqa: E402
from mistletoe import Document, HTMLRenderer  # noqa: E402


def parse_document(text):
    """Stands for mistletoe.markdown's frame: Document() runs one call below the module, as there."""
    return Document(text)


def render_document(renderer, document):
    """The rest of mistletoe.markdown, at the same depth."""
    return renderer.render(document)


text = protocol.input(text=True)
try:
    if protocol.phased():
        with HTMLRenderer() as renderer:
            document = parse_document(text)
            protocol.parsed()
            protocol.serializer(render_document)(renderer, document)
            protocol.serialized()
            del document
            protocol.finished()
    html = mistletoe.markdown(text)
except Exception as e:
    protocol.error(e)
protocol.built(protocol.html_text_depth, html)
protocol.finished()

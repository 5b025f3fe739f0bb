# nestprobe parser program: compiles all of stdin as a CSS selector with soupsieve.compile (Beautiful Soup's
# selector engine); phase `run` selects with it once in the document <a></a> (BeautifulSoup, html.parser).
# Any Exception (SelectorSyntaxError, RecursionError, ...) is the error line.
# Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import soupsieve  # noqa: E402
from bs4 import BeautifulSoup  # noqa: E402

data = protocol.input(text=True, language=True)
try:
    selector = soupsieve.compile(data)
    protocol.compiled()
    protocol.runner(lambda: selector.select(BeautifulSoup("<a></a>", "html.parser")))()
except Exception as e:
    protocol.error(e)
del selector
protocol.finished()

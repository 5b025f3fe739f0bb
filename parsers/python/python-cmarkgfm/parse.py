# nestprobe parser program: cmarkgfm's github_flavored_markdown_to_html (the cmark-gfm C library;
# default settings) over all of stdin as text, then the nesting it built (`built depth: N`,
# parsers/README.md); any Exception (RecursionError included) is the error line. No phases (one
# call, no tree exposed). Input, built depth and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import cmarkgfm  # noqa: E402

text = protocol.input(text=True, phases=False)
try:
    html = cmarkgfm.github_flavored_markdown_to_html(text)
except Exception as e:
    protocol.error(e)
protocol.built(protocol.html_text_depth, html)
protocol.finished()

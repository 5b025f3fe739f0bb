# nestprobe parser program: read all of stdin, render it to HTML with markdown-it-py's MarkdownIt().render (its default commonmark preset) (default settings), print
# the nesting it built (`built depth: N`, parsers/README.md), exit 0. Catches any Exception
# (RecursionError included) -> one stderr line, exit 1.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
from built_depth import html_text_depth, report_built, report_error  # noqa: E402
from markdown_it import MarkdownIt  # noqa: E402

text = sys.stdin.buffer.read().decode("utf-8")
try:
    html = MarkdownIt().render(text)
except Exception as e:
    report_error(e)
report_built(html_text_depth(html))

# Shared by the Markdown and HTML rows (parsers/README.md, "What was built"): the nesting a library
# built, counted without recursion so that counting cannot fail where the library did not.
import re
import sys

_TAG = re.compile(r"<(/?)(blockquote|ul|ol|em|strong)\b", re.IGNORECASE)
_KIND = {"blockquote": "q", "ul": "l", "ol": "l", "em": "e", "strong": "e"}


def html_text_depth(html):
    """The deepest nesting of <blockquote>, of <ul>/<ol>, or of <em>/<strong> (emphasis), in rendered
    HTML."""
    open_ = {"q": 0, "l": 0, "e": 0}
    deepest = 0
    for closing, name in _TAG.findall(html):
        kind = _KIND[name.lower()]
        open_[kind] += -1 if closing else 1
        deepest = max(deepest, open_[kind])
    return deepest


def tree_depth(root, children, name):
    """The longest chain of nested div elements, or of b elements, in a tree: an explicit stack."""
    stack = [(root, 0, 0)]
    deepest = 0
    while stack:
        node, divs, bolds = stack.pop()
        tag = name(node)
        divs += tag == "div"
        bolds += tag == "b"
        deepest = max(deepest, divs, bolds)
        stack.extend((child, divs, bolds) for child in children(node))
    return deepest


def report_built(depth):
    print(f"built depth: {depth}", file=sys.stderr)


def report_error(e):
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)

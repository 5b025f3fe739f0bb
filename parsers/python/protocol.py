# The protocol helper of the Python programs (parsers/README.md, "The protocol helper"): input, the
# error line, the exit statuses, the phases' checkpoints and the serializer guard, and the built
# depth of the renderers with its counters. A program reaches it as ../protocol.py, on the host and
# inside an environment's root alike (copied beside the program's folder there):
#
#     sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
#     import protocol
#
# and calls its library from its own module level, inside its own `try: … except Exception as e:
# protocol.error(e)`, so the library runs at the Python call depth it always had (the recursion
# limit has no tolerance). Everything here runs before the parse or after it.
import gc
import os
import sys

_PHASES = ("parse", "free", "serialize")
_LANGUAGE_PHASES = ("compile", "run")
_phase = None


def input(text=False, phases=True, serialize=True, language=False):
    """The phase (the optional last argument; `phases=False`: the program takes none, `serialize=False`:
    it has no serializer, `language=True`: a pattern, query or code, whose phases are compile and run)
    checked before stdin is read: an unknown one is one stderr line and exit 2. Then all of stdin, as
    bytes, or decoded from UTF-8 with `text=True` (outside the program's `try`: as before, text that is
    not UTF-8 is Python's own traceback, exit 1)."""
    global _phase
    known = _PHASES if serialize else _PHASES[:2]
    known = known if phases else ()
    known = _LANGUAGE_PHASES if language else known
    phase = sys.argv[-1] if len(sys.argv) > 1 else None
    if phase is not None and phase not in known:
        names = ", ".join(known[:-1]) + " or " + known[-1] if known else "this program takes none"
        print(f"unknown phase: {phase} ({names})", file=sys.stderr)
        sys.exit(2)
    _phase = phase
    data = sys.stdin.buffer.read()
    return data.decode("utf-8") if text else data


def phased():
    """Whether a phase was given: for a row that parses differently with one (a one-shot render
    without a phase, its two halves with one)."""
    return _phase is not None


def fail(kind, message):
    """The error line, `<kind>: <message>` (whitespace folded, cut at 200 characters), exit 1."""
    message = " ".join(str(message).split())[:200]
    print(f"{kind}: {message}", file=sys.stderr)
    sys.exit(1)


def error(e):
    """A caught exception, from the program's own `except Exception as e`: its type and message."""
    fail(type(e).__name__, e)


def parsed():
    """After the parse: in phase `parse`, exit 0 at once, nothing released."""
    if _phase == "parse":
        os._exit(0)


def compiled():
    """After a language's compile: in phase `compile`, exit 0 at once, nothing released; without a phase
    the program goes on to its end, as a compile alone."""
    if _phase == "compile":
        os._exit(0)


class _Skipped:
    """What the guard gives outside phase `serialize`: calling it, or anything it gives, does nothing."""

    def __call__(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return self


_SKIPPED = _Skipped()


def serializer(write):
    """The serializer guard: `write` itself in phase `serialize` (called from the program's own code,
    at the depth it had there), a no-op otherwise: `protocol.serializer(json.dumps)(value)`."""
    return write if _phase == "serialize" else _SKIPPED


def runner(run):
    """The run guard: `run` itself in phase `run` (what a language's program runs once it compiled: match
    the subject `a`, run the query, evaluate; called from the program's own code, inside its own `try`),
    a no-op otherwise: `protocol.runner(pattern.match)("a")`."""
    return run if _phase == "run" else _SKIPPED


def serialized():
    """After the serializer: in phase `serialize`, exit 0 at once."""
    if _phase == "serialize":
        os._exit(0)


def finished():
    """After the program released its value (`del`): in phase `free`, the collection (`gc.collect()`)
    and `os._exit(0)`; without a phase, the end of the program as it was, `sys.exit(0)`."""
    if _phase is not None:
        if _phase == "free":
            gc.collect()
        os._exit(0)
    sys.exit(0)


def built(count, *args):
    """A renderer's `built depth: N` (parsers/README.md, "What was built"), N = count(*args), one of
    the counters below; only without a phase: a phase reports no built depth and counts nothing."""
    if _phase is None:
        print(f"built depth: {count(*args)}", file=sys.stderr)


_TAG = None
_KIND = {"blockquote": "q", "ul": "l", "ol": "l", "em": "e", "strong": "e"}


def html_text_depth(html):
    """The deepest nesting of <blockquote>, of <ul>/<ol>, or of <em>/<strong> (emphasis), in rendered
    HTML: its tags scanned with counters, without recursion."""
    global _TAG
    if _TAG is None:
        import re

        _TAG = re.compile(r"<(/?)(blockquote|ul|ol|em|strong)\b", re.IGNORECASE)
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

# The protocol helper of the SQL rows (parsers/README.md, "The protocol helper"): input, the error line
# and the exit statuses (the rows take no phase). Their programs are Python drivers that hand the text to
# a database (an in-process SQLite or DuckDB, or a PostgreSQL server): the depth is the database's, not
# Python's. A program reaches it as ../protocol.py, on the host and inside an environment's root alike
# (copied beside the program's folder there):
#
#     sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
#     import protocol
#
# and runs its query from its own module level, inside its own `try: … except Exception as e:
# protocol.error(e)`.
import sys


def input(text=False, own=0):
    """The program's `own` leading arguments aside (postgresql-json's build folder), a further argument
    would be a phase, and these programs know none: one stderr line and exit 2, before stdin is read.
    Then all of stdin, as bytes, or as text (UTF-8, undecodable bytes kept as surrogates) with `text=True`."""
    if len(sys.argv) > 1 + own:
        print(f"unknown phase: {sys.argv[-1]} (this program takes none)", file=sys.stderr)
        sys.exit(2)
    data = sys.stdin.buffer.read()
    return data.decode("utf-8", "surrogateescape") if text else data


def fail(kind, message, status=1):
    """The error line, `<kind>: <message>` (whitespace folded, cut at 200 characters), exit 1 (a program
    whose database could not be reached at all says `status=2`)."""
    line = " ".join(f"{kind}: {message}".split())
    print(line[:200], file=sys.stderr)
    sys.exit(status)


def error(e, status=1):
    """A caught exception, from the program's own `except … as e`: its type and message."""
    fail(type(e).__name__, e, status)


def finished():
    """The end of the program as it was: exit 0."""
    sys.exit(0)

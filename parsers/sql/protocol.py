# The protocol helper of the SQL rows (parsers/README.md, "The protocol helper"): input, the error line
# and the exit statuses (the JSON rows take no phase; the `sql` rows take a language's, compile and run). Their programs are Python drivers that hand the text to
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


_phase = None


def input(text=False, own=0, language=False):
    """The program's `own` leading arguments aside (postgresql-json's build folder), a further argument
    is a phase: the JSON rows know none, a statement's program (`language=True`) knows compile and run;
    any other is one stderr line and exit 2, before stdin is read. Then all of stdin, as bytes, or as
    text (UTF-8, undecodable bytes kept as surrogates) with `text=True`."""
    global _phase
    if len(sys.argv) > 1 + own:
        given = sys.argv[-1]
        if not (language and given in ("compile", "run")):
            known = "compile or run" if language else "this program takes none"
            print(f"unknown phase: {given} ({known})", file=sys.stderr)
            sys.exit(2)
        _phase = given
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


def compiled():
    """After the statement compiled (prepared): in phase `compile`, exit 0; without a phase the program
    goes on to its end, as a compile alone."""
    if _phase == "compile":
        sys.exit(0)


class _Skipped:
    """What the run guard gives outside phase `run`: calling it, or anything it gives, does nothing."""

    def __call__(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return self


def runner(run):
    """The run guard: `run` itself in phase `run` (executing what was compiled, from the program's own
    code inside its own `try`), a no-op otherwise: `protocol.runner(connection.execute)("EXECUTE q")`."""
    return run if _phase == "run" else _Skipped()

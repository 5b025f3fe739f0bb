# The protocol helper of the Jsonnet rows (parsers/README.md, "The protocol helper"): input, the error
# line and the exit statuses (the rows take no phase). Their programs are Python wrappers around the
# jsonnet CLI (the parse happens in that child, so Python's depth plays no part). A program reaches it as
# ../protocol.py, on the host and inside an environment's root alike (copied beside the program's folder
# there):
#
#     sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
#     import protocol
import os
import signal
import sys


def input():
    """No phase argument is known to these programs: any argument is one stderr line and exit 2, before
    stdin is read. Then all of stdin, as bytes."""
    if len(sys.argv) > 1:
        print(f"unknown phase: {sys.argv[-1]} (this program takes none)", file=sys.stderr)
        sys.exit(2)
    return sys.stdin.buffer.read()


def fail(kind, message):
    """The error line, `<kind>: <message>` (whitespace folded, the message cut at 200 characters), exit 1."""
    message = " ".join(str(message).split())[:200]
    print(f"{kind}: {message}", file=sys.stderr)
    sys.exit(1)


def passed_on(returncode, stderr):
    """Anything but the CLI's clean error, as the CLI ended: a signal it died from is raised again on this
    process, uncaught (SIG_DFL); any other status is this one's, its stderr passed through."""
    if returncode < 0:
        signal.signal(-returncode, signal.SIG_DFL)
        os.kill(os.getpid(), -returncode)
    sys.stderr.write(stderr)
    sys.exit(returncode)

# nestprobe wrapper for MuJS, whose shell can neither read a pipe (read() seeks; readline() splits long lines) nor
# write to stderr (console.error prints to stdout): save all of stdin to a temporary file, run
# `/usr/bin/mujs parse.js FILE`, remove the file. parse.js prints one line "<ErrorName>: <message>" on stdout when
# JSON.parse threw (caught by try/catch) -> that line on stderr + exit 1. mujs's own exit status is passed on
# otherwise, and if mujs died from a signal the wrapper dies the same way.
# It keeps its own protocol code instead of ../protocol.js: the wrapper is Python (the mujs shell cannot read a pipe
# nor write to stderr, so the protocol's input and error line must live outside JavaScript), and the catalog's run,
# recorded with every result, names it.
import os
import signal
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
data = sys.stdin.buffer.read()
with tempfile.NamedTemporaryFile(prefix="mujs-input.", delete=False) as f:
    f.write(data)
try:
    proc = subprocess.run(["/usr/bin/mujs", os.path.join(here, "parse.js"), f.name], stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
finally:
    os.unlink(f.name)
rc = proc.returncode
if rc < 0:  # mujs was killed by a signal: re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
out = proc.stdout.decode("utf-8", "replace").strip()
if rc == 0 and out:
    print(out.splitlines()[0][:250], file=sys.stderr)
    sys.exit(1)
sys.stderr.buffer.write(proc.stderr)
sys.exit(rc)

# nestprobe wrapper for njs (NGINX JavaScript), whose CLI can neither read a pipe (fs.readFileSync wants a regular
# file) nor exit with a chosen status (no process.exit in njs 0.7): save all of stdin to a temporary file, run
# `/usr/bin/njs parse.js FILE`, remove the file. parse.js prints one line "<ErrorName>: <message>" on stdout when
# JSON.parse threw (caught by try/catch) -> that line on stderr + exit 1. njs's own exit status is passed on
# otherwise, and if njs died from a signal the wrapper dies the same way.
# It keeps its own protocol code instead of ../protocol.js: njs 0.7 can load no second script (no load(), no eval;
# its modules need `export default`, which the other engines' scripts cannot have), and the input and exit status
# must live outside JavaScript anyway.
import os
import signal
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
data = sys.stdin.buffer.read()
with tempfile.NamedTemporaryFile(prefix="njs-input.", delete=False) as f:
    f.write(data)
try:
    proc = subprocess.run(["/usr/bin/njs", os.path.join(here, "parse.js"), f.name], stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
finally:
    os.unlink(f.name)
rc = proc.returncode
if rc < 0:  # njs was killed by a signal: re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
out = proc.stdout.decode("utf-8", "replace").strip()
if rc == 0 and out:
    print(out.splitlines()[0][:250], file=sys.stderr)
    sys.exit(1)
sys.stderr.buffer.write(proc.stderr)
sys.exit(rc)

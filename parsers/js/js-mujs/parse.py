# nestprobe wrapper for the JavaScript shells that can read no pipe, the shell the first argument:
# `/usr/bin/mujs` (MuJS: read() seeks, readline() splits long lines, and console.error prints to stdout) or
# `/usr/bin/njs` (NGINX JavaScript: fs.readFileSync wants a regular file, and njs 0.7 has no process.exit):
# save all of stdin to a temporary file, run `SHELL parse.js FILE`, remove the file. parse.js prints one line
# "<ErrorName>: <message>" on stdout when JSON.parse threw (caught by try/catch) -> that line on stderr +
# exit 1. The shell's own exit status is passed on otherwise, and if the shell died from a signal the wrapper
# dies the same way.
# It keeps its own protocol code instead of ../protocol.js: the wrapper is Python (neither shell can read a
# pipe, nor both write to stderr and choose an exit status, so the protocol's input and error line must live
# outside JavaScript; njs 0.7 cannot even load a second script: no load(), no eval, and its modules need
# `export default`, which the other engines' scripts cannot have), and the catalog's run, recorded with every
# result, names it.
import os
import signal
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
shell = sys.argv[1]
data = sys.stdin.buffer.read()
with tempfile.NamedTemporaryFile(prefix=os.path.basename(shell) + "-input.", delete=False) as f:
    f.write(data)
try:
    proc = subprocess.run([shell, os.path.join(here, "parse.js"), f.name], stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE)
finally:
    os.unlink(f.name)
rc = proc.returncode
if rc < 0:  # the shell was killed by a signal: re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
out = proc.stdout.decode("utf-8", "replace").strip()
if rc == 0 and out:
    print(out.splitlines()[0][:250], file=sys.stderr)
    sys.exit(1)
sys.stderr.buffer.write(proc.stderr)
sys.exit(rc)

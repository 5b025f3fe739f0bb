# nestprobe parser program for the jshon CLI (a shell JSON tool on jansson): read all of stdin, feed it to
# `/usr/bin/jshon -t`
# (jshon loads the whole document with jansson, then -t prints its type). jshon's error exit 1 with "json read error:
# "
# -> one stderr line + exit 1; any other exit status is passed on as is, and if jshon died from a signal the wrapper
# dies the same way.
import os
import signal
import subprocess
import sys

data = sys.stdin.buffer.read()
proc = subprocess.run(["/usr/bin/jshon", "-t"], input=data, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
rc = proc.returncode
if rc < 0:  # jshon was killed by a signal: re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
err = proc.stderr.decode("utf-8", "replace")
prefix = "json read error: "
if rc == 1 and err.startswith(prefix):
    msg = " ".join(err[len(prefix):].split())[:200]
    print(f"JsonReadError: {msg}", file=sys.stderr)
    sys.exit(1)
sys.stderr.write(err)
sys.exit(rc)

# nestprobe parser program for the gojq CLI (a jq clone in Go): read all of stdin, feed it to `/usr/bin/gojq empty`
# (gojq decodes each input value, then the no-op filter discards it). gojq's error exit 5 with "gojq: invalid json"
# -> one stderr line + exit 1; any other exit status is passed on as is, and if gojq died from a signal the wrapper
# dies the same way.
import os
import signal
import subprocess
import sys

data = sys.stdin.buffer.read()
proc = subprocess.run(["/usr/bin/gojq", "empty"], input=data, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
rc = proc.returncode
if rc < 0:  # gojq was killed by a signal: re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
err = proc.stderr.decode("utf-8", "replace")
prefix = "gojq: invalid json: "
if rc == 5 and err.startswith(prefix):
    msg = " ".join(err[len(prefix):].split())[:200]
    print(f"InvalidJSONError: {msg}", file=sys.stderr)
    sys.exit(1)
sys.stderr.write(err)
sys.exit(rc)

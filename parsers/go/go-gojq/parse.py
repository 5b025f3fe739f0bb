# nestprobe parser program for the gojq CLI (a jq clone in Go): read all of stdin, feed it to `/usr/bin/gojq empty`
# (gojq decodes each input value, then the no-op filter discards it). gojq's error exit 5 with "gojq: invalid json"
# -> one stderr line + exit 1; any other exit status is passed on as is, and if gojq died from a signal the wrapper
# dies the same way.
# Optional last argument, the phase (parsers/README.md, "Phases"), as gojq's filter: `parse` runs `halt` (gojq stops
# processing at once: os.Exit), `free` runs `empty` (the value becomes unreachable, but a CLI cannot force Go's
# collection, so the row does not declare `free`), `serialize` runs `.` with -c (gojq writes the value back; the text
# is discarded). Without it: `empty`, as before. An unknown phase: exit 2.
import os
import signal
import subprocess
import sys

FILTERS = {None: ["empty"], "parse": ["halt"], "free": ["empty"], "serialize": ["-c", "."]}
phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in FILTERS:
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

data = sys.stdin.buffer.read()
proc = subprocess.run(["/usr/bin/gojq", *FILTERS[phase]], input=data, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
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

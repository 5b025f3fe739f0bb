# nestprobe parser program for the jq CLI: read all of stdin, feed it to `/usr/bin/jq empty` (jq parses and builds
# each value, then the no-op filter discards it). jq's "parse error" exit (4 in jq 1.6, 2 or 5 in jq 1.7, whose message
# starts "jq: parse error: ") -> one stderr line + exit 1; any other exit status is passed on as is, and if jq died from a signal the wrapper dies the same way.
# Optional last argument, the phase (parsers/README.md, "Phases"), as jq's filter: `parse` runs `halt` (jq stops
# processing at once; a CLI cannot promise it skips its own clean-up), `free` runs `empty` (the value is discarded
# and freed: jv_free recurses), `serialize` runs `.` with -c (jq writes the value back; the text is discarded).
# Without it: `empty`, as before. An unknown phase: exit 2.
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
proc = subprocess.run(["/usr/bin/jq", *FILTERS[phase]], input=data, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
rc = proc.returncode
if rc < 0:  # jq was killed by a signal (SIGSEGV, SIGABRT, ...): re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
err = proc.stderr.decode("utf-8", "replace")
prefix = next((p for p in ("parse error: ", "jq: parse error: ") if err.startswith(p)), None)
if rc in (2, 4, 5) and prefix:
    msg = " ".join(err[len(prefix):].split())[:200]
    print(f"ParseError: {msg}", file=sys.stderr)
    sys.exit(1)
sys.stderr.write(err)
sys.exit(rc)

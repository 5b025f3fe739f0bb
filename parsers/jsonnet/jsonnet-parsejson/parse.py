# nestprobe parser program for Jsonnet's std.parseJson (the C++ jsonnet CLI): read all of stdin, hand it to
# `/usr/bin/jsonnet` as the external string variable `input` and evaluate
# std.type(std.parseJson(std.extVar("input"))),
# which parses the text into Jsonnet values. jsonnet's error exit 1 with "RUNTIME ERROR: ..." -> one stderr line +
# exit 1; any other exit status is passed on as is, and if jsonnet died from a signal the wrapper dies the same way.
import os
import signal
import subprocess
import sys

data = sys.stdin.buffer.read()
proc = subprocess.run(
    ["/usr/bin/jsonnet", "--ext-str-file", "input=/dev/stdin", "-e", 'std.type(std.parseJson(std.extVar("input")))'],
    input=data,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.PIPE,
)
rc = proc.returncode
if rc < 0:  # jsonnet was killed by a signal: re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
err = proc.stderr.decode("utf-8", "replace")
prefix = "RUNTIME ERROR: "
if rc == 1 and err.startswith(prefix):
    msg = " ".join(err[len(prefix):].splitlines()[0].split())[:200]
    print(f"RuntimeError: {msg}", file=sys.stderr)
    sys.exit(1)
sys.stderr.write(err)
sys.exit(rc)

# nestprobe parser program for Jsonnet's std.parseJson (the C++ jsonnet CLI): all of stdin handed to
# `/usr/bin/jsonnet` as the external string variable `input`, evaluating
# std.type(std.parseJson(std.extVar("input"))), which parses the text into Jsonnet values. jsonnet's error
# exit 1 with "RUNTIME ERROR: ..." -> protocol.fail: one stderr line, exit 1; anything else, a signal
# included, is passed on as the CLI ended (protocol.passed_on). Input and exits: ../protocol.py.
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

data = protocol.input()
proc = subprocess.run(
    ["/usr/bin/jsonnet", "--ext-str-file", "input=/dev/stdin", "-e", 'std.type(std.parseJson(std.extVar("input")))'],
    input=data,
    stdout=subprocess.DEVNULL,
    stderr=subprocess.PIPE,
)
err = proc.stderr.decode("utf-8", "replace")
prefix = "RUNTIME ERROR: "
if proc.returncode == 1 and err.startswith(prefix):
    protocol.fail("RuntimeError", err[len(prefix):].splitlines()[0])
protocol.passed_on(proc.returncode, err)

# nestprobe parser program for the jq-compatible CLIs, the CLI the first argument: `/usr/bin/jq` (jq parses and
# builds each value) or `/usr/bin/gojq` (gojq, a jq clone in Go, decodes each input value). Read all of stdin,
# feed it to `CLI empty` (the no-op filter discards each value). The CLI's parse-error exit -> one stderr line +
# exit 1: jq's (4 in jq 1.6, 2 or 5 in jq 1.7, whose message starts "jq: parse error: ") as ParseError, gojq's
# (5, "gojq: invalid json") as InvalidJSONError; any other exit status is passed on as is, and if the CLI died
# from a signal the wrapper dies the same way.
# Optional last argument, the phase (parsers/README.md, "Phases"), as a filter: `parse` runs `halt` (the CLI
# stops processing at once; a CLI cannot promise it skips its own clean-up; gojq calls os.Exit), `free` runs
# `empty` (jq: the value is discarded and freed, jv_free recurses; gojq: the value becomes unreachable, but a
# CLI cannot force Go's collection, so go-gojq does not declare `free`), `serialize` runs `.` with -c (the CLI
# writes the value back; the text is discarded). Without it: `empty`, as before. An unknown phase: exit 2.
import os
import signal
import subprocess
import sys

# Per CLI: its parse-error exit statuses, the prefixes of its message, the kind reported.
PARSE_ERRORS = {
    "jq": ((2, 4, 5), ("parse error: ", "jq: parse error: "), "ParseError"),
    "gojq": ((5,), ("gojq: invalid json: ",), "InvalidJSONError"),
}
FILTERS = {None: ["empty"], "parse": ["halt"], "free": ["empty"], "serialize": ["-c", "."]}
cli = sys.argv[1]
statuses, prefixes, kind = PARSE_ERRORS[os.path.basename(cli)]
phase = sys.argv[-1] if len(sys.argv) > 2 else None
if phase not in FILTERS:
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

data = sys.stdin.buffer.read()
proc = subprocess.run([cli, *FILTERS[phase]], input=data, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
rc = proc.returncode
if rc < 0:  # the CLI was killed by a signal (SIGSEGV, SIGABRT, ...): re-raise it on ourselves, uncaught
    signal.signal(-rc, signal.SIG_DFL)
    os.kill(os.getpid(), -rc)
err = proc.stderr.decode("utf-8", "replace")
prefix = next((p for p in prefixes if err.startswith(p)), None)
if rc in statuses and prefix:
    msg = " ".join(err[len(prefix):].split())[:200]
    print(f"{kind}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.stderr.write(err)
sys.exit(rc)

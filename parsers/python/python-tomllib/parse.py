# nestprobe parser program: read all of stdin, parse it with the stdlib tomllib.loads (default settings).
# Catches any Exception (parse errors, RecursionError, ...) -> one stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with os._exit(0); `free` does `del value; gc.collect()`, then os._exit(0); no `serialize`
# (the library has no writer; tomli-w is another package). Without it: the value is dropped as soon
# as the parse returns (reference counting), then sys.exit(0) (as before).
import gc
import os
import sys
import tomllib

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free"):
    print(f"unknown phase: {phase} (parse or free)", file=sys.stderr)
    sys.exit(2)

data = sys.stdin.buffer.read()
try:
    if phase is None:
        tomllib.loads(data.decode("utf-8"))
    else:
        value = tomllib.loads(data.decode("utf-8"))
        if phase == "free":
            del value
            gc.collect()
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
if phase is not None:
    os._exit(0)
sys.exit(0)

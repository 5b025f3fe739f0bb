# nestprobe parser program: read all of stdin, read it with edn_format.loads (the edn_format
# package, default options). Catches any Exception (EDNDecodeError, RecursionError) -> one stderr
# line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with os._exit(0); `free` does `del value; gc.collect()`, then os._exit(0); `serialize`
# writes it back with edn_format.dumps (default options; an exception is exit 1), then os._exit(0).
# Without it: the value is dropped as soon as the parse returns (reference counting), then
# sys.exit(0) (as before).
import gc
import os
import sys

import edn_format

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

text = sys.stdin.buffer.read().decode("utf-8")
try:
    if phase is None:
        edn_format.loads(text)
    else:
        value = edn_format.loads(text)
        if phase == "free":
            del value
            gc.collect()
        elif phase == "serialize":
            edn_format.dumps(value)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
if phase is not None:
    os._exit(0)
sys.exit(0)

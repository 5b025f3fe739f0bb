# nestprobe parser program: read all of stdin, decode it with pymongo's bson.decode (default codec
# options) into dicts and lists. Catches any Exception (InvalidBSON, RecursionError) -> one stderr
# line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` keeps the value and ends
# at once with os._exit(0); `free` does `del value; gc.collect()`, then os._exit(0); `serialize`
# encodes it back with bson.encode (default codec options; an exception is exit 1), then
# os._exit(0). Without it: the value is dropped as soon as bson.decode returns (reference
# counting), then sys.exit(0) (as before).
import gc
import os
import sys

import bson

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

data = sys.stdin.buffer.read()
try:
    if phase is None:
        bson.decode(data)
    else:
        value = bson.decode(data)
        if phase == "free":
            del value
            gc.collect()
        elif phase == "serialize":
            bson.encode(value)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
if phase is not None:
    os._exit(0)
sys.exit(0)

# nestprobe parser program: read all of stdin, parse it with the stdlib json.loads (defaults).
# Catches any Exception (JSONDecodeError, RecursionError, ...) -> one stderr line, exit 1.
# Phase (optional last argument; parsers/README.md, "Phases"): `parse` ends with os._exit right after
# the parse, the value never released; `free` drops the last reference and collects; `serialize`
# writes it back with json.dumps, then os._exit. Without one: the value is dropped at once (its
# reference count), as it always was.
import gc
import os
import sys
import json

phase = sys.argv[1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print("usage: parse.py [parse|free|serialize]", file=sys.stderr)
    sys.exit(2)
data = sys.stdin.buffer.read()
try:
    if phase is None:
        json.loads(data)
    else:
        value = json.loads(data)
        if phase == "serialize":
            json.dumps(value)
        if phase in ("parse", "serialize"):
            os._exit(0)
        del value
        gc.collect()
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

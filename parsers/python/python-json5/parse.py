# nestprobe parser program: read all of stdin, parse it with json5.loads (the pure-Python json5 package; default
# settings).
# Catches any Exception (decode errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import json5

data = sys.stdin.buffer.read()
try:
    json5.loads(data.decode("utf-8"))
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

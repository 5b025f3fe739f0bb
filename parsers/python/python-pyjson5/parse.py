# nestprobe parser program: read all of stdin, parse it with pyjson5.loads (default settings).
# Catches any Exception (decode errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import pyjson5

data = sys.stdin.buffer.read()
try:
    pyjson5.loads(data.decode("utf-8"))
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

# nestprobe parser program: read all of stdin, parse it with msgspec.json.decode (default settings).
# Catches any Exception (decode errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import msgspec

data = sys.stdin.buffer.read()
try:
    msgspec.json.decode(data)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

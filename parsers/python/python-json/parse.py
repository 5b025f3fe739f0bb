# nestprobe parser program: read all of stdin, parse it with the stdlib json.loads (defaults).
# Catches any Exception (JSONDecodeError, RecursionError, ...) -> one stderr line, exit 1.
import sys
import json

data = sys.stdin.buffer.read()
try:
    json.loads(data)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

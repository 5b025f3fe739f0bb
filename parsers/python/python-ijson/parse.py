# nestprobe parser program: read all of stdin, parse it with ijson.items(stream, "") with ijson's default backend,
# building the top-level value (default settings).
# Catches any Exception (decode errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import io
import ijson

data = sys.stdin.buffer.read()
try:
    for _ in ijson.items(io.BytesIO(data), ""):
        pass
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

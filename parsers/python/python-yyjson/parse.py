# nestprobe parser program: read all of stdin, parse it with the yyjson binding: yyjson.Document(data).as_obj (a C
# yyjson document, then Python objects; default settings).
# Catches any Exception (decode errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import yyjson

data = sys.stdin.buffer.read()
try:
    yyjson.Document(data).as_obj
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

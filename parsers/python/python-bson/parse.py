# nestprobe parser program: read all of stdin, decode it with pymongo's bson.decode (default codec
# options) into dicts and lists. Catches any Exception (InvalidBSON, RecursionError) -> one stderr
# line, exit 1.
import sys

import bson

data = sys.stdin.buffer.read()
try:
    bson.decode(data)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

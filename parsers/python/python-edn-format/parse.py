# nestprobe parser program: read all of stdin, read it with edn_format.loads (the edn_format
# package, default options). Catches any Exception (EDNDecodeError, RecursionError) -> one stderr
# line, exit 1.
import sys

import edn_format

text = sys.stdin.buffer.read().decode("utf-8")
try:
    edn_format.loads(text)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

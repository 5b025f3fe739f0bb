# nestprobe parser program: read all of stdin, read it with sexpdata.loads (the sexpdata package,
# default options). Catches any Exception (ExpectClosingBracket, RecursionError) -> one stderr line,
# exit 1.
import sys

import sexpdata

text = sys.stdin.buffer.read().decode("utf-8")
try:
    sexpdata.loads(text)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

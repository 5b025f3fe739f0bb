# nestprobe parser program: read all of stdin, parse it with lxml.etree.fromstring (libxml2) (default settings).
# Catches any Exception (parse errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
from lxml import etree

data = sys.stdin.buffer.read()
try:
    etree.fromstring(data)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

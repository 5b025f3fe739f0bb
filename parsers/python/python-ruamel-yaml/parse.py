# nestprobe parser program: read all of stdin, parse it with ruamel.yaml's YAML().load (round-trip loader, the default) (default settings).
# Catches any Exception (parse errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
from ruamel.yaml import YAML

data = sys.stdin.buffer.read()
try:
    YAML().load(data)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

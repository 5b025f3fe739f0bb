# nestprobe parser program: read all of stdin, parse it with tomlkit.parse (default settings).
# Catches any Exception (parse errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import tomlkit

data = sys.stdin.buffer.read()
try:
    tomlkit.parse(data.decode("utf-8"))
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

# nestprobe parser program: read all of stdin, parse it with PyYAML's C loader (libyaml), as services do
# for speed: yaml.load(data, Loader=yaml.CSafeLoader), default settings.
# Catches any Exception (parse errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import yaml

data = sys.stdin.buffer.read()
try:
    yaml.load(data, Loader=yaml.CSafeLoader)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

# nestprobe parser program: read all of stdin, evaluate it with ast.literal_eval (the standard
# library's safe evaluation of Python literals: lists, dicts, …). Catches any Exception
# (SyntaxError, ValueError, RecursionError, MemoryError) -> one stderr line, exit 1.
import ast
import sys

text = sys.stdin.buffer.read().decode("utf-8")
try:
    ast.literal_eval(text)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

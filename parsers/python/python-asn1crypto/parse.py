# nestprobe parser program: read all of stdin, load it with asn1crypto.core.load(data, strict=True)
# (no schema). asn1crypto parses the children of a constructed value only when they are asked for,
# so every value is then walked with an explicit stack (iterating a Sequence parses its children):
# every level is parsed, and the walk itself does not recurse. Catches any Exception -> one stderr
# line, exit 1.
import sys

import asn1crypto.core as core

data = sys.stdin.buffer.read()
try:
    stack = [core.load(data, strict=True)]
    while stack:
        value = stack.pop()
        if isinstance(value, (core.Sequence, core.SequenceOf, core.Set, core.SetOf)):
            stack.extend(value)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

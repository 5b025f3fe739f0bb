# nestprobe parser program: read all of stdin, load it with asn1crypto.core.load(data, strict=True)
# (no schema). Without a schema a constructed value's children are not parsed at all (a universal
# SEQUENCE has no fields, and iterating it yields nothing), so every constructed value's contents are
# parsed here, one child after another, with asn1crypto's own parse-and-build of one encoded value
# (core._parse_build, what its Sequence uses for its children), walking with an explicit stack: every
# level is parsed by the library, and the walk itself does not recurse. Catches any Exception -> one
# stderr line, exit 1.
import sys

import asn1crypto.core as core

data = sys.stdin.buffer.read()
try:
    stack = [core.load(data, strict=True)]
    while stack:
        value = stack.pop()
        if value.method == 1:  # constructed
            contents, pointer = value.contents, 0
            while pointer < len(contents):
                child, pointer = core._parse_build(contents, pointer)
                stack.append(child)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

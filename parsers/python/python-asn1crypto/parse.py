# nestprobe parser program: asn1crypto.core.load(data, strict=True) (no schema) over all of stdin.
# Without a schema a constructed value's children are not parsed at all (a universal SEQUENCE has no
# fields, and iterating it yields nothing), so every constructed value's contents are parsed here,
# one child after another, with asn1crypto's own parse-and-build of one encoded value
# (core._parse_build, what its Sequence uses for its children), walking with an explicit stack:
# every level is parsed by the library, and the walk itself does not recurse. Any Exception is the
# error line. No phases (no tree is kept). Input and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import asn1crypto.core as core  # noqa: E402

data = protocol.input(phases=False)
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
    protocol.error(e)
protocol.finished()

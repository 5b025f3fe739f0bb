# nestprobe parser program: read all of stdin, parse it with graphql-core's parse
# (default options) into its AST. Catches any Exception (GraphQLSyntaxError, RecursionError) -> one
# stderr line, exit 1.
# Optional last argument, the phase (parsers/README.md, "Phases"): `parse` ends with os._exit(0),
# the AST kept; `free` drops it and runs gc.collect(), then os._exit(0); `serialize` prints it back
# with graphql.language.print_ast, then os._exit(0). Without it: the AST is dropped on return, exit 0.
import gc
import os
import sys

# (graphql.language.parser and .printer: the modules graphql-core 2 and 3 both have.)
from graphql.language.parser import parse
from graphql.language.printer import print_ast

phase = sys.argv[-1] if len(sys.argv) > 1 else None
if phase not in (None, "parse", "free", "serialize"):
    print(f"unknown phase: {phase} (parse, free or serialize)", file=sys.stderr)
    sys.exit(2)

text = sys.stdin.buffer.read().decode("utf-8")
try:
    document = parse(text)
    if phase == "parse":
        os._exit(0)
    if phase == "free":
        del document
        gc.collect()
        os._exit(0)
    if phase == "serialize":
        print_ast(document)
        os._exit(0)
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

# nestprobe program: tree-sitter (the py-tree-sitter binding of the C library) with a grammar's package, the
# first argument (before the optional phase): `tree_sitter_python`, `tree_sitter_javascript`, …;
# Parser(Language(grammar.language())).parse over all of stdin, the bare payload as the whole
# source file (no wrapping). tree-sitter never raises on bad input: it recovers and marks the tree, so a tree
# whose root has_error (ERROR or MISSING nodes) is the error line, exit 1; any Exception too. Phase compile
# only: the syntax tree is built, nothing runs. Input, phases and exit statuses: ../protocol.py.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol  # noqa: E402
import tree_sitter  # noqa: E402
import importlib  # noqa: E402

grammar = importlib.import_module(sys.argv.pop(1))  # what is left is the phase, if any

data = protocol.input(language=True)
try:
    tree = tree_sitter.Parser(tree_sitter.Language(grammar.language())).parse(data)
    if tree.root_node.has_error:
        protocol.fail("tree_sitter.SyntaxError", "the tree has ERROR or MISSING nodes")
except Exception as e:
    protocol.error(e)
protocol.compiled()
del tree
protocol.finished()

# nestprobe parser program: all of stdin is one SQL statement for an in-memory DuckDB database (the duckdb
# package from PyPI, in-process). Compile: `PREPARE q AS <statement>`, which parses, binds and plans it.
# Phase `run`: `EXECUTE q` on the empty database and its rows fetched. Any Exception (duckdb errors,
# "Maximum recursion depth exceeded", ...) -> protocol.error: one stderr line, exit 1.
# The folder's helper (../protocol.py) predates the language phases: the phase, `compile` or `run`, is
# taken off the arguments here; anything else is left for protocol.input to refuse (exit 2).
import os
import sys

import duckdb

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

running = sys.argv[-1] == "run" and len(sys.argv) > 1
if len(sys.argv) > 1 and sys.argv[-1] in ("compile", "run"):
    sys.argv.pop()
statement = protocol.input(text=True)
try:
    connection = duckdb.connect(":memory:")
    connection.execute("PREPARE q AS " + statement)
    if running:
        connection.execute("EXECUTE q").fetchall()
except Exception as e:
    protocol.error(e)
protocol.finished()

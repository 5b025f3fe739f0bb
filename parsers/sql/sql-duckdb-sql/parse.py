# nestprobe parser program: all of stdin is one SQL statement for an in-memory DuckDB database (the duckdb
# package from PyPI, in-process). Compile: `PREPARE q AS <statement>`, which parses, binds and plans it.
# Phase `run`: `EXECUTE q` on the empty database and its rows fetched. Any Exception (duckdb errors,
# "Maximum recursion depth exceeded", ...) -> protocol.error: one stderr line, exit 1.
import os
import sys

import duckdb

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

statement = protocol.input(text=True, language=True)
try:
    connection = duckdb.connect(":memory:")
    connection.execute("PREPARE q AS " + statement)
except Exception as e:
    protocol.error(e)
protocol.compiled()
try:
    protocol.runner(connection.execute)("EXECUTE q").fetchall()
except Exception as e:
    protocol.error(e)
protocol.finished()

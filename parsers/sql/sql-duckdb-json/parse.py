# nestprobe parser program: all of stdin handed to DuckDB as a bound VARCHAR parameter and cast to JSON in
# SQL (SELECT CAST(? AS JSON)), so DuckDB's json extension parses it (in-process database); any Exception
# (duckdb errors, RecursionError, ...) -> protocol.error: one stderr line, exit 1.
# Input and exits: ../protocol.py.
import os
import sys

import duckdb

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

data = protocol.input(text=True)
try:
    duckdb.connect(":memory:").execute("SELECT CAST(? AS JSON)", [data]).fetchall()
except Exception as e:
    protocol.error(e)
protocol.finished()

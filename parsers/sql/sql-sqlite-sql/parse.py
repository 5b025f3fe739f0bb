# nestprobe parser program: all of stdin is one SQL statement for an in-memory SQLite database (Debian's
# libsqlite3 through Python's sqlite3 module). Compile: `EXPLAIN <statement>`, which makes SQLite prepare
# the statement (parse it and generate its bytecode) and list that bytecode without running it (Python's
# sqlite3 has no prepare of its own: it prepares on execute). Phase `run`: the statement itself executed
# on the empty database and its rows fetched. Any Exception (sqlite3.OperationalError "parser stack
# overflow", "Expression tree is too large", ...) -> protocol.error: one stderr line, exit 1.
# The folder's helper (../protocol.py) predates the language phases: the phase, `compile` or `run`, is
# taken off the arguments here; anything else is left for protocol.input to refuse (exit 2).
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

running = sys.argv[-1] == "run" and len(sys.argv) > 1
if len(sys.argv) > 1 and sys.argv[-1] in ("compile", "run"):
    sys.argv.pop()
statement = protocol.input(text=True)
try:
    connection = sqlite3.connect(":memory:")
    connection.execute("EXPLAIN " + statement).fetchall()
    if running:
        connection.execute(statement).fetchall()
except Exception as e:
    protocol.error(e)
protocol.finished()

# nestprobe parser program: all of stdin is one SQL statement for an in-memory SQLite database (Debian's
# libsqlite3 through Python's sqlite3 module). Compile: `EXPLAIN <statement>`, which makes SQLite prepare
# the statement (parse it and generate its bytecode) and list that bytecode without running it (Python's
# sqlite3 has no prepare of its own: it prepares on execute). Phase `run`: the statement itself executed
# on the empty database and its rows fetched. Any Exception (sqlite3.OperationalError "parser stack
# overflow", "Expression tree is too large", ...) -> protocol.error: one stderr line, exit 1.
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

statement = protocol.input(text=True, language=True)
try:
    connection = sqlite3.connect(":memory:")
    connection.execute("EXPLAIN " + statement).fetchall()
except Exception as e:
    protocol.error(e)
protocol.compiled()
try:
    protocol.runner(connection.execute)(statement).fetchall()
except Exception as e:
    protocol.error(e)
protocol.finished()

# nestprobe parser program: all of stdin bound as a text parameter of SELECT json(?) in an in-memory SQLite
# database (Debian's libsqlite3 through Python's sqlite3 module), so SQLite's JSON1 parses it; any Exception
# (sqlite3.OperationalError "malformed JSON", ...) -> protocol.error: one stderr line, exit 1.
# Input and exits: ../protocol.py.
import os
import sqlite3
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

data = protocol.input(text=True)
try:
    sqlite3.connect(":memory:").execute("SELECT json(?)", (data,)).fetchall()
except Exception as e:
    protocol.error(e)
protocol.finished()

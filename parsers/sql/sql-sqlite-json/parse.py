# nestprobe parser program: read all of stdin, bind it as a text parameter and run SELECT json(?) in an
# in-memory SQLite database (Debian's libsqlite3 through Python's sqlite3 module), so SQLite's JSON1 parses it.
# Catches any Exception (sqlite3.OperationalError "malformed JSON", ...) -> one stderr line, exit 1.
import sys
import sqlite3

data = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
try:
    sqlite3.connect(":memory:").execute("SELECT json(?)", (data,)).fetchall()
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

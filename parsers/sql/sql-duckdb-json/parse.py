# nestprobe parser program: read all of stdin, hand it to DuckDB as a bound VARCHAR parameter and cast it
# to JSON in SQL (SELECT CAST(? AS JSON)), so DuckDB's json extension parses it (in-process database).
# Catches any Exception (duckdb errors, RecursionError, ...) -> one stderr line, exit 1.
import sys
import duckdb

data = sys.stdin.buffer.read().decode("utf-8", "surrogateescape")
try:
    duckdb.connect(":memory:").execute("SELECT CAST(? AS JSON)", [data]).fetchall()
except Exception as e:
    msg = " ".join(str(e).split())[:200]
    print(f"{type(e).__name__}: {msg}", file=sys.stderr)
    sys.exit(1)
sys.exit(0)

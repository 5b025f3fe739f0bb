# Reads all of stdin and has the PostgreSQL server parse it as `json` (SELECT $1::json, the text bound as
# a parameter; the cluster comes from `sh pg.sh start`). An error the server reports (or any other
# exception around the query) -> "<Type>: <message>" on stderr, exit 1; no server or a lost connection -> exit 2.
import os
import sys

import psycopg


def fail(e, status):
    msg = " ".join(f"{type(e).__name__}: {e}".split())
    print(msg[:200], file=sys.stderr)
    sys.exit(status)


data = sys.stdin.buffer.read()
build = sys.argv[1]
try:
    with open(os.path.join(build, "pg-socket")) as f:
        sock = f.read().strip()
    conn = psycopg.connect(host=sock, user="nestprobe", dbname="postgres")
except Exception as e:
    fail(e, 2)
try:
    conn.execute("SELECT json_typeof(%s::json)", [data.decode("utf-8")])
except psycopg.Error as e:
    fail(e, 1 if e.sqlstate is not None or not conn.broken else 2)
except Exception as e:
    fail(e, 1)
sys.exit(0)

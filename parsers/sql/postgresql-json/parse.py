# nestprobe parser program: the PostgreSQL server parses all of stdin as `json` (SELECT $1::json, the text
# bound as a parameter; the cluster comes from `sh pg.sh start`, its socket folder in the build folder, the
# first argument). An error the server reports (or any other exception around the query) ->
# protocol.error: one stderr line, exit 1; no server or a lost connection -> the same line, exit 2.
# Input and exits: ../protocol.py.
import os
import sys

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

data = protocol.input(own=1)
build = sys.argv[1]
try:
    with open(os.path.join(build, "pg-socket")) as f:
        sock = f.read().strip()
    conn = psycopg.connect(host=sock, user="nestprobe", dbname="postgres")
except Exception as e:
    protocol.error(e, status=2)
try:
    conn.execute("SELECT json_typeof(%s::json)", [data.decode("utf-8")])
except psycopg.Error as e:
    protocol.error(e, status=1 if e.sqlstate is not None or not conn.broken else 2)
except Exception as e:
    protocol.error(e)
protocol.finished()

# nestprobe parser program of the postgresql-sql row (a second program in postgresql-json's folder, for its
# pg.sh): all of stdin is one SQL statement for the PostgreSQL server (the cluster from `sh pg.sh start`,
# its socket folder in the build folder, the first argument; psycopg is the client). Compile:
# `PREPARE q AS <statement>` (the server parses and analyses it). Phase `run`: `EXECUTE q` (planned and run
# on the empty database) and its rows fetched. An error the server reports ("stack depth limit exceeded",
# a syntax error, ...) or any other exception -> protocol.error: one stderr line, exit 1; no server or a
# lost connection -> the same line, exit 2.
import os
import sys

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
import protocol

statement = protocol.input(text=True, own=1, language=True)
build = sys.argv[1]
try:
    with open(os.path.join(build, "pg-socket")) as f:
        sock = f.read().strip()
    conn = psycopg.connect(host=sock, user="nestprobe", dbname="postgres", autocommit=True)
except Exception as e:
    protocol.error(e, status=2)
try:
    conn.execute("PREPARE q AS " + statement, prepare=False)
    protocol.compiled()
    protocol.runner(conn.execute)("EXECUTE q", prepare=False).fetchall()
except psycopg.Error as e:
    protocol.error(e, status=1 if e.sqlstate is not None or not conn.broken else 2)
except Exception as e:
    protocol.error(e)
protocol.finished()

#!/bin/sh
# The client of postgresql-jsonb: the payload (stdin) as a string literal cast to jsonb, through psql
# (exit 3 on the server's error, ON_ERROR_STOP; 2 when the connection is lost).
{ printf "SELECT '"; cat; printf "'::jsonb IS NOT NULL;\n"; } | psql -X -q -h 127.0.0.1 -p "$PORT" -U nestprobe -d postgres -v ON_ERROR_STOP=1 -o /dev/null

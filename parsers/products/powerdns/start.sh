#!/bin/sh
# PowerDNS Authoritative as its packages install it (pdns-server, pdns-backend-sqlite3), in the
# foreground: a fresh SQLite database under $HOME made from the package's schema, holding one zone
# (a.test.), DNS on a loopback port beside, its webserver and REST API on 127.0.0.1:$PORT with a fixed
# API key (the trials send it in the URL, `api-key=`), reachable from 127.0.0.1 only.
set -eu
DATA="$HOME/powerdns"
rm -rf "$DATA" && mkdir -p "$DATA"
python3 - "$DATA/pdns.sqlite3" <<'PY'
import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executescript(open("/usr/share/doc/pdns-backend-sqlite3/schema.sqlite3.sql").read())
db.execute("INSERT INTO domains (name, type) VALUES ('a.test', 'NATIVE')")
db.commit()
PY
DNS_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
exec pdns_server --no-config --daemon=no --guardian=no --launch=gsqlite3 --gsqlite3-database="$DATA/pdns.sqlite3" \
    --local-address=127.0.0.1 --local-port="$DNS_PORT" --socket-dir="$DATA" \
    --webserver=yes --webserver-address=127.0.0.1 --webserver-port="$PORT" --webserver-allow-from=127.0.0.1 \
    --api=yes --api-key=nestprobe

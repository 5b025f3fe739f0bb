#!/bin/sh
# MariaDB as its package installs it (mariadb-server), in the foreground: a data folder made once by
# mariadb-install-db and copied fresh for each start under $HOME, 127.0.0.1:$PORT only (and a
# socket in that folder), no grant tables (the client connects as root without a password),
# --no-defaults so no /etc/mysql option applies.
set -eu
TEMPLATE="$HOME/mariadb-template"
if [ ! -d "$TEMPLATE/mysql" ]; then
    rm -rf "$TEMPLATE"
    mariadb-install-db --no-defaults --datadir="$TEMPLATE" --user=root --auth-root-authentication-method=normal \
        --skip-test-db >/dev/null
fi
DATA="$HOME/mariadb"
rm -rf "$DATA" && cp -a "$TEMPLATE" "$DATA"
exec mariadbd --no-defaults --datadir="$DATA" --socket="$DATA/mariadb.sock" --port="$PORT" \
    --bind-address=127.0.0.1 --skip-grant-tables --user=root --skip-log-error --pid-file="$DATA/mariadb.pid"

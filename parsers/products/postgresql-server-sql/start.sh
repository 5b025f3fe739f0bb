#!/bin/sh
# PostgreSQL as its package installs it (the newest /usr/lib/postgresql/*/bin/postgres), in the
# foreground: a cluster made once by initdb (trust authentication, user nestprobe) and copied fresh
# for each start, TCP on 127.0.0.1:$PORT only, its socket in the cluster's folder, fsync off. As root
# the server runs as `postgres` (it refuses root), its folder then under /tmp where that user reaches
# it; `exec` keeps it the process nestprobe watches (setpriv changes the user without a fork). The
# failing statement is not echoed into its log (log_min_error_statement=panic): a 10 MB query written
# back to stderr takes longer than parsing it, and is no part of what is measured.
set -eu
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
if [ "$(id -u)" = 0 ]; then
    as_server() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
    BASE=/tmp/nestprobe-pg-product-$(printf '%s' "$HOME" | cksum | cut -d' ' -f1)
else
    as_server() { "$@"; }
    BASE=$HOME/pg
fi
TEMPLATE=$BASE-template
if [ "$(cat "$TEMPLATE/made-by" 2>/dev/null)" != "$BIN" ]; then
    rm -rf "$TEMPLATE" && mkdir -p "$TEMPLATE"
    [ "$(id -u)" != 0 ] || chown postgres "$TEMPLATE"
    as_server "$BIN/initdb" -D "$TEMPLATE/data" -A trust -U nestprobe -E UTF8 --locale=C --no-sync >/dev/null
    printf '%s\n' "$BIN" > "$TEMPLATE/made-by"
fi
rm -rf "$BASE" && cp -a "$TEMPLATE" "$BASE"
exec setpriv --reuid="$(stat -c %u "$BASE")" --regid="$(stat -c %g "$BASE")" --init-groups \
    "$BIN/postgres" -D "$BASE/data" -c listen_addresses=127.0.0.1 -p "$PORT" \
    -c unix_socket_directories="$BASE" -c fsync=off -c log_min_error_statement=panic

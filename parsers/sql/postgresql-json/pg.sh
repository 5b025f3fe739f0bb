#!/bin/sh
# `sh pg.sh start`: (re)creates a throwaway PostgreSQL cluster for this parser, listening on a Unix socket
# only, and writes the socket directory to $BUILD/pg-socket. `sh pg.sh stop`: stops it and deletes it.
# The cluster lives in $BUILD/pg, or in /tmp/nestprobe-pg-<hash> if the server user cannot reach $BUILD or
# the socket path would be too long. As root the server runs as `postgres` (or `nobody`): it refuses root.
set -eu
: "${BUILD:?BUILD must be set}"
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)

if [ "$(id -u)" = 0 ]; then
    if id postgres >/dev/null 2>&1; then RUNAS=postgres; else RUNAS=nobody; fi
    as_server() { runuser -u "$RUNAS" -- "$@"; }
else
    RUNAS=
    as_server() { "$@"; }
fi

BASE=$BUILD/pg
if [ ${#BASE} -gt 90 ] || ! as_server test -x "$BUILD"; then
    BASE=/tmp/nestprobe-pg-$(printf '%s' "$BUILD" | cksum | cut -d' ' -f1)
fi

stop() {
    if [ -f "$BASE/data/postmaster.pid" ]; then
        as_server "$BIN/pg_ctl" -D "$BASE/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$BASE" "$BUILD/pg-socket"
}

case "${1:-}" in
start)
    stop    # a stale cluster left by an interrupted run
    mkdir -p "$BASE"
    chmod 700 "$BASE"
    [ -z "$RUNAS" ] || chown "$RUNAS" "$BASE"
    as_server "$BIN/initdb" -D "$BASE/data" -A trust -U nestprobe -E UTF8 --locale=C --no-sync >"$BASE/initdb.log" 2>&1 \
        || { cat "$BASE/initdb.log" >&2; exit 1; }
    cat >>"$BASE/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$BASE'
fsync = off
CONF
    as_server "$BIN/pg_ctl" -D "$BASE/data" -l "$BASE/server.log" -w start >/dev/null \
        || { cat "$BASE/server.log" >&2; exit 1; }
    printf '%s\n' "$BASE" >"$BUILD/pg-socket"
    ;;
stop)
    stop
    ;;
*)
    echo "usage: pg.sh start|stop" >&2
    exit 2
    ;;
esac

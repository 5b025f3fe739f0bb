#!/bin/sh
# `sh pg.sh start`: (re)creates a throwaway PostgreSQL cluster for this parser, listening on a Unix socket
# only, and writes the socket directory to $BUILD/pg-socket. `sh pg.sh stop`: stops it and deletes it.
# The cluster lives in $BUILD/pg, or in /tmp/nestprobe-pg-<hash> if the server user cannot reach $BUILD or
# the socket path would be too long. As root the server runs as `postgres` (or `nobody`): it refuses root.
# Each start copies a pristine cluster made once by initdb beside it (<cluster>-template, made again when
# the server binaries change): the same fresh cluster as an initdb every time, without its second.
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

TEMPLATE=$BASE-template

# The template cluster, made if missing or made by other server binaries; `made-by` is written last,
# so an interrupted initdb is made again.
template() {
    if [ "$(cat "$TEMPLATE/made-by" 2>/dev/null)" = "$BIN" ]; then
        return
    fi
    rm -rf "$TEMPLATE"
    mkdir -p "$TEMPLATE"
    chmod 700 "$TEMPLATE"
    [ -z "$RUNAS" ] || chown "$RUNAS" "$TEMPLATE"
    as_server "$BIN/initdb" -D "$TEMPLATE/data" -A trust -U nestprobe -E UTF8 --locale=C --no-sync >"$TEMPLATE/initdb.log" 2>&1 \
        || { cat "$TEMPLATE/initdb.log" >&2; exit 1; }
    cat >>"$TEMPLATE/data/postgresql.conf" <<CONF
listen_addresses = ''
unix_socket_directories = '$BASE'
fsync = off
CONF
    printf '%s\n' "$BIN" >"$TEMPLATE/made-by"
}

stop() {
    if [ -f "$BASE/data/postmaster.pid" ]; then
        as_server "$BIN/pg_ctl" -D "$BASE/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$BASE" "$BUILD/pg-socket"
}

case "${1:-}" in
start)
    stop    # a stale cluster left by an interrupted run
    template
    mkdir -p "$BASE"
    chmod 700 "$BASE"
    [ -z "$RUNAS" ] || chown "$RUNAS" "$BASE"
    as_server cp -a "$TEMPLATE/data" "$BASE/data"
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

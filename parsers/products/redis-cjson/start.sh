#!/bin/sh
# Redis as its package installs it (redis-server), in the foreground: 127.0.0.1:$PORT only, no
# snapshots, no append-only file, its folder under $HOME.
set -eu
DATA="$HOME/redis"
rm -rf "$DATA" && mkdir -p "$DATA"
exec redis-server --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$DATA"

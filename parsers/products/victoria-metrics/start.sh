#!/bin/sh
# VictoriaMetrics (single-node) as its package installs it, in the foreground: a fresh storage folder
# under $HOME, HTTP on 127.0.0.1:$PORT only; any further arguments are flags of its own
# (`-search.maxQueryLen=…` for the row that raises its query-length cap).
set -eu
DATA="$HOME/victoria-metrics-data"
rm -rf "$DATA" && mkdir -p "$DATA"
exec victoria-metrics -storageDataPath="$DATA" -httpListenAddr="127.0.0.1:$PORT" "$@"

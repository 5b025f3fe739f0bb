#!/bin/sh
# Prometheus as its package installs it, in the foreground: a config with no scrape targets, a fresh
# TSDB folder under $HOME, the web API on 127.0.0.1:$PORT only (the package's defaults otherwise).
set -eu
DATA="$HOME/prometheus-data"
rm -rf "$DATA" && mkdir -p "$DATA"
exec prometheus --config.file="$(dirname "$0")/prometheus.yml" --storage.tsdb.path="$DATA" \
    --web.listen-address="127.0.0.1:$PORT"

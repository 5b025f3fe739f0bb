#!/bin/sh
# Prometheus Alertmanager as its package installs it (prometheus-alertmanager), in the foreground:
# a config with one receiver and nothing else, a fresh storage folder under $HOME, its API on
# 127.0.0.1:$PORT, clustering off.
set -eu
DATA="$HOME/alertmanager"
rm -rf "$DATA" && mkdir -p "$DATA"
printf 'route:\n  receiver: none\nreceivers:\n  - name: none\n' > "$DATA/alertmanager.yml"
exec prometheus-alertmanager --config.file="$DATA/alertmanager.yml" --storage.path="$DATA" \
    --web.listen-address="127.0.0.1:$PORT" --cluster.listen-address=

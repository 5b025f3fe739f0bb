#!/bin/sh
# InfluxDB 1.x as its package installs it (influxd), in the foreground: a config of its
# documentation's keys with a fresh data folder under $HOME, the HTTP API on 127.0.0.1:$PORT, the
# RPC bind beside it on loopback, usage reporting off. One database, `nestprobe`, made through the
# API once it listens is not needed: a SELECT on a database that does not exist is parsed first.
set -eu
DATA="$HOME/influxdb"
rm -rf "$DATA" && mkdir -p "$DATA"
cat > "$DATA/influxdb.conf" <<CONF
reporting-disabled = true
bind-address = "127.0.0.1:0"
[meta]
  dir = "$DATA/meta"
[data]
  dir = "$DATA/data"
  wal-dir = "$DATA/wal"
  query-log-enabled = false
[http]
  bind-address = "127.0.0.1:$PORT"
  log-enabled = false
[monitor]
  store-enabled = false
CONF
exec influxd run -config "$DATA/influxdb.conf"

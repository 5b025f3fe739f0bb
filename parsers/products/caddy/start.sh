#!/bin/sh
# Caddy as its package installs it, in the foreground (`caddy run`): its admin API on
# 127.0.0.1:$PORT, one HTTP server on a loopback port of its choosing whose one route sets a
# variable (the `vars` handler, whose values are any JSON): the trials replace that value through
# the admin API (PATCH /config/…/value), and Caddy decodes and loads the whole new config. Its
# storage and config folders are under $HOME (XDG_DATA_HOME, XDG_CONFIG_HOME).
set -eu
DATA="$HOME/caddy"
rm -rf "$DATA" && mkdir -p "$DATA"
export XDG_DATA_HOME="$DATA/data" XDG_CONFIG_HOME="$DATA/config"
cat > "$DATA/caddy.json" <<JSON
{"admin": {"listen": "127.0.0.1:$PORT"},
 "apps": {"http": {"servers": {"probe": {"listen": ["127.0.0.1:0"],
   "routes": [{"handle": [{"handler": "vars", "value": []}]}]}}}}}
JSON
exec caddy run --config "$DATA/caddy.json"

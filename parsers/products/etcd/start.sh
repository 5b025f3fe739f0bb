#!/bin/sh
# etcd as its package installs it (etcd-server), in the foreground, one member: a fresh data folder
# under $HOME, clients on 127.0.0.1:$PORT (its JSON gateway, /v3/…), peers on a loopback port beside.
set -eu
DATA="$HOME/etcd-data"
rm -rf "$DATA"
PEER_PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
exec etcd --name default --data-dir "$DATA" \
    --listen-client-urls "http://127.0.0.1:$PORT" --advertise-client-urls "http://127.0.0.1:$PORT" \
    --listen-peer-urls "http://127.0.0.1:$PEER_PORT" --initial-advertise-peer-urls "http://127.0.0.1:$PEER_PORT" \
    --initial-cluster "default=http://127.0.0.1:$PEER_PORT"

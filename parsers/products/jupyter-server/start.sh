#!/bin/sh
# Jupyter's server as its package installs it (jupyter-server), in the foreground: 127.0.0.1:$PORT
# only, a fresh root folder under $HOME, no browser, a fixed token (the trials send it in the URL:
# a token-authenticated request needs no XSRF cookie), its runtime and data folders under $HOME.
set -eu
ROOT="$HOME/notebooks"
rm -rf "$ROOT" "$HOME/.local/share/jupyter" && mkdir -p "$ROOT"
export JUPYTER_RUNTIME_DIR="$HOME/jupyter-runtime" JUPYTER_DATA_DIR="$HOME/jupyter-data"
exec jupyter-server --ServerApp.ip=127.0.0.1 --ServerApp.port="$PORT" --ServerApp.port_retries=0 \
    --ServerApp.token=nestprobe --ServerApp.open_browser=False --ServerApp.root_dir="$ROOT" --allow-root

#!/bin/sh
# RabbitMQ as its package installs it (rabbitmq-server), in the foreground: a node of its own
# (nestprobe@localhost) whose database, logs, config and enabled-plugins file are under $HOME, the
# management plugin enabled and listening on 127.0.0.1:$PORT, AMQP off (listeners.tcp = none), the
# default guest user (allowed from loopback only, the package default). Erlang's distribution needs
# epmd: the node starts one on a free loopback port of its own (ERL_EPMD_PORT, ERL_EPMD_ADDRESS), so
# it never meets another node's; epmd daemonizes and leaves the group, and nestprobe's containment
# ends it with the server. The node's own distribution port is loopback and free too.
# The package's script execs erl when it runs "under systemd" (NOTIFY_SOCKET set): nestprobe then
# watches beam itself, not a shell that waits for it. No systemd listens there; the node's ready
# notification goes nowhere.
set -eu
DATA="$HOME/rabbitmq"
rm -rf "$DATA" && mkdir -p "$DATA"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
cat > "$DATA/rabbitmq.conf" <<CONF
listeners.tcp = none
management.tcp.ip = 127.0.0.1
management.tcp.port = $PORT
loopback_users.guest = true
CONF
echo '[rabbitmq_management].' > "$DATA/enabled_plugins"
export RABBITMQ_NODENAME=nestprobe@localhost RABBITMQ_CONFIG_FILE="$DATA/rabbitmq.conf" \
    RABBITMQ_ADVANCED_CONFIG_FILE="$DATA/advanced.config" RABBITMQ_CONF_ENV_FILE="$DATA/rabbitmq-env.conf" \
    RABBITMQ_ENABLED_PLUGINS_FILE="$DATA/enabled_plugins" RABBITMQ_MNESIA_BASE="$DATA/mnesia" \
    RABBITMQ_LOG_BASE="$DATA/log" RABBITMQ_LOGS=- RABBITMQ_PID_FILE="$DATA/rabbitmq.pid" \
    RABBITMQ_DIST_PORT="$(free_port)" ERL_EPMD_PORT="$(free_port)" ERL_EPMD_ADDRESS=127.0.0.1 \
    RABBITMQ_SERVER_ADDITIONAL_ERL_ARGS="-kernel inet_dist_use_interface {127,0,0,1}" \
    NOTIFY_SOCKET="$DATA/no-systemd"
: > "$DATA/rabbitmq-env.conf"
cd "$DATA"
exec /usr/lib/rabbitmq/bin/rabbitmq-server

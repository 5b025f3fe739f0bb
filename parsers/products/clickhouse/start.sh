#!/bin/sh
# ClickHouse as its package installs it (clickhouse-server), in the foreground, with a minimal
# config.xml of its documentation's keys: its HTTP interface on 127.0.0.1:$PORT, the native TCP port
# on a loopback port beside it ($TCP_PORT where a client transport picks it), a fresh data folder
# under $HOME, one `default` user without a password allowed from 127.0.0.1.
set -eu
DATA="$HOME/clickhouse"
rm -rf "$DATA" && mkdir -p "$DATA"
TCP_PORT=${TCP_PORT:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')}
cat > "$DATA/config.xml" <<XML
<?xml version="1.0"?>
<yandex>
    <logger><level>warning</level><console>1</console></logger>
    <http_port>$PORT</http_port>
    <tcp_port>$TCP_PORT</tcp_port>
    <listen_host>127.0.0.1</listen_host>
    <path>$DATA/</path>
    <tmp_path>$DATA/tmp/</tmp_path>
    <user_files_path>$DATA/user_files/</user_files_path>
    <format_schema_path>$DATA/format_schemas/</format_schema_path>
    <users_config>users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <mark_cache_size>5368709120</mark_cache_size>
</yandex>
XML
cat > "$DATA/users.xml" <<XML
<?xml version="1.0"?>
<yandex>
    <profiles><default></default></profiles>
    <users><default><password></password><networks><ip>127.0.0.1</ip></networks>
        <profile>default</profile><quota>default</quota></default></users>
    <quotas><default></default></quotas>
</yandex>
XML
exec clickhouse-server --config-file="$DATA/config.xml"

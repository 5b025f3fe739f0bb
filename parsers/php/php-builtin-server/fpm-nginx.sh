#!/bin/bash
# The php-fpm-nginx row: php-fpm behind nginx, both in the foreground of this one script, with
# configurations generated into a temporary folder: nginx listens on 127.0.0.1:$PORT only and passes
# every request to router.php through FastCGI on a unix socket in that folder. The settings are
# Debian's shipped ones (php-fpm's pool: pm = dynamic, 5/2/1/3; nginx: worker_processes auto,
# worker_connections 768, and its compiled-in defaults, client_max_body_size 1m among them); php-fpm
# reads its own php.ini (Debian's fpm/php.ini). Only what a temporary, unprivileged instance needs
# differs: the paths, the socket's mode, and php-fpm's -R when run as root.
# SIGTERM or SIGINT stops both; when either exits, the other is stopped and the script exits. Both run
# under `setpriv --pdeathsig TERM`: php-fpm leaves the process group (it calls setsid() even with -F),
# so a SIGKILL to this script or its group would otherwise leave it running. Each master leads a
# process group of its own (php-fpm by its setsid(), nginx by setsid(1)), and stopping one stops its
# whole group: a master killed by a signal leaves its workers behind otherwise.
set -eu
: "${PORT:?PORT is not set}"
here=$(cd "$(dirname "$0")" && pwd)
fpm=$(ls /usr/sbin/php-fpm[0-9]* 2>/dev/null | sort -V | tail -n 1)
[ -n "$fpm" ] || { echo "fpm-nginx.sh: no /usr/sbin/php-fpm<version> (install php-fpm)" >&2; exit 127; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/php-fpm-nginx.XXXXXXXX")
chmod 755 "$tmp"   # nginx's workers (user nobody when started as root) reach the socket through it

cat >"$tmp/php-fpm.conf" <<CONF
[global]
pid = $tmp/php-fpm.pid
error_log = /proc/self/fd/2
daemonize = no

[www]
listen = $tmp/php-fpm.sock
listen.mode = 0666
pm = dynamic
pm.max_children = 5
pm.start_servers = 2
pm.min_spare_servers = 1
pm.max_spare_servers = 3
CONF

cat >"$tmp/nginx.conf" <<CONF
daemon off;
worker_processes auto;
pid $tmp/nginx.pid;
error_log stderr;
events {
    worker_connections 768;
}
http {
    access_log off;
    client_body_temp_path $tmp/client_body;
    fastcgi_temp_path $tmp/fastcgi;
    proxy_temp_path $tmp/proxy;
    uwsgi_temp_path $tmp/uwsgi;
    scgi_temp_path $tmp/scgi;
    server {
        listen 127.0.0.1:$PORT;
        location / {
            include /etc/nginx/fastcgi_params;
            fastcgi_param SCRIPT_FILENAME $here/router.php;
            fastcgi_pass unix:$tmp/php-fpm.sock;
        }
    }
}
CONF

as_root=()
[ "$(id -u)" -ne 0 ] || as_root=(-R)
fpm_pid= nginx_pid=
stop() {
    trap - TERM INT
    [ -z "$nginx_pid" ] || kill -TERM -- "-$nginx_pid" "$nginx_pid" 2>/dev/null || true
    # php-fpm's own process group (setsid made it its leader): the master and its workers, which
    # outlive a master that was killed.
    [ -z "$fpm_pid" ] || kill -TERM -- "-$fpm_pid" "$fpm_pid" 2>/dev/null || true
    wait 2>/dev/null || true
    rm -rf "$tmp"
}
trap 'stop; exit 143' TERM
trap 'stop; exit 130' INT

setpriv --pdeathsig TERM "$fpm" -F -y "$tmp/php-fpm.conf" "${as_root[@]}" &
fpm_pid=$!
# Let php-fpm create its socket before nginx takes requests.
for _ in $(seq 50); do [ -S "$tmp/php-fpm.sock" ] || ! kill -0 "$fpm_pid" 2>/dev/null && break; sleep 0.1; done
setsid setpriv --pdeathsig TERM /usr/sbin/nginx -p "$tmp" -e stderr -c "$tmp/nginx.conf" &
nginx_pid=$!

status=0
wait -n "$fpm_pid" "$nginx_pid" || status=$?
echo "fpm-nginx.sh: $( kill -0 "$fpm_pid" 2>/dev/null && echo nginx || echo php-fpm ) exited ($status); stopping the other" >&2
stop
exit "$status"

#!/bin/sh
# The client of mariadb-json-valid: SELECT JSON_VALID('<payload>') through the mariadb client. Valid
# JSON's right answer is 1: any other answer (0, NULL) is a wrong answer, exit 4 with it on stderr
# (the row's client_wrong_status); the server's error is the client's exit 1.
out=$({ printf "SELECT JSON_VALID('"; cat; printf "');\n"; } | mariadb --no-defaults -h 127.0.0.1 -P "$PORT" -u root --batch --skip-column-names) || exit 1
if [ "$out" != 1 ]; then
    echo "JSON_VALID returned $out" >&2
    exit 4
fi

#!/bin/sh
# The client of the Redis rows: `redis-cli -x EVAL SCRIPT 0`, the payload (stdin) as ARGV[1].
# redis-cli exits 0 after an error reply too, so the reply says: an error reply (ERR …) is the
# product's error, exit 1 with it on stderr; redis-cli failing itself is exit 3 (the client's own
# failure, never the product's).
out=$(redis-cli -p "$PORT" -x EVAL "$1" 0) || { echo "redis-cli failed ($?)" >&2; exit 3; }
case "$out" in
    ERR*|"(error)"*) printf '%s\n' "$out" >&2; exit 1 ;;
esac

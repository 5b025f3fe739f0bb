#!/bin/sh
# The client of the rabbitmq row: curl, as the management API's documentation asks it
# (`curl -u guest:guest -H content-type:application/json -X PUT -d … /api/exchanges/%2F/NAME`),
# declaring an exchange whose `arguments` hold the payload (stdin) as one argument's value. Each
# trial declares an exchange of its own name (a second declaration with other arguments is refused
# as inequivalent) and deletes it once accepted. 2xx is accepted (exit 0); 4xx is the product's
# error (exit 1, status and body on stderr); 5xx is the product's error answered as a server error
# (exit 5: RabbitMQ 3.10 answers a body over its size cap 500 with an empty body); curl failing
# itself (no connection, a reset) is exit 3, the client's own failure unless the server died.
NAME=probe-$$-$(date +%s%N)
BODY=$(mktemp) || exit 3
trap 'rm -f "$BODY"' EXIT
status=$({ printf '{"type": "direct", "durable": false, "arguments": {"x-nested": '; cat; printf '}}'; } |
    curl -sS -o "$BODY" -w '%{http_code}' -u guest:guest -H 'content-type: application/json' -H 'Expect:' \
        -X PUT --data-binary @- "http://127.0.0.1:$PORT/api/exchanges/%2F/$NAME") || { echo "curl failed ($?)" >&2; exit 3; }
case "$status" in
    2??) curl -sS -o /dev/null -u guest:guest -X DELETE "http://127.0.0.1:$PORT/api/exchanges/%2F/$NAME"; exit 0 ;;
    4??) echo "HTTP $status: $(head -c 1000 "$BODY")" >&2; exit 1 ;;
    5??) echo "HTTP $status: $(head -c 1000 "$BODY")" >&2; exit 5 ;;
    *) echo "HTTP $status" >&2; exit 3 ;;
esac

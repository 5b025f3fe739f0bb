#!/bin/sh
# The node the JavaScript SERVICE rows run (services.pending.toml: a web or GraphQL server started
# once, one request per trial): the same node node.sh picks (the pinned Node.js 20.20.2 from the npm
# registry, installed by setup-node.sh; NESTPROBE_NODE's release in a root-less environment such as
# `node26`; an environment root's own node inside it), but WITHOUT node.sh's
# --no-concurrent-recompilation. A service is measured as people deploy it: plain `node app.js`, V8
# optimising hot functions on its background threads while the requests come in, so its limit can
# move with the server's history (a parser that V8 has optimised has smaller frames: Express +
# graphql-js fails near 1,900 levels on a fresh server, past 4,000 once warmed; SERVICES-NOTES.md).
# The library rows keep node.sh (their one-shot processes need the foreground recompilation to repeat).
# exec: the server's process is node itself.
version=${NESTPROBE_NODE:-20.20.2}
case $version in
    '' | *[!0-9.]* | .* | *..*)
        echo "NESTPROBE_NODE=$version is not a Node.js release (like 26.12.1)" >&2
        exit 127
        ;;
esac
pinned=/opt/nestprobe/node-$version/bin/node
if [ -x "$pinned" ]; then
    exec "$pinned" "$@"
fi
if [ -z "${NESTPROBE_NODE:-}" ] && [ -e /.nestprobe-ready ]; then
    exec node "$@"
fi
echo "Node.js $version is not installed ($pinned): run nestprobe setup" >&2
exit 127

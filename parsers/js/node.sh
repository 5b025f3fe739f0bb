#!/bin/sh
# The node the JavaScript rows run: Node.js 20.20.2 from the npm registry, installed by
# parsers/js/setup-node.sh, the same build on every machine; in an environment that names another
# release in NESTPROBE_NODE (the catalog's `node26`: the newest major, a runtime axis on the host),
# /opt/nestprobe/node-<that release>, installed by the same script; inside an environment's root
# (made by `nestprobe setup`, marked by /.nestprobe-ready), that root's own node, which is what its
# rows measure. exec: the parser's process is node itself.
# --no-concurrent-recompilation: V8 optimises hot functions on background threads while the parse
# recurses, and where optimised frames (smaller) replace the others depended on thread timing: a
# boundary moved by a level or flipped to `unstable` from run to run (json-bigint 5,980/5,981). In
# the foreground it repeats (the boundary is the one the default reached most often).
version=${NESTPROBE_NODE:-20.20.2}
case $version in
    '' | *[!0-9.]* | .* | *..*)
        echo "NESTPROBE_NODE=$version is not a Node.js release (like 26.12.1)" >&2
        exit 127
        ;;
esac
pinned=/opt/nestprobe/node-$version/bin/node
if [ -x "$pinned" ]; then
    exec "$pinned" --no-concurrent-recompilation "$@"
fi
if [ -z "${NESTPROBE_NODE:-}" ] && [ -e /.nestprobe-ready ]; then
    exec node --no-concurrent-recompilation "$@"
fi
echo "Node.js $version is not installed ($pinned): run nestprobe setup" >&2
exit 127

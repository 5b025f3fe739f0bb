#!/bin/sh
# The node the JavaScript rows run: Node.js 20.20.2 from the npm registry, installed by
# parsers/js/setup-node.sh, the same build on every machine; inside an environment's root (made by
# `nestprobe setup`, marked by /.nestprobe-ready), that root's own node, which is what its rows
# measure. exec: the parser's process is node itself.
pinned=/opt/nestprobe/node-20.20.2/bin/node
if [ -x "$pinned" ]; then
    exec "$pinned" "$@"
fi
if [ -e /.nestprobe-ready ]; then
    exec node "$@"
fi
echo "Node.js 20.20.2 is not installed ($pinned): run nestprobe setup" >&2
exit 127

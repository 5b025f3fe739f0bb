#!/bin/sh
# Build for swift-jsondecoder: compile parse.swift into $BUILD/parse and write the launcher $BUILD/run,
# with the host swiftc if there is one, else inside the Debian trixie root made by setup.sh (in a private
# mount namespace; as a non-root user through a user namespace). The launcher `exec`s the binary (through
# the root's own loader and libraries in the trixie case), so signals and exit statuses pass unchanged.
set -eu
: "${BUILD:?BUILD must be set}"
ROOT=/opt/nestprobe/swift-trixie
if command -v swiftc >/dev/null 2>&1; then
    swiftc -O -o "$BUILD/parse" parse.swift
    printf '#!/bin/sh\nexec "%s/parse" "$@"\n' "$BUILD" > "$BUILD/run"
else
    cp parse.swift "$BUILD/parse.swift"
    if [ "$(id -u)" = 0 ]; then NS="--mount"; else NS="--user --map-root-user --mount"; fi
    unshare $NS --propagation private --fork sh -ec '
        ROOT=$1 BUILD=$2
        mount -t tmpfs tmpfs "$ROOT/tmp"
        mkdir "$ROOT/tmp/build"
        mount --bind "$BUILD" "$ROOT/tmp/build"
        mount --rbind /proc "$ROOT/proc"
        mount --rbind /dev "$ROOT/dev"
        exec chroot "$ROOT" env -i PATH=/usr/bin:/bin HOME=/tmp TMPDIR=/tmp LANG=C.UTF-8 \
            swiftc -O -o /tmp/build/parse /tmp/build/parse.swift' sh "$ROOT" "$BUILD"
    L="$ROOT/lib/x86_64-linux-gnu:$ROOT/usr/lib/x86_64-linux-gnu:$ROOT/usr/libexec/swift/lib/swift/linux"
    printf '#!/bin/sh\nexec "%s" --library-path "%s" "%s/parse" "$@"\n' \
        "$ROOT/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2" "$L" "$BUILD" > "$BUILD/run"
fi
chmod +x "$BUILD/run"

#!/bin/sh
# Setup for swift-jsondecoder (run as root, idempotent): nothing when a host `swiftc` exists (GitHub's
# ubuntu runners); otherwise a Debian trixie root with swiftlang + libc6-dev in /opt/nestprobe/swift-trixie
# (bookworm has no Swift, and trixie's needs glibc 2.38). About 3.3 GB.
set -eu
ROOT=/opt/nestprobe/swift-trixie
MIRROR=${NESTPROBE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
APT_OPTS="-y -o DPkg::Lock::Timeout=3600"

if command -v swiftc >/dev/null 2>&1; then
    echo "setup: host swiftc found ($(command -v swiftc)); nothing to do"
    exit 0
fi
if [ -e "$ROOT/.nestprobe-ready" ]; then
    echo "setup: $ROOT is ready; nothing to do"
    exit 0
fi

if ! command -v debootstrap >/dev/null 2>&1; then
    apt-get install $APT_OPTS debootstrap || apt-get install $APT_OPTS debootstrap
fi

# Every chroot step runs in a private mount namespace: its mounts vanish when it ends, even on failure.
in_root() {
    unshare --mount --propagation private --fork sh -ec '
        ROOT=$1; shift
        mount --rbind /proc "$ROOT/proc"
        mount --rbind /sys "$ROOT/sys"
        mount --rbind /dev "$ROOT/dev"
        exec chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
            DEBIAN_FRONTEND=noninteractive "$@"' sh "$ROOT" "$@"
}

if [ ! -e "$ROOT/.nestprobe-debootstrapped" ]; then
    if [ -e "$ROOT" ]; then
        echo "setup: removing the unfinished root $ROOT"
        # A crashed earlier run may have left mounts inside (outside a namespace): take them off first.
        grep -o " $ROOT/[^ ]*" /proc/self/mountinfo | sort -r | while read -r m; do umount -l "$m" || true; done
        rm -rf --one-file-system "$ROOT"
    fi
    mkdir -p "$ROOT"
    unshare --mount --propagation private --fork \
        debootstrap --variant=minbase trixie "$ROOT" "$MIRROR"
    touch "$ROOT/.nestprobe-debootstrapped"
fi

cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
in_root apt-get update || in_root apt-get update
in_root apt-get install $APT_OPTS swiftlang libc6-dev || in_root apt-get install $APT_OPTS swiftlang libc6-dev
in_root apt-get clean
touch "$ROOT/.nestprobe-ready"
echo "setup: $ROOT is ready"

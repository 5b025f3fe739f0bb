#!/bin/bash
# Times the README's main job as a new user runs it on a fresh Debian 12 machine, on this one: a
# pristine Debian 12 root (debootstrap minbase with the debian:12 image's sources, build-essential,
# git, curl), a fresh clone of COMMIT, Rust's toolchain copied in (no crate cache), then, timed and one
# after another, `cargo run --release -- setup`, `cargo run --release -- run --timings` and a second
# `run` (nothing changed in between). Says how long each took and whether a measured fact changed.
#
#   sudo scripts/fresh-machine.sh [COMMIT]
#
# Nothing else should run meanwhile: setup keeps both CPUs busy, and its figure is the issue's
# (docs/measurements.md). WORK (default /var/tmp/nestprobe-fresh) keeps the logs and, with KEEP=1, the
# root (about 22 GB); NESTPROBE_DEBIAN_MIRROR picks a mirror.
set -eu
COMMIT=${1:-HEAD}
WORK=${WORK:-/var/tmp/nestprobe-fresh}
MIRROR=${NESTPROBE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
REPO=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
# shellcheck source=scripts/debian12-root.sh
. "$REPO/scripts/debian12-root.sh"
ROOT=$WORK/root
started=$(date +%s)

die() {
    echo "fresh-machine: $*" >&2
    exit 1
}
say() {
    echo "fresh-machine: $* ($(($(date +%s) - started)) s)"
}

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot and mounts need it)"
command -v debootstrap >/dev/null || die "needs debootstrap (apt-get install debootstrap)"
command -v rustc >/dev/null || die "needs Rust on this machine (its toolchain is copied into the root)"
COMMIT=$(git -C "$REPO" rev-parse --verify "$COMMIT^{commit}") || die "no commit $1 in $REPO"
mkdir -p "$WORK"

# The root's mounts: / bound onto itself (a machine's or a container's / is a mount point, and
# setup makes the Debian 13 root inside it with a private mount namespace), then /proc, /sys and /dev.
unmount() {
    for mount in dev/pts dev sys proc ""; do
        mountpoint -q "$ROOT/$mount" && umount -l "$ROOT/$mount"
    done
    return 0
}
trap unmount EXIT
unmount
rm -rf "$ROOT"

# --- the machine: Debian 12 as the debian:12 image has it, with what the README asks for.
debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
    die "debootstrap failed: see $WORK/debootstrap.log"
debian12_image_settings "$ROOT"
# The package tools' settings of this machine, as a machine made from the same image would have them.
for file in /etc/pip.conf /root/.npmrc; do
    [ ! -f "$file" ] || cp "$file" "$ROOT$file"
done
mount --bind "$ROOT" "$ROOT"
for mount in proc sys dev dev/pts; do
    mount --bind "/$mount" "$ROOT/$mount"
done

# Runs a shell command inside the root as its root user, with this machine's variables that say
# where certificates and proxies are, and Rust on the PATH.
in_root() {
    local pass=() name
    for name in SSL_CERT_FILE SSL_CERT_DIR CURL_CA_BUNDLE GIT_SSL_CAINFO NODE_EXTRA_CA_CERTS PIP_CERT \
        REQUESTS_CA_BUNDLE http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
        [ -z "${!name:-}" ] || pass+=("$name=${!name}")
    done
    chroot "$ROOT" env -i "${pass[@]}" HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive \
        PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin bash -ec "$1"
}
in_root "apt-get update -qq && apt-get install -y -q build-essential git curl ca-certificates && update-ca-certificates" \
    >"$WORK/base.log" 2>&1 || die "installing the README's prerequisites failed: see $WORK/base.log"

# Rust: the active toolchain and rustup's proxies, not cargo's crate cache (a new machine has none).
toolchain=$(rustup show active-toolchain | cut -d' ' -f1)
mkdir -p "$ROOT/root/.cargo" "$ROOT/root/.rustup/toolchains"
cp -a "${CARGO_HOME:-$HOME/.cargo}/bin" "$ROOT/root/.cargo/"
cp -a "$(rustc --print sysroot)/." "$ROOT/root/.rustup/toolchains/$toolchain/"
printf 'version = "12"\ndefault_toolchain = "%s"\n' "$toolchain" >"$ROOT/root/.rustup/settings.toml"
git clone -q "$REPO" "$ROOT/root/nestprobe"
git -C "$ROOT/root/nestprobe" checkout -q "$COMMIT"
say "made a fresh Debian 12 with the clone of ${COMMIT:0:7}"

# --- the README's main job, then the same `run` again.
timed() {
    local name=$1 command=$2 begun took
    begun=$(date +%s)
    in_root "cd /root/nestprobe && $command" >"$WORK/$name.log" 2>&1 || die "$name failed: see $WORK/$name.log"
    took=$(($(date +%s) - begun))
    say "$name: $((took / 60)) min $((took % 60)) s ($WORK/$name.log)"
    # setup's closing line; a run's verdict on the committed facts (each change is a line), its counts.
    grep -E '^nestprobe: (setup done|no measured fact changed|wrote .*results\.json|rows measured|.* changed: )' \
        "$WORK/$name.log" || true
}
timed setup "cargo run --release -- setup"
timed run "cargo run --release -- run --timings"
timed run-again "cargo run --release -- run --timings"

if [ "${KEEP:-0}" != 1 ]; then
    unmount
    rm -rf "$ROOT"
fi

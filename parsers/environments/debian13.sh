#!/bin/sh
# Makes the Debian 13 (trixie) root of the `debian13` environment (run as root by `nestprobe setup`;
# idempotent). ROOT comes from the catalog's [[environment]] table. The mirror is debootstrap's default
# unless NESTPROBE_DEBIAN_MIRROR names one. A minbase debootstrap plus a C/C++ build base; each row's own
# `apt` packages are installed later by nestprobe, inside the root (with recommends, as on the host).
set -eu
ROOT=${ROOT:-/opt/nestprobe/debian13}
MIRROR=${NESTPROBE_DEBIAN_MIRROR:-}
SUITE=trixie
APT_OPTS="-y -o DPkg::Lock::Timeout=3600"
# What most rows build with; in the base so that a row's `apt` list can stay the one it has on the host.
# And gdb: nestprobe runs a crash again under the root's own debugger to name where it recursed.
BASE_PACKAGES="ca-certificates gcc g++ make pkg-config libc6-dev gdb"

die() {
    echo "debian13.sh: $*" >&2
    exit 1
}

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot and mounts need it)"
case $ROOT in
    /?*) ;;
    *) die "ROOT must be an absolute path, not '$ROOT'" ;;
esac
# Every step below needs a private mount namespace; where / is no mount point (inside a plain chroot)
# making one fails, and debootstrap would then seem to fail: say so first.
unshare --mount --propagation private --fork true 2>/dev/null ||
    die "cannot make a private mount namespace (unshare --mount --propagation private); inside a chroot, / must be a mount point (bind the chroot onto itself before entering it)"

# Every chroot step runs in a private mount namespace, so its mounts vanish when it ends, even on failure.
in_root() {
    unshare --mount --propagation private --fork sh -ec '
        ROOT=$1; shift
        mount --rbind /proc "$ROOT/proc"
        mount --rbind /sys "$ROOT/sys"
        mount --rbind /dev "$ROOT/dev"
        exec chroot "$ROOT" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
            DEBIAN_FRONTEND=noninteractive "$@"' sh "$ROOT" "$@"
}

# The root trusts the local CAs the host trusts (a site's TLS-inspecting proxy): builds inside it fetch
# from the package registries over HTTPS just as on the host. Redone on every run, since such a CA can be
# replaced while the root stays.
sync_local_cas() {
    src=/usr/local/share/ca-certificates dst=$ROOT/usr/local/share/ca-certificates
    [ -d "$src" ] || return 0
    if ! diff -r "$src" "$dst" >/dev/null 2>&1; then
        rm -rf "$dst"
        cp -a "$src" "$dst"
        in_root update-ca-certificates --fresh >/dev/null 2>&1 || die "update-ca-certificates failed inside $ROOT"
    fi
}

# dpkg in the root does not sync each file it unpacks, as in Debian's container images (and the host
# of this project's machines): the root is made again if a crash leaves it broken, and its installs
# run beside the host's builds, which write to the same disk.
unsafe_io() {
    mkdir -p "$ROOT/etc/dpkg/dpkg.cfg.d"
    echo force-unsafe-io >"$ROOT/etc/dpkg/dpkg.cfg.d/nestprobe-unsafe-io"
}

if [ -e "$ROOT/.nestprobe-ready" ]; then
    cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
    sync_local_cas
    [ -e "$ROOT/etc/dpkg/dpkg.cfg.d/nestprobe-unsafe-io" ] || unsafe_io
    # A base package added to this script since the root was made (gdb) goes in now.
    missing=
    for package in $BASE_PACKAGES; do
        in_root dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' ||
            missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        echo "debian13.sh: installing base packages the root lacks:$missing"
        in_root apt-get update >/dev/null || die "apt-get update failed inside $ROOT"
        # shellcheck disable=SC2086
        in_root apt-get install $APT_OPTS $missing || die "could not install$missing inside $ROOT"
        in_root apt-get clean
    fi
    echo "debian13.sh: $ROOT is ready"
    exit 0
fi

# debootstrap checks the suite's Release signature with Debian's archive keyring (a Debian host has it;
# an Ubuntu one needs the package).
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
if ! command -v debootstrap >/dev/null 2>&1 || [ ! -e $KEYRING ]; then
    echo "debian13.sh: installing debootstrap and debian-archive-keyring on the host"
    apt-get install $APT_OPTS debootstrap debian-archive-keyring ||
        apt-get install $APT_OPTS debootstrap debian-archive-keyring ||
        die "could not install debootstrap and debian-archive-keyring on the host"
fi
# bookworm's debootstrap knows trixie (a symlink to its sid script); an older one would not.
[ -e /usr/share/debootstrap/scripts/$SUITE ] ||
    die "this debootstrap has no script for $SUITE (/usr/share/debootstrap/scripts/$SUITE): upgrade debootstrap"

# Retries once: a download from the mirror can fail now and then.
twice() {
    "$@" || { echo "debian13.sh: retrying: $*" >&2; sleep 5; "$@"; }
}

if [ ! -e "$ROOT/.nestprobe-debootstrapped" ]; then
    if [ -e "$ROOT" ]; then
        echo "debian13.sh: removing the unfinished root $ROOT"
        # A crash outside a namespace may have left mounts inside: take them off first.
        grep -o " $ROOT/[^ ]*" /proc/self/mountinfo | sort -r | while read -r m; do umount -l "$m" || true; done
        rm -rf --one-file-system "$ROOT"
    fi
    mkdir -p "$ROOT"
    echo "debian13.sh: debootstrap --variant=minbase $SUITE $ROOT $MIRROR (takes a few minutes)"
    # $MIRROR unquoted: empty means debootstrap's default mirror.
    unshare --mount --propagation private --fork \
        debootstrap --variant=minbase --keyring=$KEYRING $SUITE "$ROOT" $MIRROR ||
        die "debootstrap failed (see $ROOT/debootstrap/debootstrap.log); rerun to start over"
    touch "$ROOT/.nestprobe-debootstrapped"
fi

# The released suite and its -updates, main only (every row's packages are in main), from the mirror that
# debootstrap used (it wrote `deb <mirror> trixie main`). No -security suite: versions change only at
# point releases, which keeps measurements comparable over time.
mirror=$(awk '$1 == "deb" && $3 == "'$SUITE'" { print $2; exit }' "$ROOT/etc/apt/sources.list" 2>/dev/null || true)
[ -n "$mirror" ] || die "no 'deb <mirror> $SUITE' line in $ROOT/etc/apt/sources.list (remove $ROOT and rerun)"
printf 'deb %s %s main\ndeb %s %s-updates main\n' "$mirror" $SUITE "$mirror" $SUITE >"$ROOT/etc/apt/sources.list"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# No service starts inside the root when a package is installed (postgresql's server, for one): rows
# start what they need themselves (`before`).
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
chmod 755 "$ROOT/usr/sbin/policy-rc.d"
# The launcher binds the host's /tmp onto these; they must exist.
mkdir -p "$ROOT/tmp" "$ROOT/proc" "$ROOT/dev" "$ROOT/sys"
chmod 1777 "$ROOT/tmp"
unsafe_io

twice in_root apt-get update || die "apt-get update failed inside $ROOT"
twice in_root apt-get install $APT_OPTS $BASE_PACKAGES ||
    die "could not install the base packages ($BASE_PACKAGES) inside $ROOT"
sync_local_cas
in_root apt-get clean
touch "$ROOT/.nestprobe-ready"
echo "debian13.sh: $ROOT is ready"

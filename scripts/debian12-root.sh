# Sourced by scripts/replay-results.sh and scripts/fresh-machine.sh: what turns a debootstrapped
# bookworm into the machine they both stand for, a fresh `debian:12`.

# Gives the root ROOT the debian:12 image's apt sources (MIRROR, and NESTPROBE_DEBIAN_SECURITY_MIRROR
# for the security archive), this machine's resolver and its own certificate authorities (a proxy it
# trusts is trusted inside too). debootstrap writes only the release itself: without bookworm-updates
# and bookworm-security a root installs older point releases than CI does (python3 3.11.2-6 where the
# container gets +deb12u8), which a comparison with the committed results reports as changes.
debian12_image_settings() {
    local root=$1
    rm -f "$root/etc/apt/sources.list"
    cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: ${NESTPROBE_DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    if [ -d /usr/local/share/ca-certificates ]; then
        cp -a /usr/local/share/ca-certificates/. "$root/usr/local/share/ca-certificates/"
    fi
}

#!/bin/sh
# Install what the workbench needs on a Debian 12 machine, only if missing.
. "$(dirname "$0")/lib.sh"

PKGS="$KPKG qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu gcc make
flex bison bc libelf-dev libssl-dev ccache cpio xz-utils gzip git perl
python3 busybox-static libc6-dev-arm64-cross"

SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null |
		grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
	note "installing:$missing"
	$SUDO apt-get update -q || die "apt-get update failed"
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q \
		--no-install-recommends $missing || die "apt-get install failed"
fi

# busybox-static for both arches: the two packages conflict, so the
# arm64 one is downloaded and unpacked rather than installed.
for a in amd64 arm64; do
	bb=$BUILD/busybox-$a/bin/busybox
	[ -x "$bb" ] && continue
	if [ $a = arm64 ] && ! dpkg --print-foreign-architectures | grep -qx arm64; then
		$SUDO dpkg --add-architecture arm64
		$SUDO apt-get update -q || die "apt-get update failed"
	fi
	tmp=$(mktemp -d)
	chmod 777 "$tmp"
	(cd "$tmp" && apt-get download -q "busybox-static:$a") ||
		die "cannot download busybox-static:$a"
	mkdir -p "$BUILD/busybox-$a"
	dpkg-deb -x "$tmp"/busybox-static_*.deb "$BUILD/busybox-$a" ||
		die "cannot unpack busybox-static:$a"
	rm -rf "$tmp"
	[ -x "$bb" ] || die "no busybox in busybox-static:$a"
done

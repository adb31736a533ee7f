#!/bin/sh
# Install what the workbench needs on a Debian 12 machine, only if missing.
. "$(dirname "$0")/lib.sh"

# The perf tool is built for both arches against Debian's libraries: the
# arm64 -dev packages install next to the host's (multiarch).
PKGS="$KPKG qemu-system-x86 qemu-system-arm gcc-aarch64-linux-gnu gcc make
flex bison bc libelf-dev libssl-dev ccache cpio xz-utils gzip git perl
python3 busybox-static libc6-dev-arm64-cross pkg-config trace-cmd
libtraceevent-dev libtracecmd-dev libtracefs-dev libdw-dev zlib1g-dev
libelf-dev:arm64 libdw-dev:arm64 zlib1g-dev:arm64 libtraceevent-dev:arm64"

SUDO=
[ "$(id -u)" -eq 0 ] || SUDO=sudo

if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	$SUDO dpkg --add-architecture arm64
	$SUDO apt-get update -q || die "apt-get update failed"
fi

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

# Packages for the guests, both arches: downloaded and unpacked into
# build/DIR-ARCH rather than installed (the two arches' busybox-static
# conflict, and the guests want their own trace-cmd and libraries).
# unpack DIR FILE PACKAGE...: skip if DIR-ARCH/FILE exists.
unpack() {
	dir=$1 file=$2
	shift 2
	for a in amd64 arm64; do
		[ -e "$BUILD/$dir-$a/$file" ] && continue
		tmp=$(mktemp -d)
		chmod 777 "$tmp"
		for p in "$@"; do
			(cd "$tmp" && apt-get download -q "$p:$a") ||
				die "cannot download $p:$a"
		done
		mkdir -p "$BUILD/$dir-$a"
		for deb in "$tmp"/*.deb; do
			dpkg-deb -x "$deb" "$BUILD/$dir-$a" ||
				die "cannot unpack $deb"
		done
		rm -rf "$tmp"
		[ -e "$BUILD/$dir-$a/$file" ] || die "no $file in $dir-$a"
	done
}

unpack busybox bin/busybox busybox-static
# trace-cmd as Debian ships it, to record in the guests
unpack trace-cmd usr/bin/trace-cmd trace-cmd libtraceevent1 libtracefs1 \
	libzstd1 libc6
# the libraries of the perf tool built here (scripts/perf-build.sh)
unpack perf-libs usr/share/doc/libdw1/copyright libelf1 libdw1 zlib1g \
	liblzma5 libbz2-1.0 libstdc++6 libgcc-s1

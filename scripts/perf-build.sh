#!/bin/sh
# perf-build.sh ARCH [asan]: build the perf tool of build/linux for ARCH
# into $BUILD/perf-ARCH (with 'asan': for the host, with AddressSanitizer
# and UBSan, into $BUILD/perf-asan), against the distribution's libelf,
# libdw, zlib and libtraceevent; only the features the tests and the demo
# use.  Incremental, through ccache.
. "$(dirname "$0")/lib.sh"
arch_vars "$1"
flavor=${2:-}

out=$BUILD/perf-${flavor:-$ARCH}
log=$out.log
mkdir -p "$out"
# One build of a flavor at a time (check.sh starts them in the background)
exec 9>"$out.lock"
flock 9 || die "cannot lock $out.lock"
set -- NO_LIBPYTHON=1 NO_LIBPERL=1 NO_SLANG=1 NO_GTK2=1 NO_LIBUNWIND=1 \
	NO_LIBNUMA=1 NO_LIBBPF=1 BUILD_BPF_SKEL=0 NO_LIBCRYPTO=1 NO_LIBCAP=1 \
	NO_BABELTRACE=1 NO_JVMTI=1 NO_SDT=1 NO_LIBPFM4=1 NO_LIBLLVM=1 \
	NO_CAPSTONE=1 NO_SHELLCHECK=1 NO_LIBZSTD=1
if [ "$flavor" = asan ]; then
	# -O1 with the sanitizers makes gcc warn about stock code
	# (format-truncation): warnings are errors in the other builds.
	set -- "$@" WERROR=0 EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -O1" \
		LDFLAGS="-fsanitize=address,undefined"
elif [ -n "$CROSS" ]; then
	# The arch's -dev packages are installed next to the host's
	# (multiarch): the cross compiler finds them, pkg-config must too.
	export PKG_CONFIG_LIBDIR=/usr/lib/$GNU_TRIPLET/pkgconfig:/usr/share/pkgconfig
	set -- "$@" ARCH="$KARCH" CROSS_COMPILE="$CROSS" PKG_CONFIG=pkg-config
fi
make -C "$KSRC/tools/perf" O="$out" CC="ccache ${CROSS}gcc" -j"$(nproc)" "$@" \
	>"$log" 2>&1 || die "cannot build perf for $ARCH${flavor:+ ($flavor)}: see $log"
[ -x "$out/perf" ] || die "no perf in $out: see $log"

# Shared facts of the workbench; sourced by every script.  One place for
# each: the base kernel, the paths, the per-arch toolchain and QEMU line.

# The Debian package the series applies to, and the version it was last
# verified against.
KPKG=linux-source-6.12
KTARBALL=/usr/src/$KPKG.tar.xz
KVER_VERIFIED=6.12.118

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$TOP/build
KSRC=${KSRC:-$BUILD/linux}
PATCHES=$TOP/patches
# The two series, in the order the tree applies them: the directory of
# each (numbered patches, cover-letter.txt) and the branch of build/linux
# that ends at its last commit.  Each applies to the base on its own.
SERIES="ftrace-perf:$PATCHES deferred:$PATCHES/deferred"
# series_patches DIR: the patches of a series, in order
series_patches() {
	ls "$1"/[0-9]*.patch 2>/dev/null | grep -v /0000-
}
# The unpatched base tree, for the benchmark's comparison
BASE_SRC=$BUILD/linux-base
CONFIGS=$TOP/config
AUTHOR='ftrace-perf project <ftrace-perf@example.org>'

# Where tree.sh and export.sh note the commit that matches patches/.
stamp_file() {
	echo "$(git -C "$KSRC" rev-parse --absolute-git-dir)/ftp-synced"
}

die() { echo "error: $*" >&2; exit 1; }
note() { echo "==> $*" >&2; }

# arch_vars ARCH [VARIANT]: set the build and boot variables of one arch.
arch_vars() {
	ARCH=$1
	VARIANT=${2:-}
	OBJ=$BUILD/obj-$ARCH${VARIANT:+-$VARIANT}
	# Perf counters taken on the kernel command line, checked by a boot
	# of its own (guest/boot-params.sh): not every arch has cycles.
	BOOT_PARAMS="trace_trigger=sched_switch.perf:cpu_clock"
	# Where the PMU interrupt can be an NMI: the kernel parameters, and
	# what a boot with them runs (tracing with counters in NMI context).
	NMI_PARAMS=
	NMI_TESTS="perf/pmu_irq_nmi.tc,perf/func_recursion.tc,selftests/perf_events/deferred_callchain"
	# What the debug kernels boot with, besides ftp_debug=1.
	DEBUG_PARAMS=
	GUEST_TIMEOUT_ARCH=$GUEST_TIMEOUT_DEFAULT
	# Guests that share make check's test set (run-tests.sh K/N)
	TEST_SHARDS=1
	case $ARCH in
	x86_64)
		TEST_SHARDS=2
		KARCH=x86
		CROSS=
		IMAGE=$OBJ/arch/x86/boot/bzImage
		DEB_ARCH=amd64
		GNU_TRIPLET=x86_64-linux-gnu
		QEMU="qemu-system-x86_64 -M q35 -cpu max -accel tcg,thread=single"
		CONSOLE=ttyS0
		# -cpu max has LA57: 6.12 boots with 5-level paging.  While
		# identify_cpu() rebuilds the boot CPU's capabilities (it
		# clears them first), pgtable_l5_enabled() is false, so
		# KASAN takes every direct-map address for a wild one: an
		# interrupt in that window reported "KASAN: wild-memory-
		# access" on its irq_desc lock (once, in cpu_detect()).  A
		# base kernel matter, not the series': 4-level paging.
		DEBUG_PARAMS=no5lvl
		;;
	i386)
		# Built only (check-configs.sh), never booted
		KARCH=i386
		CROSS=
		IMAGE=$OBJ/arch/x86/boot/bzImage
		DEB_ARCH=i386
		GNU_TRIPLET=i686-linux-gnu
		QEMU="qemu-system-i386 -M q35 -cpu max -accel tcg,thread=single"
		CONSOLE=ttyS0
		;;
	arm64)
		KARCH=arm64
		CROSS=aarch64-linux-gnu-
		IMAGE=$OBJ/arch/arm64/boot/Image
		DEB_ARCH=arm64
		GNU_TRIPLET=aarch64-linux-gnu
		QEMU="qemu-system-aarch64 -M virt,gic-version=3 -cpu max -icount shift=0"
		CONSOLE=ttyAMA0
		# PMU overflow interrupts as NMIs (CONFIG_ARM64_PSEUDO_NMI),
		# for a boot of their own: with them every irq-flags change
		# is a GIC system register access, which TCG makes slow.
		NMI_PARAMS="irqchip.gicv3_pseudo_nmi=1"
		BOOT_PARAMS="$BOOT_PARAMS trace_options=event_cpu_cycles"
		# Under -icount the whole test set takes one guest about
		# 2,800 s: three guests share it.
		TEST_SHARDS=3
		;;
	*)
		die "unknown arch '$ARCH' (x86_64 or arm64; i386 to build only)"
		;;
	esac
	MEM=512M
	[ "$VARIANT" = debug ] && MEM=2G
	INITRD=$OBJ/initramfs.cpio.gz
	FRAGMENTS="$CONFIGS/base.config $CONFIGS/tracing.config $CONFIGS/$ARCH.config"
	# VARIANT-unpatched: the base tree (KSRC=$BASE_SRC), same config
	# VARIANT alone: one series alone on the base (series-alone.sh)
	case ${VARIANT%unpatched} in
	""|alone) ;;
	*) FRAGMENTS="$FRAGMENTS $CONFIGS/${VARIANT%-unpatched}.config" ;;
	esac
	return 0
}

kmake() {
	make -s -C "$KSRC" O="$OBJ" ARCH=$KARCH CROSS_COMPILE=$CROSS \
		CC="ccache ${CROSS}gcc" HOSTCC="ccache gcc" \
		-j"$(nproc)" "$@"
}

# What the guest runs: the series' own tests, then the stock regression
# subset of ftracetest.  The debug kernel runs ~10x slower: a focused set.
TESTS_DEFAULT="perf,00basic,event,ftrace,trigger,instances,filter,tracer,preemptirq,dynevent,kprobe,selftests/perf_events"
# In the debug set only the series' own selftest of perf_events: on the
# arm64 debug kernel the stock sigtrap_threads and remove_on_exec (SIGTRAP
# every 1000 instructions, hardware watchpoints) time out (30 s per test),
# and remove_on_exec is flaky on the unpatched base (tests/known-failures).
TESTS_DEBUG="perf,00basic,instances,selftests/perf_events/deferred_callchain"
# Seconds a guest may run before it is killed (boot.sh; GUEST_TIMEOUT
# overrides): GUEST_TIMEOUT_ARCH of arch_vars, or the debug limit.
GUEST_TIMEOUT_DEFAULT=3000
GUEST_TIMEOUT_DEBUG=3600

# qemu_cmd: the QEMU command line of the current arch (see arch_vars).
qemu_cmd() {
	echo "$QEMU -smp 2 -m $MEM -nographic -no-reboot -kernel $IMAGE -initrd $INITRD"
}

# kernel_problems LOG: the kernel's warnings, oopses, lockdep and sanitizer
# reports in a console log.
kernel_problems() {
	grep -E '^\[ *[0-9]+\.[0-9]+\]' "$1" |
		grep -E 'WARNING:|BUG:|Oops|Call Trace:|circular locking|possible recursive locking|inconsistent lock state|INFO: |Kernel panic|KASAN|UBSAN|list_add corruption|list_del corruption'
}

# unpack_files LOG DIR: the files a guest sent on its console
# (FTP-FILE-BEGIN NAME, gzip + base64, FTP-FILE-END) into DIR, with the
# console itself as DIR/console.  Kernel messages can come in between,
# even in the middle of a line ("AbC[   82.92] hrtimer: ...", the rest
# of the line on the next one): base64 has no "[", so what follows one
# up to the end of its line is dropped, and the line goes on with the
# next.
unpack_files() {
	tr -d '\r' <"$1" >"$2/console"
	awk -v d="$2" '
		/^FTP-FILE-BEGIN / { f = d "/" $2 ".b64"; cut = ""; next }
		!f { next }
		{ line = cut $0; cut = "" }
		line ~ /^FTP-FILE-END/ { close(f); f = ""; next }
		(i = index(line, "[")) > 0 { cut = substr(line, 1, i - 1); next }
		{ print line > f }' "$2/console"
	for b in "$2"/*.b64; do
		[ -e "$b" ] || break
		base64 -d "$b" | gunzip >"${b%.b64}" ||
			echo "error: cannot decode ${b##*/}" >&2
		rm -f "$b"
	done
}

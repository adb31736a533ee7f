#!/bin/sh
# bench-build.sh VARIANT: build an arm64 benchmark kernel (bench: the
# series, bench-unpatched: the base tree, both with the test fragments
# and config/bench.config; bench-tracers: the series with
# config/bench-tracers.config), getppid-bench against its uapi headers,
# and its initramfs.  For scripts/bench.sh.
. "$(dirname "$0")/lib.sh"
ARCH=arm64
variant=$1

# The unpatched tree: the base commit of build/linux, checked out beside it
if [ "$variant" = bench-unpatched ] &&
	{ ! git -C "$BASE_SRC" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
	  [ "$(git -C "$BASE_SRC" rev-parse HEAD)" != "$(git -C "$KSRC" rev-parse base)" ]; }; then
	note "checking out the unpatched base tree in $BASE_SRC"
	rm -rf "$BASE_SRC"
	git -C "$KSRC" worktree prune
	git -C "$KSRC" worktree add -f --detach "$BASE_SRC" base >/dev/null ||
		die "cannot check out the base tree"
fi

arch_vars $ARCH "$variant"
case $variant in
bench|bench-tracers) src=$KSRC ;;
bench-unpatched) src=$BASE_SRC ;;
*) die "unknown benchmark variant '$variant' (bench, bench-unpatched or bench-tracers)" ;;
esac
KSRC=$src "$TOP/scripts/build.sh" $ARCH "$variant" || exit 1
mkdir -p "$OBJ/guest-bin"
# against the kernel's uapi headers, with frame pointers for the
# sampler's user callchains
defer=
grep -q defer_callchain "$OBJ/usr/include/linux/perf_event.h" &&
	defer=-DHAVE_DEFER_CALLCHAIN
${CROSS}gcc -O2 -static -Wall $defer -isystem "$OBJ/usr/include" \
	-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
	-o "$OBJ/guest-bin/getppid-bench" \
	"$TOP/bench/getppid-bench.c" || die "cannot build getppid-bench"
KSRC=$src "$TOP/scripts/initramfs.sh" $ARCH "$variant"

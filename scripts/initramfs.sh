#!/bin/sh
# initramfs.sh ARCH [VARIANT]: pack busybox, the guest scripts and
# programs and the tree's ftracetest into $OBJ/initramfs.cpio.gz.
. "$(dirname "$0")/lib.sh"
arch_vars "$@"

root=$OBJ/initramfs
rm -rf "$root"
mkdir -p "$root/bin" "$root/sbin" "$root/usr/bin" "$root/usr/sbin" \
	"$root/proc" "$root/sys" "$root/dev" "$root/tmp" "$root/root"
cp "$BUILD/busybox-$DEB_ARCH/bin/busybox" "$root/bin/" ||
	die "no busybox for $ARCH: run scripts/deps.sh"
# A real /bin/sh file, not a symlink: the uprobe tests look for a shell
# mapping named .../bin/...sh in /proc/PID/maps.
cp "$root/bin/busybox" "$root/bin/sh"
# trace-cmd with its libraries and the dynamic loader, as Debian ships them
tc=$BUILD/trace-cmd-$DEB_ARCH
[ -x "$tc/usr/bin/trace-cmd" ] || die "no trace-cmd for $ARCH: run scripts/deps.sh"
cp "$tc/usr/bin/trace-cmd" "$root/usr/bin/"
for d in lib lib64 usr/lib; do
	[ -d "$tc/$d" ] || continue
	mkdir -p "$root/$d"
	cp -a "$tc/$d/." "$root/$d/"
done
# the perf tool built here (scripts/perf-build.sh), stripped, with the
# libraries Debian builds it against
if [ -x "$BUILD/perf-$ARCH/perf" ]; then
	${CROSS}strip -o "$root/usr/bin/perf" "$BUILD/perf-$ARCH/perf" ||
		die "cannot strip perf for $ARCH"
	cp -a "$BUILD/perf-libs-$DEB_ARCH/." "$root/"
fi
rm -rf "$root/usr/lib/"*/gconv "$root/usr/share"
# Users and groups: stock tests look for a group other than root's.
mkdir -p "$root/etc"
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' \
	>"$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"
cp "$TOP/guest/init" "$root/init"
cp "$TOP"/guest/*.sh "$root/"
chmod +x "$root/init" "$root"/*.sh
# The guest's own programs (guest/*.c), static for the arch, against the
# kernel's uapi headers and with frame pointers (defer-demo walks them).
# defer-demo needs the deferred callchain series (not in the unpatched
# base the benchmark builds).
for src in "$TOP"/guest/*.c; do
	prog=$(basename "$src" .c)
	if [ "$prog" = defer-demo ] &&
		! grep -q defer_callchain "$OBJ/usr/include/linux/perf_event.h"; then
		continue
	fi
	${CROSS}gcc -O2 -static -Wall -Wextra -Werror -isystem "$OBJ/usr/include" \
		-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
		-o "$root/bin/$prog" "$src" ||
		die "cannot build $prog for $ARCH"
done
# The perf_events selftests, static, against the kernel's uapi headers
st=$KSRC/tools/testing/selftests/perf_events
mkdir -p "$OBJ/selftests/perf_events" "$root/selftests"
make -s -C "$st" OUTPUT="$OBJ/selftests/perf_events" CROSS_COMPILE=$CROSS \
	KHDR_INCLUDES="-isystem $OBJ/usr/include" LDFLAGS="-static -pthread" \
	>"$OBJ/selftests/build.log" 2>&1 ||
	die "cannot build the perf_events selftests for $ARCH: see $OBJ/selftests/build.log"
cp -a "$OBJ/selftests/perf_events" "$root/selftests/"
cp -a "$KSRC/tools/testing/selftests/ftrace" "$root/ftrace"
rm -rf "$root/ftrace/logs"
# What run-tests.sh needs to share the tests among guests by their cost,
# and to know which stock failures not to run twice
cp "$TOP/tests/test-times" "$TOP/tests/known-failures" "$root/"
[ -d "$OBJ/guest-bin" ] && cp -a "$OBJ/guest-bin/." "$root/bin/"

# Packed aside, then renamed: a guest may be starting from the old one
# (check.sh repacks it with perf while the test guests run).
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$INITRD.new" &&
	mv "$INITRD.new" "$INITRD" ||
	die "cannot pack $INITRD"

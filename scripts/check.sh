#!/bin/sh
# check.sh [debug]: for each arch (ARCHES, default both), build the
# kernel of build/linux, boot it, run the tests (TESTS) and judge the run.
# With 'debug': the debug kernels (KASAN, lockdep, kmemleak) on the
# focused test set.  Last line: N passed, N failed, N skipped.
. "$(dirname "$0")/lib.sh"

variant=${1:-}
if [ "$variant" = debug ]; then
	arches=${ARCHES:-x86_64 arm64}
	tests=${TESTS:-$TESTS_DEBUG}
else
	arches=${ARCHES:-x86_64 arm64}
	tests=${TESTS:-$TESTS_DEFAULT}
fi

# A run of some arches has its own summary: ARCHES=x86_64 and
# ARCHES=arm64 runs can go at once (their kernels build apart).
summary=$BUILD/summary${variant:+-$variant}
[ -n "${ARCHES:-}" ] && summary=$summary-$(echo $ARCHES | tr ' ' -)
: >"$summary"
# Each series applies to the base on its own (building it alone is
# 'make series-alone', too long for every run).
"$TOP/scripts/series-alone.sh" --apply-only >>"$summary" 2>&1
# The user-space tools, with the sanitizers, for the tracecmd checks of
# every arch (built once here: the arches run side by side).
make -s -C "$TOP/tools/ftrace-perf" OUT="$BUILD/tools-asan" SANITIZE=1 ||
	echo "tools: 0 passed, 1 failed, 0 skipped (build failed)" >>"$summary"
# The perf tool of the tree, for the host with the sanitizers (it reads
# the guests' perf.data files, good and bad: perftool-check.sh), built
# while the kernels build and the guests run, on what CPU they leave.
nice -n 19 "$TOP/scripts/perf-build.sh" x86_64 asan &
# run_tests: boot the built kernel of the current arch and run the tests.
run_tests() {
	"$TOP/scripts/boot.sh" "$ARCH" "$VARIANT" test "$tests" >/dev/null
	"$TOP/scripts/analyze.sh" "$ARCH" "$VARIANT" "$OBJ/test.log"
}

# Each guest is one QEMU thread.  With one arch to check, its test boot
# runs beside its other boots (one after the other, the debug arm64
# guests did not finish within a working session); with two, the arches
# run side by side instead.
set -- $arches
side_by_side=
[ $# -eq 1 ] && side_by_side=1

# run_arch ARCH: boot the built kernel of ARCH, run the tests, then the
# boots that record with trace-cmd (reported and compared on the host),
# with counters on the kernel command line, where the arch has them with
# PMU interrupts as NMIs, and with the perf tool of the tree; print the
# verdicts.
run_arch() {
	arch_vars "$1" "$variant"
	name=$ARCH${VARIANT:+-$VARIANT}
	built=$(date +%s)
	# the arch's perf, for the perftool boot, while the tests run
	nice -n 19 "$TOP/scripts/perf-build.sh" "$ARCH" &
	perf_build=$!
	if [ -n "$side_by_side" ]; then
		run_tests >"$OBJ/test.verdict" &
		tests_job=$!
	else
		run_tests
	fi
	"$TOP/scripts/boot.sh" "$ARCH" "$VARIANT" tracecmd >/dev/null
	"$TOP/scripts/tracecmd-check.sh" "$ARCH" "$VARIANT" "$OBJ/tracecmd.log"
	"$TOP/scripts/report-check.sh" "$ARCH" "$VARIANT"
	for mode in boot ${NMI_PARAMS:+nmi}; do
		"$TOP/scripts/boot.sh" "$ARCH" "$VARIANT" $mode "$NMI_TESTS" >/dev/null
		"$TOP/scripts/analyze.sh" "$ARCH" "$VARIANT" "$OBJ/$mode.log" |
			sed "s/^$name:/$name ($mode):/"
	done
	if wait $perf_build &&
		"$TOP/scripts/initramfs.sh" "$ARCH" "$VARIANT"; then
		"$TOP/scripts/boot.sh" "$ARCH" "$VARIANT" perftool >/dev/null
		"$TOP/scripts/perftool-check.sh" "$ARCH" "$VARIANT" "$OBJ/perftool.log"
	else
		echo "$name (perftool): 0 passed, 1 failed, 0 skipped (no perf for the guest)"
	fi
	if [ -n "$side_by_side" ]; then
		wait $tests_job
		cat "$OBJ/test.verdict"
	fi
	echo "$name: boot+tests $(($(date +%s) - built))s, console log $OBJ/test.log"
}

# An arch's guests run while the next arch builds.
for a in $arches; do
	arch_vars "$a" "$variant"
	name=$ARCH${VARIANT:+-$VARIANT}
	start=$(date +%s)
	if "$TOP/scripts/build.sh" "$a" $variant &&
		"$TOP/scripts/initramfs.sh" "$a" $variant; then
		echo "$name: build $(($(date +%s) - start))s" >"$summary.$a"
		run_arch "$a" >>"$summary.$a" &
	else
		echo "$name: 0 passed, 1 failed, 0 skipped (build failed)" >"$summary.$a"
	fi
done
wait
for a in $arches; do
	tee -a "$summary" <"$summary.$a"
	rm -f "$summary.$a"
done

echo
echo "=== summary ==="
# Failures and passes on the second run, each with its reasons (the
# indented lines after it); the counts.
awk '/^    / { if (show) print; next }
	{ show = (!/: note:/ && /FAIL/) || /failed once and passed/ }
	show || /: [0-9]+ passed, |: build [0-9]|: boot\+tests [0-9]/ { print }' "$summary"
awk '/: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped/ {
	for (i = 1; i <= NF; i++) {
		if ($(i + 1) ~ /^passed/) p += $i
		if ($(i + 1) ~ /^failed/) f += $i
		if ($(i + 1) ~ /^skipped/) s += $i
	}
} END { printf "%d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 }' "$summary"

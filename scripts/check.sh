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
# run_tests: boot the built kernel of the current arch and run the tests,
# in TEST_SHARDS guests side by side (arch_vars), each judged apart.
run_tests() {
	k=1
	pids=
	while [ $k -le "$TEST_SHARDS" ]; do
		SHARD=$k/$TEST_SHARDS "$TOP/scripts/boot.sh" "$ARCH" "$VARIANT" \
			test "$tests" >/dev/null &
		pids="$pids $!"
		k=$((k + 1))
	done
	wait $pids
	k=1
	while [ $k -le "$TEST_SHARDS" ]; do
		"$TOP/scripts/analyze.sh" "$ARCH" "$VARIANT" "$OBJ/test-$k.log" |
			sed "s|^$name:|$name (test $k/$TEST_SHARDS):|"
		k=$((k + 1))
	done
}

# Guests take a token from GUEST_SLOTS to run (boot.sh): one per CPU,
# each guest being one QEMU thread, so that a guest runs at the speed
# its time limit assumes however many wait.
slots=$BUILD/guest-slots.$$
mkfifo "$slots"
exec 9<>"$slots"
rm -f "$slots"
GUEST_SLOTS=9
export GUEST_SLOTS
i=0
while [ $i -lt "$(nproc)" ]; do
	echo >&9
	i=$((i + 1))
done
for a in $arches; do
	arch_vars "$a" "$variant"
	rm -f "$OBJ/guest-times"
done

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
	run_tests >"$OBJ/test.verdict" &
	tests_job=$!
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
	wait $tests_job
	cat "$OBJ/test.verdict"
	echo "$name: boot+tests $(($(date +%s) - built))s, console logs in $OBJ"
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
# Each guest's time beside its limit: the limits must keep their margin
for a in $arches; do
	arch_vars "$a" "$variant"
	sed 's/^/guest time: /' "$OBJ/guest-times" 2>/dev/null
done | tee -a "$summary"

echo
echo "=== summary ==="
# Failures and passes on the second run, each with its reasons (the
# indented lines after it); the counts.
awk '/^    / { if (show) print; next }
	{ show = (!/: note:/ && /FAIL/) || /failed once and passed/ }
	show || /: [0-9]+ passed, |: build [0-9]|: boot\+tests [0-9]|^guest time: / { print }' "$summary"
awk '/: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped/ {
	for (i = 1; i <= NF; i++) {
		if ($(i + 1) ~ /^passed/) p += $i
		if ($(i + 1) ~ /^failed/) f += $i
		if ($(i + 1) ~ /^skipped/) s += $i
	}
} END { printf "%d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 }' "$summary"

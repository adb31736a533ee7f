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

summary=$BUILD/summary${variant:+-$variant}
: >"$summary"
for a in $arches; do
	arch_vars "$a" "$variant"
	start=$(date +%s)
	"$TOP/scripts/build.sh" "$a" $variant &&
		"$TOP/scripts/initramfs.sh" "$a" $variant || {
		echo "$a${variant:+-$variant}: 0 passed, 1 failed, 0 skipped (build failed)" >>"$summary"
		continue
	}
	built=$(date +%s)
	"$TOP/scripts/boot.sh" "$a" "$variant" test "$tests" >/dev/null
	"$TOP/scripts/analyze.sh" "$a" "$variant" "$OBJ/test.log" |
		tee -a "$summary"
	# Counters on the kernel command line, and where the arch has them,
	# PMU interrupts as NMIs: boots of their own.
	for mode in boot ${NMI_PARAMS:+nmi}; do
		"$TOP/scripts/boot.sh" "$a" "$variant" $mode "$NMI_TESTS" >/dev/null
		"$TOP/scripts/analyze.sh" "$a" "$variant" "$OBJ/$mode.log" |
			sed "s/^$a${variant:+-$variant}:/$a${variant:+-$variant} ($mode):/" |
			tee -a "$summary"
	done
	echo "$a${variant:+-$variant}: build $((built - start))s, boot+tests $(($(date +%s) - built))s, console log $OBJ/test.log" |
		tee -a "$summary"
done

echo
echo "=== summary ==="
# Failures and passes on the second run, each with its reasons (the
# indented lines after it); the counts.
awk '/^    / { if (show) print; next }
	{ show = (!/: note:/ && /FAIL/) || /failed once and passed/ }
	show || /: [0-9]+ passed, |: build [0-9]/ { print }' "$summary"
awk '/: [0-9]+ passed, [0-9]+ failed, [0-9]+ skipped/ {
	for (i = 1; i <= NF; i++) {
		if ($(i + 1) ~ /^passed/) p += $i
		if ($(i + 1) ~ /^failed/) f += $i
		if ($(i + 1) ~ /^skipped/) s += $i
	}
} END { printf "%d passed, %d failed, %d skipped\n", p, f, s; exit f > 0 }' "$summary"

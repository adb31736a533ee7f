#!/bin/sh
# analyze.sh ARCH VARIANT LOG: judge one guest run.  Prints every test
# that did not pass and why, the kernel log problems, and a last line
#   ARCH: N passed, N failed, N skipped
# Exit status 1 if anything failed.
. "$(dirname "$0")/lib.sh"
arch_vars "$1" "$2"
LOG=$3
KNOWN=$TOP/tests/known-failures
name=$ARCH${VARIANT:+-$VARIANT}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# NULs too: a selftest's child can print them, and grep would then
# take the log for a binary file and print no lines
tr -d '\r\000' <"$LOG" >"$tmp/log"
failed=0

# Stock tests that fail on the unpatched base kernel here, for this arch.
awk -v a="$ARCH" '!/^#/ && NF >= 2 && ($1 == a || $1 == "*") { print $2 }' \
	"$KNOWN" >"$tmp/known"

# reason TEST: why TEST is listed for this arch
reason() {
	awk -v a="$ARCH" -v t="$1" '!/^#/ && ($1 == a || $1 == "*") && $2 == t {
		$1 = $2 = ""; sub(/^ +/, ""); print; exit }' "$KNOWN"
}

# The log lines ("    | ...") that follow the first log line starting
# with $1 and naming $2, without the shell trace, at most $3 of them.
details() { # start test max
	awk -v s="$1" -v t=" $2" -v max="$3" '
		index($0, s) == 1 && index($0, t) { on = 1; n = 0; next }
		on && /^    \| / {
			if ($0 !~ /^    \| # \+ / && n++ < max) print "    " $0
			next
		}
		{ on = 0 }' "$tmp/log"
}

sed -n 's/^FTP-RESULT //p' "$tmp/log" | sed 's/ (instance)$/[instance]/' \
	>"$tmp/results"
while read -r r t; do
	case $r in
	PASS)
		if grep -qxF "$t" "$tmp/known"; then
			case $(reason "$t") in
			flaky*) ;;	# it fails on the base now and then
			*) echo "$name: note: $t passes now; drop it from tests/known-failures" ;;
			esac
		fi
		echo pass ;;
	FAIL)
		if grep -qxF "$t" "$tmp/known"; then
			echo "$name: known failure: $t ($(reason "$t"))"
			echo skip
		else
			echo "$name: FAIL: $t"
			details "FTP-RESULT " "${t%\[instance\]}" 15
			echo fail
		fi ;;
	SKIP|XFAIL)
		echo "$name: $r: $t"
		echo skip ;;
	esac
done <"$tmp/results" >"$tmp/verdicts"
grep -v '^pass$\|^fail$\|^skip$' "$tmp/verdicts"
sed -n 's/^FTP-NOTE //p' "$tmp/log" | while read -r note; do
	echo "$name: note: $note"
	case $note in
	*" failed once and passed when run again"*)
		details FTP-NOTE "${note%% *}" 50 ;;
	esac
done
sed -n "s/^FTP-FIGURE /$name: figure: /p" "$tmp/log"
pass=$(grep -c '^pass$' "$tmp/verdicts")
fail=$(grep -c '^fail$' "$tmp/verdicts")
skip=$(grep -c '^skip$' "$tmp/verdicts")
perf=$(grep -c ' test\.d/perf/' "$tmp/results")
echo "$name: perf tests run: $perf (of $(grep -c . "$tmp/results") results)"

expected=$(sed -n 's/^FTP-TESTS //p' "$tmp/log")
if [ -z "$expected" ] || ! grep -q '^FTP-END-TESTS' "$tmp/log"; then
	echo "$name: FAIL: the test run did not complete" \
		"(last test started: $(sed -n 's/^FTP-START //p' "$tmp/log" |
		tail -n 1))"
	fail=$((fail + 1))
fi

# Whatever the tests said, a kernel that warned, oopsed or reported a
# locking problem failed.
kernel_problems "$tmp/log" >"$tmp/kproblems"
if [ -s "$tmp/kproblems" ]; then
	echo "$name: FAIL: the kernel log has problems:"
	sed 's/^/    /' "$tmp/kproblems" | head -n 20
	fail=$((fail + 1))
fi

# kmemleak: leaks whose backtrace names a function of kernel/trace,
# kernel/events or kernel/unwind fail the run; others are reported.
if grep -q '^FTP-BEGIN-KMEMLEAK' "$tmp/log"; then
	for d in kernel/trace kernel/events kernel/unwind; do
		nm "$OBJ/$d"/*.o 2>/dev/null
	done | awk '$2 ~ /^[tT]$/ { print $3 }' | sort -u >"$tmp/ours"
	sed -n '/^FTP-BEGIN-KMEMLEAK/,/^FTP-END-KMEMLEAK/p' "$tmp/log" >"$tmp/leaks"
	n=$(grep -c 'unreferenced object' "$tmp/leaks")
	ours=$(sed -n 's/.*\[<[0-9a-f]*>\] \([A-Za-z0-9_.]*\)+0x.*/\1/p' "$tmp/leaks" |
		sed 's/\..*//' | sort -u | comm -12 - "$tmp/ours")
	echo "$name: kmemleak: $n unreferenced objects"
	if [ -n "$ours" ]; then
		echo "$name: FAIL: kmemleak leaks through kernel/trace, kernel/events or kernel/unwind:" $ours
		fail=$((fail + 1))
	fi
fi

echo "$name: $pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]

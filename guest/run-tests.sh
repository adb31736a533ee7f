#!/bin/sh
# run-tests.sh DIR[,DIR|FILE...] [K/N]: run ftracetest on each test file
# of the given test.d entries, one file at a time, then the kselftest
# programs of the selftests/DIR[/PROG] entries, and print one line per
# result:
#   FTP-RESULT PASS|FAIL|SKIP|XFAIL test.d/DIR/FILE.tc[ (instance)]
#   FTP-RESULT PASS|FAIL|SKIP selftests/DIR/PROG:TEST
#   FTP-TIME SECONDS test.d/DIR/FILE.tc|selftests/DIR/PROG (guest time)
# A failed test's log follows its result line.  With K/N, only the K-th
# of N shares: N guests given 1/N to N/N run the whole set between them
# (make check's shards), each share about as long as the others by the
# guest times that /test-times (tests/test-times) gives each test.
cd /ftrace || exit 1
shard=${2:-1/1}
for spec in $(echo "$1" | tr , ' '); do
	if [ "${spec#selftests/}" != "$spec" ]; then
		# a directory of programs, or one program
		if [ -d "/$spec" ]; then
			for prog in "/$spec"/*; do
				[ -f "$prog" ] && [ -x "$prog" ] &&
					echo "selftest ${prog#/}"
			done
		elif [ -x "/$spec" ]; then
			echo "selftest $spec"
		else
			echo "FTP-RESULT FAIL $spec (not in the initramfs)" >&2
		fi
	elif [ -f "test.d/$spec" ]; then
		echo "tc test.d/$spec"
	elif [ -d "test.d/$spec" ]; then
		find "test.d/$spec" -name '*.tc' | sort | sed 's/^/tc /'
	else
		echo "FTP-RESULT FAIL test.d/$spec (no such test)" >&2
	fi
done 2>/tmp/missing >/tmp/list.all
# The K-th share: the tests, costliest first, each to the share with the
# least cost so far (a test without a time costs 5 s); every guest
# computes the same shares.  Kept in list order.
arch=$(uname -m)
[ "$arch" = aarch64 ] && arch=arm64
awk -v k="${shard%/*}" -v n="${shard#*/}" -v arch="$arch" '
	BEGIN {
		while ((getline line < "/test-times") > 0)
			if (split(line, f, " ") == 3 && f[1] == arch)
				cost[f[2]] = f[3]
	}
	{ item[++m] = $0; c[m] = ($2 in cost) ? cost[$2] : 5; ord[m] = m }
	END {
		for (i = 1; i <= m; i++)
			for (j = i + 1; j <= m; j++)
				if (c[ord[j]] > c[ord[i]]) {
					t = ord[i]; ord[i] = ord[j]; ord[j] = t
				}
		for (i = 1; i <= m; i++) {
			best = 1
			for (s = 2; s <= n; s++)
				if (load[s] + 0 < load[best] + 0)
					best = s
			share[ord[i]] = best
			load[best] += c[ord[i]]
		}
		for (i = 1; i <= m; i++)
			if (share[i] == k)
				print item[i]
	}' /tmp/list.all >/tmp/list
sed -n 's/^tc //p' /tmp/list >/tmp/tests
sed -n 's/^selftest //p' /tmp/list >/tmp/selftests
# Missing tests fail in the first shard only
[ "${shard%/*}" = 1 ] && cat /tmp/missing
echo "FTP-TESTS $(wc -l </tmp/list) (shard $shard)"

# uptime: the guest's seconds since boot, for the FTP-TIME lines
uptime_s() { cut -d' ' -f1 /proc/uptime; }
# time_since START NAME: the FTP-TIME line of NAME, which began at START
time_since() {
	echo "FTP-TIME $(uptime_s | awk -v s="$1" '{ printf "%.1f", $1 - s }') $2"
}

# A test that leaves a trace option changed (say options/fields after a
# failure) would break every later test that reads the trace.  Restore
# the options after each test; the series' own tests must not leave any.
# function_profile_enabled is one of them: ftracetest does not reset it,
# and the stock fgraph-profiler.tc leaves the profiler on, which made
# every later test of its guest 10 to 40 times slower on arm64 (a test
# guest killed at its time limit, 2026-12-07).
T=/sys/kernel/tracing
options_state() {
	for o in $T/options/* $T/function_profile_enabled; do
		[ -f "$o" ] && echo "${o#"$T"/} $(cat "$o")"
	done
}
options_state >/tmp/options
restore_options() { # test
	options_state | awk 'NR == FNR { want[$1] = $2; next }
		($1 in want) && want[$1] != $2 { print $1, $2, want[$1] }' \
		/tmp/options - |
	while read -r o v want; do
		echo "$want" >"$T/$o"
		case $1 in
		test.d/perf/*) echo "FTP-RESULT FAIL $1 (left $o at $v)" ;;
		*) echo "FTP-NOTE $1 left $o at $v: restored" ;;
		esac
	done
}

# A test that hangs must not take the rest of its share down with it:
# after TEST_LIMIT seconds (guest time; the costliest test takes about
# 100 s on arm64 under -icount, and func_irq_pairs.tc over 600 s on the
# x86_64 debug kernel) its ftracetest is killed and the test fails with
# what it printed.  FTP-START names the test running, should the whole
# guest still be killed.
TEST_LIMIT=600
[ "$FTP_DEBUG" = 1 ] && TEST_LIMIT=3000
run_one() { # test
	echo "FTP-START $1"
	timeout -s KILL $TEST_LIMIT ./ftracetest -K -k -v -l /tmp/logs "$1" \
		>/tmp/out 2>&1 </dev/null
	[ $? -eq 137 ] &&
		echo "not ok 1 $1 # killed after $TEST_LIMIT s" >>/tmp/out
	return 0
}

# known_failure TEST: does TEST fail on the base kernel here, for this
# arch (tests/known-failures)?  Running it again would tell nothing.
known_failure() {
	awk -v a="$arch" -v t="$1" '!/^#/ && ($1 == a || $1 == "*") &&
		$2 == t { found = 1 } END { exit !found }' /known-failures
}

# A stock test that fails is run once more: under TCG on a loaded host
# some are timing-sensitive (func-filter-pid.tc failed once in 170 here
# and passed in isolation).  A failure that repeats is reported; one that
# does not is a note with the first run's log.  The series' own tests
# get no second chance, nor do the known failures of the arch.
while read -r t; do
	start=$(uptime_s)
	run_one "$t"
	case $t in
	test.d/perf/*) ;;
	*)
		if grep -q '^not ok' /tmp/out && ! known_failure "$t"; then
			mv /tmp/out /tmp/out.first
			# ftracetest leaves the top-level buffer as the test
			# left it: keep its start for the note.
			grep -v '^#' $T/trace | head -n 30 >/tmp/trace.first
			restore_options "$t"
			run_one "$t"
			if ! grep -q '^not ok' /tmp/out; then
				echo "FTP-NOTE $t failed once and passed when run again; first run:"
				sed 's/^/    | /' /tmp/out.first | grep -v '^    | # + '
				echo "    | top-level trace after the first run:"
				sed 's/^/    | /' /tmp/trace.first
			fi
		fi
		;;
	esac
	grep -E '^(not )?ok [0-9]' /tmp/out | while read -r line; do
		case $line in
		"not ok"*) r=FAIL ;;
		*"# SKIP"*) r=SKIP ;;
		*"# XFAIL"*) r=XFAIL ;;
		*) r=PASS ;;
		esac
		inst=
		case $line in *" (instance) "*) inst=" (instance)" ;; esac
		echo "FTP-RESULT $r $t$inst"
	done
	grep -qE '^(not )?ok [0-9]' /tmp/out ||
		echo "FTP-RESULT FAIL $t (no result)"
	# What a test measured, for the record: the "figure: " lines of
	# its logs (kept by -k, passed or not).
	cat /tmp/logs/*-log.* 2>/dev/null |
		sed -n "s|^figure: |FTP-FIGURE $t: |p"
	rm -f /tmp/logs/*-log.*
	grep -q '^not ok' /tmp/out && sed 's/^/    | /' /tmp/out
	restore_options "$t"
	time_since "$start" "$t"
done </tmp/tests

# selftests/DIR: the kselftest programs built into /selftests/DIR; each
# test of their TAP output is one result, named selftests/DIR/PROG:TEST.
# The series' deferred callchain tests must run on both arches: a skip
# there is a failure, but for the hardware counter test on x86_64, which
# has no PMU under TCG.
selftest_results() { # name
	grep -E '^(not )?ok [0-9]+ ' /tmp/st.out | while read -r line; do
		t=$(echo "$line" | sed 's/^\(not \)\{0,1\}ok [0-9]* //; s/ # .*//')
		case $line in
		"not ok"*) r=FAIL ;;
		*"# SKIP"*) r=SKIP ;;
		*) r=PASS ;;
		esac
		case $r:$1:$(uname -m):$t in
		SKIP:*/deferred_callchain:x86_64:deferred.hw_cycles_event)
			echo "FTP-RESULT SKIP $1:$t" ;;
		SKIP:*/deferred_callchain:*)
			r=FAIL
			echo "FTP-RESULT FAIL $1:$t (skipped:${line#*# SKIP})" ;;
		*) echo "FTP-RESULT $r $1:$t" ;;
		esac
		# the program's log after each failure
		[ $r = FAIL ] && sed 's/^/    | /' /tmp/st.out | head -n 200
	done
}

while read -r name; do
	start=$(uptime_s)
	timeout 3000 "/$name" >/tmp/st.out 2>&1 </dev/null
	selftest_results "$name"
	if ! grep -qE '^(not )?ok [0-9]+ ' /tmp/st.out; then
		echo "FTP-RESULT FAIL $name (no result)"
		sed 's/^/    | /' /tmp/st.out | head -n 200
	fi
	sed -n "s|^# figure: |FTP-FIGURE $name: |p" /tmp/st.out
	time_since "$start" "$name"
done </tmp/selftests
echo "FTP-END-TESTS"

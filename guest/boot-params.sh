#!/bin/sh
# boot-params.sh: the kernel was booted with the perf counter options
# and triggers of BOOT_PARAMS (scripts/lib.sh) on its command line; check
# that they took effect and record, in the format of run-tests.sh.
T=/sys/kernel/tracing
NAME=boot/perf-params
echo "FTP-TESTS 1"
fails=/tmp/boot-fails
: >$fails
fail() { echo "$1" >>$fails; }

has_param() { # PARAM
	tr ' ' '\n' </proc/cmdline | grep -qx "$1"
}

# Every sched_switch is followed on its CPU by a record with COUNTER:
# the next line of that CPU, or the one after (the options' record comes
# before the trigger's). The trace merges the CPUs by time, so another
# CPU's lines can come in between: keep the state per CPU.
check_records() { # COUNTER
	grep -v '^#' $T/trace | awk -v c="$1:" '
	function missing(cpu) {
		print "no " c " after sched_switch: " ev[cpu]; bad = 1; exit 1
	}
	/ sched_switch: / {
		cpu = $2
		if (left[cpu]) missing(cpu)
		ev[cpu] = $0; events++; left[cpu] = 2; next
	}
	left[$2] {
		cpu = $2
		if (index($0, c)) { records++; left[cpu] = 0; next }
		if (--left[cpu] == 0) missing(cpu)
	}
	END {
		if (bad) exit 1
		if (events < 5 || records < events - 1) {
			print "events " events " records " records; exit 1
		}
	}'
}

if has_param trace_trigger=sched_switch.perf:cpu_clock; then
	grep -qx 'perf:cpu_clock' $T/events/sched/sched_switch/trigger ||
		fail "trigger not set: $(cat $T/events/sched/sched_switch/trigger)"
	echo > $T/trace
	echo 1 > $T/events/sched/sched_switch/enable
	sleep 1
	echo 0 > $T/events/sched/sched_switch/enable
	out=$(check_records cpu_clock) || fail "trace_trigger: $out"
	echo '!perf:cpu_clock' > $T/events/sched/sched_switch/trigger
else
	fail "the kernel command line lacks the perf trigger"
fi

if has_param trace_options=event_cpu_cycles; then
	[ "$(cat $T/options/event_cpu_cycles)" = 1 ] ||
		fail "options/event_cpu_cycles is not set"
	echo > $T/trace
	echo 1 > $T/events/sched/sched_switch/enable
	sleep 1
	echo 0 > $T/events/sched/sched_switch/enable
	out=$(check_records cpu_cycles) || fail "trace_options: $out"
	echo 0 > $T/options/event_cpu_cycles
fi

if [ -s $fails ]; then
	echo "FTP-RESULT FAIL $NAME"
	sed 's/^/    | /' $fails
else
	echo "FTP-RESULT PASS $NAME"
fi
echo "FTP-END-TESTS"

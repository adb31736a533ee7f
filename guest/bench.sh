#!/bin/sh
# The benchmark (ftp_mode=bench): instructions per getppid(2) call under
# each tracing configuration, on the kernel that booted (patched or not).
# Prints "FTP-BENCH LABEL VALUE" and "FTP-BENCH-RECORDS LABEL N" (perf
# records per call) for scripts/bench.sh to tabulate.
T=/sys/kernel/tracing
CALLS=200
BATCHES=40

run() { # label
	echo >$T/trace
	getppid-bench "$1" $CALLS $BATCHES
}

# How many trace lines of a kind one call writes: the difference
# between 110 and 10 calls, so that starting the program does not count.
lines_for() { # calls grep-pattern
	echo >$T/trace
	getppid-bench count $1 1 >/dev/null
	grep -v '^#' $T/trace | grep -c -- "$2"
}

records() { # label grep-pattern
	few=$(lines_for 10 "$2")
	many=$(lines_for 110 "$2")
	echo "FTP-BENCH-RECORDS $1 $(((many - few) / 100))"
}

syscall_events() { # 0|1
	echo $1 >$T/events/syscalls/sys_enter_getppid/enable
	echo $1 >$T/events/syscalls/sys_exit_getppid/enable
}

# One counter by option: options/OPTION on, measured, counted, off
run_option() { # label option record-pattern
	echo 1 >$T/options/$2
	run $1
	records $1 "$3"
	echo 0 >$T/options/$2
}

syscall_triggers() { # command
	echo "$1" >$T/events/syscalls/sys_enter_getppid/trigger
	echo "$1" >$T/events/syscalls/sys_exit_getppid/trigger
}

patched=0
[ -e $T/available_perf_events ] && patched=1
echo "FTP-BENCH-KERNEL $(uname -r) patched=$patched"
[ $patched = 1 ] && echo "FTP-BENCH-COUNTERS $(cut -d: -f1 $T/available_perf_events | tr '\n' ' ')"

# 4 counters: the two hardware ones QEMU has, and two software ones
SETS="cpu_cycles cpu_cycles:instructions cpu_cycles:instructions:page_faults:context_switches"

run off

syscall_events 1
run events
if [ $patched = 1 ]; then
	run_option events+option1 event_cpu_cycles 'cpu_cycles:'
	for set in $SETS; do
		nr=$(echo "$set" | tr ':' '\n' | grep -c .)
		syscall_triggers "perf:$set"
		run events+trigger$nr
		records events+trigger$nr 'cpu_cycles:'
		syscall_triggers "!perf:$set"
	done
	# One software counter: perf core without a PMU register read
	syscall_triggers "perf:page_faults"
	run events+trigger1sw
	records events+trigger1sw 'page_faults:'
	syscall_triggers "!perf:page_faults"

fi
syscall_events 0

# perf samples of every call with the user callchain, DEPTH frames deep:
# copied in the sample, or (the deferred callchain series) walked when the
# call returns to user space.  depthN is the same calls without a sample.
DEPTH=64
getppid-bench depth$DEPTH $CALLS $BATCHES none $DEPTH
getppid-bench sample+fp$DEPTH $CALLS $BATCHES immediate $DEPTH
# (defer-demo is only built against the series' headers)
if [ -x /bin/defer-demo ]; then
	getppid-bench sample+defer$DEPTH $CALLS $BATCHES deferred $DEPTH
fi

# The functions of a getppid call (those that exist here)
for f in __arm64_sys_getppid __task_pid_nr_ns; do
	echo $f >>$T/set_ftrace_filter 2>/dev/null
done
echo "FTP-BENCH-FILTER $(cat $T/set_ftrace_filter | tr '\n' ' ')"

echo function >$T/current_tracer
run func
records func ' <-'
if [ $patched = 1 ]; then
	run_option func+option1 func-cpu-cycles 'cpu_cycles:'
	echo 'perf:cpu_cycles:instructions' >$T/events/ftrace/function/trigger
	run func+trigger2
	records func+trigger2 'cpu_cycles:'
	echo '!perf' >$T/events/ftrace/function/trigger
fi
echo nop >$T/current_tracer

echo function_graph >$T/current_tracer
run graph
records graph '[{;]$'
if [ $patched = 1 ]; then
	run_option graph+option1 funcgraph-cpu-cycles 'cpu_cycles:'
fi
echo nop >$T/current_tracer
echo >$T/set_ftrace_filter

# The function_graph bias: the mean difference between the --> and <--
# records of a function that does nothing, the arch's sys_ni_syscall()
# (a system call number that nothing has), in instructions and cycles:
# the tracer's own work, in every difference it prints.
BIAS_FUNC=__arm64_sys_ni_syscall
BIAS_NR=244	# __NR_arch_specific_syscall, none on arm64
BIAS_COUNTERS=instructions:cpu_cycles
if [ $patched = 1 ] && grep -qx $BIAS_FUNC $T/available_filter_functions; then
	echo $BIAS_FUNC >$T/set_ftrace_filter
	echo "perf:$BIAS_COUNTERS" >$T/events/ftrace/funcgraph_entry/trigger
	echo "perf:$BIAS_COUNTERS" >$T/events/ftrace/funcgraph_exit/trigger
	echo 1 >$T/options/funcgraph-perf-delta
	echo function_graph >$T/current_tracer
	echo >$T/trace
	getppid-bench bias 100 1 none 0 $BIAS_NR >/dev/null
	# (the trace first: a change of tracer empties it)
	grep -- '<--' $T/trace >/tmp/bias.txt
	echo nop >$T/current_tracer
	echo 0 >$T/options/funcgraph-perf-delta
	echo '!perf' >$T/events/ftrace/funcgraph_entry/trigger
	echo '!perf' >$T/events/ftrace/funcgraph_exit/trigger
	echo >$T/set_ftrace_filter
	awk '{
		for (i = 1; i < NF; i++) {
			if ($i != "instructions:" && $i != "cpu_cycles:")
				continue
			d = $(i + 2)
			if (d !~ /^\(\+[0-9]+\)$/)
				continue
			gsub(/[(+)]/, "", d)
			sum[$i] += d
			n[$i]++
		}
	}
	END {
		if (n["instructions:"] && n["cpu_cycles:"])
			printf "FTP-BENCH-BIAS %s %d %.2f %.2f\n", f, n["instructions:"],
			       sum["instructions:"] / n["instructions:"],
			       sum["cpu_cycles:"] / n["cpu_cycles:"]
		else
			print "FTP-BENCH-BIAS-FAIL no (+N) differences in the graph"
	}' f=$BIAS_FUNC /tmp/bias.txt
else
	[ $patched = 1 ] && echo "FTP-BENCH-BIAS-FAIL $BIAS_FUNC cannot be traced"
fi

#!/bin/sh
# The demo: perf counter values next to the trace events they belong to.
T=/sys/kernel/tracing
show() { echo; echo "### $*"; }

getppid_loop() {
	for i in 1 2 3; do sh -c 'echo $PPID' >/dev/null; done
}

run_getppid() {
	echo >$T/trace
	echo 1 >$T/events/syscalls/sys_enter_getppid/enable
	echo 1 >$T/events/syscalls/sys_exit_getppid/enable
	getppid_loop
	echo 0 >$T/events/syscalls/enable
	grep -v '^#' $T/trace | head -n 24
}

show "counters this machine has (cat available_perf_events)"
cat $T/available_perf_events

if grep -q '^cpu_cycles:' $T/available_perf_events; then
	show "echo 1 > options/event_cpu_cycles; getppid syscall events"
	echo 1 >$T/options/event_cpu_cycles
	run_getppid
	echo 0 >$T/options/event_cpu_cycles
	counters=cpu_cycles:instructions
else
	show "echo 1 > options/event_cpu_cycles (no cycle counter here)"
	echo 1 >$T/options/event_cpu_cycles
	echo "--- error_log:"
	cat $T/error_log
	counters=page_faults:cpu_clock
fi

show "echo 'perf:$counters' > events/syscalls/sys_enter_getppid/trigger"
echo "perf:$counters" >$T/events/syscalls/sys_enter_getppid/trigger
cat $T/events/syscalls/sys_enter_getppid/trigger
run_getppid
echo "!perf:$counters" >$T/events/syscalls/sys_enter_getppid/trigger

first=${counters%%:*}
show "echo 'perf:$first' > events/sched/trigger (every sched event at once)"
echo "perf:$first" >$T/events/sched/trigger
grep 'sched_process_' $T/events/sched/trigger
echo >$T/trace
echo 1 >$T/events/sched/enable
getppid_loop
echo 0 >$T/events/sched/enable
echo "!perf:$first" >$T/events/sched/trigger
grep -v '^#' $T/trace | head -n 12

show "a user-defined counter: echo 'faults=software/config=2/' >> perf_counters"
echo 'faults=software/config=2/' >>$T/perf_counters
grep '^faults:' $T/available_perf_events
echo >$T/trace
echo 'perf:faults' >$T/events/sched/sched_process_exec/trigger
echo 1 >$T/events/sched/sched_process_exec/enable
getppid_loop
echo 0 >$T/events/sched/sched_process_exec/enable
echo '!perf:faults' >$T/events/sched/sched_process_exec/trigger
grep -v '^#' $T/trace | grep -A1 sched_process_exec | head -n 6

show "raw output (options/raw): origin id:value"
echo 1 >$T/options/raw
grep -v '^#' $T/trace | head -n 4
echo 0 >$T/options/raw

show "function tracer: echo 'perf:$counters' > events/ftrace/function/trigger"
echo >$T/trace
echo vfs_read >$T/set_ftrace_filter
echo "perf:$counters" >$T/events/ftrace/function/trigger
echo function >$T/current_tracer
read -r version </proc/version
echo 0 >$T/tracing_on
grep -v '^#' $T/trace | head -n 6
echo nop >$T/current_tracer
echo "!perf:$counters" >$T/events/ftrace/function/trigger
echo >$T/set_ftrace_filter
echo 1 >$T/tracing_on

# Hardware counters by option where the machine has them
if [ "$first" = cpu_cycles ]; then
	graph_on="echo 1 > options/funcgraph-cpu-cycles; echo 'perf:instructions' > events/ftrace/funcgraph_exit/trigger"
	echo 1 >$T/options/funcgraph-cpu-cycles
	echo 'perf:instructions' >$T/events/ftrace/funcgraph_exit/trigger
else
	graph_on="echo perf:cpu_clock > events/ftrace/funcgraph_{entry,exit}/trigger"
	echo perf:cpu_clock >$T/events/ftrace/funcgraph_entry/trigger
	echo perf:cpu_clock >$T/events/ftrace/funcgraph_exit/trigger
fi
show "function_graph of vfs_read (the shell's read builtin on /proc/version):" \
	"$graph_on; echo 1 > options/funcgraph-perf-delta"
echo >$T/trace
echo 1 >$T/options/funcgraph-perf-delta
echo vfs_read >$T/set_graph_function
echo function_graph >$T/current_tracer
read -r version </proc/version
echo 0 >$T/tracing_on
grep -v '^#' $T/trace | head -n 40
echo nop >$T/current_tracer
echo 0 >$T/options/funcgraph-perf-delta
echo 0 >$T/options/funcgraph-cpu-cycles
echo '!perf' >$T/events/ftrace/funcgraph_entry/trigger 2>/dev/null
echo '!perf' >$T/events/ftrace/funcgraph_exit/trigger 2>/dev/null
echo >$T/set_graph_function
echo 1 >$T/tracing_on

# The second series: deferred user callchains for perf.
if [ -x /bin/defer-demo ]; then
	show "perf deferred user callchain: a sample taken in read(), stitched" \
		"(perf_event_open with defer_callchain + defer_output; guest/defer-demo.c)"
	defer-demo
fi

# The perf tool of the series records and stitches them.
if command -v perf >/dev/null; then
	show "perf record --call-graph fp,defer -- deep-stack; perf script:" \
		"a sample in read(), its user part from the deferred record"
	perf record -q -N -e cpu-clock -c 100000 --call-graph fp,defer \
		-o /tmp/demo.data -- deep-stack 20
	perf script -F comm,tid,time,ip,sym,dso -i /tmp/demo.data 2>/dev/null |
		awk 'BEGIN { RS = "" } / ksys_read / && /frame_0/ { print; exit }'
	show "the same file with perf script --no-merge-callchains:" \
		"the sample carries a cookie, the record the user frames"
	perf script -F comm,tid,time,ip,sym,dso --no-merge-callchains \
		-i /tmp/demo.data 2>/dev/null | awk 'BEGIN { RS = "" }
		!cookie && / ksys_read / && /cookie/ {
			print; print ""
			cookie = $NF; sub(/\)$/, "", cookie)
			next
		}
		cookie && index($0, "DEFERRED cookie " cookie " ") { print; exit }'
fi

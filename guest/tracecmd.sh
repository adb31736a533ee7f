#!/bin/sh
# tracecmd.sh: trace the same workload into the kernel's trace file and,
# with Debian's trace-cmd, into trace.dat files; send them all to the
# host (gzip + base64 between FTP-FILE-BEGIN NAME and FTP-FILE-END),
# which reports the trace.dat files with the plugin and with
# ftrace-perf-report, and compares with the kernel's text.
#   events    perf triggers on sys_enter_getppid and sys_exit_getppid
#   function  function tracer with a perf trigger on ftrace/function
#   graph     function_graph with perf triggers on entry and exit
#   sleep     the same on nanosleep: deltas across a context switch
#   unknown   a counter removed before trace-cmd saved the format
#   record    trace-cmd record -e ... -R perf:... (trace-cmd sets it up)
#   noperf    trace-cmd record without counters
# The kernel's text of each CPU is per_cpu/cpuN/trace, read before
# trace-cmd extract consumes the buffer.
T=/sys/kernel/tracing
out=/tmp/tracecmd
mkdir -p $out
cd $T || exit 1

fail() {
	echo "FTP-TRACECMD-FAIL $*"
}

getppid_loop() {
	for i in 1 2 3 4 5 6 7 8; do sh -c 'echo $PPID' >/dev/null; done
}

# A user-defined counter: the host has no definition of it, the name
# must come with the trace.
echo 'tc_faults=software/config=2/' >>perf_counters || fail "define tc_faults"
counters=cpu_clock:tc_faults
grep -q '^cpu_cycles:' available_perf_events &&
	counters=cpu_cycles:instructions:$counters
echo "FTP-TRACECMD-COUNTERS $counters"

# save NAME: the kernel's text per CPU, then trace-cmd extract, then reset
save() {
	echo 0 >tracing_on
	for d in per_cpu/cpu*; do
		cat $d/trace >$out/$1.${d##*/}.txt
	done
	trace-cmd extract -o $out/$1.dat >$out/$1.log 2>&1 ||
		{ fail "trace-cmd extract $1"; cat $out/$1.log; }
	for f in $out/$1.*; do /send.sh $f; done
	echo nop >current_tracer
	echo >trace
	echo 1 >tracing_on
}

echo >trace
for e in sys_enter_getppid sys_exit_getppid; do
	echo "perf:$counters" >events/syscalls/$e/trigger || fail "$e trigger"
	echo 1 >events/syscalls/$e/enable
done
getppid_loop
echo 0 >events/syscalls/enable
save events
for e in sys_enter_getppid sys_exit_getppid; do
	echo "!perf:$counters" >events/syscalls/$e/trigger
done

echo '*sys_getppid' >set_ftrace_filter
echo "perf:$counters" >events/ftrace/function/trigger || fail "function trigger"
echo function >current_tracer
getppid_loop
save function
echo "!perf:$counters" >events/ftrace/function/trigger
echo >set_ftrace_filter

# graph NAME FUNCTIONS COMMAND: function_graph of FUNCTIONS with counters
graph() {
	echo "$2" >set_graph_function
	echo "perf:$counters" >events/ftrace/funcgraph_entry/trigger || fail "$1 trigger"
	echo "perf:$counters" >events/ftrace/funcgraph_exit/trigger
	echo function_graph >current_tracer
	$3
	save $1
	echo "!perf:$counters" >events/ftrace/funcgraph_entry/trigger
	echo "!perf:$counters" >events/ftrace/funcgraph_exit/trigger
	echo >set_graph_function
}
# Each sleep must block.  Traced with its records on a debug kernel, a
# nanosleep() that did not block took ~59 M cycles (arm64, KASAN): a
# 10 ms sleep whose timer expires before schedule() returns unswitched.
sleep_loop() {
	for i in 1 2 3 4; do sleep 0.5; done
}
graph graph '*sys_getppid' getppid_loop
graph sleep '*sys_nanosleep *sys_clock_nanosleep' sleep_loop

echo 'tc_gone=software/config=2/' >>perf_counters || fail "define tc_gone"
echo "perf:tc_gone" >events/syscalls/sys_enter_getppid/trigger
echo 1 >events/syscalls/sys_enter_getppid/enable
getppid_loop
echo 0 >events/syscalls/sys_enter_getppid/enable
echo "!perf:tc_gone" >events/syscalls/sys_enter_getppid/trigger
echo '!tc_gone' >>perf_counters || fail "remove tc_gone"
save unknown

trace-cmd record -q -o $out/noperf.dat -e syscalls:sys_enter_getppid \
	sh -c 'echo $PPID' >$out/noperf.log 2>&1 || { fail "trace-cmd record"; cat $out/noperf.log; }
/send.sh $out/noperf.dat

trace-cmd record -q -o $out/record.dat -e syscalls:sys_enter_getppid \
	-R "perf:$counters" sh -c 'for i in 1 2 3 4; do sh -c "echo \$PPID"; done' \
	>$out/record.log 2>&1 || { fail "trace-cmd record"; cat $out/record.log; }
/send.sh $out/record.dat
echo 1 >tracing_on
echo '!tc_faults' >>perf_counters || fail "remove tc_faults"
echo "FTP-TRACECMD-DONE"

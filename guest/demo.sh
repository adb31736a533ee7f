#!/bin/sh
# The demo: show tracing at work on the booted kernel.
T=/sys/kernel/tracing
show() { echo; echo "### $*"; }

show "function_graph of vfs_read (cat /proc/version)"
echo vfs_read >$T/set_graph_function
echo function_graph >$T/current_tracer
cat /proc/version >/dev/null
echo 0 >$T/tracing_on
echo nop >$T/current_tracer
grep -v '^#' $T/trace | head -n 40
echo >$T/set_graph_function

show "syscall events sys_enter_getppid / sys_exit_getppid"
echo 1 >$T/tracing_on
echo >$T/trace
echo 1 >$T/events/syscalls/sys_enter_getppid/enable
echo 1 >$T/events/syscalls/sys_exit_getppid/enable
for i in 1 2 3; do sh -c 'echo $PPID' >/dev/null; done
echo 0 >$T/events/syscalls/enable
grep -v '^#' $T/trace | head -n 20

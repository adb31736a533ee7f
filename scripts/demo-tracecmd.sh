#!/bin/sh
# demo-tracecmd.sh ARCH: the trace-cmd round trip of the demo.  The guest
# records with Debian's trace-cmd (guest/tracecmd.sh); here, on the host,
# trace-cmd report prints the records with the plugin, and
# ftrace-perf-report turns the function_graph trace into a table and a
# flame graph.
. "$(dirname "$0")/lib.sh"
arch_vars "$1"
dir=$OBJ/demo-tracecmd
tools=$BUILD/tools
rm -rf "$dir"
mkdir -p "$dir"
make -s -C "$TOP/tools/ftrace-perf" OUT="$tools" || die "cannot build tools/ftrace-perf"
"$TOP/scripts/boot.sh" "$ARCH" "" tracecmd >/dev/null
unpack_files "$OBJ/tracecmd.log" "$dir"

echo
echo "### trace-cmd record -e syscalls:sys_enter_getppid -R 'perf:$(sed -n 's/^FTP-TRACECMD-COUNTERS //p' "$dir/console")' ..."
echo "### (in the guest), then here: TRACEEVENT_PLUGIN_DIR=tools/ftrace-perf trace-cmd report"
TRACEEVENT_PLUGIN_DIR=$tools trace-cmd report -i "$dir/record.dat" 2>/dev/null | sed -n '2,7p'
echo
echo "### function_graph of getppid with the same counters (trace-cmd extract), trace-cmd report"
TRACEEVENT_PLUGIN_DIR=$tools trace-cmd report -i "$dir/graph.dat" 2>/dev/null | sed -n '2,12p'
echo
echo "### ftrace-perf-report -i graph.dat --svg graph.svg"
"$tools/ftrace-perf-report" -i "$dir/graph.dat" --svg "$dir/graph.svg" | head -n 24
echo
echo "### the flame graph: $dir/graph.svg"

#!/bin/sh
# tracecmd-check.sh ARCH VARIANT LOG: judge a tracecmd boot
# (guest/tracecmd.sh).  The trace.dat files that Debian's trace-cmd wrote
# in the guest are reported here, on another machine that lacks the
# guest's counter definitions, with the plugin built under
# AddressSanitizer, and compared record by record with the kernel's own
# text of the same buffer.  Last line:
#   ARCH (tracecmd): N passed, N failed, 0 skipped
. "$(dirname "$0")/lib.sh"
arch_vars "$1" "$2"
LOG=$3
name="$ARCH${VARIANT:+-$VARIANT} (tracecmd)"
dir=$OBJ/tracecmd
tools=$BUILD/tools-asan
rm -rf "$dir"
mkdir -p "$dir"
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "$name: FAIL: $*"; fail=$((fail + 1)); }

unpack_files "$LOG" "$dir" 2>"$dir/unpack.err"
[ -s "$dir/unpack.err" ] && bad "$(cat "$dir/unpack.err")"
sed -n "s/^FTP-TRACECMD-FAIL /$name: FAIL: in the guest: /p" "$dir/console"
fail=$((fail + $(grep -c '^FTP-TRACECMD-FAIL' "$dir/console")))
grep -q '^FTP-TRACECMD-DONE' "$dir/console" || bad "the guest script did not finish"
counters=$(sed -n 's/^FTP-TRACECMD-COUNTERS //p' "$dir/console")

# trace-cmd is not built with the sanitizers: preload their runtimes for
# the plugin (leak checks off: they would report trace-cmd's own).
make -s -C "$TOP/tools/ftrace-perf" OUT="$tools" SANITIZE=1 ||
	die "cannot build the plugin"
asan="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
report() { # DAT [ARGS]: trace-cmd report with the plugin
	f=$1
	shift
	TRACEEVENT_PLUGIN_DIR=$tools LD_PRELOAD=$asan \
		ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
		UBSAN_OPTIONS=halt_on_error=1 \
		trace-cmd report -i "$f" "$@" 2>>"$dir/report.err"
}

# The perf records of a kernel text, as the plugin prints them: the graph
# comments without "/* */", the events' and functions' lines after the
# timestamp; without the graph's " (+DELTA)" notes.
kernel_perf() { # FILE
	sed -En -e 's/ \(\+[0-9]+\)//g' \
		-e 's#^.*/\* ((-->|<--) .*) \*/$#\1#p' \
		-e 's#^.* [0-9]+\.[0-9]{6}: (([A-Za-z_][A-Za-z0-9_]*|unknown\([0-9]+\)): [0-9]+( [^ ]+: [0-9]+)*)$#\1#p' \
		"$1"
}
tracecmd_perf() {
	sed -En 's/^.* perf_event: +//p'
}
# The values of the print format (trace-cmd report -N: no plugin), as
# "[--> |<-- ]V V ...": the words' low 56 bits.
tracecmd_raw_values() {
	sed -En 's/^.* perf_event: +([a-z_]+) depth=[0-9]+ ctx_switches=[0-9]+ values=(.*)$/\1 \2/p' |
	awk '{
		o = $1 == "graph_entry" ? "--> " : $1 == "graph_exit" ? "<-- " : ""
		printf "print \"%s\"", o
		for (i = 2; i <= NF; i++)
			printf "; print %s %% 2^56, \"%s\"", $i, i < NF ? " " : "\\n"
		print ""
	}' | BC_LINE_LENGTH=0 bc
}

for s in events function graph sleep unknown; do
	n=0
	before=$fail
	for k in "$dir/$s".cpu*.txt; do
		[ -e "$k" ] || { bad "$s: no kernel text"; break; }
		cpu=${k##*.cpu}
		cpu=${cpu%.txt}
		kernel_perf "$k" >"$dir/$s.$cpu.kernel"
		report "$dir/$s.dat" --cpu "$cpu" >"$dir/$s.$cpu.report"
		tracecmd_perf <"$dir/$s.$cpu.report" >"$dir/$s.$cpu.plugin"
		if ! cmp -s "$dir/$s.$cpu.kernel" "$dir/$s.$cpu.plugin"; then
			bad "$s, cpu $cpu: trace-cmd report differs from the kernel's text:"
			diff "$dir/$s.$cpu.kernel" "$dir/$s.$cpu.plugin" | head -n 10 | sed 's/^/    /'
		fi
		trace-cmd report -N -i "$dir/$s.dat" --cpu "$cpu" 2>/dev/null |
			tracecmd_raw_values >"$dir/$s.$cpu.raw"
		sed -E 's/[^ ]+: ([0-9]+)/\1/g' "$dir/$s.$cpu.plugin" |
			cmp -s - "$dir/$s.$cpu.raw" ||
			bad "$s, cpu $cpu: the print format alone shows other values"
		n=$((n + $(grep -c . "$dir/$s.$cpu.kernel")))
	done
	cat "$dir/$s".*.plugin >"$dir/$s.all" 2>/dev/null
	missing=
	for c in $(echo "$counters" | tr : ' '); do
		grep -q "$c: " "$dir/$s.all" || missing="$missing $c"
	done
	if [ "$n" -eq 0 ]; then
		bad "$s: no perf records"
	elif [ $s = unknown ]; then
		# tc_gone was removed before trace-cmd saved the format
		if grep -q 'tc_gone' "$dir/$s.all" || ! grep -q '^unknown([0-9]*): ' "$dir/$s.all"; then
			bad "$s: a counter removed before the format was saved is not unknown(ID)"
		elif [ "$fail" -eq "$before" ]; then
			ok
			echo "$name: $s: $n perf records of a removed counter, unknown(ID) as in the kernel's text"
		fi
	elif [ -n "$missing" ] || grep -q 'unknown(' "$dir/$s.all"; then
		bad "$s: counters without their names:${missing:- unknown ids}"
	elif [ "$fail" -eq "$before" ]; then
		ok
		echo "$name: $s: $n perf records, trace-cmd report equals the kernel's text"
	fi
done

# trace-cmd record set the trigger up itself: every sys_enter_getppid is
# followed, on its CPU, by the perf record of the same task.
report "$dir/record.dat" >"$dir/record.report"
awk -v counters="$counters" '
	$4 == "sys_enter_getppid:" { last[$2] = $1; events++; next }
	$4 == "perf_event:" {
		if (last[$2] != $1) { print "perf record not after its event: " $0; bad++ }
		delete last[$2]
		records++
		nc = split(counters, c, ":")
		for (i = 1; i <= nc; i++)
			if (index($0, " " c[i] ": ") == 0) { print "no " c[i] ": " $0; bad++ }
	}
	END {
		if (events < 4 || records != events) {
			print events + 0 " events, " records + 0 " perf records"
			bad++
		}
		exit bad > 0
	}' "$dir/record.report" >"$dir/record.check" 2>&1
if [ $? -eq 0 ]; then
	ok
	echo "$name: record: $(grep -c ' perf_event: ' "$dir/record.report") perf records after their events"
else
	bad "record: trace-cmd record's trace:"
	head -n 5 "$dir/record.check" | sed 's/^/    /'
fi

if grep -q 'Sanitizer\|runtime error' "$dir/report.err"; then
	bad "the plugin under AddressSanitizer/UBSan:"
	grep -m 5 'Sanitizer\|runtime error\|#[0-9]' "$dir/report.err" | sed 's/^/    /'
fi
kernel_problems "$dir/console" >"$dir/kproblems"
if [ -s "$dir/kproblems" ]; then
	bad "the kernel log has problems:"
	head -n 20 "$dir/kproblems" | sed 's/^/    /'
fi
echo "$name: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]

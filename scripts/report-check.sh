#!/bin/sh
# report-check.sh ARCH VARIANT: test ftrace-perf-report, built with
# AddressSanitizer and UBSan, on the traces of a tracecmd boot that
# tracecmd-check.sh unpacked into $OBJ/tracecmd: its totals against sums
# computed here from the kernel's own text of the same records, the
# exclusion of deltas across a context switch, the flame graph's
# weights, --compensate, and its errors on bad input.  Last line:
#   ARCH (report): N passed, N failed, 0 skipped
. "$(dirname "$0")/lib.sh"
arch_vars "$1" "$2"
name="$ARCH${VARIANT:+-$VARIANT} (report)"
dir=$OBJ/tracecmd
tools=$BUILD/tools-asan
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "$name: $*"; }
bad() { echo "$name: FAIL: $*"; fail=$((fail + 1)); }

make -s -C "$TOP/tools/ftrace-perf" OUT="$tools" SANITIZE=1 ||
	die "cannot build ftrace-perf-report"
# report ARGS: the tool; its errors and sanitizer reports in $dir/err
# (the leaks suppressed are listed in $supp)
supp=$TOP/tools/ftrace-perf/lsan.supp
report() {
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
		LSAN_OPTIONS=suppressions=$supp \
		"$tools/ftrace-perf-report" "$@" 2>"$dir/err"
}
sanitizer() { grep -q 'Sanitizer\|runtime error' "$dir/err"; }

# "NAME COUNTER TOTAL" of the valid rows of a --csv report
csv_totals() {
	awk -F, 'NR > 1 && $4 == 0 { gsub(/"/, "", $2); print $2, $5, $7 }' "$1" | sort
}

# The kernel's function_graph text: per function and counter, the sum of
# the exit value minus the entry value.
graph_sums() {
	cat "$@" | awk '
	function values(line, into,    n, f, i) {
		sub(/^.*\/\* (-->|<--) /, "", line)
		sub(/ \*\/$/, "", line)
		n = split(line, f, " ")
		for (i = 1; i < n; i += 2) {
			sub(/:$/, "", f[i])
			into[f[i]] = f[i + 1]
		}
	}
	{ line = substr($0, index($0, "|") + 1) }
	line ~ /\(\) \{$/ {
		sub(/^ +/, "", line); sub(/\(\) \{$/, "", line)
		stack[++sp] = line
		next
	}
	line ~ /\/\* --> / { values(line, e); for (c in e) entry[sp, c] = e[c]; delete e; next }
	line ~ /\/\* <-- / { values(line, x); for (c in x) exitv[sp, c] = x[c]; delete x; next }
	line ~ /^ *\}/ && sp > 0 {
		for (k in entry) {
			split(k, kk, SUBSEP)
			if (kk[1] == sp && ((sp, kk[2]) in exitv))
				total[stack[sp] " " kk[2]] += exitv[sp, kk[2]] - entry[k]
		}
		for (k in entry) { split(k, kk, SUBSEP); if (kk[1] == sp) delete entry[k] }
		for (k in exitv) { split(k, kk, SUBSEP); if (kk[1] == sp) delete exitv[k] }
		sp--
	}
	END { for (k in total) printf "%s %.0f\n", k, total[k] }' | sort
}

# The kernel's text of the events run, a line per getppid call of a task
# and counter: "PAIR COUNTER DELTA" (the sys_exit value minus the
# sys_enter one)
pair_deltas() {
	for f in "$@"; do
		awk -v file="$f" '
		{ task = $1 }
		/: sys_getppid\(\)$/ { kind[task] = "enter"; next }
		/: sys_getppid -> / { kind[task] = "exit"; n[task]++; next }
		/ [0-9]+\.[0-9]+: [A-Za-z_][A-Za-z0-9_]*: [0-9]+/ {
			line = $0
			sub(/^.* [0-9]+\.[0-9]+: /, "", line)
			k = split(line, f, " ")
			for (i = 1; i < k; i += 2) {
				c = f[i]; sub(/:$/, "", c)
				if (kind[task] == "enter")
					start[task, c] = f[i + 1]
				else if (kind[task] == "exit" && ((task, c) in start)) {
					printf "%s:%s:%d %s %.0f\n", file, task, n[task], c,
					       f[i + 1] - start[task, c]
					delete start[task, c]
				}
			}
			kind[task] = ""
		}' "$f"
	done
}

# The same, per counter: the sum over the calls
pair_sums() {
	pair_deltas "$@" | awk '{ t[$2] += $3 }
	END { for (c in t) printf "sys_enter_getppid -> sys_exit_getppid %s %.0f\n", c, t[c] }' | sort
}

# Does the report's pair row leave out exactly INVALID calls of the
# kernel's text?  A call preempted between its two events (ctx_switches
# differ) is invalid, and the kernel's text does not show ctx_switches:
# some set of INVALID calls must account, for every counter at once, for
# the difference between the text's sum and the report's valid total.
pairs_match() { # deltas-file csv
	awk -F, '$2 == "\"sys_enter_getppid -> sys_exit_getppid\"" {
		print "R", $5, $4, $7 }' "$2" | cat - "$1" | awk '
	BEGIN { npairs = 0 }
	$1 == "R" { want[$2] = $4; invalid = $3; next }
	{
		if (!($1 in id)) { id[$1] = npairs; npairs++ }
		delta[id[$1], $2] = $3; sum[$2] += $3
	}
	END {
		if (npairs > 16) { print "too many pairs"; exit 1 }
		for (mask = 0; mask < 2 ^ npairs; mask++) {
			bits = 0
			for (p = 0; p < npairs; p++)
				if (int(mask / 2 ^ p) % 2) bits++
			if (bits != invalid) continue
			good = 1
			for (c in want) {
				left = sum[c]
				for (p = 0; p < npairs; p++)
					if (int(mask / 2 ^ p) % 2) left -= delta[p, c]
				if (left != want[c]) good = 0
			}
			if (good) { print "ok"; exit 0 }
		}
		print "no set of " invalid " calls accounts for the difference"
		exit 1
	}'
}

# function_graph: totals, flame graph, JSON, SVG, --compensate
if report -i "$dir/graph.dat" --csv --folded "$dir/graph.folded" \
	--svg "$dir/graph.svg" >"$dir/graph.csv" && ! sanitizer; then
	csv_totals "$dir/graph.csv" >"$dir/graph.report-sums"
	# Functions with a call the report found invalid (say, preempted)
	# are not in its sums; the sleep test checks that exclusion.
	graph_sums "$dir"/graph.cpu*.txt |
		awk 'NR == FNR { valid[$1] = 1; next } valid[$1]' \
			"$dir/graph.report-sums" - >"$dir/graph.kernel-sums"
	if [ ! -s "$dir/graph.report-sums" ]; then
		bad "graph: no valid function in the report"
	elif ! cmp -s "$dir/graph.kernel-sums" "$dir/graph.report-sums"; then
		bad "graph: totals differ from the kernel's text:"
		diff "$dir/graph.kernel-sums" "$dir/graph.report-sums" | head -n 10 | sed 's/^/    /'
	else
		ok "graph: $(wc -l <"$dir/graph.report-sums") function totals equal the kernel's text"
	fi
	# The self costs of the flame graph add up to the roots' inclusive totals
	first=$(sed -n '2s/^[^,]*,[^,]*,[^,]*,[^,]*,\([^,]*\),.*/\1/p' "$dir/graph.csv")
	folded=$(awk '{ s += $NF } END { printf "%.0f", s }' "$dir/graph.folded")
	roots=$(cut -d';' -f2 "$dir/graph.folded" | sed 's/ [0-9]*$//' | sort -u)
	expect=$(for r in $roots; do
		awk -F, -v f="\"$r\"" -v c="$first" '$2 == f && $5 == c { print $7 }' "$dir/graph.csv"
	done | awk '{ s += $1 } END { printf "%.0f", s }')
	if [ -z "$roots" ] || [ "$folded" != "$expect" ]; then
		bad "graph: folded $first weights sum to $folded, the roots ($roots) total $expect"
	else
		ok "graph: folded $first self costs sum to the roots' total ($folded)"
	fi
	if python3 -c 'import sys, xml.dom.minidom; xml.dom.minidom.parse(sys.argv[1])' \
		"$dir/graph.svg" 2>/dev/null && grep -q '<rect' "$dir/graph.svg" &&
		grep -q ">$first flame graph: .* ($folded $first)</text>" "$dir/graph.svg"; then
		ok "graph: the SVG flame graph is well-formed XML, $folded $first in all"
	else
		bad "graph: the SVG flame graph is not well-formed"
	fi
else
	bad "graph: ftrace-perf-report failed:"
	head -n 5 "$dir/err" | sed 's/^/    /'
fi
if report -i "$dir/graph.dat" --json >"$dir/graph.json" && ! sanitizer &&
	python3 -c 'import sys, json; d = json.load(open(sys.argv[1])); assert d["functions"]' \
		"$dir/graph.json" 2>"$dir/json.err"; then
	ok "graph: --json is valid JSON"
else
	bad "graph: --json:"
	cat "$dir/err" "$dir/json.err" | head -n 5 | sed 's/^/    /'
fi
# --compensate: the function the bias was measured on costs 0 at its
# median, and no total grows.
if report -i "$dir/graph.dat" --compensate --csv >"$dir/graph.comp.csv" && ! sanitizer &&
	report -i "$dir/graph.dat" >"$dir/graph.table" && ! sanitizer; then
	bias=$(sed -n 's/^#   \([^:]*\): \([0-9]*\) (\(.*\))$/\1 \2 \3/p' "$dir/graph.table" | head -n 1)
	set -- $bias
	p50=$(awk -F, -v f="\"$3\"" -v c="$1" '$2 == f && $5 == c { print $11 }' "$dir/graph.comp.csv")
	csv_totals "$dir/graph.comp.csv" >"$dir/graph.comp-sums"
	grown=$(awk '{ k = $1 " " $2 } NR == FNR { comp[k] = $3; next }
		!(k in comp) || comp[k] > $3 { n++ } END { print n + 0 }' \
		"$dir/graph.comp-sums" "$dir/graph.report-sums")
	if [ -z "$bias" ] || [ "$p50" != 0 ]; then
		bad "graph --compensate: bias '$bias', median of its function after: '$p50'"
	elif [ "$grown" != 0 ]; then
		bad "graph --compensate: $grown totals grew or went missing"
	else
		ok "graph --compensate: bias $1 $2 ($3), which costs 0 after"
	fi
else
	bad "graph --compensate:"
	head -n 5 "$dir/err" | sed 's/^/    /'
fi

# Deltas across a context switch are counted and left out, and so are
# the flame graph stacks of the calls inside them
if report -i "$dir/sleep.dat" --csv --folded "$dir/sleep.folded" \
	>"$dir/sleep.csv" && ! sanitizer; then
	row=$(awk -F, '$2 ~ /sys_(clock_)?nanosleep"$/ && !seen++ { print $3, $4, $6, $7 }' "$dir/sleep.csv")
	set -- $row
	if [ -z "$row" ] || [ "$1" -lt 4 ] || [ "$2" != "$1" ] || [ "$3" != 0 ] || [ "$4" != 0 ]; then
		bad "sleep: want every nanosleep call invalid, got calls/invalid/valid/total '$row'"
	else
		ok "sleep: $1 nanosleep calls, all invalid, none in the totals"
	fi
	if [ -s "$dir/sleep.folded" ]; then
		bad "sleep: flame graph stacks under invalid calls: $(head -n 1 "$dir/sleep.folded")"
	else
		ok "sleep: no flame graph stack under the invalid calls"
	fi
else
	bad "sleep: ftrace-perf-report failed:"
	head -n 5 "$dir/err" | sed 's/^/    /'
fi

# Event pairs
if report -i "$dir/events.dat" --csv >"$dir/events.csv" && ! sanitizer; then
	pair_sums "$dir"/events.cpu*.txt >"$dir/events.kernel-sums"
	pair_deltas "$dir"/events.cpu*.txt >"$dir/events.kernel-deltas"
	calls=$(awk -F, '$2 == "\"sys_enter_getppid -> sys_exit_getppid\"" { print $3; exit }' "$dir/events.csv")
	invalid=$(awk -F, '$2 == "\"sys_enter_getppid -> sys_exit_getppid\"" { print $4; exit }' "$dir/events.csv")
	if [ "${calls:-0}" -lt 8 ]; then
		bad "events: want 8 getppid pairs, got '${calls:-none}'"
	elif [ "$(wc -l <"$dir/events.kernel-deltas")" -ne \
		"$((calls * $(wc -l <"$dir/events.kernel-sums")))" ]; then
		bad "events: the report has $calls pairs, the kernel's text $(wc -l <"$dir/events.kernel-deltas") pair deltas"
	elif ! why=$(pairs_match "$dir/events.kernel-deltas" "$dir/events.csv"); then
		bad "events: pair totals differ from the kernel's text: $why"
		sed 's/^/    text: /' "$dir/events.kernel-sums"
		grep 'sys_enter_getppid -> ' "$dir/events.csv" | sed 's/^/    report: /'
	else
		ok "events: $calls getppid pairs ($invalid preempted, left out), totals equal the kernel's text"
	fi
else
	bad "events: ftrace-perf-report failed:"
	head -n 5 "$dir/err" | sed 's/^/    /'
fi

# Bad input: a clear error, a non-zero exit, no sanitizer report
S=$(wc -c <"$dir/graph.dat")
head -c $((S - 4000)) "$dir/graph.dat" >"$dir/truncated.dat"
for c in "truncated.dat|truncated" "noperf.dat|no perf counter records" \
	"unknown.dat|does not name" "events.cpu0.txt|not a trace-cmd data file" \
	"missing.dat|No such file" "graph.dat --sort nosuch|nosuch" \
	"graph.dat --pair x|want START,END" "graph.dat --flame-counter nosuch|no counter named"; do
	args=${c%%|*}
	want=${c#*|}
	file=${args%% *}
	rest=
	[ "$file" != "$args" ] && rest=${args#* }
	supp=$TOP/tools/ftrace-perf/lsan.supp
	[ "$file" = truncated.dat ] && supp=$TOP/tools/ftrace-perf/lsan-truncated.supp
	if report -i "$dir/$file" $rest >/dev/null; then
		bad "bad input '$args': exit 0"
	elif sanitizer; then
		bad "bad input '$args': sanitizer report:"
		head -n 5 "$dir/err" | sed 's/^/    /'
	elif ! grep -q "^ftrace-perf-report: .*$want" "$dir/err"; then
		bad "bad input '$args': want '$want', got: $(head -n 1 "$dir/err")"
	else
		ok "bad input '$args': $(head -n 1 "$dir/err")"
	fi
done

echo "$name: $pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]

#!/bin/sh
# bench.sh: instructions per getppid(2) call on arm64 under QEMU -icount
# (exact and repeatable), for each tracing configuration, on the patched
# kernel and on the unpatched base kernel built with the same config.
# Prints the table and writes it to build/bench-arm64.txt.
. "$(dirname "$0")/lib.sh"
ARCH=arm64
OUT=$BUILD/bench-$ARCH.txt

# bench-tracers: the series with the irqsoff and preempt tracers built in
# (config/bench-tracers.config), for what they add to a counter record
for variant in bench-unpatched bench bench-tracers; do
	"$TOP/scripts/bench-build.sh" "$variant" || exit 1
	"$TOP/scripts/boot.sh" $ARCH "$variant" bench >/dev/null || exit 1
	arch_vars $ARCH "$variant"
	tr -d '\r' <"$OBJ/bench.log" | grep '^FTP-BENCH' >"$OBJ/bench.out"
done

# bench_out VARIANT: the figures a variant's guest printed
bench_out() {
	(arch_vars $ARCH "$1" && echo "$OBJ/bench.out")
}
base=$(bench_out bench-unpatched)
patched=$(bench_out bench)
tracers=$(bench_out bench-tracers)
arch_vars $ARCH bench	# its FRAGMENTS for the header
# ref LABEL: the configuration without counters that LABEL adds them to
AWK_REF='function ref(l) {
		if (l ~ /^events/) return "events"
		if (l ~ /^func/) return "func"
		if (l ~ /^graph/) return "graph"
		return ""
	}'
cfg=$(cat $FRAGMENTS | sha1sum | cut -c1-12)
{
	echo "getppid(2): instructions retired per call, user + kernel"
	echo "arm64, QEMU -M virt -cpu max -icount shift=0 (exact counts), $(date -u +%Y-%m-%d)"
	echo "kernel: $(awk '/^FTP-BENCH-KERNEL/ && /patched=1/ { print $2 }' "$patched") from $KPKG; config: config/{base,tracing,$ARCH,bench}.config (sha1 $cfg)"
	echo "functions traced: $(sed -n 's/^FTP-BENCH-FILTER //p' "$patched")"
	echo
	awk '
	FNR == 1 { file++ }
	$1 == "FTP-BENCH" && file == 1 { base[$2] = $3 }
	$1 == "FTP-BENCH" && file == 2 { val[$2] = $3; order[++n] = $2 }
	$1 == "FTP-BENCH-RECORDS" && file == 2 { rec[$2] = $3 }
	'"$AWK_REF"'
	END {
		printf "%-16s %10s %10s %8s %8s %10s %9s\n", "configuration",
		       "unpatched", "patched", "diff", "rec/call", "insn/rec", "vs events"
		for (i = 1; i <= n; i++) {
			l = order[i]; r = ref(l)
			b = (l in base) ? sprintf("%10.2f", base[l]) : sprintf("%10s", "-")
			d = (l in base) ? sprintf("%+7.2f%%", (val[l] - base[l]) * 100 / base[l]) : sprintf("%8s", "-")
			per = "-"
			if (l != r && (l in rec) && rec[l] > 0)
				per = sprintf("%.2f", (val[l] - val[r]) / rec[l])
			printf "%-16s %s %10.2f %s %8s %10s %8.3fx\n", l, b, val[l], d,
			       (l in rec) ? rec[l] : "-", per, val[l] / val["events"]
		}
		if (("events" in val) && ("off" in val))
			printf "\nbare syscall event: %.2f instructions each (events - off, 2 events per call)\n",
			       (val["events"] - val["off"]) / 2
		if (("off" in val) && ("off" in base))
			printf "return to user space with nothing requested: %+.2f instructions per call (off, patched - unpatched)\n",
			       val["off"] - base["off"]
		for (l in val) {
			if (l !~ /^sample\+/)
				continue
			d = l; sub(/^sample\+[a-z]*/, "depth", d)
			if (d in val)
				cost[l] = val[l] - val[d]
		}
		for (l in cost)
			printf "one sample, user callchain %s: %.2f instructions (%s - %s)\n",
			       l, cost[l], l, "depth" substr(l, match(l, /[0-9]+$/))
		for (l in cost) {
			if (l !~ /^sample\+defer/)
				continue
			f = l; sub(/defer/, "fp", f)
			if (f in cost)
				printf "deferred / immediate per sample: %.3fx\n", cost[l] / cost[f]
		}
	}' "$base" "$patched"
	echo
	echo "With the irqsoff and preempt tracers built in (config/bench-tracers.config:"
	echo "CONFIG_TRACE_IRQFLAGS), instructions per counter record:"
	awk '
	FNR == 1 { file++ }
	$1 == "FTP-BENCH" { val[file, $2] = $3; if (file == 1) order[++n] = $2 }
	$1 == "FTP-BENCH-RECORDS" { rec[file, $2] = $3 }
	'"$AWK_REF"'
	function per(f, l) {
		return rec[f, l] > 0 ? (val[f, l] - val[f, ref(l)]) / rec[f, l] : 0
	}
	END {
		printf "%-16s %10s %10s %10s\n", "configuration", "bench", "tracers", "diff"
		for (i = 1; i <= n; i++) {
			l = order[i]
			if (l == ref(l) || !((1, l) in rec) || !((2, l) in rec))
				continue
			printf "%-16s %10.2f %10.2f %+10.2f\n", l, per(1, l), per(2, l),
			       per(2, l) - per(1, l)
		}
	}' "$patched" "$tracers"
	awk '$1 == "FTP-BENCH-BIAS" {
		printf "\nfunction_graph bias, %s (does nothing; %d calls): %s instructions, %s cpu_cycles\n", $2, $3, $4, $5
		print "between its --> and <-- records (mean of the (+N) differences)"
	}
	$1 == "FTP-BENCH-BIAS-FAIL" { $1 = ""; print "\nfunction_graph bias not measured:" $0 }' "$patched"
} | tee "$OUT"

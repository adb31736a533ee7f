#!/bin/sh
# bench.sh: instructions per getppid(2) call on arm64 under QEMU -icount
# (exact and repeatable), for each tracing configuration, on the patched
# kernel and on the unpatched base kernel built with the same config.
# Prints the table and writes it to build/bench-arm64.txt.
. "$(dirname "$0")/lib.sh"
ARCH=arm64
OUT=$BUILD/bench-$ARCH.txt

# The unpatched tree: the base commit of build/linux, checked out beside it
if ! git -C "$BASE_SRC" rev-parse -q --verify HEAD >/dev/null 2>&1 ||
	[ "$(git -C "$BASE_SRC" rev-parse HEAD)" != "$(git -C "$KSRC" rev-parse base)" ]; then
	note "checking out the unpatched base tree in $BASE_SRC"
	rm -rf "$BASE_SRC"
	git -C "$KSRC" worktree prune
	git -C "$KSRC" worktree add -f --detach "$BASE_SRC" base >/dev/null ||
		die "cannot check out the base tree"
fi

# The config: the test fragments and config/bench.config
for variant in bench-unpatched bench; do
	arch_vars $ARCH "$variant"
	src=$KSRC
	[ "$variant" = bench-unpatched ] && src=$BASE_SRC
	KSRC=$src "$TOP/scripts/build.sh" $ARCH $variant || exit 1
	mkdir -p "$OBJ/guest-bin"
	# against the kernel's uapi headers, with frame pointers for the
	# sampler's user callchains
	defer=
	grep -q defer_callchain "$OBJ/usr/include/linux/perf_event.h" &&
		defer=-DHAVE_DEFER_CALLCHAIN
	${CROSS}gcc -O2 -static -Wall $defer -isystem "$OBJ/usr/include" \
		-fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
		-o "$OBJ/guest-bin/getppid-bench" \
		"$TOP/bench/getppid-bench.c" || die "cannot build getppid-bench"
	KSRC=$src "$TOP/scripts/initramfs.sh" $ARCH $variant || exit 1
	"$TOP/scripts/boot.sh" $ARCH "$variant" bench >/dev/null || exit 1
	tr -d '\r' <"$OBJ/bench.log" | grep '^FTP-BENCH' >"$OBJ/bench.out"
done

arch_vars $ARCH bench-unpatched
base=$OBJ/bench.out
arch_vars $ARCH bench
patched=$OBJ/bench.out
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
	function ref(l) {	# the configuration a counter record is added to
		if (l ~ /^events/) return "events"
		if (l ~ /^func/) return "func"
		if (l ~ /^graph/) return "graph"
		return ""
	}
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
} | tee "$OUT"

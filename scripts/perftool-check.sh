#!/bin/sh
# perftool-check.sh ARCH VARIANT LOG: judge what guest/perftool.sh did
# with the perf tool of the series (the console log of a perftool boot),
# then run that perf, built for the host with AddressSanitizer and UBSan
# (scripts/perf-build.sh x86_64 asan), on the data files the guest sent:
# intact, and made bad (truncated, cookies that match nothing, a record
# whose length is wrong).  Last line:
#   ARCH (perftool): N passed, N failed, 0 skipped
. "$(dirname "$0")/lib.sh"
arch_vars "$1" "$2"
log=$3
name="$ARCH${VARIANT:+-$VARIANT} (perftool)"
dir=$OBJ/perftool
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "$name: $*"; }
bad() { echo "$name: FAIL: $*"; fail=$((fail + 1)); }
verdict() {
	echo "$name: $pass passed, $fail failed, 0 skipped"
	exit 0
}

rm -rf "$dir"
mkdir -p "$dir"
unpack_files "$log" "$dir"
if ! grep -q '^FTP-PERFTOOL-DONE' "$dir/console"; then
	bad "the guest did not finish: $(grep -m1 '^FTP-PERFTOOL-FAIL' "$dir/console")"
	verdict
fi
kernel_problems "$dir/console" >"$dir/kproblems"
if [ -s "$dir/kproblems" ]; then
	bad "the kernel log has problems: $(head -n 5 "$dir/kproblems")"
else
	ok "no kernel warning while perf ran"
fi

# Every perf command the guest ran succeeded.
for rc in "$dir"/*.rc; do
	cmd=${rc##*/}
	cmd=${cmd%.rc}
	if [ "$(cat "$rc")" = 0 ]; then
		ok "perf $cmd"
	else
		bad "perf $cmd exited with $(cat "$rc"): $(head -n 3 "${rc%.rc}.err")"
	fi
done

# stats FILE: one line about the samples in a perf script output
# (comm,tid,time,ip,sym,dso; each sample a header line, then its frames
# innermost first, then an empty line):
#   reads R complete C frames F lost L outer K full U orphans O stays S
# R samples of deep-stack taken in read(2) or readv(2) (ksys_read,
# vfs_read or sys_readv among the kernel frames), C of them with the
# whole chain (frame_23 ... frame_0 chain_entry) in their user part, F
# user frames in all, L without a user part because their deferred
# callchain never came, K the outermost kernel frames of the read
# samples (sorted, unique); U samples of deep-stack with the whole chain
# (wherever they were taken); O samples of any task without their
# deferred callchain; S kernel stays (cookies) that the L samples were
# taken in.
CHAIN="frame_23 frame_22 frame_21 frame_20 frame_19 frame_18 frame_17 frame_16 frame_15 frame_14 frame_13 frame_12 frame_11 frame_10 frame_9 frame_8 frame_7 frame_6 frame_5 frame_4 frame_3 frame_2 frame_1 frame_0 chain_entry"
stats() {
	awk -v chain="$CHAIN" '
	function flush() {
		orphans += deferred
		if (comm == "deep-stack") {
			full = index(" " user " ", " " chain " ") > 0
			if (kernel ~ / [a-z0-9_]*(sys|vfs)_readv? /) {
				reads++
				complete += full
				frames += nuser
				lost += deferred
				if (deferred)
					stays[cookie] = 1
				outer[last_kernel] = 1
			}
			whole += full
		}
		comm = ""; user = ""; kernel = " "; nuser = 0; deferred = 0
		last_kernel = ""
	}
	/^$/ { flush(); next }
	/^[^\t]/ { comm = $1; next }
	/user callchain deferred, cookie/ { deferred = 1; cookie = $NF; next }
	/^\t/ {
		sym = $2
		sub(/\+0x[0-9a-f]+$/, "", sym)
		if ($NF == "([kernel.kallsyms])") {
			kernel = kernel sym " "
			last_kernel = sym
		} else {
			user = user (user == "" ? "" : " ") sym
			nuser++
		}
		next
	}
	END {
		flush()
		n = 0
		for (k in outer) keys[++n] = k
		for (i = 1; i <= n; i++)
			for (j = i + 1; j <= n; j++)
				if (keys[j] < keys[i]) { t = keys[i]; keys[i] = keys[j]; keys[j] = t }
		k = ""
		for (i = 1; i <= n; i++) k = k (i > 1 ? "," : "") keys[i]
		s = 0
		for (c in stays) s++
		printf "reads %d complete %d frames %d lost %d outer %s full %d orphans %d stays %d\n",
			reads, complete, frames, lost, k == "" ? "-" : k, whole, orphans, s
	}' "$1"
}
# field NAME STATS: one figure of a stats line
field() {
	echo "$2" | awk -v f="$1" '{ for (i = 1; i < NF; i++) if ($i == f) print $(i + 1) }'
}
# warned NAME: the samples without their deferred callchain that perf
# script NAME counted in its warning (0 without a warning)
warned() {
	n=$(sed -n 's/^ *\([0-9][0-9]*\) samples got no deferred user callchain.*/\1/p' \
		"$dir/script-$1.err")
	echo "${n:-0}"
}

fp=$(stats "$dir/script-fp.out")
defer=$(stats "$dir/script-defer.out")
wide=$(stats "$dir/script-defer-a.out")
kill=$(stats "$dir/script-defer-kill.out")
echo "$name: note: fp:       $fp"
echo "$name: note: fp,defer: $defer"
echo "$name: note: -a:       $wide"
echo "$name: note: killed:   $kill"

# fp,defer: every sample in read() has the whole chain, stitched; plain
# fp lost the frames on the pages that were not present.
reads=$(field reads "$defer")
complete=$(field complete "$defer")
if [ "$reads" -ge 10 ] && [ "$complete" = "$reads" ] &&
	[ "$(field orphans "$defer")" = "$(warned defer)" ]; then
	ok "fp,defer: $complete/$reads samples in read() have the whole user chain; $(warned defer) samples without one (exec, exit) counted in the warning"
else
	bad "fp,defer: $complete/$reads samples in read() have the whole user chain ($defer)"
fi
fp_reads=$(field reads "$fp")
fp_complete=$(field complete "$fp")
if [ "$fp_reads" -ge 10 ] && [ "$fp_complete" -lt "$fp_reads" ] &&
	[ "$((complete * fp_reads))" -gt "$((fp_complete * reads))" ]; then
	ok "fp: $fp_complete/$fp_reads complete (stack pages not present): fp,defer does better"
else
	bad "fp: $fp_complete/$fp_reads complete, fp,defer $complete/$reads: expected fp,defer to do better"
fi
# The user frames per sample: at least as many with fp,defer.
fpf=$(field frames "$fp")
df=$(field frames "$defer")
if [ "$((df * fp_reads))" -ge "$((fpf * reads))" ]; then
	ok "user frames per sample: fp,defer $((df / reads)), fp $((fpf / (fp_reads ? fp_reads : 1)))"
else
	bad "user frames per sample: fp,defer $df/$reads < fp $fpf/$fp_reads"
fi
# The kernel parts have the same form: they end at the same entry code.
if [ "$(field outer "$fp")" = "$(field outer "$defer")" ] &&
	[ "$(field outer "$fp")" != - ]; then
	ok "kernel parts end in $(field outer "$fp") with fp and fp,defer"
else
	bad "kernel parts end in $(field outer "$fp") with fp, $(field outer "$defer") with fp,defer"
fi

# System-wide: the same, from the per-CPU buffers.
reads=$(field reads "$wide")
if [ "$reads" -ge 10 ] && [ "$(field complete "$wide")" = "$reads" ] &&
	[ "$(field orphans "$wide")" = "$(warned defer-a)" ]; then
	ok "fp,defer -a: $reads/$reads samples in read() complete; $(warned defer-a) without (counted)"
else
	bad "fp,defer -a: $wide; warning counts $(warned defer-a)"
fi

# Killed in the kernel: the samples of the last stay (one cookie) have
# no record, those of the reads before it have theirs; perf script says
# how many have none, and shows them with their kernel part.
lost=$(field lost "$kill")
if [ "$lost" -ge 1 ] && [ "$(field stays "$kill")" = 1 ] &&
	[ "$(field orphans "$kill")" = "$(warned defer-kill)" ] &&
	[ "$(field complete "$kill")" -ge 1 ] &&
	[ "$(field complete "$kill")" = "$(($(field reads "$kill") - lost))" ]; then
	ok "killed task: $lost samples in its last read without a user part, $(warned defer-kill) in all counted in the warning"
else
	bad "killed task: $kill; warning counts $(warned defer-kill)"
fi

# --no-merge-callchains: the samples carry cookies, the records follow
# with the chain; several samples share a record.
raw=$dir/script-defer-raw.out
awk '/user callchain deferred, cookie/ { c = $NF; sub(/\)$/, "", c); print c }' \
	"$raw" >"$dir/cookies.samples"
awk '/PERF_RECORD_CALLCHAIN_DEFERRED cookie/ {
	for (i = 1; i < NF; i++) if ($i == "cookie") print $(i + 1) }' \
	"$raw" >"$dir/cookies.records"
s=$(wc -l <"$dir/cookies.samples")
r=$(wc -l <"$dir/cookies.records")
missing=$(sort -u "$dir/cookies.samples" | sort - "$dir/cookies.records" "$dir/cookies.records" |
	uniq -u | wc -l)
# (but those perf script counted as without one: exit, exec)
if [ "$s" -ge 10 ] && [ "$r" -lt "$s" ] && [ "$missing" -le "$(warned defer)" ] &&
	grep -q 'frame_0' "$raw"; then
	ok "--no-merge-callchains: $s samples with a cookie, $r records, $missing cookies without one"
else
	bad "--no-merge-callchains: $s samples with a cookie, $r records, $missing cookies without one (perf script counted $(warned defer))"
fi

if grep -q 'frame_0' "$dir/report-defer.out" &&
	grep -q 'frame_23' "$dir/report-defer.out"; then
	ok "perf report --stdio shows the stitched chain"
else
	bad "perf report --stdio: no frame_0/frame_23 in $dir/report-defer.out"
fi
if grep -q 'defer_callchain: 1' "$dir/evlist-defer.out" &&
	grep -q 'defer_output: 1' "$dir/evlist-defer.out"; then
	ok "perf evlist -v: defer_callchain and defer_output set"
else
	bad "perf evlist -v: no defer_callchain/defer_output in $dir/evlist-defer.out"
fi

# --- the host's perf, with the sanitizers, on the guest's data ----------
# (perf-build.sh takes a lock: check.sh may be building it right now)
perf=$BUILD/perf-asan/perf
"$TOP/scripts/perf-build.sh" x86_64 asan || {
	bad "cannot build perf with the sanitizers: see $BUILD/perf-asan.log"
	verdict
}
# hperf NAME ARGS...: the host's perf; output in NAME.out, errors NAME.err
hperf() {
	out=$dir/host-$1
	shift
	ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 UBSAN_OPTIONS=halt_on_error=1 \
		"$perf" "$@" >"$out.out" 2>"$out.err"
}
sanitizer() { grep -q 'Sanitizer\|runtime error' "$dir/host-$1.err"; }

# same_chains GUEST HOST: compare the user parts of two perf script
# outputs of one file, sample by sample; prints
#   samples N same S leaf L different D
# On arm64, perf adds the caller of a leaf function from the sample's LR
# as the second user frame (get_leaf_frame_caller_aarch64()): that needs
# an arm64 DWARF unwinder, which the host's perf lacks.  A sample whose
# guest chain is the host's with that one frame added counts as leaf.
same_chains() {
	awk '
	function flush() {
		if (started)
			chains[f, ++n[f]] = user
		user = ""; started = 0
	}
	FNR == 1 { if (NR > 1) flush(); f = (NR == FNR) ? 1 : 2 }
	/^$/ { flush(); next }
	/^[^\t]/ { started = 1; next }
	# user addresses have fewer than 16 hex digits (the kernel
	# frames of a file the host cannot symbolize read [unknown])
	/^\t/ && length($1) < 16 {
		user = user " " $1
	}
	END {
		flush()
		for (i = 1; i <= n[1]; i++) {
			g = chains[1, i]; h = chains[2, i]
			if (g == h) { same++; continue }
			# the guest chain without its second user frame
			split(g, a, " "); w = ""
			for (k = 1; k in a; k++) if (k != 2) w = w " " a[k]
			if (w == h) leaf++; else diff++
		}
		if (n[1] != n[2]) diff += (n[1] > n[2] ? n[1] - n[2] : n[2] - n[1])
		printf "samples %d same %d leaf %d different %d\n", n[1], same, leaf, diff
	}' "$1" "$2"
}

for d in defer defer-a; do
	hperf "$d" script -F comm,tid,time,ip,sym,dso --symfs "$OBJ/initramfs" \
		-i "$dir/$d.data"
	rc=$?
	cmp=$(same_chains "$dir/script-$d.out" "$dir/host-$d.out")
	leaf=$(field leaf "$cmp")
	if [ $rc = 0 ] && ! sanitizer "$d" && [ "$(field different "$cmp")" = 0 ] &&
		[ "$(field samples "$cmp")" -gt 0 ] &&
		{ [ "$ARCH" = arm64 ] || [ "$leaf" = 0 ]; }; then
		ok "host perf script $d.data: the guest's user chains, sample by sample ($cmp; leaf: plus the leaf's caller from LR, which only an arm64 perf finds)"
	else
		bad "host perf script $d.data: exit $rc, user chains against the guest's: $cmp: $(head -n 3 "$dir/host-$d.err")"
	fi
done
hperf report report --stdio -i "$dir/defer.data"
rc=$?
if [ $rc = 0 ] && ! sanitizer report; then
	ok "host perf report --stdio"
else
	bad "host perf report --stdio: exit $rc: $(head -n 3 "$dir/host-report.err")"
fi

# The records' file offsets, from perf's own dump of the file.
hperf dump script -D -i "$dir/defer.data"
awk '{ for (i = 3; i <= NF; i++)
	if ($i == "PERF_RECORD_CALLCHAIN_DEFERRED") print $(i - 2) }' \
	"$dir/host-dump.out" >"$dir/offsets"
nrec=$(wc -l <"$dir/offsets")
nsamples=$(grep -c 'user callchain deferred, cookie' "$dir/script-defer-raw.out")
# poke FILE OFFSET BYTE: overwrite one byte (octal) of FILE
poke() {
	printf "\\$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

# Records whose cookies match no sample: every sample loses its user
# part, both counted in warnings; nothing else changes.
cp "$dir/defer.data" "$dir/cookies.data"
while read -r off; do
	poke "$dir/cookies.data" $((off + 15)) 132
done <"$dir/offsets"
hperf cookies script -i "$dir/cookies.data"
rc=$?
err=$dir/host-cookies.err
if [ $rc = 0 ] && ! sanitizer cookies && [ "$nrec" -ge 1 ] &&
	grep -q "^ *$nsamples samples got no deferred user callchain" "$err" &&
	grep -q "^ *$nrec deferred user callchains matched no sample" "$err"; then
	ok "cookies that match nothing: $nsamples samples and $nrec records counted in warnings"
else
	bad "cookies that match nothing ($nsamples samples, $nrec records): exit $rc: $(grep -v '^$' "$err" | head -n 4)"
fi

# A record longer than its size says: a clear error, a non-zero exit.
cp "$dir/defer.data" "$dir/nr.data"
poke "$dir/nr.data" $(($(head -n 1 "$dir/offsets") + 21)) 1
hperf nr script -i "$dir/nr.data"
rc=$?
if [ $rc != 0 ] && ! sanitizer nr &&
	grep -q 'Invalid CALLCHAIN_DEFERRED record' "$dir/host-nr.err"; then
	ok "a record with a wrong nr: exit $rc, '$(grep -m1 Invalid "$dir/host-nr.err")'"
else
	bad "a record with a wrong nr: exit $rc: $(head -n 3 "$dir/host-nr.err")"
fi

# Files cut inside the data (in the middle of a record, and at half their
# size): perf says where it stopped and exits non-zero; it does not crash
# (the sanitizers abort with their report on any bad access).
size=$(wc -c <"$dir/defer.data")
for cut in $(($(sed -n '$p' "$dir/offsets") + 20)) $((size / 2)); do
	head -c "$cut" "$dir/defer.data" >"$dir/cut.data"
	hperf cut script -i "$dir/cut.data"
	rc=$?
	if [ $rc != 0 ] && [ $rc != 134 ] && [ $rc != 139 ] && ! sanitizer cut &&
		[ -s "$dir/host-cut.err" ]; then
		ok "cut at $cut of $size bytes: exit $rc, '$(grep -v '^$' "$dir/host-cut.err" | head -n 1)'"
	else
		bad "cut at $cut of $size bytes: exit $rc: $(head -n 3 "$dir/host-cut.err")"
	fi
done
verdict

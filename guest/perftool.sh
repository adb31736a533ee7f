#!/bin/sh
# perftool.sh: the perf tool built from the series, as a user runs it in
# the guest.  It records deep-stack (a known 24-frame user call chain,
# whose outer stack pages are not present while it reads /dev/zero) with
# --call-graph fp and with fp,defer, per task and system-wide, and with
# fp,defer a run that dies inside read(); shows each data file with perf
# script (merged, and --no-merge-callchains), perf report and perf
# evlist; and sends the outputs and two data files to the host, which
# checks them (scripts/perftool-check.sh).
out=/tmp/perftool
mkdir -p $out && cd $out || exit 1

PERIOD=100000	# cpu-clock, ns
# On the debug kernel the same work retires several times the
# instructions, so -icount gives it several times the samples, and perf
# script reads each of them several times slower (25000 samples of
# the killed run took it 100 s of guest time): sample every ms there.
[ "$FTP_DEBUG" = 1 ] && PERIOD=1000000
ROUNDS=50	# 4 MiB reads
FIELDS=comm,tid,time,ip,sym,dso

# run NAME CMD...: its output in NAME.out, errors in NAME.err, status in
# NAME.rc
run() {
	name=$1
	shift
	"$@" >$name.out 2>$name.err
	echo $? >$name.rc
}

# record NAME CALL-GRAPH ARGS...: perf record of ARGS into NAME.data
record() {
	name=$1 cg=$2
	shift 2
	run record-$name perf record -N -e cpu-clock -c $PERIOD \
		--call-graph $cg -o $name.data "$@"
}

if ! command -v perf >/dev/null; then
	echo "FTP-PERFTOOL-FAIL no perf in the guest"
	exit 0
fi
record fp fp -- deep-stack $ROUNDS
record defer fp,defer -- deep-stack $ROUNDS
record defer-a fp,defer -a -- deep-stack $ROUNDS
# The task dies in the kernel: its last stay gets no record.  deep-stack
# -k arms a profiling timer before a long readv() that its SIGPROF (27,
# fatal) ends: the death is inside that read, after some of its samples.
record defer-kill fp,defer -- sh -c "deep-stack -k $ROUNDS; test \$? = 155"


for d in fp defer defer-a defer-kill; do
	run script-$d perf script -F $FIELDS -i $d.data
done
run script-defer-raw perf script -F $FIELDS --no-merge-callchains -i defer.data
run report-defer perf report --stdio --no-children --sort sym -i defer.data
run evlist-defer perf evlist -v -i defer.data

for f in *.out *.err *.rc defer.data defer-a.data; do
	/send.sh $f
done
echo "FTP-PERFTOOL-DONE"

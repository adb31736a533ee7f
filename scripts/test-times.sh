#!/bin/sh
# test-times.sh: rewrite tests/test-times from the FTP-TIME lines of the
# test guests of the last make check (build/obj-ARCH/test-K.log), which
# run-tests.sh uses to share the tests among guests.  A test that did
# not run keeps its old time; one that ran on one arch only gives the
# other its time until that one has its own.
. "$(dirname "$0")/lib.sh"
out=$TOP/tests/test-times
for a in x86_64 arm64; do
	arch_vars "$a"
	cat "$OBJ"/test-[0-9]*.log 2>/dev/null | tr -d '\r' |
		awk -v a="$a" '/^FTP-TIME / { print a, $3, $2 }'
done >"$BUILD/test-times.new"
{
	sed -n '/^#/p' "$out"
	awk 'FILENAME != ARGV[1] && /^#/ { next }
		FILENAME == ARGV[1] { new[$1 " " $2] = $3; any[$2] = $3; next }
		{ old[$1 " " $2] = $3; any[$2] = any[$2] == "" ? $3 : any[$2] }
		END {
			for (k in new) t[k] = new[k]
			for (k in old) if (!(k in t)) t[k] = old[k]
			for (k in t) { split(k, p, " "); seen[p[2]] = 1 }
			for (n in seen)
				for (i = 1; i <= 2; i++) {
					a = i == 1 ? "x86_64" : "arm64"
					if (!((a " " n) in t)) t[a " " n] = any[n]
				}
			for (k in t) print k, t[k]
		}' "$BUILD/test-times.new" "$out" | sort -k1,1 -k2,2
} >"$out.new" && mv "$out.new" "$out"
echo "$out: $(grep -vc '^#' "$out") test times"

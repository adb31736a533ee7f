#!/bin/sh
# checkpatch.sh: scripts/checkpatch.pl --strict on every patch of every
# series.
. "$(dirname "$0")/lib.sh"

[ -e "$KSRC/.git" ] || die "no kernel tree: run scripts/tree.sh"
bad=0
for p in $(for s in $SERIES; do series_patches "${s#*:}"; done); do
	out=$(cd "$KSRC" && ./scripts/checkpatch.pl --strict --quiet "$p")
	if [ -n "$out" ]; then
		echo "${p#$PATCHES/}:"
		echo "$out"
		bad=1
	else
		echo "${p#$PATCHES/}: clean"
	fi
done
exit $bad

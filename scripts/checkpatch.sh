#!/bin/sh
# checkpatch.sh: scripts/checkpatch.pl --strict on every patch of the series.
. "$(dirname "$0")/lib.sh"

[ -e "$KSRC/.git" ] || die "no kernel tree: run scripts/tree.sh"
bad=0
for p in "$PATCHES"/[0-9]*.patch; do
	[ -f "$p" ] || continue
	case $p in */0000-*) continue ;; esac
	out=$(cd "$KSRC" && ./scripts/checkpatch.pl --strict --quiet "$p")
	if [ -n "$out" ]; then
		echo "$(basename "$p"):"
		echo "$out"
		bad=1
	else
		echo "$(basename "$p"): clean"
	fi
done
exit $bad

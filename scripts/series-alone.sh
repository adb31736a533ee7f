#!/bin/sh
# series-alone.sh [ARCH]: check that each series (SERIES in lib.sh)
# applies to the base on its own and builds there: a worktree of
# build/linux at 'base', one series applied with git am, built in
# build/obj-ARCH-alone.  Last line: the verdict.
. "$(dirname "$0")/lib.sh"
a=${1:-x86_64}
wt=$BUILD/linux-alone

[ -e "$KSRC/.git" ] || die "no kernel tree: run scripts/tree.sh"
drop_worktree() {
	git -C "$KSRC" worktree remove --force "$wt" 2>/dev/null
	rm -rf "$wt"
	git -C "$KSRC" worktree prune
}

bad=0
for s in $SERIES; do
	name=${s%%:*}
	drop_worktree
	git -C "$KSRC" worktree add -q --detach "$wt" base ||
		die "cannot make a worktree of build/linux at base"
	if ! git -C "$wt" am -q $(series_patches "${s#*:}"); then
		echo "DOES NOT APPLY alone: the $name series"
		bad=1
		continue
	fi
	if KSRC=$wt "$TOP/scripts/build.sh" "$a" alone >/dev/null \
		2>"$BUILD/series-alone.err"; then
		echo "applies and builds alone on $a: the $name series"
	else
		echo "BROKEN alone on $a: the $name series"
		tail -n 20 "$BUILD/series-alone.err"
		bad=1
	fi
done
drop_worktree
[ $bad = 0 ] && echo "every series applies and builds alone"
exit $bad

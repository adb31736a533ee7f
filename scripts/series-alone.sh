#!/bin/sh
# series-alone.sh [--apply-only] [ARCH]: check that each series (SERIES
# in lib.sh) applies to the base on its own and builds there: a worktree
# of build/linux at 'base', one series applied with git am, built in
# build/obj-ARCH-alone.  With --apply-only, no build; the last line is
# then "series alone: N passed, N failed, 0 skipped" for check.sh.
. "$(dirname "$0")/lib.sh"
build=1
[ "${1:-}" = --apply-only ] && build= && shift
a=${1:-x86_64}
wt=$BUILD/linux-alone

[ -e "$KSRC/.git" ] || die "no kernel tree: run scripts/tree.sh"
drop_worktree() {
	git -C "$KSRC" worktree remove --force "$wt" 2>/dev/null
	rm -rf "$wt"
	git -C "$KSRC" worktree prune
}

bad=0 good=0
for s in $SERIES; do
	name=${s%%:*}
	drop_worktree
	git -C "$KSRC" worktree add -q --detach "$wt" base ||
		die "cannot make a worktree of build/linux at base"
	if ! git -C "$wt" am -q $(series_patches "${s#*:}"); then
		echo "DOES NOT APPLY alone: the $name series"
		bad=$((bad + 1))
		continue
	fi
	if [ -z "$build" ]; then
		echo "applies alone: the $name series"
		good=$((good + 1))
		continue
	fi
	if KSRC=$wt "$TOP/scripts/build.sh" "$a" alone >/dev/null \
		2>"$BUILD/series-alone.err"; then
		echo "applies and builds alone on $a: the $name series"
	else
		echo "BROKEN alone on $a: the $name series"
		tail -n 20 "$BUILD/series-alone.err"
		bad=$((bad + 1))
	fi
done
drop_worktree
if [ -z "$build" ]; then
	echo "series alone: $good passed, $bad failed, 0 skipped"
elif [ $bad = 0 ]; then
	echo "every series applies and builds alone"
fi
[ $bad = 0 ]

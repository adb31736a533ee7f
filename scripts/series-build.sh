#!/bin/sh
# series-build.sh [ARCH]: check that every patch of the series builds on
# its own: check out each commit of build/linux in turn and build it.
. "$(dirname "$0")/lib.sh"
a=${1:-x86_64}

[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes"
head=$(git -C "$KSRC" symbolic-ref -q --short HEAD || git -C "$KSRC" rev-parse HEAD)
bad=0
for c in $(git -C "$KSRC" rev-list --reverse base..HEAD); do
	git -C "$KSRC" checkout -q "$c" || die "checkout $c failed"
	subject=$(git -C "$KSRC" log -1 --format=%s "$c")
	if "$TOP/scripts/build.sh" "$a" >/dev/null 2>"$BUILD/series-build.err"; then
		echo "builds: $subject"
	else
		echo "BROKEN: $subject"
		tail -n 20 "$BUILD/series-build.err"
		bad=1
	fi
done
git -C "$KSRC" checkout -q "$head"
exit $bad

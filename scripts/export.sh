#!/bin/sh
# export.sh: write the commits of build/linux since 'base' to the series'
# directories (SERIES in lib.sh: each series' commits end at the branch
# named after it), numbered, zero commit ids, no signature, so that diffs
# of a series stay small; plus each series' cover letter, from its
# cover-letter.txt.
. "$(dirname "$0")/lib.sh"

[ -e "$KSRC/.git" ] || die "no kernel tree"
[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes: commit them first"

# export_series NAME DIR FROM TO: the commits FROM..TO as series NAME
export_series() {
	name=$1 dir=$2 from=$3 to=$4
	mkdir -p "$dir"
	n=$(git -C "$KSRC" rev-list --count "$from..$to")
	rm -f "$dir"/[0-9]*.patch
	if [ "$n" -gt 0 ]; then
		git -C "$KSRC" format-patch -q -o "$dir" --zero-commit \
			--no-signature --abbrev=12 --numbered "$from..$to" ||
			die "format-patch of the $name series failed"
	fi
	# The cover letter: subject and text from cover-letter.txt, then
	# the shortlog and diffstat of the series as it is now.
	if [ -f "$dir/cover-letter.txt" ] && [ "$n" -gt 0 ]; then
		{
			echo "From: $AUTHOR"
			echo "Subject: [PATCH 0/$n] $(head -n 1 "$dir/cover-letter.txt")"
			echo
			tail -n +3 "$dir/cover-letter.txt"
			echo
			git -C "$KSRC" shortlog "$from..$to"
			git -C "$KSRC" diff --stat=72 "$from..$to"
		} >"$dir/0000-cover-letter.patch"
	fi
	note "exported $n patches of the $name series to ${dir#$TOP/}/"
}

from=base
last=
for s in $SERIES; do
	name=${s%%:*}
	last=$name
done
for s in $SERIES; do
	name=${s%%:*}
	# The last series ends at HEAD; the others at their branch, which
	# must lie on the way from base to HEAD.
	if [ "$name" = "$last" ]; then
		to=$(git -C "$KSRC" rev-parse HEAD)
		git -C "$KSRC" branch -q -f "$name" HEAD 2>/dev/null || true
	else
		to=$(git -C "$KSRC" rev-parse -q --verify "refs/heads/$name") ||
			die "build/linux has no branch '$name' marking the end of that series"
		git -C "$KSRC" merge-base --is-ancestor "$from" "$to" &&
			git -C "$KSRC" merge-base --is-ancestor "$to" HEAD ||
			die "branch '$name' is not between '$from' and HEAD: after a rebase of the tree, use 'git rebase --update-refs'"
	fi
	export_series "$name" "${s#*:}" "$from" "$to"
	from=$to
done
echo "$(for s in $SERIES; do series_patches "${s#*:}"; done | xargs cat /dev/null | sha1sum | cut -c1-40) $(git -C "$KSRC" rev-parse HEAD)" \
	>"$(stamp_file)"

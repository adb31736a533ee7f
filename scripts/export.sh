#!/bin/sh
# export.sh: write the commits of build/linux since 'base' to patches/
# (numbered, zero commit ids, no signature: diffs of the series stay
# small), plus the cover letter from patches/cover-letter.txt.
. "$(dirname "$0")/lib.sh"

[ -e "$KSRC/.git" ] || die "no kernel tree"
[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes: commit them first"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
rm -f "$PATCHES"/[0-9]*.patch
if [ "$n" -gt 0 ]; then
	git -C "$KSRC" format-patch -q -o "$PATCHES" --zero-commit \
		--no-signature --abbrev=12 --numbered base..HEAD ||
		die "format-patch failed"
fi

# The cover letter: subject and text from cover-letter.txt, then the
# shortlog and diffstat of the series as it is now.
if [ -f "$PATCHES/cover-letter.txt" ] && [ "$n" -gt 0 ]; then
	{
		echo "From: $AUTHOR"
		echo "Subject: [PATCH 0/$n] $(head -n 1 "$PATCHES/cover-letter.txt")"
		echo
		tail -n +3 "$PATCHES/cover-letter.txt"
		echo
		git -C "$KSRC" shortlog base..HEAD
		git -C "$KSRC" diff --stat=72 base..HEAD
	} >"$PATCHES/0000-cover-letter.patch"
fi
echo "$(ls "$PATCHES"/[0-9]*.patch 2>/dev/null | grep -v /0000- | xargs cat /dev/null | sha1sum | cut -c1-40) $(git -C "$KSRC" rev-parse HEAD)" \
	>"$(stamp_file)"
note "exported $n patches to patches/"

#!/bin/sh
# Prepare the editable kernel tree build/linux: the Debian base tree
# committed and tagged 'base', then one commit per patch of each series
# (SERIES in lib.sh); the branch named after a series ends at its last
# commit, 'work' at the last one of all.
#
#   tree.sh        create the tree, or bring it in line with patches/;
#                  refuses when the tree holds commits or edits that were
#                  not exported (nothing local is ever thrown away).
#   tree.sh force  rebuild it from patches/ even then; the old commits
#                  stay reachable on a 'backup-DATE' branch.
. "$(dirname "$0")/lib.sh"


series() {
	for s in $SERIES; do
		series_patches "${s#*:}"
	done
}
series_hash() { cat $(series) /dev/null | sha1sum | cut -c1-40; }
stamp() { echo "$(series_hash) $(git -C "$KSRC" rev-parse HEAD)" >"$(stamp_file)"; }

base_version() {
	sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' \
		"$1/Makefile" | paste -sd.
}

apply_series() {
	for s in $SERIES; do
		patches=$(series_patches "${s#*:}")
		if [ -n "$patches" ] &&
			! git -C "$KSRC" am -q --committer-date-is-author-date $patches; then
			git -C "$KSRC" am --abort 2>/dev/null
			die "the ${s%%:*} series does not apply to $KPKG $(base_version "$KSRC") (it was verified against $KVER_VERIFIED)"
		fi
		git -C "$KSRC" branch -q -f "${s%%:*}" HEAD
	done
}

create_tree() {
	[ -f "$KTARBALL" ] || die "$KTARBALL missing: run scripts/deps.sh"
	note "unpacking $KTARBALL"
	rm -rf "$KSRC.tmp"
	mkdir -p "$KSRC.tmp"
	tar -C "$KSRC.tmp" -xf "$KTARBALL" --strip-components=1 ||
		die "cannot unpack $KTARBALL"
	v=$(base_version "$KSRC.tmp")
	[ "$v" = "$KVER_VERIFIED" ] ||
		note "installed $KPKG is $v; the series was verified against $KVER_VERIFIED"
	note "committing the base tree ($v)"
	# Debian's top-level .gitignore ignores the whole tree ("/*"): drop
	# that block so that git sees the sources.
	sed -i '/^# Debian packaging/,$d' "$KSRC.tmp/.gitignore"
	git -C "$KSRC.tmp" init -q
	# checkpatch.pl leaves a cache file in the tree
	echo '.checkpatch-camelcase.*' >>"$KSRC.tmp/.git/info/exclude"
	git -C "$KSRC.tmp" config user.name "${AUTHOR% <*}"
	git -C "$KSRC.tmp" config user.email "$(echo "$AUTHOR" | sed 's/.*<\(.*\)>/\1/')"
	git -C "$KSRC.tmp" config core.abbrev 12
	git -C "$KSRC.tmp" add -A
	git -C "$KSRC.tmp" commit -q -m "Debian $KPKG $v" || die "git commit failed"
	git -C "$KSRC.tmp" tag base
	mv "$KSRC.tmp" "$KSRC"
	note "applying $(series | wc -l) patches"
	apply_series
	stamp
}

refuse_local_work() {
	[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ] ||
		die "build/linux has uncommitted changes: commit them and run 'make export', or 'make tree FORCE=1' to set them aside"
	[ "$(git -C "$KSRC" rev-parse HEAD)" = "$(cut -d' ' -f2 "$(stamp_file)")" ] ||
		die "build/linux has commits not exported to patches/: run 'make export', or 'make tree FORCE=1' to set them aside"
}

reapply() {
	git -C "$KSRC" stash -q 2>/dev/null
	git -C "$KSRC" branch -q "backup-$(date +%Y%m%d-%H%M%S)" HEAD
	git -C "$KSRC" checkout -q -f --detach base
	git -C "$KSRC" branch -q -f work base
	git -C "$KSRC" checkout -q work
	note "re-applying $(series | wc -l) patches"
	apply_series
	stamp
}

if [ ! -e "$KSRC/.git" ]; then
	create_tree
elif [ "${1:-}" = force ]; then
	reapply
else
	refuse_local_work
	[ "$(series_hash)" = "$(cut -d' ' -f1 "$(stamp_file)")" ] || reapply
fi

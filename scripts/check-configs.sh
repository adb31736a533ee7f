#!/bin/sh
# check-configs.sh: build build/linux (both series) in the configurations
# that make check's kernels do not cover, and fail on a build error or on
# a compiler warning in a file that the series change.  Each line of
# CONFIGS_CHECKED is ARCH VARIANT, the variant's fragment being
# config/VARIANT.config ("" for the arch's usual configuration).
. "$(dirname "$0")/lib.sh"

CONFIGS_CHECKED="arm64 cfg-noperf
x86_64 cfg-nograph
x86_64 cfg-nodynftrace
i386 -
arm64 -"

changed=$(git -C "$KSRC" diff --name-only base HEAD) ||
	die "cannot list the files the series change"
# An incremental build shows only the warnings of what it compiles:
# every C file of the series is compiled again in each configuration.
echo "$changed" | grep '\.c$' | (cd "$KSRC" && xargs touch -c) ||
	die "cannot touch the series' C files"
bad=0
ok=0
while read -r arch variant; do
	[ "$variant" = - ] && variant=
	arch_vars "$arch" "$variant"
	name=$ARCH${VARIANT:+-$VARIANT}
	log=$OBJ.build.log
	mkdir -p "$OBJ"
	if ! "$TOP/scripts/build.sh" "$arch" $variant >"$log" 2>&1; then
		echo "$name: FAIL: build failed"
		tail -n 20 "$log" | sed 's/^/    /'
		bad=1
		continue
	fi
	# warnings of the build, in files of the series
	warn=$(grep -E '(warning|error):' "$log" | while read -r line; do
		f=${line%%:*}
		f=${f#"$KSRC"/}
		echo "$changed" | grep -qx "$f" && echo "$line"
	done)
	if [ -n "$warn" ]; then
		echo "$name: FAIL: warnings in files of the series"
		echo "$warn" | head -n 20 | sed 's/^/    /'
		bad=1
	else
		echo "$name: builds, no warning in the series' files"
		ok=$((ok + 1))
	fi
done <<EOF_CONFIGS
$CONFIGS_CHECKED
EOF_CONFIGS
echo "check-configs: $ok built clean, $(echo "$CONFIGS_CHECKED" | wc -l) configurations"
exit $bad

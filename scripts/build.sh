#!/bin/sh
# build.sh ARCH [VARIANT]: configure (tinyconfig + the fragments) and
# build the kernel of build/linux for ARCH, incrementally, in build/obj-*.
. "$(dirname "$0")/lib.sh"
arch_vars "$@"

[ -e "$KSRC/.git" ] || die "no kernel tree: run scripts/tree.sh"
mkdir -p "$OBJ"

# Every line a fragment asks for must survive olddefconfig: a silently
# dropped option would make tests skip without anyone noticing.
verify_config() {
	# A later fragment may override an earlier one: check the last
	# setting of each option.
	bad=$(cat $FRAGMENTS | awk '
		/^CONFIG_[A-Za-z0-9_]*=/ { o = $0; sub(/=.*/, "", o) }
		/^# CONFIG_[A-Za-z0-9_]* is not set/ { o = $2 }
		o { last[o] = $0; order[o] = NR; o = "" }
		END { for (o in last) print order[o] "\t" last[o] }' |
		sort -n | cut -f2- | while read -r line; do
		case $line in
		CONFIG_*=*)
			grep -qx "$line" "$OBJ/.config" || echo "$line"
			;;
		"# CONFIG_"*" is not set")
			opt=${line#\# }
			opt=${opt%% *}
			! grep -q "^$opt=" "$OBJ/.config" || echo "$line"
			;;
		esac
	done)
	[ -z "$bad" ] && return
	die "$ARCH${VARIANT:+-$VARIANT}: these fragment lines did not stick (see $OBJ/.config):
$bad"
}

hash=$(cat $FRAGMENTS | sha1sum | cut -c1-40)
if [ ! -f "$OBJ/.config" ] || [ "$(cat "$OBJ/.fragments" 2>/dev/null)" != "$hash" ]; then
	note "configuring $ARCH${VARIANT:+-$VARIANT}"
	kmake tinyconfig >/dev/null || die "tinyconfig failed"
	ARCH=$KARCH "$KSRC/scripts/kconfig/merge_config.sh" -m -O "$OBJ" \
		"$OBJ/.config" $FRAGMENTS >"$OBJ/merge.log" 2>&1 ||
		die "merge_config failed: see $OBJ/merge.log"
	kmake olddefconfig >/dev/null || die "olddefconfig failed"
	verify_config || exit 1
	echo "$hash" >"$OBJ/.fragments"
fi

note "building $ARCH${VARIANT:+-$VARIANT}"
kmake "$(basename "$IMAGE")" || die "kernel build failed ($ARCH${VARIANT:+-$VARIANT})"
# The uapi headers, for the selftests built into the initramfs
kmake headers || die "headers_install failed ($ARCH${VARIANT:+-$VARIANT})"

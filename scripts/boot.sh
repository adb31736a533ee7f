#!/bin/sh
# boot.sh ARCH VARIANT MODE [TESTS]: boot the built kernel with the
# initramfs in QEMU (TCG).  MODE is test, boot (the counters of
# BOOT_PARAMS on the command line), nmi (the tests TESTS with the
# NMI_PARAMS), demo, bench or shell.  The
# console is copied to $OBJ/MODE.log; the guest is killed after
# GUEST_TIMEOUT seconds so that a hung kernel fails instead of hanging.
. "$(dirname "$0")/lib.sh"
arch_vars "$1" "$2"
MODE=$3
TESTS=${4:-}

[ -f "$IMAGE" ] || die "no kernel image $IMAGE: build first"
timeout=${GUEST_TIMEOUT:-$GUEST_TIMEOUT_ARCH}
[ "$VARIANT" = debug ] && timeout=${GUEST_TIMEOUT:-$GUEST_TIMEOUT_DEBUG}
append="console=$CONSOLE panic=-1 ftp_mode=$MODE ftp_tests=$TESTS"
[ "$MODE" = nmi ] && append="$append $NMI_PARAMS"
[ "$VARIANT" = debug ] && append="$append ftp_debug=1 $DEBUG_PARAMS"
[ "$MODE" = boot ] && append="$append $BOOT_PARAMS"
LOG=$OBJ/$MODE.log

note "booting $ARCH${VARIANT:+-$VARIANT} ($MODE), console log in $LOG"
if [ "$MODE" = shell ]; then
	$(qemu_cmd) -append "$append"
	exit
fi
timeout -k 10 "$timeout" $(qemu_cmd) -append "$append" </dev/null 2>&1 |
	tee "$LOG"
grep -q '^FTP-DONE' "$LOG" ||
	die "the guest did not finish (hung, crashed or timed out after ${timeout}s): see $LOG"

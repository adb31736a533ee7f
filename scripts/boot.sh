#!/bin/sh
# boot.sh ARCH VARIANT MODE [TESTS]: boot the built kernel with the
# initramfs in QEMU (TCG).  MODE is test, boot (the counters of
# BOOT_PARAMS on the command line), nmi (the tests TESTS with the
# NMI_PARAMS), demo, bench or shell.  The console is copied to
# $OBJ/MODE.log; the guest is killed after GUEST_TIMEOUT seconds so that
# a hung kernel fails instead of hanging.
# SHARD=K/N: run the K-th of every N tests only (run-tests.sh); the log
# is then $OBJ/MODE-K.log.
# GUEST_SLOTS: an fd from which a guest takes a token (a line) before it
# starts and to which it gives it back after: at most as many guests at
# once as there are tokens (check.sh), so that each runs at the speed its
# time limit assumes.  Every boot appends its time and limit to
# $OBJ/guest-times.
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
guest=$MODE
if [ -n "${SHARD:-}" ]; then
	append="$append ftp_shard=$SHARD"
	guest=$MODE-${SHARD%/*}
fi
LOG=$OBJ/$guest.log

if [ "$MODE" = shell ]; then
	$(qemu_cmd) -append "$append"
	exit
fi
[ -n "${GUEST_SLOTS:-}" ] && read -r _ <&"$GUEST_SLOTS"
note "booting $ARCH${VARIANT:+-$VARIANT} ($guest), console log in $LOG"
start=$(date +%s)
timeout -k 10 "$timeout" $(qemu_cmd) -append "$append" </dev/null 2>&1 |
	tee "$LOG"
echo "$ARCH${VARIANT:+-$VARIANT} ($guest${SHARD:+ of $SHARD}):" \
	"$(($(date +%s) - start)) s of its ${timeout} s limit" >>"$OBJ/guest-times"
[ -n "${GUEST_SLOTS:-}" ] && echo >&"$GUEST_SLOTS"
grep -q '^FTP-DONE' "$LOG" ||
	die "the guest did not finish (hung, crashed or timed out after ${timeout}s): see $LOG"

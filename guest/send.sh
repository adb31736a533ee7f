#!/bin/sh
# send.sh FILE...: send files to the host on the console, each gzipped
# and base64-encoded between FTP-FILE-BEGIN NAME and FTP-FILE-END
# (unpack_files in scripts/lib.sh).
for f in "$@"; do
	echo "FTP-FILE-BEGIN ${f##*/}"
	gzip -c "$f" | base64
	echo "FTP-FILE-END"
done

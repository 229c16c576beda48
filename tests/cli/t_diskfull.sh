#!/bin/sh
# Disk full during kbench collect and kbench import, two ways: ENOSPC on
# a 2 MiB tmpfs (when this machine lets us mount one: root on Linux; else
# that half is left out, with a note), and EFBIG past a file size limit
# (ulimit -f: everywhere; kbench ignores SIGXFSZ, which would kill it).
# Each time: a clear message naming the database and the cause, exit 3
# (as for any failed write to the database), the database sound and
# readable, every round committed before still there, the failed import
# left nothing, and once there is room again a collection works.
. "$(dirname "$0")/lib.sh"
unset KBENCH_LIBEXEC

# A round of "big" is 10 cells x 1000 samples, some 270 KB of WAL: one
# or two fit in the room left, 50 never do.
BIG="-m none,syscall -u 1,2,3,4,5 -n 1000 -r 50"
# 150,000 rows, some 3 MB in the database: more than the room left.
awk 'BEGIN { print "method,usec,value"
    for (i = 0; i < 150000; i++) printf "m%d,%d,%d.5\n", i % 7, i % 5, i }' >imp.csv

# counts DB: runs, series, samples and facts, on one line.
counts() {
	db_query "$1" "SELECT (SELECT count(*) FROM run) || ' ' || (SELECT count(*) FROM series)
	    || ' ' || (SELECT count(*) FROM sample) || ' ' || (SELECT count(*) FROM run_fact)"
}

# The file size limit (lib.sh's limited): 700 KB or 1.4 MB, either way
# less than the import.
LIMIT=1400

# full_disk MODE DB CAUSE: the whole story on one database; CAUSE is
# SQLite's message for MODE's error.
full_disk() {
	mode=$1 db=$2 cause=$3
	kb --db "$db" collect sleep -q -l before -m nanosleep -u 100 -n 5 -r 2
	expect_rc 0 "$mode: a first collection"
	if [ "$mode" = tmpfs ]; then
		# Leave some 700 KB: room for a round or two.
		avail=$(df -Pk full | awk 'NR == 2 { print $4 }')
		dd if=/dev/zero of=full/filler bs=1024 count=$((avail - 700)) 2>/dev/null
	fi

	# 1. A collection that fills the disk.
	limited $LIMIT --db "$db" collect sleep -q -l big $BIG
	expect_rc 3 "$mode: collect on a full disk"
	head -1 "$T/err" >err1
	printf '%s\n' "kbench: collect: $db: committing: $cause" >want1
	cmp -s want1 err1; check $? "$mode: collect names the database and the cause"
	sed -n 2p "$T/err" | grep -Eq '^kbench: collect: run [0-9]+ stopped; [0-9]+ of 50 rounds kept( \(the run could not be marked aborted: it shows as running\))?$'
	check $? "$mode: collect says how many rounds it kept: $(sed -n 2p "$T/err")"
	[ "$(wc -l <"$T/err")" -eq 2 ]; check $? "$mode: and nothing more"
	v=$(db_query "$db" "PRAGMA integrity_check")
	[ "$v" = ok ]; check $? "$mode: integrity_check after the collection: $v"
	v=$(db_query "$db" "SELECT status || ' ' || count(*) FROM run r JOIN series s ON s.run_id = r.id
	    JOIN sample x ON x.series_id = s.id WHERE r.label = 'before'")
	[ "$v" = "complete 10" ]; check $? "$mode: the run before is all there ($v)"
	# The rounds committed before the disk filled: whole, every series.
	v=$(db_query "$db" "SELECT count(*) || ' ' || min(n) || ' ' || max(n) || ' ' ||
	    sum(maxseq = n - 1) FROM (SELECT count(*) n, max(seq) maxseq FROM run r
	    JOIN series s ON s.run_id = r.id JOIN sample x ON x.series_id = s.id
	    WHERE r.label = 'big' GROUP BY s.id)")
	set -- $v
	[ "$1" = 10 ] && [ "$2" = "$3" ] && [ "$4" = 10 ] && [ $(($2 % 1000)) = 0 ] &&
	    [ "$2" -gt 0 ] && [ "$2" -lt 50000 ]
	check $? "$mode: $(($2 / 1000)) whole rounds of 50 kept, every series ($v)"
	v=$(db_query "$db" "SELECT status FROM run WHERE label = 'big'")
	limited $LIMIT --db "$db" runs
	expect_rc 0 "$mode: runs reads the database on a full disk"
	expect_err "" "$mode: runs reads the database on a full disk"
	grep -q " big  *sleep  *\(aborted\|incomplete\) " "$T/out"
	check $? "$mode: the run that hit the full disk is not complete ($v)"
	limited $LIMIT --db "$db" analyze --by run --format json
	expect_rc 0 "$mode: analyze reads it"
	v=$(jq -r '[.groups[].by] | unique | join(" ")' "$T/out")
	[ "$v" = "$(db_query "$db" "SELECT id FROM run WHERE label = 'before'")" ]
	check $? "$mode: analyze shows the complete run only (run $v)"

	# 2. An import that does not fit: one transaction, nothing left.
	before=$(counts "$db")
	limited $LIMIT --db "$db" import -q -b imp -l imp --key method --key usec --value value imp.csv
	expect_rc 3 "$mode: import on a full disk"
	expect_err "kbench: import: $db: copying the samples: $cause; nothing imported" \
	    "$mode: import names the database and the cause"
	v=$(counts "$db")
	[ "$v" = "$before" ]; check $? "$mode: the import left nothing (runs series samples facts: $v)"
	v=$(db_query "$db" "PRAGMA integrity_check")
	[ "$v" = ok ]; check $? "$mode: integrity_check after the import: $v"

	# 3. Room again: a collection works, and the import too.
	if [ "$mode" = tmpfs ]; then
		rm -f full/filler
		mount -o remount,size=8m "$T/full"
	fi
	kb --db "$db" collect sleep -q -l after -m nanosleep -u 100 -n 5 -r 2
	expect_rc 0 "$mode: with room again, a collection works"
	v=$(db_query "$db" "SELECT status || ' ' || count(*) FROM run r JOIN series s ON s.run_id = r.id
	    JOIN sample x ON x.series_id = s.id WHERE r.label = 'after'")
	[ "$v" = "complete 10" ]; check $? "$mode: complete, 10 samples ($v)"
	kb --db "$db" import -q -b imp -l imp --key method --key usec --value value imp.csv
	expect_rc 0 "$mode: with room again, the import works"
	v=$(db_query "$db" "SELECT count(*) FROM sample x JOIN series s ON s.id = x.series_id
	    JOIN run r ON r.id = s.run_id WHERE r.label = 'imp'")
	[ "$v" = 150000 ]; check $? "$mode: all 150000 rows imported ($v)"
	v=$(db_query "$db" "PRAGMA integrity_check")
	[ "$v" = ok ]; check $? "$mode: integrity_check at the end: $v"
}

# ENOSPC: a 2 MiB tmpfs, unmounted at exit before lib.sh's trap removes $T.
if full_tmpfs 2m; then
	full_disk tmpfs full/kb.db "database or disk is full"
fi

# EFBIG: past ulimit -f; SQLite calls that a disk I/O error.
full_disk ulimit lim.db "disk I/O error"

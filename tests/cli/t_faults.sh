#!/bin/sh
# Faults the store must not hide (fault injection): a page of the
# database overwritten with garbage, the disk filling up in the middle of
# a merge's transaction, and outputs (export, report) on a full disk.
# Each time the error is said with its file, the exit status is 3 (the
# database) or 4 (an output), and nothing partial is left: no truncated
# group list, no run copied in part, no half file.
#
# The full disk is a small tmpfs when this machine lets us mount one (root
# on Linux), else the file size limit (ulimit -f: EFBIG, which SQLite
# calls a disk I/O error); both when it can.
. "$(dirname "$0")/lib.sh"

# 1. A corrupted page.  400 series; trend caches their summaries, so that
# listing the runs reads no sample (the corruption shows only when the
# samples are read); then one leaf page of the samples becomes garbage.
awk 'BEGIN { print "label,s,value"
    for (i = 0; i < 400; i++) for (j = 0; j < 50; j++) printf "a,s%d,%d.25\n", i, j }' >big.csv
kb --db c.db import -q --run-by label --key s --value value big.csv
expect_rc 0 "400 series of 50 samples"
"$KBENCH" --db c.db trend >/dev/null 2>&1
db_query c.db "PRAGMA wal_checkpoint(TRUNCATE)" >/dev/null
n=$(db_query c.db "SELECT count(*) FROM series_summary")
[ "$n" = 400 ]; check $? "their summaries cached ($n)"
# A leaf page of the sample table (dbstat), else one in the middle.
pg=$(db_query c.db "SELECT pageno FROM dbstat WHERE name = 'sample' AND
    pagetype = 'leaf' ORDER BY pageno LIMIT 1 OFFSET 40" 2>/dev/null)
[ -n "$pg" ] || pg=$(($(db_query c.db "PRAGMA page_count") / 2))
psize=$(db_query c.db "PRAGMA page_size")
cp c.db bad.db
awk 'BEGIN { for (i = 0; i < 400; i++) printf "garbage!" }' |
    dd of=bad.db bs="$psize" seek=$((pg - 1)) conv=notrunc 2>/dev/null
kb --db bad.db analyze --format csv
expect_rc 3 "analyze of a database with a corrupted page"
grep -Eq '^kbench: analyze: bad\.db: reading the samples of series [0-9]+: database disk image is malformed$' \
    "$T/err"; check $? "analyze names the file and the cause: $(head -c 200 "$T/err")"
expect_empty_out "analyze prints no partial list of groups"
kb --db m.db merge bad.db
expect_rc 3 "merge from a database with a corrupted page"
grep -Eq '^kbench: merge: bad\.db: (checking the types of its values|reading the samples of series [0-9]+): database disk image is malformed$' \
    "$T/err"; check $? "merge names the file and the cause: $(head -c 200 "$T/err")"
[ ! -e m.db ]; check $? "merge copied nothing, made nothing"
kb --db bad.db export -o bad.csv
expect_rc 3 "export of a database with a corrupted page"
[ ! -e bad.csv ] && [ -z "$(ls bad.csv.* 2>/dev/null)" ]
check $? "export leaves no file"
kb --db c.db analyze --format csv
[ "$rc" = 0 ] && [ "$(wc -l <"$T/out")" = 401 ]
check $? "the sound copy: 400 groups ($(wc -l <"$T/out") lines)"

# 2. The disk fills in the middle of a merge's transaction: 1,000,000
# samples overflow SQLite's page cache, which spills into the WAL before
# the commit.  SQLite rolls the transaction back by itself there: nothing
# may be written after, on its own.
awk 'BEGIN { print "label,s,value"
    for (i = 0; i < 400; i++) for (j = 0; j < 2500; j++) printf "big,s%d,%d.25\n", i, j }' >huge.csv
kb --db src.db import -q --run-by label --key s --value value huge.csv
expect_rc 0 "a source of 1,000,000 samples"
printf 'label,m,v\nx,a,1\nx,a,2\n' >small.csv
kb --db rep.db import -q --run-by label --key method --key usec --value v \
    "$FIXTURES/analyze/latency.csv"
expect_rc 0 "a comparison to report"

# The file size limit (lib.sh's limited): 4 or 8 MB, less than a merge.
LIMIT=8000

# fill: leave some 6 MB on the tmpfs.
fill() {
	avail=$(df -Pk full | awk 'NR == 2 { print $4 }')
	dd if=/dev/zero of=full/filler bs=1024 count=$((avail - 6000)) 2>/dev/null
}

faults() {
	mode=$1 dir=$2 cause=$3 ioerr=$4
	db=$dir/d.db
	kb --db "$db" import -q --run-by label --key m --value v small.csv
	expect_rc 0 "$mode: a first run"
	[ "$mode" = tmpfs ] && fill
	limited $LIMIT --db "$db" merge src.db
	expect_rc 3 "$mode: merge on a full disk"
	expect_err "kbench: merge: $db: storing 64 samples: $cause" \
	    "$mode: merge names the database and the cause"
	v=$(db_query "$db" "SELECT (SELECT count(*) FROM run) || ' ' ||
	    (SELECT count(*) FROM series) || ' ' || (SELECT count(*) FROM sample)")
	[ "$v" = "1 1 2" ]; check $? "$mode: nothing of the merge is left (runs series samples: $v)"
	v=$(db_query "$db" "PRAGMA integrity_check")
	[ "$v" = ok ]; check $? "$mode: integrity_check: $v"

	# Outputs on the full disk: the file named, no half file.
	mkdir "$dir/rep"
	[ "$mode" = tmpfs ] && dd if=/dev/zero of=full/filler2 bs=1024 2>/dev/null
	limited $LIMIT --db src.db export -o "$dir/x.csv"
	expect_rc 4 "$mode: export on a full disk"
	expect_err "kbench: export: $dir/x.csv: $ioerr" "$mode: export names the file and the cause"
	[ -z "$(ls "$dir"/x.csv* 2>/dev/null)" ]; check $? "$mode: no half CSV left"
	if [ "$mode" = tmpfs ]; then
		limited $LIMIT --db rep.db report --compare before after -o "$dir/rep"
		expect_rc 4 "$mode: report on a full disk"
		[ -z "$(find "$dir/rep" -name '*.gp*' -size 0)" ] &&
		    [ -z "$(find "$dir/rep" -name '*.kbtmp.*')" ]
		check $? "$mode: no empty gnuplot script, no temporary file: $(ls "$dir/rep" | tr '\n' ' ')"
		rm -f full/filler full/filler2
	fi

	# Room again: the merge works, and adds the whole run.
	if [ "$mode" = tmpfs ]; then
		mount -o remount,size=64m "$T/full"
	fi
	kb --db "$db" merge src.db
	expect_rc 0 "$mode: with room again, the merge works"
	expect_err "kbench merge: 1 run added, 0 updated (1000000 samples), 0 already here" \
	    "$mode: the whole run, once"
	v=$(db_query "$db" "SELECT count(*) FROM sample x JOIN series s ON s.id = x.series_id
	    JOIN run r ON r.id = s.run_id WHERE r.label = 'big'")
	[ "$v" = 1000000 ]; check $? "$mode: all 1000000 samples ($v)"
}

if full_tmpfs 40m; then
	faults tmpfs full "database or disk is full" "No space left on device"
fi
mkdir lim
faults ulimit lim "disk I/O error" "File too large"

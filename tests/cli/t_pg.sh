#!/bin/sh
# The PostgreSQL store (issue 29) on a real server, a throwaway one
# (pg.sh): every command that matters gives what it gives on SQLite for
# the same data, merges go both ways, many hosts write at once, a killed
# import leaves nothing, and the password is never said anywhere.
. "$(dirname "$0")/lib.sh"
. "$KBENCH_TOP/tests/cli/pg.sh"

if ! "$KBENCH" -d 'host=/nonexistent' runs 2>&1 | grep -q 'cannot connect'; then
	skip "PostgreSQL store: this kbench was built without libpq (make deps)"
	exit 0
fi
pg_start || exit 0
PG=$PG_URI
HIST=$FIXTURES/trend/history.csv
FAKE=$FIXTURES/fakebench

# both WHAT ARGS...: kbench ARGS on the server and on SQLite (sq.db):
# same status, same stdout and stderr once each store's name is taken
# out.  BOTH_DB (database name, default kbench) and BOTH_SQ (default
# sq.db) choose another pair.
both() {
	what=$1
	shift
	bdb=${BOTH_DB:-kbench} bsq=${BOTH_SQ:-sq.db}
	"$KBENCH" -d "postgresql://kb:$PG_PASSWORD@/$bdb?host=$PG_SOCK" "$@" \
	    >pg.out 2>pg.err
	prc=$?
	"$KBENCH" -d "$bsq" "$@" >sq.out 2>sq.err
	src=$?
	sed -i "s|user=kb dbname=$bdb host=$PG_SOCK|STORE|g" pg.out pg.err
	sed -i "s|$bsq|STORE|g" sq.out sq.err
	if [ "$prc" -eq "$src" ] && cmp -s pg.out sq.out && cmp -s pg.err sq.err; then
		ok "$what: the server's output is SQLite's (exit $prc)"
	else
		not_ok "$what: exit $prc on the server, $src on SQLite"
		diff sq.out pg.out | sed 's/^/#   /' | head -10
		diff sq.err pg.err | sed 's/^/#   /' | head -5
	fi
}

# imports_at_once DB LABEL N ERR: hI.csv imported into DB as LABELI, I
# from 1 to N, all at once; their stderr in ERRI.err; bad: how many
# failed.
imports_at_once() {
	pids=""
	i=1
	while [ "$i" -le "$3" ]; do
		"$KBENCH" -d "$1" import -q --value v -l "$2$i" "h$i.csv" \
		    2>"$4$i.err" &
		pids="$pids $!"
		i=$((i + 1))
	done
	bad=0
	for p in $pids; do wait "$p" || bad=$((bad + 1)); done
}

# 1. The contract suite (tests/unit/test_store_contract.c) on the server.
EMPTY=$(pg_newdb contract_empty)
KBENCH_TEST_SECRET=$PG_PASSWORD "$KBENCH_BUILD/test_store_contract" \
    "$(pg_newdb contract)" "$EMPTY" >contract.log 2>&1
crc=$?
sed 's/^/# /' contract.log | grep -v '^# ok' | head -20
c_ok=$(grep -c '^ok' contract.log)
c_bad=$(grep -c '^not ok' contract.log)
[ "$crc" -eq 0 ] && [ "$c_bad" -eq 0 ] && [ "$c_ok" -gt 50 ]
check $? "the store's contract suite on PostgreSQL ($c_ok ok, $c_bad not ok)"

# 2. Import and export: the canonical CSV back byte for byte.
kb -d "$PG" import -q "$HIST"
expect_rc 0 "import into PostgreSQL"
"$KBENCH" -d sq.db import -q "$HIST"
kb -d "$PG" export
expect_rc 0 "export from PostgreSQL"
"$KBENCH" -d sq.db export >sq.csv
expect_out_file sq.csv "export from PostgreSQL is SQLite's export of the same import"
cp "$T/out" pg.csv
kb -d "$PG" import -q pg.csv
expect_rc 2 "importing the same runs again"
first=$(sed -n 2p "$HIST" | cut -d, -f1)
expect_err "kbench: import: pg.csv:2: run $first is in the database already (id 1); nothing imported" \
    "a run there already: said, nothing imported"

# 2b. Files stream into a server in one transaction; standard input and
# FIFOs are staged first (cmd_import.c): either way the same runs, and a
# failure anywhere leaves nothing, said as SQLite says it.
imp=$(pg_newdb imports)
printf 'v,k\n1,a\n2,a\n3,b\n' >ok.csv
printf 'v,k\n4,a\nfive,a\n' >bad.csv
# import_both WHAT ARGS...: kbench import ARGS, as both() does it, on
# the imports database and imp.db.
import_both() {
	what=$1
	shift
	BOTH_DB=imports BOTH_SQ=imp.db
	both "$what" import "$@"
	unset BOTH_DB BOTH_SQ
}
# Into a database without kbench's tables, staged: a bad file makes none.
kb -d "$imp" import -q --value v --key k ok.csv bad.csv
expect_rc 2 "a bad file into an empty database"
kb -d "$imp" runs
expect_rc 2 "a bad file into an empty database: no tables made"
kb -d "$imp" import -q --value v --key k -l zero ok.csv
expect_rc 0 "the first import into an empty database"
kb -d "$imp" runs --label zero
expect_rc 0 "the first import into an empty database: its run"
"$KBENCH" -d imp.db import -q --value v --key k -l zero ok.csv
import_both "two files, the second bad" --value v --key k ok.csv bad.csv
grep -q 'bad.csv:3: .*nothing imported' pg.err
check $? "two files, the second bad: its line named"
kb -d "$imp" export
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 4 ]
check $? "two files, the second bad: nothing stored (the first neither)"
import_both "files, streamed" --value v --key k -l one ok.csv
"$KBENCH" -d "$imp" import -q --value v --key k -l two - <ok.csv
check $? "standard input, staged"
"$KBENCH" -d imp.db import -q --value v --key k -l two - <ok.csv
mkfifo fifo.csv
# (wait for the writer alone: pg.sh's watchdog is a child too)
cat ok.csv >fifo.csv &
"$KBENCH" -d "$imp" import -q --value v --key k -l three fifo.csv
check $? "a FIFO, staged"
wait $!
cat ok.csv >fifo.csv &
"$KBENCH" -d imp.db import -q --value v --key k -l three fifo.csv
wait $!
# label, key, round, seq, value of each sample
samples_of() {
	"$KBENCH" -d "$1" export |
	    awk -F, 'NR > 1 { print $2, $(NF - 5), $(NF - 2), $(NF - 1), $NF }'
}
samples_of "$imp" >i_pg.txt
samples_of imp.db >i_sq.txt
cmp -s i_pg.txt i_sq.txt && [ "$(grep -c '^zero ' i_pg.txt)" -eq 3 ] &&
    [ "$(grep -c '^one ' i_pg.txt)" -eq 3 ] &&
    [ "$(grep -c '^two ' i_pg.txt)" -eq 3 ] &&
    [ "$(grep -c '^three ' i_pg.txt)" -eq 3 ]
check $? "streamed, staged, FIFO: the same samples as SQLite's"
# Each store's own runs again: streamed, then staged.
"$KBENCH" -d "$imp" export >i_pg.csv
"$KBENCH" -d imp.db export >i_sq.csv
for how in streamed staged; do
	if [ "$how" = streamed ]; then
		"$KBENCH" -d "$imp" import i_pg.csv 2>pg.err
		"$KBENCH" -d imp.db import i_sq.csv 2>sq.err
	else
		"$KBENCH" -d "$imp" import - <i_pg.csv 2>pg.err
		"$KBENCH" -d imp.db import - <i_sq.csv 2>sq.err
	fi
	# (ids differ: a server's sequence is not rolled back)
	sed "s/run [0-9a-f-]* is/run UUID is/; s/(id [0-9]*)/(id N)/; s/i_pg.csv/FILE/" pg.err >i_pg.txt
	sed "s/run [0-9a-f-]* is/run UUID is/; s/(id [0-9]*)/(id N)/; s/i_sq.csv/FILE/" sq.err >i_sq.txt
	cmp -s i_pg.txt i_sq.txt && grep -q ':2: run UUID is in the database already (id N); nothing imported$' i_pg.txt
	check $? "a run there already, $how: said as on SQLite"
done
# A sample twice in a series (canonical CSV: its seq given): the line.
{ head -2 i_sq.csv; sed -n 2p i_sq.csv; } |
    sed 's/^[0-9a-f-]*,/99999999-0000-4000-8000-000000000000,/' >i_dup.csv
import_both "a sample twice in a series" i_dup.csv
grep -q 'i_dup.csv:3: sample 0 of this series is there already; nothing imported' pg.err
check $? "a sample twice in a series: its line named"
# The same in a long series: a COPY's batches go while kbench reads on
# (one of 32768 samples, 262144 a COPY), so the server may refuse the
# duplicate at a later call: when the next series or run is looked up,
# when a COPY ends, or at the commit.  At each, its line named as by
# SQLite (the first repeat, when seq 5 comes three times).
# dup_csv DUP_ROW ROWS AFTER NEXT [DUP_ROW2]: rows of series a of a run,
# seq 0.. (rows DUP_ROW and DUP_ROW2 repeat seq 5), then AFTER rows of
# series b of that run (NEXT "series") or of series a of another (run).
dup_csv() {
	awk -v d="$1" -v n="$2" -v b="$3" -v nx="$4" -v d2="${5:--1}" 'BEGIN {
		print "run,label,benchmark,status,started,ended,command,version,key.m,unit,better,round,seq,value"
		t = "2026-11-01T00:00:00.000Z"
		u = "99999999-0000-4000-8000-00000000000"
		for (i = 0; i < n; i++)
			printf "%s1,dups,sleep,complete,%s,%s,x,1,a,us,lower,,%d,1\n",
			    u, t, t, (i == d || i == d2 ? 5 : i)
		for (i = 0; i < b; i++)
			printf "%s%d,dups,sleep,complete,%s,%s,x,1,%s,us,lower,,%d,1\n",
			    u, (nx == "run" ? 2 : 1), t, t,
			    (nx == "run" ? "a" : "b"), i
	}'
}
while read -r d n b next d2 where; do
	dup_csv "$d" "$n" "$b" "$next" "$d2" >i_dup.csv
	import_both "a sample twice, refused at $where" i_dup.csv
	grep -q "i_dup.csv:$((d + 2)): sample 5 of this series is there already; nothing imported" pg.err
	check $? "a sample twice, refused at $where: its line named"
done <<EOF
40000 40010 3 series -1 the next series
7 70000 0 series -1 the commit, batches sent after it
270000 270001 0 series -1 the commit, in the second COPY
270000 300000 2 series -1 the next series, in the second COPY
100 40000 1 run -1 the next run
32767 40000 1 run -1 the next run, the first batch's last row
100 50000 0 series 40000 the commit, seq 5 three times
10 300000 0 series 200 the commit, seq 5 three times in one batch
EOF
rm -f i_dup.csv

# Rows that alternate between series: each series asked the server
# once a row (20 s for 200,000); now once a write (pg_series_get's
# series_seen), with its unit and better checked as the server's row is.
awk 'BEGIN { print "run,label,benchmark,status,started,ended,command,version,key.m,unit,better,round,seq,value"
	t = "2026-11-01T00:00:00.000Z"
	for (i = 0; i < 40000; i++)
		printf "99999999-0000-4000-8000-000000000003,alt,sleep,complete,%s,%s,x,1,m%d,%s,lower,,%d,%d\n",
		    t, t, i % 20, (i == 30001 ? "ns" : "us"), int(i / 20), i }' >i_alt.csv
import_both "series alternating a row, one row's unit another" i_alt.csv
grep -q "i_alt.csv:30003: series 'm=m1' has unit 'us' and better 'lower' already, not 'ns' and 'lower'; nothing imported" pg.err
check $? "series alternating a row, one row's unit another: said at its line"
sed -i '30003s/,ns,/,us,/' i_alt.csv
import_both "series alternating a row" i_alt.csv
BOTH_DB=imports BOTH_SQ=imp.db both "series alternating a row: exported" export --label alt
rm -f i_alt.csv

# 2c. The planner's statistics refreshed by a commit that grew a table
# by a tenth (store_pg.c: analyze_grown): the samples of an import, the
# summaries a trend caches.  Not autovacuum's (a minute later at best):
# the stale ones read a series by a sort on disk, and joined a refilled
# summary cache as if empty (a warm trend of 80 s, not 1).
ST=$(pg_newdb stats)
awk 'BEGIN { print "s,v"; for (i = 0; i < 12000; i++) printf "s%04d,%d\n", i / 3, i }' >stats.csv
kb -d "$ST" import -q --key s --value v -l one stats.csv
reltuples() {
	db_query "$ST" "SELECT reltuples::bigint FROM pg_class WHERE relname = '$1'" |
	    sed "s|^|$1 |"
}
reltuples sample >"$T/out"
expect_out "sample 12000" "an import of 12000 samples into a new database: its statistics made"
kb -d "$ST" trend
reltuples series_summary >"$T/out"
expect_out "series_summary 4000" "a trend caching 4000 summaries: their statistics made"
db_query "$ST" "DELETE FROM series_summary" >/dev/null
kb -d "$ST" import -q --key s --value v -l two stats.csv
kb -d "$ST" trend
{ reltuples sample; reltuples series_summary; } >"$T/out"
expect_out "sample 24000
series_summary 8000" "the cache emptied and filled again, a second import: made again"
awk 'BEGIN { print "s,v"; for (i = 0; i < 1100; i++) printf "s%04d,%d\n", i, i }' >stats.csv
kb -d "$ST" import -q --key s --value v -l three stats.csv
reltuples sample >"$T/out"
expect_out "sample 24000" "an import growing the samples by less than a tenth: left to autovacuum"
# A lock on the table that ANALYZE cannot take (an administrator's
# VACUUM, say): kbench waits 2 s for it, then commits without the
# statistics, saying nothing: a refresh never fails a write.
awk 'BEGIN { print "s,v"; for (i = 0; i < 30000; i++) printf "s%d,%d\n", i % 10, i }' >stats.csv
# (held until the import is done, however slow: a sanitizer's build)
PGAPPNAME=kb_holder "$PG_PSQL" -X -q -d "$ST" -c "BEGIN" \
    -c "LOCK TABLE sample IN SHARE UPDATE EXCLUSIVE MODE" \
    -c "SELECT pg_sleep(600)" >/dev/null 2>&1 &
lp=$!
k=0
while [ $k -lt 200 ] && [ -z "$(pg_sql "SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE a.application_name = 'kb_holder' AND l.mode = 'ShareUpdateExclusiveLock' AND l.granted")" ]; do
	sleep 0.05
	k=$((k + 1))
done
kb -d "$ST" import -q --key s --value v -l four stats.csv
pg_sql "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'kb_holder'" >/dev/null
wait "$lp"
expect_rc 0 "ANALYZE held up by another's lock: the import stored all the same"
expect_err "" "ANALYZE held up by another's lock: nothing said"
reltuples sample >"$T/out"
expect_out "sample 24000" "ANALYZE held up by another's lock: the statistics left as they were"
kb -d "$ST" export --label four
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 30001 ]
check $? "ANALYZE held up: every sample of that import there"
rm -f stats.csv

# 3. Every reader: the same output as SQLite's.
both "runs" runs
both "runs --json" runs --json
both "runs --label" runs --label n31
both "analyze" analyze --where label=n30,label=n31
both "analyze --compare" analyze --compare label=n30 label=n31
both "analyze --compare --format json" analyze --compare label=n01 label=n60 --format json
both "analyze --by label" analyze --by label --where label=n01,label=n02,label=n03
both "trend" trend
both "trend --new-regressions" trend --new-regressions
both "trend --format json" trend --format json
both "a filter on a key no run has" analyze --where nosuchkey=1
both "an unknown label" analyze --compare nosuch n31
both "export --where" export --where label=n45

# 4. Reports and the site made from the server.
kb -d "$PG" report --compare label=n30 label=n31 -o rep
expect_rc 0 "report --compare from PostgreSQL"
kb -d "$PG" site -o site --last 6
expect_rc 0 "site from PostgreSQL"
[ -f site/index.html ] && [ -d site/compare ]
check $? "the site's pages are there"
# Its comparisons' Reproduce lines say the database, without password.
grep -h "report --compare" site/compare/*/report.md | head -1 >repro.txt
grep -q "^kbench -d 'user=kb dbname=kbench host=$PG_SOCK' report --compare" repro.txt
check $? "a site comparison's Reproduce line names the server: $(cat repro.txt)"

# Long series copied a part at a time (65536 samples a part): one of
# exactly 65536, one of 65537, one of 150000 and one ending at the
# largest seq, from standard input (staged, then copied across) and by
# merge both ways: every sample, in order, the same as SQLite's.
awk 'BEGIN { print "label,k,seq,v"
	for (i = 0; i < 65536; i++) print "long,a," i "," i / 7
	for (i = 0; i < 65537; i++) print "long,b," i "," (-i / 3)
	for (i = 0; i < 150000; i++) print "long,c," 2 * i "," i % 97
	print "long,d,0,1"; print "long,d,9223372036854775806,2"
	print "long,d,9223372036854775807,3" }' >long.csv
"$KBENCH" -d long.db import -q --key k --run-by label --value v long.csv
"$KBENCH" -d long.db export >long-sq.csv
[ "$(wc -l <long-sq.csv)" = 281077 ]; check $? "the long series in SQLite: 281076 samples"
LP=$(pg_newdb long)
kb -d "$LP" import -q --key k --run-by label --value v - <long.csv
expect_rc 0 "long series into a server from standard input"
"$KBENCH" -d "$LP" export >long-pg.csv
# Two imports: their runs differ (uuid, command, times), not the samples.
tail6() { awk -F, '{ print $(NF-5), $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF }' "$1"; }
tail6 long-sq.csv >long-sq.6
tail6 long-pg.csv >long-pg.6
cmp -s long-sq.6 long-pg.6
check $? "every sample of the long series, as SQLite stored them"
LM=$(pg_newdb longmerged)
kb -d "$LM" merge long.db
expect_rc 0 "long series merged into a server"
"$KBENCH" -d "$LM" export >long-pm.csv
kb -d long2.db merge "$LM"
expect_rc 0 "and from it into a file"
"$KBENCH" -d long2.db export >long-ps.csv
cmp -s long-sq.csv long-pm.csv && cmp -s long-sq.csv long-ps.csv
check $? "merged both ways: the same samples"

# 5. Merge both ways, by uuid, idempotent.
kb -d m.db merge "$PG"
expect_rc 0 "merge PostgreSQL into SQLite"
"$KBENCH" -d m.db export >m.csv
cmp -s m.csv sq.csv; check $? "merged into SQLite: its export is the server's"
P2=$(pg_newdb merged)
kb -d "$P2" merge sq.db
expect_rc 0 "merge SQLite into PostgreSQL"
expect_err "kbench merge: 60 runs added, 0 updated (1800 samples), 0 already here" \
    "merge into PostgreSQL: counted"
kb -d "$P2" merge sq.db
expect_err "kbench merge: 0 runs added, 0 updated (0 samples), 60 already here" \
    "merge into PostgreSQL again: nothing twice"
"$KBENCH" -d "$P2" export >p2.csv
cmp -s p2.csv sq.csv; check $? "merged into PostgreSQL: its export is SQLite's"

# 6. collect writes to the server (the fake benchmark: exact values).
P3=$(pg_newdb collected)
KBENCH_LIBEXEC=$FAKE FAKE_MODE=slower kb -d "$P3" collect sleep -q -l c1 \
    -m nanosleep,select -u 100 -r 3
expect_rc 0 "collect into PostgreSQL"
KBENCH_LIBEXEC=$FAKE FAKE_MODE=slower "$KBENCH" -d sq3.db collect sleep -q \
    -l c1 -m nanosleep,select -u 100 -r 3 >/dev/null 2>&1
kb -d "$P3" analyze --compare method=nanosleep method=select
cp "$T/out" p3.an
"$KBENCH" -d sq3.db analyze --compare method=nanosleep method=select >s3.an
cmp -s p3.an s3.an; check $? "a collection's analysis on the server is SQLite's"

# 7. Views for other tools: one row a sample, one a series of a run.
n=$(pg_sql "SELECT count(*) FROM kbench_samples")
[ "$n" = 1800 ]; check $? "view kbench_samples: one row a sample ($n)"
m=$(pg_sql "SELECT median FROM kbench_series WHERE label = 'n31' AND series = 'metric=latency'")
"$KBENCH" -d sq.db analyze --where label=n31 --format json >a.json
want=$(jq -r '.groups[] | select(.series == "metric=latency") | .median' a.json)
[ -n "$m" ] && [ -n "$want" ] &&
    awk -v a="$m" -v b="$want" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9) }'
check $? "view kbench_series: the median is analyze's ($m, $want)"
f=$(pg_sql "SELECT value FROM kbench_facts WHERE label = 'n31' AND key = 'kernel_git'")
[ "$f" = "$(awk -F, '$2 == "n31" { print $11; exit }' "$HIST")" ]
check $? "view kbench_facts: a run's fact ($f)"
# docs/lab-store.md's Grafana query, its fact a key these runs have.
n=$(pg_sql "SELECT count(*) FROM (SELECT s.started_at AS time,
    f.value AS metric, s.median FROM kbench_series s JOIN kbench_facts f
    ON f.run_uuid = s.run_uuid AND f.key = 'kernel_release'
    WHERE s.series = 'metric=latency' ORDER BY 1) q")
[ "$n" = 60 ]; check $? "the documented dashboard query: a row a night ($n)"

# 8. A role that may only read: readers work, a writer is refused.
pg_sql "CREATE ROLE ro LOGIN PASSWORD 'ro_pw_1'; GRANT SELECT ON ALL TABLES IN SCHEMA public TO ro" >/dev/null
RO="postgresql://ro:ro_pw_1@/kbench?host=$PG_SOCK"
kb -d "$RO" runs
expect_rc 0 "a read-only role reads"
kb -d "$RO" trend
expect_rc 0 "a read-only role runs trend (no summary cached)"
kb -d "$RO" import -q "$HIST"
expect_rc 3 "a read-only role may not import"
expect_err "kbench: import: user=ro dbname=kbench host=$PG_SOCK: the database is read-only here (this role may not write kbench's tables)" \
    "a read-only role: said"

# 9. Eight hosts import at once while two read: every run, no error.
P4=$(pg_newdb lab)
"$KBENCH" -d "$P4" import -q "$HIST"
i=1
while [ $i -le 8 ]; do
	awk -v h=$i 'BEGIN { print "v"; for (j = 0; j < 20000; j++) print h * 1000 + j % 97 }' >"h$i.csv"
	i=$((i + 1))
done
rpids=""
for r in 1 2; do
	( j=0; while [ $j -lt 10 ]; do
		"$KBENCH" -d "$P4" runs >/dev/null 2>>"reader$r.err" ||
		    echo "runs failed" >>"reader$r.err"
		"$KBENCH" -d "$P4" analyze --where label=n01 >/dev/null \
		    2>>"reader$r.err" || echo "analyze failed" >>"reader$r.err"
		j=$((j + 1))
	done ) &
	rpids="$rpids $!"
done
imports_at_once "$P4" host 8 w
# Not a bare wait: pg.sh's watchdog is a child too.
for p in $rpids; do wait "$p"; done
cat w*.err reader*.err 2>/dev/null | head -5 | sed 's/^/# /'
[ "$bad" -eq 0 ] && ! cat w*.err reader*.err 2>/dev/null | grep -q .
check $? "8 concurrent imports and 2 readers: no error ($bad failed)"
runs8=$("$KBENCH" -d "$P4" runs --json | jq -s '[.[] | select(.label | startswith("host"))] | length')
n8=$("$KBENCH" -d "$P4" export --where benchmark=import | sed 1d | wc -l)
[ "$runs8" = 8 ] && [ "$n8" = 160000 ]
check $? "8 concurrent imports: 8 runs, 160000 samples stored ($runs8, $n8)"

# 8 hosts' first imports into an empty database: one makes the tables,
# the others wait for it and find them made.
P5=$(pg_newdb fresh)
imports_at_once "$P5" host 8 f
cat f*.err | head -3 | sed 's/^/# /'
runs8=$("$KBENCH" -d "$P5" runs --json | jq -s length)
[ "$bad" -eq 0 ] && [ "$runs8" = 8 ]
check $? "8 first imports at once into an empty database: tables made once, 8 runs ($bad failed)"

# 10. SIGKILL during an import into the server: nothing half-visible.
awk 'BEGIN { print "v"; for (i = 0; i < 3000000; i++) print i % 1000 }' >big.csv
before=$("$KBENCH" -d "$PG" runs --json | jq -s length)
# kill_in_copy DB NAME: big.csv imported into DB (database NAME) as
# "killed", SIGKILLed once it copies into the server (past any staging);
# k: how many polls that took.
kill_in_copy() {
	"$KBENCH" -d "$1" import -q -l killed --value v big.csv 2>/dev/null &
	kp=$!
	k=0
	while [ $k -lt 200 ] && ! pg_sql "SELECT 1 FROM pg_stat_activity WHERE datname = '$2' AND query LIKE 'COPY%'" | grep -q 1; do
		sleep 0.05
		k=$((k + 1))
	done
	kill -KILL "$kp" 2>/dev/null
	wait "$kp" 2>/dev/null
	sleep 1
}
kill_in_copy "$PG" kbench
after=$("$KBENCH" -d "$PG" runs --json | jq -s length)
nk=$(pg_sql "SELECT count(*) FROM run WHERE label = 'killed'")
[ "$after" = "$before" ] && [ "$nk" = 0 ]
check $? "SIGKILL during an import: no run of it stored ($before runs before, $after after, $nk labelled killed; in COPY after $k polls)"

# The same into a database without kbench's tables: a file streams into
# it, the tables made inside the import's transaction (STORE_CREATE_IN_WRITE):
# killed, it leaves none, and the next import makes them.
KF=$(pg_newdb killfresh)
kill_in_copy "$KF" killfresh
kb -d "$KF" runs
expect_rc 2 "SIGKILL during a first import into an empty database: no tables left (in COPY after $k polls)"
expect_err "kbench: runs: user=kb dbname=killfresh host=$PG_SOCK: no kbench tables in this database (kbench import or kbench collect creates them)" \
    "SIGKILL during a first import: no tables, said"
kb -d "$KF" import -q -l after --value v ok.csv
expect_rc 0 "the next import into it makes them"
kb -d "$KF" runs --label after
[ "$rc" -eq 0 ] && [ "$(wc -l <"$T/out")" -eq 2 ]
check $? "and stores its run"

# 10b. What an attacker of the first version found (issue 29's note).
# Merge's messages name a server source without its password: the same
# run, other content, in two sources.
C1=$(pg_newdb confa)
C2=$(pg_newdb confb)
"$KBENCH" -d "$C1" import -q "$HIST"
sed 's/,41\.6898$/,41.6899/' "$HIST" >changed.csv
"$KBENCH" -d "$C2" import -q changed.csv
kb -d conf.db merge "$C1" "$C2"
expect_rc 2 "merge: one run, other content in two server sources"
grep -q "user=kb dbname=confb host=$PG_SOCK: run 00000000-0000-4000-8000-000000000001 (n01) is in user=kb dbname=confa host=$PG_SOCK too" "$T/err"
check $? "merge: the sources named as libpq reads them, no password"
# nightly --list reads a server, says it by its public name.
kb -d "$P5" nightly --list
expect_rc 0 "nightly --list on a server"
expect_out "no nightly has run on user=kb dbname=fresh host=$PG_SOCK" \
    "nightly --list: the database without its password"
# --d= (getopt's abbreviation of --db=) is stored without the password;
# a label that looks like a location, with no password, as typed.
kb --d="$P5" import -q --value v -l "host=a b" --meta "user=J Smith" h1.csv
expect_rc 0 "import with --d=LOCATION"
cmd=$("$KBENCH" -d "$P5" runs --json --label "host=a b" | jq -c .command)
[ "$cmd" = "[\"kbench\",\"--d=user=kb dbname=fresh host=$PG_SOCK\",\"import\",\"-q\",\"--value\",\"v\",\"-l\",\"host=a b\",\"--meta\",\"user=J Smith\",\"h1.csv\"]" ]
check $? "the stored command: the location public, the label and fact as typed ($cmd)"
# Every way to give kbench its database, a key=value location with the
# password: the option kept, the location public; and words that only
# look like settings (a label password=..., a label -dX) kept as typed,
# the command's -d from KBENCH_DB still said.
KV="host=$PG_SOCK dbname=fresh user=kb password=$PG_PASSWORD"
want="user=kb dbname=fresh host=$PG_SOCK"
for form in "--d=" "--db=" "-d"; do
	kb "$form$KV" import -q --value v -l "kv$form" h1.csv
	c=$("$KBENCH" -d "$P5" runs --json --label "kv$form" | jq -c '.command[1]')
	[ "$c" = "\"$form$want\"" ]; check $? "a key=value location as $form...: stored as $c"
done
kb import -q --db "$KV" --value v -l kvdb h1.csv
c=$("$KBENCH" -d "$P5" runs --json --label kvdb | jq -c '.command[3:5]')
[ "$c" = "[\"--db\",\"$want\"]" ]; check $? "--db LOCATION after the command: stored as $c"
KBENCH_DB=$P5 kb import -q --value v -l "password=2026" --meta "x=-dy" h1.csv
c=$("$KBENCH" -d "$P5" runs --json --label "password=2026" | jq -c .command)
[ "$c" = "[\"kbench\",\"-d\",\"$want\",\"import\",\"-q\",\"--value\",\"v\",\"-l\",\"password=2026\",\"--meta\",\"x=-dy\",\"h1.csv\"]" ]
check $? "KBENCH_DB: -d PUBLIC said; a label password=2026 kept as typed: $c"

# A run id with leading zeros, a filter that is not UTF-8: as on SQLite.
both "--run with leading zeros" runs --run 0031
both "--run, a uuid prefix" runs --run 00000000-0000-4000-8000-00000000003
both "--label not UTF-8" runs --label "$(printf 'n\377')"
both "--compare, a side not UTF-8" analyze --compare "label=$(printf '\377')" label=n31
# The role's defaults do not bend kbench's session: a stricter isolation
# (writers would fail to serialize), an idle timeout (a merge's source
# waits), a schema put before public (tables someone else made).
pg_sql "ALTER ROLE kb IN DATABASE fresh SET default_transaction_isolation = 'serializable'" >/dev/null
pg_sql "ALTER ROLE kb IN DATABASE fresh SET idle_in_transaction_session_timeout = '100ms'" >/dev/null
"$PG_PSQL" -X -q -d "postgresql:///fresh?host=$PG_SOCK&user=kbench_admin" \
    -c "CREATE SCHEMA evil AUTHORIZATION kb" \
    -c "CREATE TABLE evil.run (LIKE public.run INCLUDING ALL)" \
    -c "INSERT INTO evil.run (uuid, label, benchmark, status, started_at) VALUES ('e', 'EVIL', 'x', 'complete', '2026-01-01T00:00:00Z')" >/dev/null
pg_sql "ALTER ROLE kb IN DATABASE fresh SET search_path = evil, public" >/dev/null
imports_at_once "$P5" iso 4 iso
cat iso*.err | head -3 | sed 's/^/# /'
[ "$bad" -eq 0 ]; check $? "4 writers at once, the role's default serializable: none fails ($bad)"
kb -d m2.db merge "$P5" sq.db
expect_rc 0 "merge from a server whose role has a 100 ms idle timeout"
kb -d "$P5" runs --label EVIL
expect_rc 2 "kbench's tables in public, not a search path's first schema"
# A database that keeps any byte (SQL_ASCII) is refused, said.
pg_sql "CREATE DATABASE ascii OWNER kb ENCODING 'SQL_ASCII' TEMPLATE template0" >/dev/null
kb -d "postgresql://kb:$PG_PASSWORD@/ascii?host=$PG_SOCK" import -q --value v h1.csv
expect_rc 3 "an SQL_ASCII database"
expect_err "kbench: import: user=kb dbname=ascii host=$PG_SOCK: the database's encoding is not UTF8 (kbench's text is UTF-8: createdb -E UTF8)" \
    "an SQL_ASCII database: said"
# -d=LOCATION: the '=' is getopt's to keep; said, not echoed.
kb -d="$PG" runs
expect_rc 2 "-d=LOCATION"
expect_err "kbench: runs: '=' and a PostgreSQL location (not repeated: it may hold a password): write -d LOCATION or --db=LOCATION" \
    "-d=LOCATION: said, not echoed"
# Many one-row runs: copied from the stage a run at a time, by index.
awk 'BEGIN { print "label,v"; for (i = 0; i < 3000; i++) print "r" i "," i }' >many.csv
kb -d "$(pg_newdb many)" import -q --run-by label --value v many.csv
expect_rc 0 "3000 one-row runs into a server"

# 10c. kbench nightly on a server: two nights (two labels), the
# children told the location in KBENCH_DB (no password in any argv or
# stored command), the log; a third night while another session holds
# this nightly's lock: locked out, 75, logged; another nightly (another
# name: another host's) goes on meanwhile.
N=$(pg_newdb nights)
cat >pg.conf <<EOF
database  $N
label     "night-%Y-%m-%d"
collect   sleep -q -r 2 -m nanosleep -u 1,10 -n 5
trend     --last 30 --threshold 100
EOF
kb nightly -f pg.conf
expect_rc 0 "nightly on a server: night 1"
expect_err "" "nightly on a server: night 1: nothing on stderr"
grep -q ", database user=kb dbname=nights host=$PG_SOCK, lock the server's, of this nightly's name$" "$T/out"
check $? "nightly on a server: the database named without its password, its lock"
kb nightly -f pg.conf -q
expect_rc 0 "nightly on a server: night 2"
today=$(date +%Y-%m-%d)
labels=$("$KBENCH" -d "$N" runs --json | jq -r .label | sort -u | tr '\n' ' ')
[ "$labels" = "night-$today night-$today.2 " ]
check $? "nightly on a server: a label a night ($labels)"
cmds=$("$KBENCH" -d "$N" runs --json | jq -c .command | sort -u | head -1)
case $cmds in
"[\"kbench\",\"-d\",\"user=kb dbname=nights host=$PG_SOCK\",\"collect\""*) ok "a night's collection stored as run on the server: $cmds" ;;
*) not_ok "a night's collection's stored command: $cmds" ;;
esac
# The lock, held by another session for 5 s: this night is locked out.
( "$PG_PSQL" -X -q -d "$N" -c "SELECT pg_advisory_lock(hashtextextended('kbench nightly ''pg''', 0))" \
    -c "SELECT pg_sleep(5)" >/dev/null 2>&1 ) &
holder=$!
k=0
while [ $k -lt 100 ] && [ "$(pg_sql "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted")" = 0 ]; do
	sleep 0.05
	k=$((k + 1))
done
kb nightly -f pg.conf -q
expect_rc 75 "nightly on a server, its lock held elsewhere: locked out"
expect_err "kbench: nightly: user=kb dbname=nights host=$PG_SOCK: another session holds the lock of nightly 'pg'" \
    "locked out: said"
sed 's/^label .*/label "other-%Y-%m-%d"/' pg.conf >other.conf
kb nightly -f other.conf -q
expect_rc 0 "another nightly on the server meanwhile (another name)"
wait "$holder"
# Four nightlies of four names, one label pattern, started at once: the
# label chosen and logged in one write transaction, four labels.
N2=$(pg_newdb nights2)
pids=""
for c in ea eb ec ed; do
	sed -e "s|^database .*|database  $N2|" -e 's/^label .*/label "shared-%Y"/' \
	    pg.conf >"$c.conf"
	"$KBENCH" nightly -q -f "$c.conf" >/dev/null 2>"$c.err" &
	pids="$pids $!"
done
bad=0
for p in $pids; do wait "$p" || bad=$((bad + 1)); done
nl=$("$KBENCH" -d "$N2" runs --json | jq -r .label | sort -u | wc -l)
[ "$bad" = 0 ] && [ "$nl" = 4 ]
check $? "4 nightlies of one label pattern at once: 4 labels ($nl; $bad failed)"

# The night's lock lives with its connection: the server ending it (a
# restart, pg_terminate_backend) frees the lock for another night of this
# name.  The night notices after the collection it was in, stops (the
# second collection and the trend check not run), exits 3 and logs its
# end through a new connection.
N3=$(pg_newdb lost)
cat >lost.conf <<EOF
database  $N3
label     "lost-%Y-%m-%d"
collect   sleep -q -r 2 -m nanosleep -u 1000 -n 1500
collect   sleep -q -r 1 -m nanosleep -u 1 -n 5
trend     --last 30
EOF
# held NAME: the SQL of the backend holding nightly NAME's lock.
held() {
	echo "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1 AND ((classid::bigint << 32) | objid::bigint) = hashtextextended('kbench nightly ''$1''', 0)"
}
lock_taken() { [ -n "$(pg_sql "$(held "$1")")" ]; }
# end_night_lock NAME PID TEST...: once TEST holds (10 s at most), the
# server ends the connection of nightly NAME's lock; then waits for PID.
end_night_lock() {
	_name=$1 _pid=$2
	shift 2
	wait_for "$@"
	pg_sql "SELECT pg_terminate_backend(pid) FROM ($(held "$_name")) h" >/dev/null
	wait "$_pid"
	rc=$?
}
"$KBENCH" nightly -q -f lost.conf >"$T/lost.out" 2>"$T/lost.err" &
end_night_lock lost $! lock_taken lost
expect_rc 3 "a night whose lock's connection the server ended"
grep -q "^kbench nightly: [0-9:]* lost: the lock of this nightly is lost after collection 1 of 2 (user=kb dbname=lost host=$PG_SOCK: .*): another night of this name may start; this one stops$" "$T/lost.err"
check $? "the lost lock said, with the server's word, the database without its password"
[ "$("$KBENCH" -d "$N3" runs --json | jq -r .label | wc -l)" = 1 ]
check $? "the second collection did not run"
"$KBENCH" -d "$N3" nightly --list >"$T/lost.list" 2>&1
grep -q " failed " "$T/lost.list" && ! grep -q " running " "$T/lost.list"
check $? "the night logged as failed through a new connection, not left running"
! lock_taken lost; check $? "and no lock of its name is held after it"

# ... and when the server ends it while the night builds its site: said
# after the site, the night logged failed through a new connection.
mkdir -p gpslow
printf '#!/bin/sh\necho $$ >>"%s/gpslow.pids"\nsleep 1\nexec "%s" "$@"\n' "$PWD" \
    "$(command -v gnuplot)" >gpslow/gnuplot
chmod +x gpslow/gnuplot
N4=$(pg_newdb lostsite)
cat >lostsite.conf <<EOF
database  $N4
label     "ls-%Y-%m-%d"
collect   sleep -q -r 1 -m nanosleep -u 1 -n 5
trend     --last 30
site      $PWD/lostsite
EOF
PATH=$PWD/gpslow:$PATH "$KBENCH" nightly -q -f lostsite.conf >"$T/ls.out" 2>"$T/ls.err" &
end_night_lock lostsite $! test -s gpslow.pids
expect_rc 3 "a night whose lock's connection the server ended during its site"
grep -q "^kbench nightly: [0-9:]* lostsite: the lock of this nightly is lost after the site (" "$T/ls.err"
check $? "the lost lock said after the site"
"$KBENCH" -d "$N4" nightly --list >"$T/ls.list" 2>&1
grep -q " failed " "$T/ls.list" && ! grep -q " running \| dead " "$T/ls.list"
check $? "that night logged failed, not running nor dead"

# A dry run opens the server as the night would: a role that may only
# read fails it, exit 3, as it would fail the night.
printf 'database %s\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2\n' "$RO" >ro.conf
kb nightly -f ro.conf -n
expect_rc 3 "a dry run on a server this role may not write"
expect_err "kbench: nightly: user=ro dbname=kbench host=$PG_SOCK: the database is read-only here (this role may not write kbench's tables)" \
    "a dry run on a server this role may not write: said"
kb -d "$N" nightly --list
n=$(grep -c ' locked-out ' "$T/out")
m=$(grep -c ' ok ' "$T/out")
[ "$n" = 1 ] && [ "$m" = 3 ]
check $? "nightly --list on the server: 3 nights ok, 1 locked out ($m, $n)"

# 11. The password: in no output, no stored command, no report, no page.
# (Not in the inputs that hold it: the CSV files, the nightly's file.)
if grep -rl "$PG_PASSWORD" "$T" 2>/dev/null | grep -v '\.csv$\|\.conf$' | grep -q .; then
	not_ok "the password is said: $(grep -rl "$PG_PASSWORD" "$T" | head -3)"
else
	ok "the password is in no output, report or page"
fi
n=$(pg_sql "SELECT count(*) FROM run WHERE command LIKE '%$PG_PASSWORD%'")
[ "$n" = 0 ]; check $? "no stored command holds the password ($n)"

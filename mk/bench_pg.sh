# shellcheck shell=sh
# mk/bench_pg.sh: make bench's "pg" section (issue 29), sourced by
# mk/bench.sh in a subshell (the server goes when it ends): the lab store
# on a throwaway PostgreSQL server (tests/cli/pg.sh, but durable: fsync,
# synchronous commit and full pages on, 128 MB of shared buffers, as a
# lab's would be) against kbench's own SQLite, in one run:
#   import   $n samples of canonical CSV into a new database (staged),
#            then as many again into it (a file streams into a server
#            with kbench's tables) (target: <= 2 x SQLite's wall time,
#            peak memory <= 64 MiB);
#   analyze  --compare of two groups of $n/2 (target: <= 2 x SQLite's);
#   trend    the year of history merged in from $hist, then trend cold and
#            warm (target: warm <= 1 s);
#   hosts    8 hosts posting a night of 200 series x 1000 samples at once,
#            against one host alone (and the same on one SQLite file).
# It uses bench.sh's timed, history_db, $kbench, $dir, $n, $build, $top.

# pg.sh speaks as a test does: its words go to the bench's output.
ok() { echo "   ok: $*"; }
not_ok() { echo "   FAILED: $*"; }
skip() { echo "   skipped: $*"; }
T=""
KBENCH_PG_OPTS="-c fsync=on -c synchronous_commit=on -c full_page_writes=on -c shared_buffers=128MB -c max_wal_size=4GB"
export KBENCH_PG_OPTS
. "$top/tests/cli/pg.sh"
set +e
pg_start || exit 0
set -e
echo "   server: $("$PG_PSQL" -X -At -d "$PG_ADMIN_URI" -c 'SHOW server_version'), socket $PG_SOCK"

# bench_pair WHAT SQLITE_DB PG_URI CMD...: CMD timed on each store;
# sets sq_wall sq_rss pg_wall pg_rss.
bench_pair() {
	what=$1 sqdb=$2 pgdb=$3
	shift 3
	timed "$what on SQLite" "$kbench" -d "$sqdb" "$@"
	sq_wall=$wall sq_rss=$rss_kib
	timed "$what on PostgreSQL" "$kbench" -d "$pgdb" "$@"
	pg_wall=$wall pg_rss=$rss_kib
}

# row LABEL SQ_WALL SQ_RSS PG_WALL PG_RSS TARGET_RATIO
row() {
	awk -v l="$1" -v sw="$2" -v sr="$3" -v pw="$4" -v pr="$5" -v t="$6" 'BEGIN {
		printf "   %-30s %9.2f %9.1f %9.2f %9.1f %7.2f  %s\n", l, sw, sr / 1024,
		    pw, pr / 1024, pw / sw, (t == "" ? "" : (pw / sw <= t ? "met" : "NOT met"))
	}'
}

header() {
	printf "   %-30s %9s %9s %9s %9s %7s\n" "" "SQLite s" "MiB" "PG s" "MiB" "PG/SQ"
}

echo "-- import and analyze: $n samples"
"$build/gencsv" "$n" >"$dir/samples.csv"
rm -f "$dir/pg-sq.db" "$dir/pg-sq.db-wal" "$dir/pg-sq.db-shm"
bench_pair "import" "$dir/pg-sq.db" "$PG_URI" import -q "$dir/samples.csv"
imp="$sq_wall $sq_rss $pg_wall $pg_rss"
pg_bytes=$(pg_sql "SELECT pg_database_size('kbench')")
# The same samples as other runs, into the databases that now have
# kbench's tables: a file streams into a server (cmd_import.c), as a
# lab's nightly posts do; into SQLite it is staged all the same.
sed 's/^00000000-/00000001-/' "$dir/samples.csv" >"$dir/samples2.csv"
rm -f "$dir/samples.csv"
bench_pair "import, streamed" "$dir/pg-sq.db" "$PG_URI" import -q "$dir/samples2.csv"
imp2="$sq_wall $sq_rss $pg_wall $pg_rss"
rm -f "$dir/samples2.csv"
two=$(pg_newdb two)
"$build/gencsv" -2 "$n" >"$dir/two.csv"
rm -f "$dir/pg-two.db" "$dir/pg-two.db-wal" "$dir/pg-two.db-shm"
"$kbench" -d "$dir/pg-two.db" import -q "$dir/two.csv"
"$kbench" -d "$two" import -q "$dir/two.csv"
rm -f "$dir/two.csv"
"$kbench" -d "$dir/pg-two.db" analyze --compare before after >"$dir/an.sq"
"$kbench" -d "$two" analyze --compare before after >"$dir/an.pg"
bench_pair "analyze" "$dir/pg-two.db" "$two" analyze --compare before after
an="$sq_wall $sq_rss $pg_wall $pg_rss"
header
# shellcheck disable=SC2086 # the four figures
row "import, a new database (<= 2)" $imp 2
# shellcheck disable=SC2086
row "import, one with tables (<= 2)" $imp2 2
# shellcheck disable=SC2086
row "analyze --compare (<= 2)" $an 2
awk -v b="$pg_bytes" -v n="$n" -v r="$(echo "$imp $imp2" | awk '{ print ($4 > $8 ? $4 : $8) }')" 'BEGIN {
	printf "   PostgreSQL: %.1f bytes a sample on disk (the database); import peak %s MiB (target <= 64: %s)\n",
	    b / n, sprintf("%.1f", r / 1024), (r / 1024 <= 64 ? "met" : "NOT met") }'
if cmp -s "$dir/an.sq" "$dir/an.pg"; then
	echo "   analyze --compare: the same output from both stores"
else
	echo "   analyze --compare: the outputs DIFFER ($dir/an.sq, $dir/an.pg)"
fi
pg_sql "DROP DATABASE two" >/dev/null
rm -f "$dir/pg-two.db" "$dir/pg-sq.db"

echo "-- trend: the year of history ($hist) merged into the server"
history_db
year=$(pg_newdb year)
timed "merge into PostgreSQL" "$kbench" -d "$year" merge "$hist"
mg_wall=$wall mg_rss=$rss_kib
samples=$(sqlite3 "$hist" "SELECT count(*) FROM sample")
sqlite3 "$hist" "DELETE FROM series_summary"
timed "trend cold, SQLite" "$kbench" -d "$hist" trend
sc="$wall $rss_kib"
timed "trend cold, PostgreSQL" "$kbench" -d "$year" trend
pc="$wall $rss_kib"
timed "trend warm, SQLite" "$kbench" -d "$hist" trend
sw="$wall $rss_kib"
timed "trend warm, PostgreSQL" "$kbench" -d "$year" trend
pw="$wall $rss_kib"
awk -v s="$samples" -v w="$mg_wall" -v r="$mg_rss" 'BEGIN {
	printf "   merge of %d samples into PostgreSQL: %.1f s (%.2f M samples/s), peak %.1f MiB\n",
	    s, w, s / w / 1e6, r / 1024 }'
header
# shellcheck disable=SC2086
row "trend, cold (medians computed)" $(echo "$sc" | cut -d' ' -f1-2) $pc ""
# shellcheck disable=SC2086
row "trend, warm (medians cached)" $sw $pw ""
echo "$pw" | awk '{ printf "   target: warm on PostgreSQL <= 1 s: %s\n", ($1 <= 1 ? "met" : "NOT met") }'
pg_sql "DROP DATABASE year" >/dev/null

echo "-- hosts: 8 hosts each posting a night of 200 series x 1000 samples at once"
i=1
while [ $i -le 8 ]; do
	awk -v h=$i 'BEGIN { srand(h); print "series,v"
	    for (s = 0; s < 200; s++) for (j = 0; j < 1000; j++)
		printf "s%03d,%.3f\n", s, 100 + s + rand() }' >"$dir/host$i.csv"
	i=$((i + 1))
done
# post STORE N: N hosts' imports at once into STORE; sets post_s.
post() {
	t0=$(date +%s.%N)
	pids=""
	i=1
	while [ "$i" -le "$2" ]; do
		"$kbench" -d "$1" import -q --key series --value v -l "host$i" \
		    "$dir/host$i.csv" &
		pids="$pids $!"
		i=$((i + 1))
	done
	fails=0
	for p in $pids; do wait "$p" || fails=$((fails + 1)); done
	post_s=$(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.2f", $2 - $1 }')
	[ "$fails" -eq 0 ] || echo "   FAILED: $fails of $2 imports"
}
one=$(pg_newdb hostone)
post "$one" 1
p1=$post_s
eight=$(pg_newdb hosteight)
post "$eight" 8
p8=$post_s
n8=$("$kbench" -d "$eight" runs | grep -c ' host[1-8] ' || true)
rm -f "$dir/hosts.db" "$dir/hosts.db-wal" "$dir/hosts.db-shm"
post "$dir/hosts.db" 1
s1=$post_s
rm -f "$dir/hosts.db" "$dir/hosts.db-wal" "$dir/hosts.db-shm"
post "$dir/hosts.db" 8
s8=$post_s
rm -f "$dir/hosts.db" "$dir/hosts.db-wal" "$dir/hosts.db-shm" "$dir"/host[1-8].csv
awk -v p1="$p1" -v p8="$p8" -v s1="$s1" -v s8="$s8" -v n8="$n8" 'BEGIN {
	printf "   %-30s %12s %12s %14s\n", "", "1 host, s", "8 hosts, s", "8 / (8 x 1)"
	printf "   %-30s %12.2f %12.2f %14.2f\n", "PostgreSQL (one server)", p1, p8, p8 / (8 * p1)
	printf "   %-30s %12.2f %12.2f %14.2f\n", "SQLite (one file)", s1, s8, s8 / (8 * s1)
	printf "   runs stored by the 8 hosts on the server: %d of 8\n", n8 }'
pg_stop

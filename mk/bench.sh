#!/bin/sh
# make bench: kbench's speed and size, side by side with its peers, in
# one run.  The machine is shared and noisy: read the ratios.
#
#   build    the edit-compile loop (mk/bench_build.sh): a clean build,
#            make -j2, one .c edited, one header edited, against the one
#            cc call per program the Makefile made before issue 30.
#   import   10 million samples of canonical CSV: kbench import vs
#            sqlite3 ".import --csv" of the same file into a plain table;
#            samples/s, bytes on disk per sample, peak memory.
#   analyze  10 million samples in two groups of 5 million: kbench analyze
#            --compare (descriptive statistics, intervals, U test,
#            Hodges-Lehmann) from the database vs ministat -A on the same
#            values exported as two text files; wall time and memory.
#
#   trend    a year of nightly history (365 runs x 200 series x 1000
#            samples, 73 million samples, ~1.5 GB, made once by SQL in
#            BENCH_DIR/history.db and kept): kbench trend cold (every run's
#            median computed from its samples, then cached) and warm (from
#            the cache); the targets: <= 10 s cold, < 5 s warm.
#   site     kbench site of that year: --no-compare (the peer), the full
#            build, the same again, and one more night's refresh; wall
#            time, pages written; the targets: full build <= 120 s and
#            <= 3 x --no-compare, one more night <= 5 s.
#   merge    four lab databases of 2.5 million samples merged into one.
#   series   many series: kbench analyze of 100,000 series (3 samples each)
#            as a text table vs as CSV (target: text within 3x of CSV),
#            and kbench trend over 1,000,000 series of one sample each:
#            its peak memory, per series (target: under 1 KiB a series).
#   sites    kbench site of 10,000, 30,000 and 100,000 series
#            (BENCH_SITE_SERIES), built and built again: its peak memory
#            a series past a one-series site's (target: at most 1 KiB).
#   units    the unit of evidence calibrated (tests/cli/t_units.sh's
#            scenarios at BENCH_UNITS_SERIES series, default 2000): the
#            share of null series with a verdict (--no-adjust) at the
#            sample, round and run levels, with and without a noise
#            floor; paired against unpaired power; a tied timer's power
#            and null rate before (KBENCH_OLD: a pre-issue kbench, e.g.
#            git archive cb35ca7 | tar -xC /tmp/old && make -C /tmp/old
#            all; else the rule before, replayed on today's JSON) and
#            after; then a real A/A: two identical sleep collections
#            back to back, compared.
#   sequential  issue 28: null and shifted series (CV 5% a side)
#            watched round by round for 40 rounds, Lai's confidence
#            sequence beside a t test peeked at every round (the share
#            decided, and the rounds it took: tests/bench/seqsim.c,
#            BENCH_SEQ_SERIES a row, default 40000); then the tutorial's
#            timer-slack change, 30 rounds a side, read --sequential:
#            the round each series was decided, the rounds saved.
#   pg       issue 29: the lab store on a throwaway PostgreSQL server
#            against SQLite: import, analyze --compare, trend of the year
#            (merged in), 8 hosts posting at once (mk/bench_pg.sh).
#   mail     issue 28: simulated flat and stepped histories watched night
#            by night as nightly -q mails them (tests/bench/mailsim.c,
#            BENCH_MAIL_SERIES flat series of 365 nights, default 500,
#            and a tenth as many with a step): false mails per 100
#            series-years, before and now, and how late steps are mailed.
#
#   lock     lockbench's hook locks from 1 to 2 threads (the rm hook
#            should scale ~2x, mtx not), and the head locks at 2 threads
#            with and without a writer every millisecond.
#   pfil     the seed's experiment in user space: collect lock -H rw,rm
#            (both heads interleaved in every round) -k null -t 2 --delay 0,
#            10 rounds (the pairs: 6 at least can give a 95% verdict),
#            then --compare head=rw head=rm: the rm head must
#            come out improved with an interval clear of 0; and the
#            seed-style table (hooks null/mtx/rw/rm, 1 and 2 threads),
#            with the load the machine was under.
#   sleep    the harness overhead (testsleep's "none": two clock_gettime
#            calls around nothing), and kbench's clock_nanosleep against
#            rt-tests' cyclictest in the same conditions (SCHED_OTHER, the
#            default timer slack, 1000 us, neither holding PM QoS:
#            cyclictest --laptop), three times each, interleaved.
#
# BENCH_SAMPLES (default 10000000) and BENCH_DIR (default build/bench)
# change the size and the scratch directory (it needs ~4 GB);
# BENCH_NIGHTS, BENCH_SERIES and BENCH_PER_RUN the trend's history.
# "mk/bench.sh BUILD SECTION..." runs only those sections (plot needs
# import's database).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-build}
case $build in /*) ;; *) build=$top/$build ;; esac
n=${BENCH_SAMPLES:-10000000}
dir=${BENCH_DIR:-$build/bench}
kbench=$build/kbench
cc=${CC:-cc}

mkdir -p "$dir"
shift $(($# > 0 ? 1 : 0))
sections=${*:-build sleep lock pfil import plot analyze trend site merge series sites units sequential mail pg}
# want SECTION: is it to run?
want() {
	case " $sections " in *" $1 "*) return 0 ;; esac
	return 1
}
$cc -O2 -o "$build/gencsv" "$top/tests/bench/gencsv.c"
$cc -O2 -D_GNU_SOURCE -o "$build/runstat" "$top/tests/bench/runstat.c"

# timed LABEL CMD...: run CMD under runstat; sets wall and rss_kib.
# Its standard output goes to $timed_out when set, else nowhere.
timed() {
	label=$1
	shift
	"$build/runstat" "$@" 2>"$dir/runstat.out" >"${timed_out:-/dev/null}" || {
		echo "bench: $label failed:" >&2
		cat "$dir/runstat.out" >&2
		exit 1
	}
	line=$(tail -1 "$dir/runstat.out")
	wall=$(echo "$line" | sed 's/.*wall_s=\([0-9.]*\).*/\1/')
	rss_kib=$(echo "$line" | sed 's/.*maxrss_kib=\([0-9]*\).*/\1/')
}

if want build; then
	. "$top/mk/bench_build.sh"
	echo
fi
if want sleep; then
echo "== sleep: the timing harness, and clock_nanosleep against cyclictest"
"$build/testsleep" -m -n 200000 0 none >"$dir/none.out"
awk '/^sample / { s += $2; n++ } END {
	printf "   harness overhead (two clock_gettime calls): %.1f ns (target < 100: %s)\n",
	    s / n * 1000, (s / n * 1000 < 100 ? "met" : "NOT met") }' "$dir/none.out"
if command -v cyclictest >/dev/null 2>&1; then
	: >"$dir/pairs"
	for i in 1 2 3; do
		rm -f "$dir/sleep.db" "$dir/sleep.db-wal" "$dir/sleep.db-shm"
		"$kbench" -d "$dir/sleep.db" collect sleep -q -l cyc -m clock_nanosleep \
		    -u 1000 -n 5000 -r 1
		kb=$("$kbench" -d "$dir/sleep.db" analyze --format json |
		    jq '.groups[0].mean')
		cy=$(cyclictest --laptop -q -i 1000 -l 5000 -t 1 2>/dev/null |
		    sed -n 's/.*Avg: *\([0-9]*\).*/\1/p')
		echo "$kb $cy" >>"$dir/pairs"
	done
	awk '{ k[NR] = $1 - 1000; c[NR] = $2 }
	function med(a,   x, y, z) { x = a[1]; y = a[2]; z = a[3]
		if ((x - y) * (z - x) >= 0) return x; if ((y - x) * (z - y) >= 0) return y; return z }
	END {
		for (i = 1; i <= NR; i++)
			printf "   pair %d: kbench clock_nanosleep latency %.1f us, cyclictest Avg %d us\n", i, k[i], c[i]
		mk = med(k); mc = med(c); d = mk - mc; if (d < 0) d = -d
		lim = 0.1 * mc; if (lim < 2) lim = 2
		printf "   median: kbench %.1f us, cyclictest %d us, ratio %.2f; agree within max(2 us, 10%%): %s\n",
		    mk, mc, mk / mc, (d <= lim ? "yes" : "NO")
	}' "$dir/pairs"
else
	echo "   cyclictest not installed (Debian: rt-tests): comparison skipped"
fi
	echo
fi
if want lock; then
echo "== lock: lockbench, delay 1000 ns, 1 and 2 threads (walks/s, median of 3)"
# calls LOCKBENCH-ARGS...: the total walks/s, median of three runs.
calls() {
	for i in 1 2 3; do
		"$build/lockbench" -p -n 30000 "$@" | sed -n 's/^total:.*, \([0-9]*\) walks\/s$/\1/p'
	done | sort -n | sed -n 2p
}
for k in rm rw mtx; do
	c1=$(calls -t 1 -H none -k "$k")
	c2=$(calls -t 2 -H none -k "$k")
	awk -v k="$k" -v a="$c1" -v b="$c2" 'BEGIN {
		printf "   hook %-4s 1 thread %9d, 2 threads %9d walks/s: scaling %.2fx\n", k, a, b, b / a }'
done | tee "$dir/lock.txt"
awk '$2 == "rm" { s = $NF + 0; ok = s >= 1.7 } $2 == "mtx" { m = $NF + 0 }
    END { printf "   rm scales by >= 1.7x: %s; mtx scales less than rm: %s\n",
        (ok ? "yes" : "NO"), (m < s ? "yes" : "NO") }' "$dir/lock.txt"
for h in rw rm epoch; do
	printf '   head %-5s null hook, 2 threads: %s walks/s; with a writer every 1 ms: %s walks/s\n' \
	    "$h" "$(calls -t 2 -H "$h" -k null)" "$(calls -t 2 -H "$h" -k null -w 1)"
done
	echo
fi
if want pfil; then
echo "== pfil: the rw -> rm head question, user space, heads interleaved"
rm -f "$dir/pfil.db" "$dir/pfil.db-wal" "$dir/pfil.db-shm"
"$kbench" -d "$dir/pfil.db" collect lock --backend user -q -l null2 -r 10 \
    -H rw,rm -k null -t 2 --delay 0
"$kbench" -d "$dir/pfil.db" analyze --compare head=rw head=rm --label null2 \
    --format json >"$dir/pfil.json"
jq -r '.comparisons[0] | "   null hook, 2 threads: rw \(.center_a * 100 | round / 100) ns, rm \(.center_b * 100 | round / 100) ns: change \(.change * 10000 | round / 100)% [\(.change_ci.lo * 10000 | round / 100), \(.change_ci.hi * 10000 | round / 100)], p \(.p_adjusted), \(.verdict)"' \
    "$dir/pfil.json"
jq -r '.comparisons[0] | "   target: improved with an interval clear of 0: " +
    (if .verdict == "improved" and .change_ci.hi < 0 then "met" else "NOT met" end)' \
    "$dir/pfil.json"
echo "   the seed's table (12 rounds; hooks null/mtx/rw/rm; 1 and 2 threads; --delay 1000, the seed's DELAY(1)):"
"$kbench" -d "$dir/pfil.db" collect lock --backend user -q -l seed -r 12 \
    -H rw,rm -k null,mtx,rw,rm -t 1,2 --delay 1000
"$kbench" -d "$dir/pfil.db" analyze --compare head=rw head=rm --label seed |
    sed 's/^/   | /'
"$kbench" -d "$dir/pfil.db" runs --json | jq -r '"   load (1-minute average) in run \(.label): \(.facts.loadavg_start) at the start, up to \(.facts.loadavg_max), on \(.facts.ncpu) CPUs"'
	echo
fi
if want import; then
echo "== import: $n samples of canonical CSV"
"$build/gencsv" "$n" >"$dir/samples.csv"
echo "   CSV file: $(wc -c <"$dir/samples.csv") bytes"

rm -f "$dir/kbench.db" "$dir/kbench.db-wal" "$dir/kbench.db-shm"
timed "kbench import" "$kbench" -d "$dir/kbench.db" import -q "$dir/samples.csv"
kb_wall=$wall kb_rss=$rss_kib
kb_bytes=$(wc -c <"$dir/kbench.db")

rm -f "$dir/peer.db"
timed "sqlite3 .import" sqlite3 "$dir/peer.db" ".import --csv $dir/samples.csv t"
sq_wall=$wall sq_rss=$rss_kib
sq_bytes=$(wc -c <"$dir/peer.db")

awk -v n="$n" -v kw="$kb_wall" -v kr="$kb_rss" -v kb="$kb_bytes" \
    -v sw="$sq_wall" -v sr="$sq_rss" -v sb="$sq_bytes" 'BEGIN {
	printf "   %-24s %10s %14s %12s %12s\n", "", "wall s", "samples/s", "bytes/sample", "peak MiB"
	printf "   %-24s %10.2f %14.0f %12.1f %12.1f\n", "kbench import", kw, n / kw, kb / n, kr / 1024
	printf "   %-24s %10.2f %14.0f %12.1f %12.1f\n", "sqlite3 .import --csv", sw, n / sw, sb / n, sr / 1024
	printf "   ratio kbench/sqlite3 wall time: %.2f\n", kw / sw
	printf "   targets (issue 30): ratio <= 0.20: %s; >= 2500000 samples/s: %s; <= 24 bytes/sample: %s; <= 64 MiB: %s\n",
	    (kw / sw <= 0.20 ? "met" : "NOT met"), (n / kw >= 2.5e6 ? "met" : "NOT met"),
	    (kb / n <= 24 ? "met" : "NOT met"), (kr / 1024 <= 64 ? "met" : "NOT met")
}'
rm -f "$dir/samples.csv" "$dir/peer.db"

	echo
fi
if want plot; then
echo "== plot: every chart kind from the $n-sample database (warm cache)"
mkdir -p "$dir/charts"
"$kbench" -d "$dir/kbench.db" runs >/dev/null	# warm the page cache
timed "plot sleep" "$kbench" -d "$dir/kbench.db" plot sleep -o "$dir/charts"
p1=$wall
timed "plot compare" "$kbench" -d "$dir/kbench.db" plot compare --compare night-0 night-1 -o "$dir/charts"
p2=$wall
timed "plot dist" "$kbench" -d "$dir/kbench.db" plot dist --compare night-0 night-1 \
    --where method=select --where usec=1 -o "$dir/charts"
p3=$wall
awk -v a="$p1" -v b="$p2" -v c="$p3" 'BEGIN {
	printf "   sleep (all %s samples, 200 groups) %.2f s; compare (100 series) %.2f s; dist %.2f s\n", "10M", a, b, c
	printf "   total %.2f s (target < 10 s: %s)\n", a + b + c, (a + b + c < 10 ? "met" : "NOT met")
}'

	echo
fi
if want analyze; then
echo "== analyze: $n samples, two groups of $((n / 2))"
"$build/gencsv" -2 "$n" >"$dir/two.csv"
rm -f "$dir/two.db" "$dir/two.db-wal" "$dir/two.db-shm"
"$kbench" -d "$dir/two.db" import -q "$dir/two.csv"
rm -rf "$dir/ministat"
mkdir "$dir/ministat"
"$kbench" -d "$dir/two.db" export --format ministat -o "$dir/ministat"
timed "kbench analyze" "$kbench" -d "$dir/two.db" analyze --compare before after
ka_wall=$wall ka_rss=$rss_kib
timed "ministat -A" ministat -A "$dir/ministat/before.method-nanosleep.txt" \
    "$dir/ministat/after.method-nanosleep.txt"
mi_wall=$wall mi_rss=$rss_kib
awk -v n="$n" -v kw="$ka_wall" -v kr="$ka_rss" -v mw="$mi_wall" -v mr="$mi_rss" 'BEGIN {
	printf "   %-34s %10s %12s %16s\n", "", "wall s", "peak MiB", "peak / raw data"
	printf "   %-34s %10.2f %12.1f %16.2f\n", "kbench analyze --compare", kw, kr / 1024, kr * 1024 / (8 * n)
	printf "   %-34s %10.2f %12.1f %16.2f\n", "ministat -A", mw, mr / 1024, mr * 1024 / (8 * n)
	printf "   ratio kbench/ministat wall time: %.2f\n", kw / mw
	printf "   targets (issue 30): ratio <= 0.25: %s; peak <= 2 x raw: %s\n",
	    (kw / mw <= 0.25 ? "met" : "NOT met"), (kr * 1024 / (8 * n) <= 2 ? "met" : "NOT met")
}'
"$kbench" -d "$dir/two.db" analyze --compare before after | sed 's/^/   | /'
rm -rf "$dir/two.csv" "$dir/ministat"

	echo
fi
# The year of nightly history trend and site read: made once by SQL in
# $hist, kept while its size matches.
nights=${BENCH_NIGHTS:-365} nseries=${BENCH_SERIES:-200} per=${BENCH_PER_RUN:-1000}
hist=$dir/history.db
history_db() {
	if [ "$(sqlite3 "$hist" "SELECT count(*) FROM run; SELECT count(*) FROM series;
	    SELECT max(seq) FROM sample WHERE series_id = 1" 2>/dev/null | tr '\n' ' ')" != \
	    "$nights $((nights * nseries)) $per " ]; then
		rm -f "$hist" "$hist-wal" "$hist-shm"
		printf 'run,label,benchmark,status,started,ended,command,version,key.x,unit,better,seq,value\nr,l,b,complete,2025-01-01T00:00:00Z,,,,1,us,lower,1,1\n' \
		    >"$dir/one.csv"
		"$kbench" -d "$hist" import -q "$dir/one.csv"
		start=$(date +%s)
		sqlite3 -cmd ".parameter set :nights $nights" -cmd ".parameter set :series $nseries" \
		    -cmd ".parameter set :samples $per" "$hist" <"$top/tests/bench/history.sql" >/dev/null
		echo "   made $hist in $(($(date +%s) - start)) s: $(wc -c <"$hist") bytes"
	else
		echo "   $hist kept from an earlier run: $(wc -c <"$hist") bytes"
	fi
	# The site section holds the last night back while it runs.
	sqlite3 "$hist" "UPDATE run SET status = 'complete' WHERE status <> 'complete'"
}

if want trend; then
total=$((nights * nseries * per))
echo "== trend: $nights nights x $nseries series x $per samples ($total samples)"
history_db
sqlite3 "$hist" "DELETE FROM series_summary"
cat "$hist" >/dev/null	# the page cache, warm for both
timed "trend cold" "$kbench" -d "$hist" trend
tc_wall=$wall tc_rss=$rss_kib
timed "trend warm" "$kbench" -d "$hist" trend
tw_wall=$wall tw_rss=$rss_kib
"$kbench" -d "$hist" trend --format csv >"$dir/trend.csv"
found=$(awk -F, 'NR > 1 && $7 == 200 && $NF == "regression"' "$dir/trend.csv" | wc -l)
all=$(($(wc -l <"$dir/trend.csv") - 1))
"$kbench" -d "$hist" trend --format csv --threshold 1 >"$dir/trend.csv"
all1=$(($(wc -l <"$dir/trend.csv") - 1))
awk -v cw="$tc_wall" -v cr="$tc_rss" -v ww="$tw_wall" -v wr="$tw_rss" \
    -v f="$found" -v a="$all" -v a1="$all1" -v s="$nseries" 'BEGIN {
	printf "   %-40s %10s %12s\n", "", "wall s", "peak MiB"
	printf "   %-40s %10.2f %12.1f\n", "kbench trend, cold (medians computed)", cw, cr / 1024
	printf "   %-40s %10.2f %12.1f\n", "kbench trend, warm (medians cached)", ww, wr / 1024
	printf "   change points: %d of the %d injected steps found at night 200; %d in all,\n", f, s / 10, a
	printf "   %d with --threshold 1 (the others: changes below 1%% in the flat series)\n", a1
	printf "   targets: cold <= 10 s (issue 30): %s; warm < 5 s: %s\n",
	    (cw <= 10 ? "met" : "NOT met"), (ww < 5 ? "met" : "NOT met")
}'
# The false-alarm rate, on a year of 2% run-to-run noise: 180 flat
# series, 20 with a 5% step at night 200 (one sample a run: the run's
# median).  Target: at most 1% of the flat series with a change point,
# every step found, at its night +/- 1.
awk -v seed=20261130 'BEGIN {
	srand(seed)
	print "run,label,benchmark,status,started,ended,command,version,key.s,unit,better,seq,value"
	for (r = 1; r <= 365; r++)
		for (k = 0; k < 200; k++) {
			u = rand(); v = rand(); if (u < 1e-300) u = 1e-300
			g = sqrt(-2 * log(u)) * cos(6.283185307179586 * v)
			level = 100 * (k % 10 == 0 && r >= 200 ? 1.05 : 1)
			printf "%08d-0000-4000-8000-000000000000,n%03d,cal,complete,%s,,,,s%03d,us,lower,0,%.6f\n",
			    r, r, strftime("%Y-%m-%dT02:00:00Z", 1735689600 + r * 86400, 1),
			    k, level * (1 + 0.02 * g)
		}
}' >"$dir/cal.csv" 2>/dev/null || true
if [ -s "$dir/cal.csv" ]; then
	rm -f "$dir/cal.db" "$dir/cal.db-wal" "$dir/cal.db-shm"
	"$kbench" -d "$dir/cal.db" import -q "$dir/cal.csv"
	"$kbench" -d "$dir/cal.db" trend --format csv >"$dir/cal-trend.csv"
	awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
	    { s = $col["s"]; n = substr(s, 2) + 0; idx = $col["position"] + 0
	      if (n % 10 == 0) { if (idx >= 199 && idx <= 201) hit[s] = 1
		if (idx >= 198 && idx <= 202) hit2[s] = 1 } else flat[s] = 1 }
	    END { f = 0; for (s in flat) f++; h = 0; for (s in hit) h++
		h2 = 0; for (s in hit2) h2++
		printf "   a year of 2%% noise: %d of 180 flat series (%.1f%%) raised a false alarm; of 20 steps of 5%%, %d found at night 200 +/- 1, %d +/- 2\n", f, 100 * f / 180, h, h2
		printf "   (a step of 2.5 sd is placed within a night in ~94%% of series: tests/unit/test_trend.c)\n"
		printf "   targets: false alarms <= 1%%: %s; every step found within 2 nights: %s\n", (f / 180 <= 0.01 ? "met" : "NOT met"), (h2 == 20 ? "met" : "NOT met") }' \
	    "$dir/cal-trend.csv"
	rm -f "$dir/cal.csv" "$dir/cal.db"*
else
	echo "   (the false-alarm check needs gawk's strftime: skipped)"
fi
fi

# The dashboard of the same year: the full build (every page, chart and
# comparison), the same again (nothing to write), then one more night:
# the last night is held back (status running: the site takes complete
# runs only) for the full build and let in for the refresh.
if want site; then
echo "== site: kbench site of $nights nights x $nseries series, then one more night"
history_db
rm -rf "$dir/site"
last=$(sqlite3 "$hist" "SELECT max(id) FROM run")
sqlite3 "$hist" "UPDATE run SET status = 'running' WHERE id = $last"
"$kbench" -d "$hist" trend >/dev/null	# the run medians cached, as a nightly has them
# The peer: the same site without its comparisons (issue 30: the full
# build at most 3 x this).
rm -rf "$dir/site-nocmp"
timed_out=$dir/site-nocmp.out
timed "site no-compare" "$kbench" -d "$hist" site --no-compare -o "$dir/site-nocmp"
sc_wall=$wall
rm -rf "$dir/site-nocmp"
timed_out=$dir/site-full.out
timed "site full" "$kbench" -d "$hist" site -o "$dir/site"
sf_wall=$wall sf_rss=$rss_kib
timed_out=$dir/site-same.out
timed "site same" "$kbench" -d "$hist" site -o "$dir/site"
ss_wall=$wall
sqlite3 "$hist" "UPDATE run SET status = 'complete' WHERE id = $last"
touch "$dir/site.marker"
sleep 1	# file times in whole seconds on some file systems
timed_out=$dir/site-night.out
timed "site one more night" "$kbench" -d "$hist" site -o "$dir/site"
sn_wall=$wall sn_rss=$rss_kib
timed_out=""
# A site of one series: what every site takes, to tell the per-series part.
printf 'run,label,benchmark,status,started,ended,command,version,key.x,unit,better,seq,value\nr,l,b,complete,2025-01-01T00:00:00Z,,,,1,us,lower,1,1\n' \
    >"$dir/tiny.csv"
rm -rf "$dir/tiny.db" "$dir/site-tiny"
"$kbench" -d "$dir/tiny.db" import -q "$dir/tiny.csv"
timed "site tiny" "$kbench" -d "$dir/tiny.db" site --no-compare -o "$dir/site-tiny"
st_rss=$rss_kib
rm -rf "$dir/tiny.db" "$dir/tiny.csv" "$dir/site-tiny"
files=$(find "$dir/site" -type f | wc -l)
newer=$(find "$dir/site" -type f -newer "$dir/site.marker" | wc -l)
bytes=$(du -sk "$dir/site" | cut -f1)
awk -v fw="$sf_wall" -v fr="$sf_rss" -v sw="$ss_wall" -v nw="$sn_wall" -v nr="$sn_rss" \
    -v cw="$sc_wall" -v files="$files" -v newer="$newer" -v kib="$bytes" 'BEGIN {
	printf "   %-40s %10s %12s\n", "", "wall s", "peak MiB"
	printf "   %-40s %10.2f %12s\n", "kbench site --no-compare (the peer)", cw, "-"
	printf "   %-40s %10.2f %12.1f\n", "kbench site, full build", fw, fr / 1024
	printf "   %-40s %10.2f %12s\n", "kbench site, nothing new", sw, "-"
	printf "   %-40s %10.2f %12.1f\n", "kbench site, one more night", nw, nr / 1024
}'
for f in nocmp full same night; do
	printf '   %-6s %s\n' "$f:" "$(sed "s|^$dir/||" "$dir/site-$f.out")"
done
echo "   the site: $files files, $((bytes / 1024)) MiB; one more night touched $newer files (the manifest among them)"
awk -v fr="$sf_rss" -v tr="$st_rss" -v s="$nseries" -v big="$(find "$dir/site" -type f -name '*.html' -exec ls -l {} + |
    awk '$5 > m { m = $5 } END { print m + 0 }')" 'BEGIN {
	printf "   peak memory a series: %.2f KiB ((full build - a one-series site) / %d series); the biggest page %.1f MiB\n",
	    (fr - tr) / s, s, big / 1048576
}'
awk -v fw="$sf_wall" -v cw="$sc_wall" -v nw="$sn_wall" 'BEGIN {
	printf "   targets: full build <= 120 s: %s; <= 3 x --no-compare: %.1f x, %s; one more night <= 5 s: %s\n",
	    (fw <= 120 ? "met" : "NOT met"), fw / cw, (fw <= 3 * cw ? "met" : "NOT met"),
	    (nw <= 5 ? "met" : "NOT met") }'
rm -f "$dir/site.marker"
fi

if want merge; then
	echo "== merge: five lab databases of 2 runs each into one"
	if [ ! -f "$dir/kbench.db" ]; then
		"$build/gencsv" "$n" >"$dir/samples.csv"
		"$kbench" -d "$dir/kbench.db" import -q "$dir/samples.csv"
		rm -f "$dir/samples.csv"
	fi
	# Split the import's 10 runs over five "machines".
	"$kbench" -d "$dir/kbench.db" runs --json | jq -r .uuid >"$dir/uuids"
	i=0
	while read -r a && read -r b; do
		i=$((i + 1))
		rm -f "$dir/lab-$i.db" "$dir/lab-$i.db-wal" "$dir/lab-$i.db-shm"
		"$kbench" -d "$dir/kbench.db" export --run "$a" --run "$b" >"$dir/lab.csv"
		"$kbench" -d "$dir/lab-$i.db" import -q "$dir/lab.csv"
	done <"$dir/uuids"
	rm -f "$dir/lab.csv" "$dir/central.db" "$dir/central.db-wal" "$dir/central.db-shm"
	labs=$(i=1; while [ -f "$dir/lab-$i.db" ] && [ $i -le 5 ]; do
		printf '%s ' "$dir/lab-$i.db"; i=$((i + 1)); done)
	timed "merge" "$kbench" -d "$dir/central.db" merge -q $labs
	m1=$wall m1_rss=$rss_kib
	timed "merge again" "$kbench" -d "$dir/central.db" merge -q $labs
	m2=$wall
	rows=$(sqlite3 "$dir/central.db" "SELECT count(*) FROM sample")
	bytes=$(wc -c <"$dir/central.db")
	awk -v w="$m1" -v r="$m1_rss" -v w2="$m2" -v n="$rows" -v b="$bytes" 'BEGIN {
		printf "   merged %d samples (5 files, 10 runs) in %.2f s: %.0f samples/s, peak %.1f MiB\n", n, w, n / w, r / 1024
		printf "   the central file: %d bytes, %.1f bytes/sample\n", b, b / n
		printf "   merging the same five again (nothing to add, every run compared): %.2f s\n", w2
	}'
	rm -f "$dir"/lab-*.db* "$dir/uuids"
fi

if want series; then
	echo "== series: 100,000 series as a table; trend over 1,000,000 series"
	for k in 100000 1000000; do
		db=$dir/series-$k.db
		if [ "$(sqlite3 "$db" "SELECT count(*) FROM series" 2>/dev/null)" != "$k" ]; then
			rm -f "$db" "$db-wal" "$db-shm"
			awk -v k="$k" -v per=$((k == 100000 ? 3 : 1)) 'BEGIN {
				print "label,s,value"
				for (i = 0; i < k; i++)
					for (j = 0; j < per; j++)
						printf "a,s%d,%d.5\n", i, j + i % 7 }' >"$dir/series.csv"
			"$kbench" -d "$db" import -q --run-by label --key s --value value \
			    "$dir/series.csv"
			rm -f "$dir/series.csv"
		fi
	done
	timed "analyze csv" "$kbench" -d "$dir/series-100000.db" analyze --format csv
	sc_wall=$wall
	timed "analyze text" "$kbench" -d "$dir/series-100000.db" analyze
	st_wall=$wall
	"$kbench" -d "$dir/series-1000000.db" trend >/dev/null	# the cache, warm
	timed "trend 1e6" "$kbench" -d "$dir/series-1000000.db" trend
	tr_wall=$wall tr_rss=$rss_kib
	awk -v c="$sc_wall" -v t="$st_wall" -v w="$tr_wall" -v r="$tr_rss" 'BEGIN {
		printf "   kbench analyze, 100000 series: csv %.2f s, text %.2f s: ratio %.2f (target <= 3: %s)\n",
		    c, t, t / c, (t / c <= 3 ? "met" : "NOT met")
		printf "   kbench trend, 1000000 one-sample series: %.2f s, peak %.1f MiB, %.0f bytes a series (target < 1024: %s)\n",
		    w, r / 1024, r * 1024 / 1000000, (r * 1024 / 1000000 < 1024 ? "met" : "NOT met")
	}'
fi

# kbench site of many series (5 runs x 3 samples a series, 2 keys, one
# host): the first build and the rebuild (both manifests held), their
# peak memory past a one-series site's (gnuplot's, mostly).
if want sites; then
echo "== sites: kbench site of ${BENCH_SITE_SERIES:-10000 30000 100000} series${KBENCH_OLD:+ (and KBENCH_OLD's, before)}"
# site_mem KBENCH NAME: the one-series site, then each size built twice.
site_mem() {
	kb=$1 name=$2
	printf 'label,s,value\na,x,1\n' >"$dir/one.csv"
	rm -rf "$dir/one.db" "$dir/site-one"
	"$kb" -d "$dir/one.db" import -q --run-by label --key s --value value "$dir/one.csv"
	timed "site one series" "$kb" -d "$dir/one.db" site --no-compare -o "$dir/site-one"
	one_rss=$rss_kib
	rm -rf "$dir/one.db" "$dir/one.csv" "$dir/site-one"
	for k in ${BENCH_SITE_SERIES:-10000 30000 100000}; do
		db=$dir/site-$k.db
		if [ "$(sqlite3 "$db" "SELECT count(*) FROM series" 2>/dev/null)" != "$((k * 5))" ]; then
			rm -f "$db" "$db-wal" "$db-shm"
			awk -v k="$k" 'BEGIN { srand(7)
				print "run,label,benchmark,status,started,ended,command,version,fact.host,key.method,key.usec,unit,better,seq,value"
				for (r = 1; r <= 5; r++) for (i = 0; i < k; i++) for (q = 1; q <= 3; q++)
					printf "%08d-0000-4000-8000-000000000000,night%d,sleep,complete,2026-11-0%dT02:00:00Z,,,,host-a,m%d,%d,us,lower,%d,%.3f\n",
					    r, r, r, i % 100, int(i / 100), q, 100 + rand() * 10 }' >"$dir/site.csv"
			"$kbench" -d "$db" import -q "$dir/site.csv"
			rm -f "$dir/site.csv"
		fi
		rm -rf "$dir/site-$k"
		timed "site $k first" "$kb" -d "$db" site --no-compare -o "$dir/site-$k"
		f_wall=$wall f_rss=$rss_kib
		timed "site $k again" "$kb" -d "$db" site --no-compare -o "$dir/site-$k"
		awk -v n="$name" -v k="$k" -v fw="$f_wall" -v fr="$f_rss" -v aw="$wall" -v ar="$rss_kib" -v o="$one_rss" 'BEGIN {
			f = (fr - o) / k; a = (ar - o) / k
			printf "   %-6s %6d series x 5 runs: first build %5.1f s, %6.1f MiB (%.2f KiB a series); again %5.1f s, %6.1f MiB (%.2f KiB); target <= 1 KiB: %s\n",
			    n, k, fw, fr / 1024, f, aw, ar / 1024, a, (f <= 1 && a <= 1 ? "met" : "NOT met")
		}'
		rm -rf "$dir/site-$k"
	done
}
[ -n "${KBENCH_OLD:-}" ] && site_mem "$KBENCH_OLD" before
site_mem "$kbench" now
fi

if want units; then
	ns=${BENCH_UNITS_SERIES:-2000}
	echo "== units: the unit of evidence on simulated hierarchical data, $ns series a scenario"
	gen="python3 $top/tests/tools/gen_hier.py"
	chk="python3 $top/tests/tools/check_hier.py"
	u=$dir/units
	rm -rf "$u"
	mkdir -p "$u"
	# uimp KBENCH NAME ARGS...: NAME.csv into NAME.db (a side key if
	# any), every run with the same facts; ARGS: --round-by round or none.
	uimp() {
		ub=$1 name=$2
		shift 2
		side=""
		head -1 "$u/$name.csv" | grep -q ',side,' && side="--key side"
		rm -f "$u/$name.db"
		# shellcheck disable=SC2086
		"$ub" -d "$u/$name.db" import -q --meta host=sim --run-by label \
		    --run-by run $side --key k --value v --unit ns "$@" "$u/$name.csv"
	}
	# ucmp KBENCH DB OUT A B ARGS...: the comparison, --no-adjust, JSON.
	ucmp() {
		ub=$1 db=$2 out=$3
		shift 3
		"$ub" -d "$u/$db.db" analyze --compare "$@" --no-adjust \
		    --format json >"$u/$out.json"
	}
	# urate NAME OUT ARGS...: the row of the table, indented.
	urate() {
		name=$1 out=$2
		shift 2
		$chk rates "$name" "$u/$out.json" "$@" | sed 's/^/   /' || true
	}
	# uverify DATA OUT: the references' summary line.
	uverify() {
		printf '   references, %s: %s\n' "$2" \
		    "$($chk verify "$u/$1.csv" "$u/$2.json" | tail -1)" || true
	}
	echo "   A/A (no effect), per comparison at alpha 0.05: verdicts/series, the 99.9% upper bound"
	echo "   of the rate, and the claim's count (P(Bin(N, 0.05) > c) < 0.001)"
	$gen 11 aa-round --series "$ns" >"$u/aa.csv"
	uimp "$kbench" aa --round-by round
	ucmp "$kbench" aa aa A B
	ucmp "$kbench" aa aas A B --unit sample
	urate "1 run a side, round effect 4%: round" aa --max-rate 0.05
	urate "1 run a side, round effect 4%: sample" aas --max-rate 0.05
	$gen 12 aa-run1 --series "$ns" --rounds 5 --samples 10 --history 5 >"$u/nf.csv"
	uimp "$kbench" nf --round-by round
	ucmp "$kbench" nf nfs A B --unit sample
	ucmp "$kbench" nf nfr A B
	ucmp "$kbench" nf nff A B --noise-floor auto
	urate "1 run a side, run effect 3%: sample" nfs --max-rate 0.05
	urate "1 run a side, run effect 3%: round (unmeasured)" nfr --max-rate 0.05
	urate "1 run a side, run effect 3%: run, 5-run noise floor" nff --max-rate 0.05
	$gen 13 aa-run3 --series "$ns" --samples 10 >"$u/r3.csv"
	uimp "$kbench" r3 --round-by round
	ucmp "$kbench" r3 r3s A B --unit sample
	ucmp "$kbench" r3 r3r A B --unit round
	ucmp "$kbench" r3 r3 A B
	urate "3 runs a side, run effect 3%: sample" r3s --max-rate 0.05
	urate "3 runs a side, run effect 3%: round" r3r --max-rate 0.05
	urate "3 runs a side, run effect 3%: run" r3 --max-rate 0.05
	echo "   paired: 10 interleaved rounds of 30, a shared 5% round effect, a true +3% on B (power)"
	$gen 14 paired --series "$ns" >"$u/pr.csv"
	uimp "$kbench" pr --round-by round
	ucmp "$kbench" pr pr side=A side=B
	ucmp "$kbench" pr prt side=A side=B --test welch
	$gen 14 paired --series "$ns" --split >"$u/ps.csv"
	uimp "$kbench" ps --round-by round
	ucmp "$kbench" ps ps side=A side=B
	ucmp "$kbench" ps pss side=A side=B --unit sample
	$gen 17 paired --series "$ns" --effect 0 >"$u/p0.csv"
	uimp "$kbench" p0 --round-by round
	ucmp "$kbench" p0 p0 side=A side=B
	urate "paired by round, signed-rank" pr --min-rate 0.8
	urate "paired by round, paired t" prt --min-rate 0.8
	urate "the same values unpaired, rounds (Mann-Whitney)" ps
	urate "the same values unpaired, samples" pss
	urate "paired by round, signed-rank, no effect (null)" p0 --max-rate 0.05
	echo "   ties: a timer grid of 2.5%, CV 3%, 30 samples a side, no rounds; power for +2% and null rate"
	$gen 15 ties --series "$ns" >"$u/tp.csv"
	$gen 16 ties --series "$ns" --effect 0 >"$u/t0.csv"
	for t in tp t0; do
		uimp "$kbench" $t
		ucmp "$kbench" $t $t A B
	done
	if [ -n "${KBENCH_OLD:-}" ] && [ -x "$KBENCH_OLD" ]; then
		for t in tp t0 aa; do
			cp "$u/$t.csv" "$u/old$t.csv"
			uimp "$KBENCH_OLD" old$t
			ucmp "$KBENCH_OLD" old$t old$t A B
		done
		urate "before ($KBENCH_OLD): +2%" oldtp
		urate "before: null" oldt0 --max-rate 0.05
		urate "before: A/A 1 run a side, round effect 4% (its samples)" oldaa --max-rate 0.05
	else
		echo "   (KBENCH_OLD unset: the rule before replayed on today's rows, \"strict\")"
	fi
	urate "strict rule (interval strictly clear of 0): +2%" tp --rule strict
	urate "strict rule: null" t0 --rule strict --max-rate 0.05
	urate "after (an end at 0 open when the test rejects): +2%" tp
	urate "after: null" t0 --max-rate 0.05
	urate "after, called and not under the strict rule: +2%" tp --minus strict
	urate "the U test alone (benchstat): +2%" tp --rule u-only
	urate "the U test alone: null" t0 --rule u-only --max-rate 0.05
	for v in aa:aa aa:aas nf:nff r3:r3 pr:pr pr:prt ps:ps tp:tp t0:t0; do
		uverify "${v%%:*}" "${v#*:}"
	done
	echo "   a real A/A: two identical sleep collections back to back (-r 5, nanosleep and select, 1, 300, 3000 us)"
	rm -f "$u/aa-real.db"
	for l in a1 a2; do
		"$kbench" -d "$u/aa-real.db" collect sleep -q -l $l -r 5 \
		    -m nanosleep,select -u 1,300,3000
	done
	"$kbench" -d "$u/aa-real.db" analyze --compare a1 a2 --format json >"$u/real.json"
	"$kbench" -d "$u/aa-real.db" analyze --compare a1 a2 --no-adjust --format json >"$u/real-na.json"
	"$kbench" -d "$u/aa-real.db" analyze --compare a1 a2 --unit sample --no-adjust \
	    --format json >"$u/real-s.json"
	jq -r --slurpfile na "$u/real-na.json" --slurpfile s "$u/real-s.json" '
	    [$na[0].comparisons, $s[0].comparisons] as [$n, $sm] |
	    .comparisons | to_entries[] | .key as $i | .value |
	    "   \(.a.series): unit \(.unit), n \(.n_units | map(tostring) | join("/")), between_runs \(.between_runs), change \(.change * 10000 | round / 100)%, p \(.p * 1000 | round / 1000), \(.verdict) (Holm), \($n[$i].verdict) (no adjustment), \($sm[$i].verdict) at the sample level (p \($sm[$i].p))"' \
	    "$u/real.json"
	for f in real real-na real-s; do
		jq -r --arg f "$f" '"   \($f): \([.comparisons[] | select(.verdict == "improved" or .verdict == "regressed")] | length) of \(.comparisons | length) rows with a verdict (\(if .holm then "Holm" else "no adjustment" end), unit \([.comparisons[].unit] | unique | join(",")))"' \
		    "$u/$f.json"
	done
	echo
fi

# Issue 28: round by round.  The simulated table (calibration and rounds
# to decide), then the tutorial's change (timer slack 50 us against 1 ns)
# collected 30 rounds a side and read with --sequential: the round each
# series was decided at is where a collection could have stopped.
if want sequential; then
	echo "== sequential: Lai's confidence sequence, looked at after every round"
	$cc -O2 -I"$top" -o "$build/seqsim" "$top/tests/bench/seqsim.c" \
	    "$top/analyze/sequential.c" -lm
	"$build/seqsim" "${BENCH_SEQ_SERIES:-40000}"
	s=$dir/sequential.db
	rm -f "$s"
	start=$(date +%s)
	"$kbench" -d "$s" collect sleep -q -l slack50k -r 30 -m nanosleep,select -u 100,1000
	mid=$(date +%s)
	"$kbench" -d "$s" collect sleep -q -l slack1 -r 30 -m nanosleep,select -u 100,1000 --slack 1
	end=$(date +%s)
	echo "   the tutorial's change, 30 rounds a side ($((mid - start)) s and $((end - mid)) s):"
	"$kbench" -d "$s" analyze --compare slack50k slack1 --sequential --format json >"$dir/sequential.json"
	jq -r '.comparisons[] | "   \(.a.series): fixed 30-round verdict \(.verdict), change \(.change * 10000 | round / 100)%; sequential: decided at round \(.sequential.decided_at // "-"), \(.sequential.verdict)"' \
	    "$dir/sequential.json"
	jq -r '[.comparisons[].sequential.decided_at] | if all(. != null) then "   every series decided by round \(max): \(30 - max) of 30 rounds a side saved (\(100 * (30 - max) / 30 | floor)% of the collection)" else "   \(map(select(. == null)) | length) series undecided at 30 rounds: nothing saved" end' \
	    "$dir/sequential.json"
	echo
fi

# Issue 28, the nightly's mail: simulated histories watched night by
# night as nightly -q does (trend_detect, then trend_new_regressions),
# mailing as before (the newest night alone, p < 0.001) and as now (held
# on --confirm 2 more runs, p below a fifth of --pvalue), and each change
# alone.  Target: at most 1 false mail per 100 series-years.
if want mail; then
	echo "== mail: the nightly's regression mail, night by night"
	$cc -O2 -I"$top" -o "$build/mailsim" "$top/tests/bench/mailsim.c" \
	    "$top/analyze/trend.c" "$top/analyze/trend_confirm.c" \
	    "$top"/analyze/stats*.c "$top/lib/util.c" -lm
	"$build/mailsim" "${BENCH_MAIL_SERIES:-500}"
	echo
fi

# Issue 29, the lab store: PostgreSQL against SQLite (mk/bench_pg.sh).  In
# a subshell: the server is stopped, and its traps gone, when it ends.
if want pg; then
	echo "== pg: the lab store, a PostgreSQL 15 server on a Unix socket, against SQLite"
	( . "$top/mk/bench_pg.sh" )
	echo
fi

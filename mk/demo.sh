#!/bin/sh
# make demo: kbench end to end, into ./demo/.
#
# 1. Imports the calloutng table from the FreeBSD mailing list (Raspberry
#    Pi, 7 sleep methods x 5 durations x HZ 100/250/1000, with and without
#    the patch), lists the runs, exports them, and reads them back with
#    kbench analyze.
# 2. Collects a short sleep matrix on this machine twice, at the default
#    timer slack and at 1 ns (Linux), and compares the two: a real
#    before/after pair in well under a minute.
# 3. Runs the pfil experiment in user space (lockbench): the rw and rm
#    heads interleaved in one run, compared hook by hook, charted.
# 4. Imports 60 nights of history (tests/fixtures/trend): kbench trend,
#    its chart, and kbench site's dashboard of it in demo/site/.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
kbench=$top/build/kbench
out=$top/demo
db=$out/kbench.db

rm -rf "$out"
mkdir -p "$out/ministat"

step() { printf '\n==> %s\n' "$*"; }

step "kbench import (the calloutng results table, examples/calloutng-rpi.csv)"
"$kbench" -d "$db" import -b sleep --run-by label --run-by hz \
    --key method --key usec --value measured_us --unit us \
    "$top/examples/calloutng-rpi.csv"

step "kbench runs"
"$kbench" -d "$db" runs

step "kbench export: canonical CSV and ministat files"
"$kbench" -d "$db" export -o "$out/calloutng.csv"
"$kbench" -d "$db" export --format ministat -o "$out/ministat" \
    --where method=nanosleep
echo "wrote $out/calloutng.csv ($(wc -l <"$out/calloutng.csv") lines)"
echo "wrote $(ls "$out/ministat" | wc -l) files into $out/ministat/, e.g.:"
ls "$out/ministat" | head -3 | sed 's/^/    /'

step "kbench analyze: the seed's 'With no patches' table, HZ across"
"$kbench" -d "$db" analyze -b sleep --by hz --where label=unpatched | head -14
echo "    ... (all 35 rows in $out/unpatched-by-hz.txt)"
"$kbench" -d "$db" analyze -b sleep --by hz --where label=unpatched \
    >"$out/unpatched-by-hz.txt"

step "kbench analyze --compare unpatched calloutng_12_26, at HZ=1000"
"$kbench" -d "$db" analyze --compare unpatched calloutng_12_26 --where hz=1000 \
    --where usec=300 | tee "$out/compare-hz1000.txt"

if [ "$(uname -s)" = Linux ]; then
	matrix="-m nanosleep,select,poll,clock_nanosleep,timerfd -u 1,300,3000 -r 6 -n 25"
	step "kbench collect sleep, twice: default timer slack, then 1 ns"
	# shellcheck disable=SC2086 # the matrix options are meant to split
	"$kbench" -d "$db" collect sleep -l slack-default $matrix
	# shellcheck disable=SC2086
	"$kbench" -d "$db" collect sleep -l slack-1ns --slack 1 $matrix

	step "kbench analyze --compare slack-default slack-1ns"
	"$kbench" -d "$db" analyze --compare slack-default slack-1ns \
	    | tee "$out/compare-slack.txt"

	step "kbench report: the slack pair, for a review"
	"$kbench" -d "$db" report --compare slack-default slack-1ns \
	    -o "$out/report-slack"
fi

step "kbench collect lock: the pfil experiment, heads rw and rm interleaved in one run"
echo "(lockbench in user space: 4 hook locks x 2 heads x 1 and 2 threads, 12 rounds)"
"$kbench" -d "$db" collect lock --backend user -q -l pfil -r 12 -H rw,rm \
    -k null,mtx,rw,rm -t 1,2 --delay 0

step "kbench analyze --compare head=rw head=rm: the seed's question, hook by hook"
"$kbench" -d "$db" analyze --compare head=rw head=rm --label pfil |
    tee "$out/compare-pfil.txt" | sed -n '1,/^$/p;/^hook/,/^$/p'
echo "    ... (warnings and load in $out/compare-pfil.txt)"

step "kbench plot lock and report: the mtx/rw/rm picture"
mkdir -p "$out/charts/pfil"
"$kbench" -d "$db" plot lock --compare head=rw head=rm --label pfil \
    -o "$out/charts/pfil"
"$kbench" -d "$db" report --compare head=rw head=rm --label pfil \
    -o "$out/report-pfil"

step "kbench plot: what calloutng did at HZ 100, 250 and 1000"
mkdir -p "$out/charts/unpatched" "$out/charts/calloutng"
"$kbench" -d "$db" plot sleep --where label=unpatched -o "$out/charts/unpatched" \
    --title "FreeBSD, no patches: sleeps round up to the next tick"
"$kbench" -d "$db" plot sleep --where label=calloutng_12_26 \
    -o "$out/charts/calloutng" --title "FreeBSD with calloutng_12_26"

step "kbench trend: 60 nights of history (tests/fixtures/trend), its change points"
rm -f "$out/history.db" "$out/history.db-wal" "$out/history.db-shm"
"$kbench" -d "$out/history.db" import -q "$top/tests/fixtures/trend/history.csv"
"$kbench" -d "$out/history.db" trend
mkdir -p "$out/charts/trend"
"$kbench" -d "$out/history.db" plot trend -o "$out/charts/trend"

step "kbench site: the same 60 nights as a static dashboard"
"$kbench" -d "$out/history.db" site -o "$out/site" --title "kbench demo: 60 nights"
echo "    open file://$out/site/index.html"

step "done: the database is $db (kbench -d $db runs); outputs in $out/"

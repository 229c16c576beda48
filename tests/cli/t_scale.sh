#!/bin/sh
# Many series: the cost of a text table and of trend's history must grow
# with the series, not with their square, nor by kilobytes a series.
# make bench measures the same at 100,000 and 1,000,000 series; here a
# size that make check can afford.  Timed: make check-valgrind skips it.
. "$(dirname "$0")/lib.sh"

# run_measured OUT CMD...: run CMD, stdout to OUT; sets secs and rss_kib
# (its peak resident memory).
run_measured() {
	out=$1
	shift
	python3 - "$out" "$@" >measure.out <<'EOF'
import resource, subprocess, sys, time
t = time.monotonic()
with open(sys.argv[1], "w") as f:
    rc = subprocess.run(sys.argv[2:], stdout=f).returncode
t = time.monotonic() - t
print(rc, "%.3f" % t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
EOF
	set -- $(cat measure.out)
	rc=$1 secs=$2 rss_kib=$3
}

# 1. A text table of 50,000 series costs what CSV does, give or take: a
# column's visibility is worked out once per table, not once per cell.
awk 'BEGIN { print "label,s,value"
    for (i = 0; i < 50000; i++) for (j = 0; j < 3; j++) printf "a,s%d,%d.5\n", i, j + i % 7 }' >s50k.csv
kb --db s50k.db import -q --run-by label --key s --value value s50k.csv
expect_rc 0 "50,000 series of 3 samples"
run_measured csv.out "$KBENCH" --db s50k.db analyze --format csv
csv_s=$secs
expect_rc 0 "analyze --format csv"
run_measured text.out "$KBENCH" --db s50k.db analyze
text_s=$secs
expect_rc 0 "analyze, the text table"
[ "$(wc -l <text.out)" -ge 50000 ]; check $? "the table has its 50,000 rows"
awk -v c="$csv_s" -v t="$text_s" 'BEGIN { exit !(t <= 3 * c + 0.5) }'
check $? "the text table takes at most 3 times CSV's time (+0.5 s): $text_s s vs $csv_s s"

# 2. trend's history over 100,000 series of one run each: some 700 bytes
# a series (2.2 KiB under AddressSanitizer), not 4.8 KiB (a point's array
# grew 64 points at once).
awk 'BEGIN { print "label,s,value"
    for (i = 0; i < 100000; i++) printf "a,s%d,%d.5\n", i, i % 7 }' >s100k.csv
kb --db s100k.db import -q --run-by label --key s --value value s100k.csv
expect_rc 0 "100,000 series of one sample"
"$KBENCH" --db s100k.db trend >/dev/null 2>&1	# the cache, filled
run_measured trend.out "$KBENCH" --db s100k.db trend
expect_rc 0 "trend over them"
per=$((rss_kib * 1024 / 100000))
[ "$per" -lt 3072 ]
check $? "trend's peak memory: $((rss_kib / 1024)) MiB, $per bytes a series (under 3 KiB; it was 4.8 KiB)"

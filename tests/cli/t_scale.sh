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

# 3. site over 20,000 series of 3 runs: at most 1 KiB of peak memory a
# series, the first build and the rebuild (which holds the old manifest
# too), past what a one-series site takes (gnuplot's own, some 16 MiB).
# Before the history and the manifest were made compact: 1266 and 1280
# bytes a series (40 MiB); make bench measures 1e4 to 1e5 series.
awk 'BEGIN { print "label,host,s,value"
    for (r = 1; r <= 3; r++) for (i = 0; i < 20000; i++)
	printf "n%d,lab-1,s%d,%d.25\n", r, i, 100 + (i + r) % 5 }' >s20k.csv
kb --db s20k.db import -q --run-by label --run-by host --key s --value value s20k.csv
expect_rc 0 "20,000 series of 3 runs"
printf 'label,s,value\na,x,1\n' >one.csv
kb --db one.db import -q --run-by label --key s --value value one.csv
run_measured site1.out "$KBENCH" --db one.db site --no-compare -o site1
expect_rc 0 "site of one series"
base_kib=$rss_kib
for build in first again; do
	run_measured site.out "$KBENCH" --db s20k.db site --no-compare -o site20k
	expect_rc 0 "site of 20,000 series, $build build"
	grep -q "^site20k/index.html: 20000 series, 3 runs" site.out
	check $? "site of 20,000 series, $build build: its summary ($(cat site.out))"
	case $KBENCH_BUILD in
	*/san) echo "  (AddressSanitizer's build: the memory bound not checked)" ;;
	*)
		per=$(((rss_kib - base_kib) * 1024 / 20000))
		[ "$per" -le 1024 ]
		check $? "site's peak memory, $build build: $((rss_kib / 1024)) MiB, $per bytes a series past a one-series site's $((base_kib / 1024)) MiB (at most 1 KiB)"
		;;
	esac
done

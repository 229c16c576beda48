#!/bin/sh
# make fuzz: mk/fuzz.sh DIR SECONDS [NAME...]: run each libFuzzer harness
# built in DIR (fuzz_csv, fuzz_protocol; or those NAMEs: csv, protocol)
# for SECONDS, one after the other.
#
# Each starts from a copy of its seed corpus, DIR/corpus-NAME, so that
# what it finds never lands in tests/fuzz/corpus; a crash, leak, UB or
# timeout leaves its input as DIR/NAME-crash-... (or -leak-, -timeout-)
# and the full log in DIR/NAME.log.  One line a harness, then exit 1 if
# any failed.

set -u

dir=${1:?usage: fuzz.sh DIR SECONDS [NAME...]}
secs=${2:-60}
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
failed=0

for name in ${*:-csv protocol}; do
	bin=$dir/fuzz_$name
	corpus=$dir/corpus-$name
	log=$dir/fuzz_$name.log
	rm -rf "$corpus"
	mkdir -p "$corpus"
	cp "$top"/tests/fuzz/corpus/$name/* "$corpus"/
	# -timeout: one input that takes 10 s is a hang.  -max_len: 64 KiB,
	# some thousand CSV rows or protocol lines.
	"$bin" -max_total_time="$secs" -max_len=65536 -timeout=10 \
	    -rss_limit_mb=2048 -print_final_stats=1 \
	    -dict="$top/tests/fuzz/$name.dict" \
	    -artifact_prefix="$dir/fuzz_$name-" "$corpus" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	took=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
	if [ "$rc" -eq 0 ]; then
		echo "fuzz_$name: ${runs:-?} executions in ${took:-?} s, 0 crashes"
		continue
	fi
	failed=1
	artifact=$(sed -n 's/.*Test unit written to \(.*\)/\1/p' "$log" | tail -1)
	echo "fuzz_$name: ${runs:-?} executions, 1 crash (exit $rc): ${artifact:-see $log}"
	grep -E 'ERROR: |runtime error|SUMMARY' "$log" | head -5 | sed 's/^/#   /'
	echo "#   reproduce: $bin ${artifact:-ARTIFACT}"
done
exit $failed

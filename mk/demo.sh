#!/bin/sh
# make demo: kbench end to end on the example data, into ./demo/.
#
# Imports the calloutng table from the FreeBSD mailing list (Raspberry
# Pi, 7 sleep methods x 5 durations x HZ 100/250/1000, with and without
# the patch), lists the runs, and exports them as canonical CSV and as
# ministat files.
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
    --key method --key requested_us --value measured_us --unit us \
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
    --where requested_us=300 | tee "$out/compare-hz1000.txt"

step "done: the database is $db (kbench -d $db runs); outputs in $out/"

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

step "done: the database is $db (kbench -d $db runs)"

#!/bin/sh
# kmod/vm/demo-vm.sh [BUILD]: make demo-vm: one kernel, two timer modes.
#
# Boots Debian's kernel under qemu (TCG) twice and runs `kbench collect
# sleep` in it (the calloutng seed's methods select, poll, usleep,
# nanosleep x 1, 300, 3000, 30000 us): once as booted (label highres),
# once with highres=off on the kernel command line (label tick-based).
# Both databases come back to the host and go into one (kbench export |
# kbench import), and everything a reader wants lands in demo-vm/ at the
# top of the tree, where make clean leaves it:
#
#   demo-vm/kbench.db       both runs
#   demo-vm/compare.txt     kbench analyze --compare highres tick-based
#   demo-vm/sleep.png, .gp  kbench plot sleep: a panel per label (the
#                           docs/kmod.md shows it; git keeps these two)
#   demo-vm/report/         kbench report: report.html, .md, .txt, charts
#
# The guests' consoles and the exported CSV files stay in BUILD/vm/.
# Timings under TCG are emulated: the tick is real, the microseconds not.
set -u
build=${1:-build}
VM_TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$VM_TOP/kmod/vm/vm.sh"

vm_setup "$build" || exit 1
kbench=$VM_BUILD/kbench
work=$VM_DIR/demo
out=$VM_TOP/demo-vm
db=$out/kbench.db
rm -rf "$work" "$out/report"
rm -f "$db" "$db-wal" "$db-shm" "$db-journal" "$out/compare.txt"
mkdir -p "$work" "$out"
t0=$(date +%s)
echo "demo-vm: kernel $VM_KVER under $QEMU -accel tcg -smp 2"
vm_module || exit 1
vm_initramfs || exit 1

for mode in "highres" "tick-based highres=off"; do
	set -- $mode
	label=$1
	shift
	echo "demo-vm: booting ($label${1:+, $*}); about a minute"
	vm_boot "demo-$label" sleep kbench_label="$label" kbench_matrix=demo \
	    kbench_timeout=400 "$@" || exit 1
	guest=$VM_DIR/demo-$label/out
	if ! grep -q '^ok - collect sleep' "$guest/guest.log"; then
		echo "demo-vm: the guest's collection failed:" >&2
		tail -20 "$guest/guest.log" >&2
		exit 1
	fi
	"$kbench" -d "$guest/kbench.db" export >"$work/$label.csv" &&
	    "$kbench" -d "$db" import -q "$work/$label.csv" || exit 1
done

echo
"$kbench" -d "$db" runs
echo
# The comparison, as a mailing list would get it; a regression (every
# short sleep of tick-based, rounded up to a tick) is the expected news.
"$kbench" -d "$db" analyze --compare highres tick-based | tee "$out/compare.txt"
title="Linux under qemu (TCG): highres timers vs highres=off (tick-based)"
"$kbench" -d "$db" plot sleep --by label --where label=highres \
    --where label=tick-based --title "$title" -o "$out" || exit 1
"$kbench" -d "$db" report --compare highres tick-based --title "$title" \
    -o "$out/report" || exit 1
echo
echo "demo-vm: in $(($(date +%s) - t0)) s, into $out/:"
echo "    kbench.db     the two runs"
echo "    compare.txt   kbench analyze --compare highres tick-based"
echo "    sleep.png     kbench plot sleep --by label (and sleep.gp, its script)"
echo "    report/       kbench report: report.html, report.md, report.txt, charts"
echo "demo-vm: the guests' consoles are in $VM_DIR/demo-*/"

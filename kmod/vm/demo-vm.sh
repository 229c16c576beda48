#!/bin/sh
# kmod/vm/demo-vm.sh [BUILD]: make demo-vm: one kernel, two timer modes.
#
# Boots Debian's kernel under qemu (TCG) twice and runs `kbench collect
# sleep` in it (the calloutng seed's methods select, poll, usleep,
# nanosleep x 1, 300, 3000, 30000 us): once as booted (label highres),
# once with highres=off on the kernel command line (label tick-based).
# Both databases come back to the host and go into one,
# BUILD/vm/demo/kbench.db (kbench export | kbench import), which kbench
# analyze then compares: kbench analyze --compare highres tick-based.
# Timings under TCG are emulated: the tick is real, the microseconds not.
set -u
build=${1:-build}
VM_TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$VM_TOP/kmod/vm/vm.sh"

vm_setup "$build" || exit 1
kbench=$VM_BUILD/kbench
demo=$VM_DIR/demo
rm -rf "$demo"
mkdir -p "$demo"
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
	out=$VM_DIR/demo-$label/out
	if ! grep -q '^ok - collect sleep' "$out/guest.log"; then
		echo "demo-vm: the guest's collection failed:" >&2
		tail -20 "$out/guest.log" >&2
		exit 1
	fi
	"$kbench" -d "$out/kbench.db" export >"$demo/$label.csv" &&
	    "$kbench" -d "$demo/kbench.db" import -q "$demo/$label.csv" || exit 1
done

echo
"$kbench" -d "$demo/kbench.db" runs
echo
"$kbench" -d "$demo/kbench.db" analyze --compare highres tick-based
rc=$?
echo
echo "demo-vm: the database is $demo/kbench.db; the consoles are in $VM_DIR/demo-*/"
exit $rc

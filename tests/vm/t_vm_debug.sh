#!/bin/sh
# tests/vm/t_vm_debug.sh BUILD: pfilbench.ko under a debug kernel, for
# `make check-vm-debug` (not part of make check).
#
# Debian ships no kernel with lockdep: kmod/vm/debug-kernel.sh builds one
# once from Debian's linux-source (PROVE_LOCKING, PROVE_RCU,
# DEBUG_ATOMIC_SLEEP, full preemption, KASAN) and keeps it in
# build/vm-debug (KBENCH_VM_DEBUG_DIR); the module is built against that
# tree, the guest (kmod/vm/guest-debug.sh) runs every head x hook cell
# the module allows in three shapes, with writers, durations, pinning,
# a stop, a signal, rmmod during a run and load/unload cycles, and dmesg
# must hold no report of any checker, and lockdep must still be on at
# the end.  The guest has 2 CPUs online of 255 possible (-smp
# 2,maxcpus=255; the kernel's NR_CPUS is 256): brlock's writer takes
# every possible CPU's lock, and one preempt_count each would pass
# DEBUG_PREEMPT's limit (245) and warn.  The first build takes long (build/vm-debug/build.time says
# how long); the boot about ten minutes under TCG.
build=${1:-build}
VM_TOP=$(cd "$(dirname "$0")/../.." && pwd)
KBENCH_VM_MEM=${KBENCH_VM_MEM:-1G}
KBENCH_VM_TIMEOUT=${KBENCH_VM_TIMEOUT:-1800}
KBENCH_VM_SMP=${KBENCH_VM_SMP:-2,maxcpus=255}
. "$VM_TOP/kmod/vm/vm.sh"
. "$VM_TOP/tests/vm/vmlib.sh"

case $build in /*) ;; *) build=$VM_TOP/$build ;; esac
dir=${KBENCH_VM_DEBUG_DIR:-$VM_TOP/build/vm-debug}
mkdir -p "$build/vm"
if ! vm_setup "$build" 2>"$build/vm/setup.err"; then
	not_ok "vm: prerequisites: $(tr '\n' ' ' <"$build/vm/setup.err")"
	exit 1
fi
if ! sh "$VM_TOP/kmod/vm/debug-kernel.sh" "$dir" 2>"$build/vm/debug-kernel.err"; then
	not_ok "the debug kernel: $(tail -5 "$build/vm/debug-kernel.err" | tr '\n' ' ')"
	exit 1
fi
ok "the debug kernel is built ($(tr "\n" ";" <"$dir/build.time" 2>/dev/null))"
src=$(ls -d "$dir"/linux-source-* | sed 1q)
VM_KVER=$(cat "$src/include/config/kernel.release")
VM_KERNEL=$dir/vmlinuz-$VM_KVER
VM_KDIR=$src
VM_DIR=$build/vm-debug-run
VM_KO=$VM_DIR/pfilbench-$VM_KVER.ko
VM_INITRD=$VM_DIR/initramfs-$VM_KVER.cpio.gz
mkdir -p "$VM_DIR"
for o in PROVE_LOCKING PROVE_RCU DEBUG_ATOMIC_SLEEP KASAN PREEMPT; do
	grep -q "^CONFIG_$o=y" "$src/.config" || not_ok "CONFIG_$o in $src/.config"
done
echo "# kernel $VM_KVER ($VM_KERNEL, $(grep -c '=y' "$src/.config") options =y), $QEMU -accel tcg -smp $VM_SMP -m $VM_MEM"

vm_module_initramfs "the debug kernel's tree"

vm_boot debug debug kbench_timeout=1500
check $? "the debug boot came back in $VM_SECONDS s"
out=$VM_DIR/debug/out
if [ -f "$out/guest.log" ]; then
	relay "$out/guest.log"
	grep -q '^ debug_locks: *1$' "$out/lockdep_stats.txt" 2>/dev/null
	check $? "lockdep is still on at the end (debug_locks 1: no report switched it off)"
	n=$(grep -c 'pfilbench: version 2.1 loaded' "$out/dmesg.txt")
	echo "# $n loads; lockdep: $(grep -E 'lock-classes|direct dependencies' "$out/lockdep_stats.txt" 2>/dev/null | tr -s ' ' | tr '\n' ';')"
	dmesg_clean "$out/dmesg.txt" "the debug boot"
else
	not_ok "the debug boot: no guest output"
fi

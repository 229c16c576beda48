#!/bin/sh
# kmod/vm/debug-kernel.sh [DIR]: build, once, the debug kernel that
# `make check-vm-debug` boots: Debian's own 6.1 sources (the
# linux-source-6.1 package's tarball in /usr/src), x86_64_defconfig
# less what a serial-console guest never uses (networking, graphics,
# sound, USB, wireless), plus the kernel's own checkers:
#
#   PROVE_LOCKING (lockdep: lock order, IRQ-safety, held locks at exit),
#   PROVE_RCU (rcu_dereference_check() conditions), DEBUG_ATOMIC_SLEEP
#   (might_sleep() in atomic context), PREEMPT (full: the preemption
#   checks of DEBUG_PREEMPT too), DEBUG_MUTEXES/SPINLOCK/RWSEMS (selected
#   by PROVE_LOCKING), KASAN (generic, outline: use after free, out of
#   bounds), the soft-lockup and hung-task detectors;
#   NR_CPUS=256: booted with 255 possible CPUs (qemu -smp 2,maxcpus=255),
#   a writer that took one preempt_count per possible CPU would reach
#   DEBUG_PREEMPT's warning (at 245; the 8-bit PREEMPT field spills into
#   the softirq bits at 256).
#
# Debian ships no such kernel.  Everything lands under DIR (default
# build/vm-debug): DIR/linux-VERSION (the configured, built tree, which
# pfilbench.ko is built against) and DIR/vmlinuz-RELEASE, the image;
# DIR/build.log the build's output, DIR/build.time how long each build
# took.
# A second call finds the image and returns at once.  Needs the packages
# of `mk/deps.sh vmdebug` (linux-source-6.1 bc bison flex libelf-dev
# libssl-dev xz-utils); about 3 GB of disk.
#
# Environment: KBENCH_DEBUG_JOBS (make -j, default the CPU count).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-$top/build/vm-debug}
case $dir in /*) ;; *) dir=$top/$dir ;; esac
tarball=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | sort -V | tail -1)
jobs=${KBENCH_DEBUG_JOBS:-$(nproc 2>/dev/null || echo 2)}
localversion=-kbench-debug

msg() { echo "debug-kernel: $*" >&2; }

if [ -z "$tarball" ]; then
	msg "no /usr/src/linux-source-*.tar.xz: apt-get install linux-source-6.1 (make deps-vm-debug)"
	exit 1
fi
base=$(basename "$tarball" .tar.xz)		# linux-source-6.1
src=$dir/$base
if ls "$dir"/vmlinuz-*"$localversion" >/dev/null 2>&1 &&
    [ -f "$src/Module.symvers" ] &&
    grep -q '^CONFIG_NR_CPUS=256$' "$src/.config"; then
	exit 0
fi
mkdir -p "$dir"
t0=$(date +%s)
if [ ! -f "$src/Makefile" ]; then
	msg "unpacking $tarball into $dir"
	rm -rf "$src.tmp"
	mkdir -p "$src.tmp"
	tar -C "$src.tmp" -xJf "$tarball"
	mv "$src.tmp/$base" "$src"
	rmdir "$src.tmp"
fi

cd "$src"
# Configured once: a second call (an interrupted build) goes on from
# where the first stopped.  A tree configured before NR_CPUS was raised
# is configured again.
if ! grep -q "^CONFIG_LOCALVERSION=\"$localversion\"$" .config 2>/dev/null ||
    ! grep -q '^CONFIG_NR_CPUS=256$' .config; then
	msg "configuring: x86_64_defconfig, less networking, graphics, sound, USB; plus lockdep, PROVE_RCU, DEBUG_ATOMIC_SLEEP, KASAN"
	make -s x86_64_defconfig
	sc=scripts/config
	# What a guest on a serial console, booted from an initramfs, never uses.
	$sc -d NET -d DRM -d FB -d SOUND -d USB_SUPPORT -d WIRELESS -d WLAN \
	    -d CFG80211 -d KVM -d HIBERNATION -d SECURITY_SELINUX -d AGP \
	    -d PCCARD -d HID -d INPUT_MOUSE -d INPUT_JOYSTICK -d INPUT_TABLET \
	    -d INPUT_TOUCHSCREEN -d MACINTOSH_DRIVERS -d MD -d NFS_FS \
	    -d DEBUG_INFO -e DEBUG_INFO_NONE -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT
	# The checkers.
	$sc -e DEBUG_KERNEL -e PREEMPT -d PREEMPT_VOLUNTARY -d PREEMPT_NONE \
	    -e PROVE_LOCKING -e PROVE_RCU -e DEBUG_LOCK_ALLOC -e DEBUG_ATOMIC_SLEEP \
	    -e DEBUG_PREEMPT -e DEBUG_SPINLOCK -e DEBUG_MUTEXES -e DEBUG_RWSEMS \
	    -e LOCKUP_DETECTOR -e SOFTLOCKUP_DETECTOR -e DETECT_HUNG_TASK \
	    -e KASAN -e KASAN_GENERIC -e KASAN_OUTLINE -d KASAN_INLINE \
	    -e MODULES -e MODULE_UNLOAD -e BLK_DEV_INITRD -e RD_GZIP \
	    -e DEVTMPFS -e TMPFS -e SERIAL_8250 -e SERIAL_8250_CONSOLE \
	    -d LOCALVERSION_AUTO --set-str LOCALVERSION "$localversion" \
	    --set-val NR_CPUS 256
	make -s olddefconfig
fi
# olddefconfig drops what a dependency forbids: say so rather than boot
# a kernel without its checkers.
for o in PROVE_LOCKING PROVE_RCU DEBUG_ATOMIC_SLEEP DEBUG_LOCK_ALLOC \
    LOCKDEP KASAN PREEMPT MODULES MODULE_UNLOAD BLK_DEV_INITRD \
    SERIAL_8250_CONSOLE DEVTMPFS; do
	if ! grep -q "^CONFIG_$o=y" .config; then
		msg "CONFIG_$o is not set after olddefconfig"
		exit 1
	fi
done
msg "building with make -j$jobs (log: $dir/build.log); this takes long"
if ! make -j"$jobs" bzImage modules >"$dir/build.log" 2>&1; then
	msg "the build failed:"
	tail -20 "$dir/build.log" >&2
	exit 1
fi
release=$(cat include/config/kernel.release)	# 6.1.N-kbench-debug
for k in "$dir"/vmlinuz-*; do
	[ "$k" = "$dir/vmlinuz-$release" ] || rm -f "$k"
done
cp arch/x86/boot/bzImage "$dir/vmlinuz-$release"
t1=$(date +%s)
# One line a build: a build that went on from an interrupted one adds its own.
echo "$release: $((t1 - t0)) s, make -j$jobs, $(date -u +%Y-%m-%dT%H:%MZ)" >>"$dir/build.time"
msg "built $dir/vmlinuz-$release in $((t1 - t0)) s"

# tests/vm/vmlib.sh: what the VM tests (t_vm.sh, t_vm_debug.sh) share:
# their ok/not ok lines, the guest's checks relayed, dmesg read for what
# the kernel says when something went wrong.  Sourced; POSIX sh.

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else not_ok "$2"; fi; }

# relay LOG: the guest's checks, as ours; and did it run to its end?
relay() {
	sed -n 's/^ok - /ok - guest: /p; s/^not ok - /not ok - guest: /p' "$1"
	grep -q '^== finished' "$1"
	check $? "the guest script ran to its end"
}

# What the kernel says when something went wrong: WARN, BUG, oopses,
# lockups, RCU stalls, hung tasks; and the debug kernel's checkers:
# lockdep ("possible circular locking", "inconsistent lock state",
# "possible recursive locking", "lock held when returning to user
# space"...), PROVE_RCU ("suspicious RCU usage"), DEBUG_ATOMIC_SLEEP
# ("sleeping function called from invalid context"), KASAN, and lockdep
# switching itself off after a first report.
VM_SPLAT='WARNING:|BUG:|Oops|soft lockup|hard LOCKUP|rcu: INFO|rcu_.* detected stall|self-detected stall|blocked for more than|Call Trace|general protection|scheduling while atomic|Kernel panic|kernel BUG|possible circular locking|inconsistent lock state|possible recursive locking|lock held when returning|suspicious RCU usage|sleeping function called from invalid context|KASAN|turning off the locking correctness validator|UBSAN'

# dmesg_clean FILE WHAT: one check, the first lines of trouble under it.
dmesg_clean() {
	if grep -E -q "$VM_SPLAT" "$1"; then
		not_ok "$2: dmesg has trouble:"
		grep -E "$VM_SPLAT" "$1" | head -10 | sed 's/^/#   /'
	else
		ok "$2: dmesg has no WARNING, BUG, Oops, lockup, RCU stall, hung task or checker report"
	fi
}

# vm_module_initramfs WHAT: pfilbench.ko built against WHAT ($VM_KDIR)
# with W=1 and no warning, then the initramfs; exit when no module.
vm_module_initramfs() {
	vm_module
	check $? "pfilbench.ko builds against $1"
	[ -f "$VM_KO" ] || exit 1
	if grep -q 'warning:' "$VM_DIR/kmod.log"; then
		not_ok "pfilbench.ko builds with W=1 without a warning ($VM_DIR/kmod.log):"
		grep 'warning:' "$VM_DIR/kmod.log" | head -5 | sed 's/^/#   /'
	else
		ok "pfilbench.ko builds with W=1 without a warning"
	fi
	vm_initramfs
	check $? "the initramfs: busybox, kbench, testsleep, pfilbench-ctl, the module"
}

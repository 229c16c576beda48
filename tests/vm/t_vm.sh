#!/bin/sh
# tests/vm/t_vm.sh BUILD: pfilbench.ko and the tick, in a virtual machine.
#
# Builds pfilbench.ko against Debian's packaged kernel headers, boots
# that kernel (unpacked from its package into build/vm-kernel by make
# deps-vm, never installed) under qemu (TCG) twice with an initramfs of
# busybox and BUILD's programs (kmod/vm/vm.sh), and checks what comes
# back:
#
#   boot 1 (kmod/vm/guest-lock.sh): the module's own checks (EINVAL,
#     EBUSY, stop, signals, rmmod during a run, 20 load/run/unload
#     cycles, sustained load, every control file fuzzed and raced),
#     relayed as "guest: ..."; the database of
#     `kbench collect lock --backend kmod` (runs complete, the right
#     number of series and samples, analyze reads it); dmesg free of
#     WARNING, BUG, Oops, soft lockups, RCU stalls, hung tasks.
#   boot 2 (guest-sleep.sh, highres=off): nanosleep(300 us) costs a tick,
#     1/HZ with HZ read from the run's hz fact.
#
# One "ok - ..." or "not ok - ..." line per check (tests/run.sh counts
# them).  About a minute and a half on 2 cores; as root, with the
# packages of make deps.  Timings under TCG are emulated: only behaviour
# is checked, never speed.
build=${1:-build}
VM_TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$VM_TOP/kmod/vm/vm.sh"

. "$VM_TOP/tests/vm/vmlib.sh"

case $build in /*) ;; *) build=$VM_TOP/$build ;; esac
mkdir -p "$build/vm"
if ! vm_setup "$build" 2>"$build/vm/setup.err"; then
	not_ok "vm: prerequisites: $(tr '\n' ' ' <"$build/vm/setup.err")"
	exit 1
fi
kbench=$VM_BUILD/kbench
for t in jq; do
	command -v $t >/dev/null 2>&1 || {
		not_ok "vm: prerequisites: $t (Debian: apt-get install $t)"
		exit 1
	}
done
echo "# kernel $VM_KVER ($VM_KERNEL, unpacked from linux-image-$VM_KVER), $QEMU -accel tcg -smp 2"

vm_module_initramfs "linux-headers-$VM_KVER"

# No indirect call for the head lock: each head has its own walker, its
# lock inlined, so a walk's indirect calls are the hooks' alone, under
# every head as many as under none (no lock at all).  A retpoline, IBT
# or call-depth tracking would otherwise add a constant per walk that
# shrinks the differences between heads.  Counted in the object code:
# calls to the kernel's indirect-call thunks, or through a pointer that
# is not %rip-relative (those are paravirt sites, patched into direct
# calls or inline code when the module is loaded).
objdump -dr --no-show-raw-insn "$VM_KO" >"$VM_DIR/pfilbench.dis" 2>&1
got=$(awk '/^[0-9a-f]+ <[^>]*>:$/ { f = $2; gsub(/[<>:]/, "", f) }
    /R_X86_64_PLT32[ \t]+__x86_indirect_(call_)?thunk/ ||
    (/call[ \t]+\*/ && !/\(%rip\)/) { n[f]++ }
    END { printf "%d %d %d %d %d %d", n["pb_walker_rw"], n["pb_walker_brlock"],
	n["pb_walker_rwsem"], n["pb_walker_rm"], n["pb_walker_epoch"], n["pb_walker_none"] }' \
    "$VM_DIR/pfilbench.dis")
set -- $got
[ "$6" -gt 0 ] && [ "$1 $2 $3 $4 $5" = "$6 $6 $6 $6 $6" ]
check $? "a walker per head, each with the indirect calls of head none, the hooks' (rw brlock rwsem rm epoch none: $got)"

# Boot 1: the module.
vm_boot lock lock kbench_timeout=480
check $? "boot 1 (module checks) came back in $VM_SECONDS s"
out=$VM_DIR/lock/out
if [ -f "$out/guest.log" ]; then
	relay "$out/guest.log"
	db=$out/kbench.db
	"$kbench" -d "$db" runs --json >"$VM_DIR/lock/runs.json" 2>&1
	check $? "kbench runs reads the guest's database"
	# label, series (cells), samples (one per cell and round)
	for want in "kmod-sleepable 42 42" "kmod-atomic 24 24" "kmod-writer 6 6" \
	    "kmod-duration 2 6" "kmod-seed 33 99"; do
		set -- $want
		got=$(jq -r --arg l "$1" 'select(.label == $l) |
		    "\(.status) \(.series) \(.samples) \(.facts.backend)"' \
		    "$VM_DIR/lock/runs.json")
		[ "$got" = "complete $2 $3 kmod" ]
		check $? "run $1: complete, $2 series, $3 samples, backend kmod (got: $got)"
	done
	# --until on the module: stopped at the precision or the cap, said,
	# its rounds those stored (2 series, one sample a round each).
	got=$(jq -r 'select(.label == "kmod-until") |
	    "\(.status) \(.facts.stopped_by) \(.facts.rounds) \(.samples)"' \
	    "$VM_DIR/lock/runs.json")
	set -- $got
	[ "$1" = complete ] && { [ "$2" = precision ] || [ "$2" = cap ]; } &&
	[ "$3" -ge 6 ] && [ "$3" -le 8 ] && [ "$4" -eq $((2 * $3)) ]
	check $? "run kmod-until: complete, stopped by the precision or the cap, 6 to 8 rounds, all stored (got: $got)"
	# One sample is one quantity on both backends: the same collect line
	# (kbench's default duration, -t 2 -r 3) on lockbench stores the
	# same series, 3 samples each, in the same unit, with the same mode
	# and time base facts as the module's run.
	rm -f "$VM_DIR/lock/user.db" "$VM_DIR/lock/user.db-wal" "$VM_DIR/lock/user.db-shm"
	"$kbench" -d "$VM_DIR/lock/user.db" collect lock --backend user -q -r 3 \
	    -l user-duration -H rw,rm -k null -t 2 --delay 100 2>"$VM_DIR/lock/user.err"
	shape() {
		sqlite3 "$1" "SELECT s.name || ' ' || s.unit || ' ' || s.better || ' ' ||
		    count(*) FROM series s JOIN run r ON r.id = s.run_id
		    JOIN sample x ON x.series_id = s.id WHERE r.label = '$2'
		    GROUP BY s.id ORDER BY s.name" | tr '\n' ';'
		sqlite3 "$1" "SELECT group_concat(key || '=' || value, ',') FROM
		    (SELECT key, value FROM run_fact f JOIN run r ON r.id = f.run_id
		    WHERE r.label = '$2' AND key IN ('mode', 'duration_ms',
		    'warmup_ms', 'count', 'threads') ORDER BY key)"
	}
	k=$(shape "$db" kmod-duration); u=$(shape "$VM_DIR/lock/user.db" user-duration)
	want='head=rm,hook=null,threads=2 ns lower 3;head=rw,hook=null,threads=2 ns lower 3;duration_ms=100,mode=duration,threads=2,warmup_ms=10'
	[ "$k" = "$want" ] && [ "$u" = "$want" ]
	check $? "collect lock -t 2 -r 3, default duration: the same series, 3 samples each, unit and facts on both backends (kmod: $k; user: $u)"
	got=$(jq -r '"\(.facts.kmod_version) \(.facts.kmod_release)"' \
	    "$VM_DIR/lock/runs.json" | sort -u)
	[ "$got" = "2.1 $VM_KVER" ]
	check $? "every run records the module's version and kernel ($got)"
	got=$(jq -r '"\(.facts["head_impl.rm"]) \(.facts["head_impl.brlock"]) \(.facts["hook_impl.mtx"]) \(.facts.rcu_expedited) \(.facts.rcu_normal) \(.facts.gp_latency_us > 0)"' \
	    "$VM_DIR/lock/runs.json" | sort -u)
	[ "$got" = "percpu_rw_semaphore(sleep) percpu_spinlock(spin) mutex(sleep) 0 0 true" ]
	check $? "every run records what its locks are, RCU's knobs and the grace period timed at load ($got)"
	"$kbench" -d "$db" analyze --format json >"$VM_DIR/lock/analyze.json" \
	    2>"$VM_DIR/lock/analyze.err"
	check $? "kbench analyze reads it"
	# (kmod-until's rounds are its own to choose: checked above)
	got=$(jq '[.groups[] | select(.by != "kmod-until")] | length' "$VM_DIR/lock/analyze.json")
	bad=$(jq '[.groups[] | select(.by != "kmod-until") |
	    select(.n != (if .by == "kmod-seed" or .by == "kmod-duration" then 3 else 1 end) or
	    .min <= 0)] | length' "$VM_DIR/lock/analyze.json")
	[ "$got" = 107 ] && [ "$bad" = 0 ]
	check $? "analyze: 107 series, each with one positive sample per round ($got series, $bad wrong)"
	got=$(jq -r '"\(.facts.hooks) \(.facts.hook_lock) \(.facts.kernel_preempt) \(.facts.kernel_hz)"' \
	    "$VM_DIR/lock/runs.json" | sort | uniq -c | tr -s ' ' | tr '\n' ';')
	echo "# hooks, hook lock, preemption, HZ of the runs: $got"
	echo "$got" | grep -q '1 1 shared [a-z]* [0-9]*;' && echo "$got" | grep -q ' 3 per-hook '
	check $? "the seed run has 1 hook and a shared lock, the others 3 with a lock each; the kernel's facts are run facts"
	# The seed's question on the kernel's locks: the heads of one run.
	"$kbench" -d "$db" analyze --compare head=rw head=rm --label kmod-writer \
	    --format json >"$VM_DIR/lock/heads.json" 2>"$VM_DIR/lock/heads.err"
	check $? "kmod: --compare head=rw head=rm within the writer run"
	got=$(jq -c '[(.comparisons | length), .sides_differ_in,
	    .comparisons[0].a.keys.hook, .comparisons[0].b.keys.head]' \
	    "$VM_DIR/lock/heads.json")
	[ "$got" = '[1,["head"],"spin","rm"]' ]
	check $? "kmod: one pair, hook spin, rw against rm ($got)"
	"$kbench" -d "$db" analyze --compare head=rw head=epoch --label kmod-atomic \
	    --format json >"$VM_DIR/lock/heads2.json" 2>>"$VM_DIR/lock/heads.err"
	got=$(jq '.comparisons | length' "$VM_DIR/lock/heads2.json")
	[ "$got" = 8 ]; check $? "kmod: rw against epoch, 4 hooks x 2 thread counts ($got)"
	# The seed's question in its shape, as pairs that compare like with
	# like: rw -> brlock (spinning), rwsem -> rm (sleeping).
	for pair in "rw brlock 4" "rwsem rm 7"; do
		set -- $pair
		"$kbench" -d "$db" analyze --compare head=$1 head=$2 --label kmod-seed \
		    --format json >"$VM_DIR/lock/seed-$2.json" 2>>"$VM_DIR/lock/heads.err"
		got=$(jq '[.comparisons[] | select(.a.n == 3 and .b.n == 3)] | length' \
		    "$VM_DIR/lock/seed-$2.json")
		[ "$got" = "$3" ]
		check $? "kmod-seed: --compare head=$1 head=$2, $3 hooks, 3 samples a side ($got)"
		"$kbench" -d "$db" analyze --compare head=$1 head=$2 --label kmod-seed \
		    >"$VM_DIR/lock/seed-$2.txt" 2>&1
		sed 's/^/# /' "$VM_DIR/lock/seed-$2.txt"
	done
	mkdir -p "$VM_DIR/lock/chart"
	"$kbench" -d "$db" plot lock --compare head=rw head=epoch --label kmod-atomic \
	    -o "$VM_DIR/lock/chart" --format svg >/dev/null 2>>"$VM_DIR/lock/heads.err"
	check $? "kmod: plot lock of the head comparison"
	dmesg_clean "$out/dmesg.txt" "boot 1"
	n=$(grep -c 'pfilbench: version 2.1 loaded' "$out/dmesg.txt")
	m=$(grep -c 'pfilbench: unloaded' "$out/dmesg.txt")
	[ "$n" -eq "$m" ] && [ "$n" -ge 23 ]
	check $? "dmesg: as many unloads as loads ($n, $m)"
else
	not_ok "boot 1: no guest output"
fi

# Boot 2: the tick.  Without high-resolution timers a sleep ends at a
# tick: nanosleep(300 us) takes about 1/HZ.  The loop re-arms just
# after the tick that woke it, a little later than the tick itself: so
# every sample is more than 300 us, and the median is at least 0.9/HZ.
vm_boot tick sleep kbench_timeout=200 highres=off kbench_label=tick-based \
    kbench_matrix=tick
check $? "boot 2 (highres=off) came back in $VM_SECONDS s"
out=$VM_DIR/tick/out
if [ -f "$out/guest.log" ]; then
	relay "$out/guest.log"
	db=$out/kbench.db
	"$kbench" -d "$db" runs --json >"$VM_DIR/tick/runs.json"
	hz=$(jq -r '.facts.hz' "$VM_DIR/tick/runs.json")
	hr=$(jq -r '.facts.highres' "$VM_DIR/tick/runs.json")
	[ "$hr" = no ] && [ "$hz" -gt 0 ] 2>/dev/null
	check $? "the run's facts: highres $hr, hz $hz"
	"$kbench" -d "$db" analyze --format json >"$VM_DIR/tick/analyze.json"
	got=$(jq -r '.groups[] | select(.series == "method=nanosleep,usec=300") |
	    "\(.n) \(.min) \(.median)"' "$VM_DIR/tick/analyze.json")
	set -- $got
	echo "# nanosleep(300 us) with highres=off: n $1, min $2 us, median $3 us; 1/HZ = $((1000000 / ${hz:-1})) us"
	awk -v n="$1" -v min="$2" -v med="$3" -v hz="$hz" 'BEGIN {
	    exit !(n == 50 && min > 300 && med >= 0.9 * 1e6 / hz) }'
	check $? "highres=off: nanosleep(300 us) takes a tick (median $3 us >= 0.9 x 1/HZ = $((900000 / ${hz:-1})) us)"
	dmesg_clean "$out/dmesg.txt" "boot 2"
else
	not_ok "boot 2: no guest output"
fi

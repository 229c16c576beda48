# kmod/vm/guest-lock.sh OUT: pfilbench.ko inside the guest (busybox sh).
#
# Loads the module, checks what a run measures (one time base for all
# threads in both modes, a duration by default, the fairness of a count,
# the writer's achieved rate, rm's slow path, the same probe under every
# head, rm after a writer's run on its fast path, the exclusion check
# and the faults it must see, the facts of every run),
# collects a small matrix with `kbench collect lock --backend kmod` into
# OUT/kbench.db (every head x every hook it may run under x 1 and 2
# threads, the writers, and the seed's shape: one hook, one shared hook
# lock, every head x hook the kernel allows), then the negative checks:
# EINVAL, EBUSY, stop, signals, rmmod during a run, 20 load/run/unload
# cycles, the control files fuzzed (hostile values, 4 racing writers).
# Each check prints "ok - ..." or "not ok - ..."; the host
# (tests/vm/t_vm.sh) counts them and checks the database and dmesg.
# Counts are small: TCG emulates every instruction.

out=$1
S=/sys/kernel/pfilbench
KO=/opt/kbench/pfilbench.ko
T=/tmp/lock
mkdir -p "$T"
ncpu=$(nproc)

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else not_ok "$2"; fi; }

# ctl ARGS...: pfilbench-ctl; stdout in $T/out, stderr in $T/err, $rc.
ctl() {
	pfilbench-ctl "$@" >"$T/out" 2>"$T/err"
	rc=$?
}

# expect RC PATTERN WHAT: the last ctl exited RC, stderr matches PATTERN.
expect() {
	if [ "$rc" -eq "$1" ] && { [ -z "$2" ] || grep -q -- "$2" "$T/err"; }; then
		ok "$3 (exit $1: $(head -1 "$T/err"))"
	else
		not_ok "$3: exit $rc, want $1 and /$2/; stderr: $(head -c 200 "$T/err")"
	fi
}

# put FILE VALUE: write a control file; $rc, the shell's message in $T/err.
put() {
	( echo "$2" >"$S/$1" ) 2>"$T/err"
	rc=$?
}

# span FILE: the module's results FILE recomputed, "THREADS WALKS NS
# SLOW": every walk over first start to last end, in ns a walk, and the
# threads' slow walks summed.
span() {
	awk '/^thread/ { for (i = 1; i < NF; i += 2) f[$i] = $(i + 1)
	    if (n == 0 || f["start_ns"] < lo) lo = f["start_ns"]
	    if (n == 0 || f["end_ns"] > hi) hi = f["end_ns"]
	    calls += f["calls"]; slow += f["slow_walks"]; n++ }
	    END { printf "%d %d %.3f %d\n", n, calls, calls ? (hi - lo) / calls : 0, slow }' "$1"
}

# same A B: two numbers within 0.01 of each other.
same() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a - b < 0.01 && b - a < 0.01) }'
}

# threads: how many of the module's kernel threads exist.
threads() {
	ps -o comm 2>/dev/null | grep -c '^pfilbench/'
}

# wait_running: until state says running (5 s at most).
wait_running() {
	i=0
	while [ "$(cat $S/state)" != running ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(cat $S/state)" = running ]
}

# reap PID [SECS]: wait for a background job, killing it after SECS
# (default 20) so that a hang is a failed check, not a stuck guest.
# $rc is its status; 255 when it had to be killed.
reap() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt $((${2:-20} * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 "$1" 2>/dev/null; then
		kill -KILL "$1"
		wait "$1"
		rc=255
		echo "# job $1 hung: killed"
		return
	fi
	wait "$1"
	rc=$?
}

# defaults: a configuration every check starts from.
defaults() {
	for kv in threads=1 count=100 duration_ms=0 warmup_ms=10 delay_ns=100 \
	    hooks=3 shared=0 head=rm hook=null write_ms=0 pin=0 check=0 \
	    test_lag_ns=0 test_fault=none tag=; do
		echo "${kv#*=}" >"$S/${kv%%=*}"
	done
}

t_start=$(date +%s)
section() { echo "== $* ($(($(date +%s) - t_start)) s)"; }

section "load"
insmod "$KO"
check $? "insmod pfilbench.ko"
[ -d $S ] && [ -f $S/start ] && [ -f $S/results ]
check $? "/sys/kernel/pfilbench/ has its files"
v=$(cat $S/version) r=$(cat $S/release)
[ "$v" = 2.1 ] && [ "$r" = "$(uname -r)" ]
check $? "version $v, kernel $r (running $(uname -r))"
grep -q '^refused .*rw:mtx' $S/caps && grep -q '^heads rw brlock rwsem rm epoch none$' $S/caps &&
    ! grep -q '^refused .*rwsem:mtx' $S/caps
check $? "caps: the heads, and the pairs it refuses ($(sed -n 's/^refused //p' $S/caps | wc -w) refused)"
grep -q '^preempt \(none\|voluntary\|full\|rt\)$' $S/kernel && grep -q "^hz [0-9]*$" $S/kernel &&
    grep -q '^lockdep \(yes\|no\)$' $S/kernel
check $? "kernel: $(tr '\n' ' ' <$S/kernel)"
[ "$(cat $S/state)" = idle ]; check $? "state idle after load"
[ "$(cat $S/results)" = "" ]; check $? "no results before a run"
pfilbench-ctl -s; check $? "pfilbench-ctl -s: usable"

section "a run through the files"
defaults
echo 2 >$S/threads
echo 500 >$S/count
echo mtx >$S/hook
echo 1 >$S/start
check $? "start rm/mtx, 2 threads"
[ "$(cat $S/wait)" = done ]; check $? "wait blocks until done"
[ "$(cat $S/state)" = done ]; check $? "state done"
cat $S/results >"$T/results"
sed -n 1p "$T/results" | grep -q '^run [0-9]* tag - head rm hook mtx hooks 3 shared 0 threads 2 count 500 duration_ms 0 warmup_ms 10 delay_ns 100 write_ms 0 pin 0 test_lag_ns 0 test_fault none$'
check $? "results: the run line ($(sed -n 1p "$T/results"))"
n=$(grep -c '^thread [01] cpu [0-9]* bound -1 core [0-9]*\.[0-9]* calls 500 start_ns [0-9]* end_ns [0-9]* busywait_ns [0-9]* nvcsw [0-9]* nivcsw [0-9]* migrations [0-9]* slow_walks 0 at_first_end [0-9]*$' "$T/results")
nf=$(grep -c '^fact [a-z_.]* [^ ]*$' "$T/results")
[ "$n" -eq 2 ] && [ "$(wc -l <"$T/results")" -eq $((5 + nf)) ] &&
    grep -q '^busywait clock clock_ns [0-9]* spin_ns [0-9]*$' "$T/results" &&
    grep -q '^check 0 violations 0 readers 0 writer 0 hooks 0 settle [0-9]*$' "$T/results" &&
    grep -q '^thread [01] .* at_first_end 500$' "$T/results"
check $? "results: the busy-wait, one line per thread, every walk done, the first to end at 500, the check line, $nf facts"
echo 1 >$S/pin
echo 1 >$S/start && cat $S/wait >/dev/null
cpus=$(sed -n 's/^thread \([01]\) cpu \([0-9]*\) bound \([0-9-]*\) .*/\1:\2:\3/p' $S/results | tr '\n' ' ')
[ "$cpus" = "0:0:0 1:1:1 " ]; check $? "pin=1: one thread per core, bound and run there ($cpus)"
[ "$(threads)" -eq 0 ]; check $? "no thread left after the runs"

section "what a run measures"
# One time base: the sample is every walk over first start to last end,
# recomputed here from the module's own lines.  Summing the threads'
# times, or taking one thread's, gives another number.
defaults
ctl -m -t 2 -n 2000 -d 100 -H rm -k mtx
cat $S/results >"$T/tb"
awk -v s="$(sed -n 's/^sample //p' "$T/out")" '
    /^thread/ { for (i = 1; i < NF; i += 2) f[$i] = $(i + 1)
	if (n == 0 || f["start_ns"] < lo) lo = f["start_ns"]
	if (n == 0 || f["end_ns"] > hi) hi = f["end_ns"]
	if (f["start_ns"] > slo || n == 0) slo = f["start_ns"]
	if (f["start_ns"] < 0) early++
	calls += f["calls"]; sum += f["end_ns"] - f["start_ns"]; n++ }
    END { want = (hi - lo) / calls
	printf "# sample %s; first start to last end %.3f; summed %.3f; start skew %d ns of %d\n", s, want, sum / calls, slo - lo, hi - lo
	exit !(n == 2 && s - want < 0.01 && want - s < 0.01 && (sum / calls - s > 0.01 || s - sum / calls > 0.01) && early == 0) }' "$T/tb"
check $? "a count: the sample is walks over first start to last end, not the threads' times summed; no thread starts before the timed phase opens"
# The same quantity for a duration: all walks over first start to last end.
ctl -m -t 2 -D 300 -d 100 -H rm -k mtx
set -- $(span $S/results)
s=$(sed -n 's/^sample //p' "$T/out")
echo "# -D 300: sample $s; first start to last end over all walks $3"
[ "$1" -eq 2 ] && same "$s" "$3"
check $? "a duration: the sample is the same quantity, walks over first start to last end"
# Without -n or -D, a duration: 1000 ms.
ctl -m -t 2 -d 100 -H rw -k null
sed -n 1p $S/results | grep -q ' duration_ms 1000 ' && grep -q '^fact mode duration$' "$T/out" &&
    [ "$(awk '/^thread/ && $14 >= 1000e6' $S/results | wc -l)" -eq 2 ]
check $? "the default is a duration, 1000 ms, both threads stopped by it ($(sed -n 's/^fact duration_ms //p' "$T/out") ms)"
# A fixed duration stops every thread: none ends before it, and none
# walks on to a count (each ends within seconds, not minutes; how soon
# after the deadline depends on when TCG runs its vCPU: not checked).
ctl -m -t 2 -D 300 -d 100 -H rw -k spin
ends=$(sed -n 's/.* end_ns \([0-9]*\) .*/\1/p' $S/results | tr '\n' ' ')
awk -v e="$ends" 'BEGIN { n = split(e, a, " "); for (i = 1; i <= n; i++)
    if (a[i] < 300e6 || a[i] > 10e9) exit 1; exit n != 2 }'
check $? "-D 300: both threads stopped by the duration, none before 300 ms (end_ns $ends)"
grep -q '^fact duration_ms 300$' "$T/out" && grep -q '^fact fairness_min [0-9.e-]*$' "$T/out"
check $? "-D 300: duration and fairness_min ($(sed -n 's/^fact fairness_min //p' "$T/out")) recorded"
# The writer keeps its schedule on absolute deadlines: every deadline
# between its start and its end (one each 20 ms: about 50 in 1 s) is a
# write or, when a write overran it or the writer woke late (TCG makes
# both common), a period counted as missed; never a drift.  What it
# achieved is recorded as a fact.
for h in rw brlock rm; do
	ctl -m -t 1 -D 1000 -d 100 -H $h -k null -w 20
	wps=$(sed -n 's/^fact writes_per_s //p' "$T/out")
	w=$(sed -n 's/^fact writes //p' "$T/out")
	m=$(sed -n 's/^fact writer_missed_sum //p' "$T/out")
	d=$(awk '/^writer/ { for (i = 1; i < NF; i += 2) f[$i] = $(i + 1)
	    printf "%d", (f["end_ns"] - f["start_ns"]) / 20e6 }' $S/results)
	echo "# head $h, writer every 20 ms for 1 s: $w writes ($wps/s), $m missed, $d deadlines passed, $(sed -n 's/^fact write_mean_ns //p' "$T/out") ns each$(sed -n 's/^fact rm_slow_walks_pct \(.*\)/, \1% of walks on the slow path/p' "$T/out")"
	[ -n "$wps" ] && [ "$d" -ge 49 ] && [ $((w + m)) -ge $((d - 1)) ] && [ $((w + m)) -le $((d + 1)) ]
	check $? "head $h, -w 20 for 1 s: writes + periods missed = $((w + m)), the $d deadlines passed; $wps writes/s recorded"
done
grep -q '^fact rm_slow_walks_pct ' "$T/out" && grep -q '^fact write_asked_per_s 50.0$' "$T/out"
check $? "rm with a writer: the walks on the slow path are recorded ($(sed -n 's/^fact rm_slow_walks_pct //p' "$T/out")%)"
ctl -m -t 1 -D 500 -d 100 -H rm -k null -w 2
echo "# head rm, writer every 2 ms: $(sed -n 's/^fact writes_per_s //p' "$T/out") writes/s, $(sed -n 's/^fact rm_slow_walks_pct //p' "$T/out")% of walks on the slow path"
awk -v p="$(sed -n 's/^fact rm_slow_walks_pct //p' "$T/out")" 'BEGIN { exit !(p > 50) }'
check $? "rm, a write every 2 ms (below a grace period): readers mostly on the slow path"
# A busy-wait spins until spin_ns (the delay less one clock read, as
# measured at the start) has passed: measured, it is never shorter.
ctl -m -t 1 -n 200 -d 500 -H none -k null
m=$(sed -n 's/^fact busywait_measured_ns //p' "$T/out")
sp=$(sed -n 's/^busywait clock clock_ns [0-9]* spin_ns \([0-9]*\)$/\1/p' $S/results)
awk -v m="$m" -v sp="$sp" 'BEGIN { exit !(sp != "" && sp <= 500 && m >= sp) }'
check $? "-d 500: the busy-wait measured before the run ($m ns under TCG) is recorded, never shorter than its spin ($sp ns)"
for f in kernel_preempt kernel_hz kernel_lockdep kernel_kasan kernel_mitigations cpu_boost placement ctx_switches_sum migrations oversubscribed_max rcu_expedited rcu_normal gp_latency_us; do
	grep -q "^fact $f " "$T/out" || { echo "# no fact $f"; false; } || break
done
check $? "the kernel's facts, placement, context switches, migrations, oversubscription, RCU's knobs and grace period are recorded"
# What each head and hook lock is, for every one the module has.
miss=""
for h in $(sed -n 's/^heads //p' $S/caps); do grep -q "^fact head_impl\.$h [a-z_]*([a-z]*)$" "$T/out" || miss="$miss head:$h"; done
for k in $(sed -n 's/^hooks //p' $S/caps); do grep -q "^fact hook_impl\.$k [a-z_]*([a-z]*)$" "$T/out" || miss="$miss hook:$k"; done
[ -z "$miss" ] && grep -q '^fact head_impl.rm percpu_rw_semaphore(sleep)$' "$T/out" &&
    grep -q '^fact head_impl.brlock percpu_spinlock(spin)$' "$T/out" &&
    grep -q '^fact head_impl.rw rwlock_t(spin)$' "$T/out" &&
    grep -q '^fact head_impl.rwsem rw_semaphore(sleep)$' "$T/out" &&
    grep -q '^fact head_impl.epoch rcu(none)$' "$T/out"
check $? "head_impl.NAME and hook_impl.NAME for every head and hook in caps (missing:${miss:- none})"
gp=$(sed -n 's/^fact gp_latency_us //p' "$T/out")
[ "${gp:-0}" -gt 0 ]; check $? "gp_latency_us, a synchronize_rcu() timed at load: $gp us"
ctl -m -t 8 -n 20 -d 100 -H rw -k null
grep -q "^fact oversubscribed_max $((8 / ncpu))\.000$" "$T/out"
check $? "8 threads on $ncpu CPUs: oversubscribed_max $(sed -n 's/^fact oversubscribed_max //p' "$T/out")"

section "a count's fairness: one thread delayed (the test hook test_lag_ns)"
# Thread 0 busy-waits 200 us after each walk, outside every lock: thread
# 1 ends its count first, and the figure says how far thread 0 had come
# by then.  A count ends every thread at the same number of walks: the
# old figure, fewest over most of those, was 1 whatever happened.
defaults
echo 200000 >$S/test_lag_ns
ctl -m -t 2 -n 200 -d 100 -H rw -k null
fm=$(sed -n 's/^fact fairness_min //p' "$T/out")
echo "# thread 0 delayed 200 us a walk: $(grep '^# thread' "$T/out" | sed 's/.* calls \([0-9]*\) .* at_first_end \([0-9]*\)$/\1 walks, \2 at the first end;/' | tr '\n' ' ') fairness_min $fm"
awk -v f="$fm" 'BEGIN { exit !(f != "" && f < 0.5) }' && grep -q '^fact kmod_test_lag_ns 200000$' "$T/out" &&
    grep -q 'a test hook is set (test_lag_ns 200000' "$T/err"
check $? "an unfair count: fairness_min $fm < 0.5, the test hook recorded and said"
set -- $(span $S/results)
[ "$2" -eq 400 ] && same "$(sed -n 's/^sample //p' "$T/out")" "$3"
check $? "... its sample still all walks over first start to last end"
echo 0 >$S/test_lag_ns
ctl -m -t 2 -D 200 -d 100 -H rw -k null
! grep -q '^fact kmod_test_lag_ns' "$T/out" && ! grep -q 'test hook' "$T/err"
check $? "test_lag_ns 0: no test hook recorded"

section "the same probe under every head (the test hook test_fault=rm_slow)"
# Every walk of every head probes rm's rcu_sync: with rm_slow the writer
# also takes rm's write side each period, which keeps it busy, and then
# the walks of every head find it so, not rm's alone.
defaults
echo rm_slow >$S/test_fault
bad=""
# Under TCG on a loaded host the writer may not run at all in 300 ms: a
# head whose walks found no slow path gets two more runs.  A probe that
# is missing under a head finds none in any of them.
for h in rw brlock rwsem rm epoch none; do
	for try in 1 2 3; do
		ctl -m -t 2 -D 300 -d 100 -H $h -k null -w 1
		set -- $(span $S/results)
		sw=$4
		echo "# head $h, rm's write side taken every 1 ms (try $try): $sw slow walks of $(sed -n 's/^fact walks //p' "$T/out"), $(sed -n 's/^fact writes //p' "$T/out") writes"
		[ $rc -eq 0 ] && [ "$sw" -gt 0 ] && break
	done
	[ $rc -eq 0 ] && [ "$sw" -gt 0 ] || bad="$bad $h"
done
[ -z "$bad" ]; check $? "rm's rcu_sync busy: the probe counts slow walks under every head (none under:${bad:- -})"
echo none >$S/test_fault

section "rm after a writer's run starts on its fast path"
# A run with a writer leaves rm's rcu_sync busy for a grace period; the
# next run waits for it (settle), so that even a run started at once
# after (through the files: within a few ms, well inside the grace
# period timed at load), with no warm-up, walks on the fast path.  Its
# writer (every hour) never writes: each slow walk is the last run's.
defaults
# Builtins only between the two (read, echo): no fork to widen the gap.
good=0 settled=0
for i in 1 2 3 4 5; do
	for kv in threads=2 duration_ms=200 head=rm write_ms=1 warmup_ms=10; do
		echo "${kv#*=}" >"$S/${kv%%=*}"
	done
	echo 1 >$S/start && read -r st <$S/wait
	for kv in duration_ms=0 count=2000 warmup_ms=0 write_ms=3600000; do
		echo "${kv#*=}" >"$S/${kv%%=*}"
	done
	echo 1 >$S/start && read -r st <$S/wait
	set -- $(span $S/results)
	sw=$4
	st=$(sed -n 's/^check .* settle \([0-9]*\)$/\1/p' $S/results)
	echo "# right after a writer's run: $sw slow walks of 4000, rm settled after ${st:-?} rcu_barrier()s"
	[ "$sw" -eq 0 ] && good=$((good + 1))
	[ "${st:-0}" -gt 0 ] && settled=$((settled + 1))
done
[ $good -eq 5 ] && [ $settled -gt 0 ]
check $? "5 times, rm just after a writer's run: no slow walk ($good of 5; $settled had to wait)"
ctl -m -t 1 -n 50 -d 100 -H rm -k null
grep -q '^fact slow_walks_sum 0$' "$T/out"
check $? "rm without a writer: its slow walks counted all the same (slow_walks_sum 0)"

section "the exclusion check"
# check=1: the writer verifies it is alone, readers that no writer is
# inside, exclusive hook locks' holders that they are alone.  Real
# locks: no violation.  Then the faults the check must see.
defaults
echo 1 >$S/check
good=0 n=0
for cell in "rw spin" "brlock spin" "rwsem mtx" "rm mtx" "epoch spin" "rwsem rwsem" "rm rm" "brlock brlock" "none mtx"; do
	set -- $cell
	n=$((n + 1))
	ctl -m -t 2 -D 200 -d 100 -H $1 -k $2 -w 1 -K 1 -S
	if [ $rc -eq 0 ] && grep -q '^fact kmod_check 1$' "$T/out"; then
		good=$((good + 1))
	else
		echo "# $1/$2: exit $rc: $(cat "$T/err")"
	fi
done
[ $good -eq $n ]; check $? "check=1, $n cells with a writer every 1 ms: no violation ($good passed)"
echo unlocked_write >$S/test_fault
good=0 n=0
for h in rw brlock rwsem rm epoch; do
	n=$((n + 1))
	ctl -m -t 2 -D 200 -d 1000 -H $h -k null -w 1
	if [ $rc -eq 1 ] && grep -q "^pfilbench-ctl: head=$h,hook=null,threads=2: the exclusion check found [1-9][0-9]* violations" "$T/err" &&
	    ! grep -q '^end' "$T/out"; then
		good=$((good + 1))
	else
		echo "# $h: exit $rc: $(cat "$T/err")"
	fi
done
[ $good -eq $n ]; check $? "a writer without its write side (epoch: its grace period): the check fails the cell, naming it, under each of $n heads ($good)"
grep 'exclusion check' "$T/err" | sed 's/^/# /'
echo unlocked_hook >$S/test_fault
good=0
for cell in "rwsem mtx" "rw spin"; do
	set -- $cell
	ctl -m -t 2 -D 300 -d 1000 -H $1 -k $2 -K 1 -S
	[ $rc -eq 1 ] && grep -q "head=$1,hook=$2,threads=2: the exclusion check found .* hooks [1-9]" "$T/err" && good=$((good + 1))
done
[ $good -eq 2 ]; check $? "mtx and spin hooks without their lock: the check sees two holders ($good of 2)"
echo none >$S/test_fault
put test_fault unlocked_write
echo 0 >$S/check
ctl -t 1 -n 10; expect 2 "test_fault unlocked_write without check" "a fault for the check without the check"
defaults

section "kbench collect lock --backend kmod"
# Sleeping hooks (mtx, rwsem, rm) only under the sleepable heads; the
# driver asks the module (pfilbench-ctl -c) which pairs it refuses.
for set in "sleepable rwsem,rm,none null,mtx,rw,rwsem,rm,brlock,spin 1,2 300" \
    "atomic rw,brlock,epoch null,rw,brlock,spin 1,2 300" \
    "writer rw,brlock,rwsem,rm,epoch,none spin 2 20000"; do
	set -- $set
	w=""
	[ "$1" = writer ] && w="-w 10"
	kbench -d "$out/kbench.db" collect lock --backend kmod -q -r 1 \
	    -l "kmod-$1" -H "$2" -k "$3" -t "$4" -n "$5" --delay 100 $w \
	    >"$T/collect.out" 2>"$T/collect.err"
	rc=$?
	check $rc "collect lock kmod-$1: heads $2, hooks $3, threads $4 (exit $rc)"
	[ $rc -eq 0 ] || sed 's/^/#   /' "$T/collect.err"
done
# kbench's default, neither -n nor --duration: a 100 ms timed phase, 3
# rounds, 3 samples a series.  t_vm.sh runs the same line on the host's
# user backend and compares the two.
kbench -d "$out/kbench.db" collect lock --backend kmod -q -r 3 -l kmod-duration \
    -H rw,rm -k null -t 2 --delay 100 >"$T/collect.out" 2>"$T/collect.err"
rc=$?
check $rc "collect lock kmod-duration: heads rw,rm, hook null, 2 threads, the default duration, 3 rounds (exit $rc)"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/collect.err"
# --until: the collection reads itself after every round (issue 28); in
# TCG the timings are emulated, so only its behaviour is checked: it
# stops at the precision or at the cap, and says which (t_vm.sh).
kbench -d "$out/kbench.db" collect lock --backend kmod -q -l kmod-until \
    -H rw,rm -k null -t 2 -n 300 --delay 100 --until precision=50% \
    --max-rounds 8 >"$T/collect.out" 2>"$T/collect.err"
rc=$?
check $rc "collect lock kmod-until: --until precision=50% --max-rounds 8 (exit $rc)"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/collect.err"
# The seed's shape: one hook, one lock for all hooks, every head x hook
# the kernel allows (the driver skips the refused pairs), 2 threads.
kbench -d "$out/kbench.db" collect lock --backend kmod -r 3 -l kmod-seed \
    --chain 1 --shared -t 2 -n 300 --delay 1000 >"$T/collect.out" 2>"$T/collect.err"
rc=$?
n=$(grep -c 'skipping hook' "$T/collect.err")
check $rc "collect lock kmod-seed: --chain 1 --shared, every head x hook, 3 rounds (exit $rc, $n pairs refused)"
[ "$n" -eq 9 ]; check $? "kmod-seed: the 9 pairs of a sleeping hook under an atomic head are skipped ($n)"
[ $rc -eq 0 ] || sed 's/^/#   /' "$T/collect.err"
kbench -d "$out/kbench.db" runs

section "EINVAL: bad parameters start nothing"
defaults
ctl -t 0;	expect 2 "threads is 0" "0 threads"
ctl -t $((4 * ncpu + 1)); expect 2 "> 4 x $ncpu online CPUs" "threads > 4 x CPUs"
ctl -t $((4 * ncpu)) -n 10; expect 0 "" "threads = 4 x CPUs runs"
# The results file is a binary attribute: any offset, any size.
cat $S/results >"$T/whole"
dd if=$S/results of="$T/pieces" bs=7 2>/dev/null
[ "$(grep -c '^thread' "$T/whole")" -eq $((4 * ncpu)) ] && cmp -s "$T/whole" "$T/pieces"
check $? "results read 7 bytes at a time are the same ($(wc -c <"$T/whole") bytes)"
ctl -n 0;	expect 2 "count is 0" "count 0"
ctl -H bogus;	expect 2 "unknown head lock 'bogus'" "unknown head lock"
ctl -k bogus;	expect 2 "unknown hook lock 'bogus'" "unknown hook lock"
ctl -H rw -k mtx; expect 2 "hook mtx may sleep: not under head rw" "mtx under rw"
ctl -H brlock -k rm; expect 2 "hook rm may sleep: not under head brlock" "rm under brlock"
ctl -K 9;	expect 2 "hooks 9: 1 to 8" "9 hooks"
ctl -K 0;	expect 2 "hooks 0: 1 to 8" "no hook"
ctl -H epoch -k rwsem; expect 2 "hook rwsem may sleep: not under head epoch" "rwsem under epoch"
ctl -H epoch -k rm; expect 2 "hook rm may sleep" "rm under epoch"
ctl -d 1000001;	expect 2 "delay_ns 1000001 > 1000000" "delay above 1 ms"
ctl -w 3600001;	expect 2 "write_ms 3600001" "writer period above an hour"
ctl -t x;	expect 2 "expected a number" "a thread count that is no number"
defaults
echo 0 >$S/threads
put start 1
[ $rc -ne 0 ] && grep -q "Invalid argument" "$T/err"
check $? "raw: start with threads 0: EINVAL ($(cat "$T/err"))"
[ "$(cat $S/state)" != running ] && [ "$(threads)" -eq 0 ]
check $? "raw: nothing started (state $(cat $S/state), $(threads) threads)"
grep -q "threads is 0" $S/error; check $? "raw: error says why ($(cat $S/error))"
put head bogus
[ $rc -ne 0 ] && [ "$(cat $S/head)" = rm ]; check $? "raw: an unknown head is refused when written"
put threads -1
[ $rc -ne 0 ] && [ "$(cat $S/threads)" = 0 ]; check $? "raw: a negative number is refused"
put start 2
[ $rc -ne 0 ]; check $? "raw: start takes only 1"

section "EBUSY while a run is in progress; stop"
defaults
echo 2 >$S/threads
echo 1000000000 >$S/count
echo 1000 >$S/delay_ns
echo mtx >$S/hook
echo 1 >$S/start
wait_running; check $? "a long run is running"
ctl -s;		expect 1 "busy" "pfilbench-ctl -s while running"
ctl -n 10;	expect 1 "a run is in progress" "pfilbench-ctl while running"
put start 1
[ $rc -ne 0 ] && grep -q "busy" "$T/err"; check $? "raw: start while running: EBUSY ($(cat "$T/err"))"
put threads 1
[ $rc -ne 0 ] && grep -q "busy" "$T/err"; check $? "raw: configuration while running: EBUSY"
[ "$(cat $S/results)" = "" ]; check $? "no results while running"
cat $S/wait >"$T/wait" &
wpid=$!
sleep 0.5
kill -0 $wpid 2>/dev/null; check $? "a reader of wait blocks"
echo 1 >$S/stop
reap $wpid
[ "$(cat "$T/wait")" = error ] && [ "$(cat $S/error)" = "stopped by request" ]
check $? "stop: wait returns error, error says stopped by request"
[ "$(threads)" -eq 0 ]; check $? "stop: every thread is gone"
cat $S/wait >/dev/null; check $? "wait returns at once when nothing runs"

section "signals"
echo 1 >$S/start	# the same long run
wait_running
# SIGTERM: a non-interactive shell starts background jobs with SIGINT
# ignored.
cat $S/wait >/dev/null &
wpid=$!
sleep 0.3
kill -TERM $wpid
reap $wpid 5
[ $rc -ne 0 ] && [ $rc -ne 255 ] && [ "$(cat $S/state)" = running ]
check $? "a signal ends a read of wait (exit $rc), the run goes on"
echo 1 >$S/stop
for sig in INT TERM; do
	pfilbench-ctl -m -t 2 -n 1000000000 -d 1000 -H none -k spin \
	    >"$T/sig.out" 2>"$T/sig.err" &
	cpid=$!
	wait_running
	sleep 0.3
	kill -$sig $cpid
	reap $cpid
	want=130
	[ $sig = TERM ] && want=143
	[ $rc -eq $want ] && ! grep -q '^end' "$T/sig.out" &&
	    grep -q "stopped by SIG$sig" "$T/sig.err"
	check $? "SIG$sig: pfilbench-ctl exits $rc (want $want), no end line"
	[ "$(cat $S/state)" = error ] && [ "$(threads)" -eq 0 ]
	check $? "SIG$sig: the module's run was stopped ($(cat $S/state), $(threads) threads)"
done

section "rmmod during a run"
pfilbench-ctl -t 2 -n 1000000000 -d 1000 -H epoch -k spin -w 1 \
    >"$T/rm.out" 2>"$T/rm.err" &
cpid=$!
wait_running
cat $S/wait >"$T/wait" 2>/dev/null &
wpid=$!
sleep 0.5
[ "$(threads)" -eq 3 ]; check $? "2 walkers and a writer run ($(threads) threads)"
t0=$(date +%s)
rmmod pfilbench
rc=$?
t1=$(date +%s)
check $rc "rmmod during a run (exit $rc, $((t1 - t0)) s)"
reap $cpid
[ $rc -eq 1 ] && grep -q "unloaded" "$T/rm.err"
check $? "pfilbench-ctl waiting in poll() sees the module go (exit $rc: $(cat "$T/rm.err"))"
reap $wpid
[ $rc -ne 255 ]; check $? "a reader blocked in wait is let go ($(cat "$T/wait" 2>/dev/null))"
[ ! -d $S ] && ! grep -q '^pfilbench ' /proc/modules && [ "$(threads)" -eq 0 ]
check $? "nothing left: no files, no module, no thread"
ctl -s;		expect 1 "not loaded" "pfilbench-ctl -s without the module"

section "module parameters"
insmod "$KO" head=bogus 2>"$T/err"
[ $? -ne 0 ] && [ ! -d $S ]; check $? "insmod head=bogus fails and leaves nothing"
insmod "$KO" threads=2 count=50 duration_ms=20 warmup_ms=5 delay_ns=10 \
    hooks=1 shared=1 head=brlock hook=spin write_ms=7 pin=2 check=1 \
    test_lag_ns=3 test_fault=rm_slow
check $? "insmod with every parameter"
[ "$(cat $S/threads) $(cat $S/count) $(cat $S/duration_ms) $(cat $S/warmup_ms) $(cat $S/delay_ns) $(cat $S/hooks) $(cat $S/shared) $(cat $S/head) $(cat $S/hook) $(cat $S/write_ms) $(cat $S/pin) $(cat $S/check) $(cat $S/test_lag_ns) $(cat $S/test_fault)" = "2 50 20 5 10 1 1 brlock spin 7 2 1 3 rm_slow" ]
check $? "the parameters are the first configuration"
rmmod pfilbench
insmod "$KO"
[ "$(cat $S/duration_ms) $(cat $S/check) $(cat $S/test_lag_ns) $(cat $S/test_fault)" = "1000 0 0 none" ]
check $? "without parameters: a duration of 1000 ms, no check, no test hook"
rmmod pfilbench
insmod "$KO" test_fault=bogus 2>"$T/err"
[ $? -ne 0 ] && [ ! -d $S ]; check $? "insmod test_fault=bogus fails and leaves nothing"

section "20 load/run/unload cycles"
i=0 good=0
set -- "rw null" "rm mtx" "epoch spin" "none rwsem" "rm rm" "rw rw" \
    "brlock brlock" "rwsem mtx" "brlock spin" "rwsem rm"
while [ $i -lt 20 ]; do
	eval "pair=\${$((i % 10 + 1))}"
	h=${pair% *} k=${pair#* }
	if insmod "$KO" &&
	    pfilbench-ctl -t 2 -n 200 -d 100 -H "$h" -k "$k" -w 1 >/dev/null &&
	    rmmod pfilbench; then
		good=$((good + 1))
	else
		echo "# cycle $i ($h/$k) failed"
		rmmod pfilbench 2>/dev/null
	fi
	i=$((i + 1))
done
[ $good -eq 20 ]; check $? "20 load/run/unload cycles ($good passed)"
[ "$(threads)" -eq 0 ]; check $? "no thread left after the cycles"
section "sustained load: 4 x CPUs threads, 1 ms in each hook, a writer"
# For 25 s at least: long enough for the soft-lockup (20 s) and RCU stall
# (21 s) detectors to have had their chance; the host reads dmesg.
insmod "$KO"
t0=$(date +%s) runs=0 good=0
while [ $(($(date +%s) - t0)) -lt 25 ]; do
	for pair in "epoch spin" "brlock rw" "rm mtx" "rwsem rm"; do
		h=${pair% *} k=${pair#* }
		ctl -t $((4 * ncpu)) -n 100 -d 1000000 -H "$h" -k "$k" -w 1
		runs=$((runs + 1))
		if [ $rc -eq 0 ]; then
			good=$((good + 1))
		else
			echo "# $h/$k: exit $rc: $(cat "$T/err")"
		fi
		sed -n "s|^writer|#   $h/$k: writer|p; s|^total|#   $h/$k: total|p" "$T/out"
	done
done
[ $good -eq $runs ]
check $? "$runs runs of $((4 * ncpu)) threads x 100 walks of 3 ms, a writer asked for every 1 ms, in $(($(date +%s) - t0)) s ($good passed)"
rmmod pfilbench

section "control files fuzzed"
# Every writable file takes hostile values (huge, negative, not numbers,
# random bytes, longer than a page), then four writers and a starter
# race for 5 s; the module must refuse what is wrong, keep working, and
# say nothing in dmesg (the host checks it).
insmod "$KO"
values="-1 0 1 2 18446744073709551615 18446744073709551616
99999999999999999999999999 -9223372036854775808 0x10 010 1e9 +1 1.5
none epoch mtx rw rm spin rwsem brlock null bogus NULL %s%n%x a.b:c-d
unlocked_write unlocked_hook rm_slow
$(head -c 60 /dev/zero | tr '\0' t)"
files="threads count duration_ms warmup_ms delay_ns hooks shared write_ms pin check test_lag_ns test_fault tag head hook start stop"
writes=0
for f in $files; do
	for v in $values "" " 1" "1 " "$(printf '1\n2')"; do
		printf '%s' "$v" >"$S/$f" 2>/dev/null
		writes=$((writes + 1))
	done
	i=0
	while [ $i -lt 30 ]; do
		head -c $((RANDOM % 300 + 1)) /dev/urandom >"$S/$f" 2>/dev/null
		i=$((i + 1)) writes=$((writes + 1))
	done
	head -c 5000 /dev/zero | tr '\0' 9 >"$S/$f" 2>/dev/null
	writes=$((writes + 1))
	echo 1 >$S/stop 2>/dev/null
done
# fuzz_writer K W: every value into every file, K passes, each writer in
# its own order; builtins only, so the writes race rather than the forks.
fuzz_writer() {
	p=0 n=0
	while [ $p -lt $1 ]; do
		for v in $values; do
			for f in $files; do
				printf '%s' "$v" >"$S/$f" 2>/dev/null
				n=$((n + 1))
			done
		done
		p=$((p + 1))
		values="${values#* } ${values%% *}"	# rotate
	done
	echo $n >"$T/fuzz.$2"
}
pids=""
for w in 1 2 3 4; do
	values="${values#* } ${values%% *}"
	fuzz_writer 3 $w &
	pids="$pids $!"
done
starts=0
while kill -0 $pids 2>/dev/null; do
	echo 1 >$S/start 2>/dev/null && starts=$((starts + 1))
	cat $S/state $S/error $S/threads $S/head >/dev/null 2>&1
	echo 1 >$S/stop 2>/dev/null
done
wait
n=$(cat "$T"/fuzz.* 2>/dev/null | awk '{ s += $1 } END { print s + 0 }')
rm -f "$T"/fuzz.*
echo 1 >$S/stop 2>/dev/null
i=0
while [ "$(cat $S/state)" = running ] && [ $i -lt 100 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ "$(cat $S/state)" != running ]
check $? "$writes hostile writes, then $n racing ones from 4 writers and a starter ($starts runs started): stopped"
defaults
ctl -t 2 -n 200 -H rm -k mtx
expect 0 "" "after the fuzzing, a normal run"
i=0
while [ "$(threads)" -gt 0 ] && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
[ "$(threads)" -eq 0 ]; check $? "no thread left after the fuzzing"
rmmod pfilbench
check $? "rmmod after the fuzzing"

section "finished"

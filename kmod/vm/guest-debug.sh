# kmod/vm/guest-debug.sh OUT: pfilbench.ko's matrix inside the debug
# kernel of `make check-vm-debug` (busybox sh): lockdep, PROVE_RCU,
# DEBUG_ATOMIC_SLEEP and KASAN watch while every head x hook cell the
# module allows runs, with and without a writer, in the seed's shape and
# in the default one, pinned and not, for a count and for a duration;
# then a stop, signals, rmmod during a run and load/unload cycles.  Each
# check prints "ok - ..." or "not ok - ..."; the host
# (tests/vm/t_vm_debug.sh) reads dmesg for splats.  Counts are tiny: the
# kernel's checkers and TCG make every lock operation slow.

out=$1
S=/sys/kernel/pfilbench
KO=/opt/kbench/pfilbench.ko
T=/tmp/debug
mkdir -p "$T"

ok() { echo "ok - $*"; }
not_ok() { echo "not ok - $*"; }
check() { if [ "$1" -eq 0 ]; then ok "$2"; else not_ok "$2"; fi; }

t_start=$(date +%s)
section() { echo "== $* ($(($(date +%s) - t_start)) s)"; }

# wait_running: until state says running (10 s at most).
wait_running() {
	i=0
	while [ "$(cat $S/state)" != running ] && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ "$(cat $S/state)" = running ]
}

section "load"
insmod "$KO"
check $? "insmod pfilbench.ko ($(uname -r))"
echo "# kernel facts: $(tr '\n' ' ' <$S/kernel)"
grep -q '^lockdep yes$' $S/kernel && grep -q '^prove_rcu yes$' $S/kernel &&
    grep -q '^debug_atomic_sleep yes$' $S/kernel
check $? "the module sees a kernel with lockdep, PROVE_RCU and DEBUG_ATOMIC_SLEEP"
heads=$(sed -n 's/^heads //p' $S/caps)
hooks=$(sed -n 's/^hooks //p' $S/caps)
refused=" $(sed -n 's/^refused //p' $S/caps) "

section "brlock's writer on every possible CPU, lockdep on"
# One preempt_count and one lockdep acquisition for the whole writer,
# whatever the number of CPUs: spin_lock() on each of 255 possible CPUs
# would pass DEBUG_PREEMPT's limit (245) and warn, and lockdep would
# switch itself off.
possible=$(cat /sys/devices/system/cpu/possible)
np=$(awk -F- '{ print $NF + 1 }' /sys/devices/system/cpu/possible)
echo "# possible CPUs $possible ($np), online $(cat /sys/devices/system/cpu/online)"
[ "$np" -ge 245 ]; check $? "$np possible CPUs: enough for one preempt_count each to warn"
w0=$(dmesg | grep -c 'DEBUG_LOCKS_WARN_ON\|WARNING:')
pfilbench-ctl -m -t 2 -D 300 -d 100 -W 1 -H brlock -k brlock -w 1 >"$T/out" 2>"$T/err"
rc=$?
w=$(sed -n 's/^fact writes //p' "$T/out")
w1=$(dmesg | grep -c 'DEBUG_LOCKS_WARN_ON\|WARNING:')
[ $rc -eq 0 ] && [ "${w:-0}" -gt 0 ] && [ "$w1" -eq "$w0" ] &&
    grep -q '^ *debug_locks: *1$' /proc/lockdep_stats
check $? "brlock, a writer every 1 ms ($w writes) over $np possible CPUs: no warning (dmesg $w0 -> $w1), lockdep still on"
dmesg | grep -A3 'DEBUG_LOCKS_WARN_ON' | head -8 | sed 's/^/#   /'
echo 1 >$S/check
pfilbench-ctl -m -t 2 -D 300 -d 100 -W 1 -H brlock -k spin -w 1 >"$T/out" 2>"$T/err"
check $? "brlock with the exclusion check, lockdep on: no violation ($(head -1 "$T/err"))"
echo 0 >$S/check

section "every head x hook the module allows"
# Three shapes: the default (3 hooks, a lock each), the seed's (1 hook,
# one lock for all), and 8 hooks sharing one lock; a writer in each.
cells=0 good=0
for shape in "-K 3 -w 5" "-K 1 -S -w 5" "-K 8 -S -w 5 -p"; do
	for h in $heads; do
		for k in $hooks; do
			case $refused in *" $h:$k "*) continue ;; esac
			cells=$((cells + 1))
			# shellcheck disable=SC2086 # the shape is options
			if pfilbench-ctl -m -t 2 -n 30 -d 100 -W 1 -H "$h" -k "$k" \
			    $shape >"$T/out" 2>"$T/err"; then
				good=$((good + 1))
			else
				echo "# $h/$k $shape: $(cat "$T/err")"
			fi
		done
	done
done
[ $good -eq $cells ]; check $? "$cells cells (3 shapes x every allowed pair), 2 threads and a writer: $good ran"

section "refused pairs"
n=0 bad=0
for pair in $refused; do
	h=${pair%%:*} k=${pair#*:}
	n=$((n + 1))
	pfilbench-ctl -t 1 -n 10 -H "$h" -k "$k" >/dev/null 2>&1
	[ $? -eq 2 ] || bad=$((bad + 1))
done
[ $bad -eq 0 ]; check $? "the $n refused pairs are refused with EINVAL, nothing started"

section "a duration, pinned, every head with a writer"
good=0 n=0
for h in $heads; do
	n=$((n + 1))
	pfilbench-ctl -m -t 2 -D 200 -d 100 -W 1 -H "$h" -k spin -w 2 -p \
	    >"$T/out" 2>"$T/err" && good=$((good + 1))
	echo "# $h: $(sed -n 's/^fact writes_per_s /writes\/s /p; s/^fact rm_slow_walks_pct /rm slow walks % /p' "$T/out" | tr '\n' ' ')"
done
[ $good -eq $n ]; check $? "-D 200 -w 2 -p under every head ($good of $n)"

section "stop, signals, rmmod during a run"
pfilbench-ctl -t 2 -n 1000000000 -d 1000 -H rm -k mtx -w 1 >/dev/null 2>&1 &
cpid=$!
wait_running; check $? "a long run with a writer is running"
sleep 1
echo 1 >$S/stop
wait $cpid
[ "$(cat $S/state)" = error ]; check $? "stop ends it"
pfilbench-ctl -t 2 -n 1000000000 -d 1000 -H brlock -k spin -w 1 >/dev/null 2>&1 &
cpid=$!
wait_running
sleep 1
kill -TERM $cpid
wait $cpid
[ $? -eq 143 ]; check $? "SIGTERM stops pfilbench-ctl and its run"
pfilbench-ctl -t 2 -n 1000000000 -d 1000 -H rwsem -k rm -w 1 >/dev/null 2>&1 &
cpid=$!
wait_running
sleep 1
rmmod pfilbench
check $? "rmmod during a run"
wait $cpid

section "load/run/unload cycles"
good=0
for pair in "rw brlock" "brlock rw" "rwsem mtx" "rm rm" "epoch spin" "none rwsem"; do
	h=${pair% *} k=${pair#* }
	insmod "$KO" && pfilbench-ctl -t 2 -n 20 -d 100 -H "$h" -k "$k" -w 1 \
	    >/dev/null && rmmod pfilbench && good=$((good + 1))
done
[ $good -eq 6 ]; check $? "6 load/run/unload cycles ($good passed)"

cat /proc/lockdep_stats >"$out/lockdep_stats.txt" 2>/dev/null
section "finished"

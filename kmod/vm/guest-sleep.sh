# kmod/vm/guest-sleep.sh OUT: kbench collect sleep inside the guest
# (busybox sh), into OUT/kbench.db.  From the kernel command line:
#   kbench_label=L      the run's label (default: the kernel release)
#   kbench_matrix=M     tick: nanosleep(300 us) only, 50 times (the test
#                       of tests/vm/t_vm.sh); demo (default): the seed's
#                       methods select, poll, usleep, nanosleep x 1, 300,
#                       3000, 30000 us, 15 times, 2 rounds
out=$1
arg() { sed -n "s/.*kbench_$1=\([A-Za-z0-9_.:+-]*\).*/\1/p" /proc/cmdline; }
label=$(arg label)
matrix=$(arg matrix)
# The run's host fact, and every chart's footer: say it is emulated
# rather than "(none)".
hostname qemu-tcg-guest
echo "guest-sleep: $(uname -r), cmdline: $(cat /proc/cmdline)"
echo "guest-sleep: clock source $(cat /sys/devices/system/clocksource/clocksource0/current_clocksource)"
case ${matrix:-demo} in
tick)	set -- -m nanosleep -u 300 -n 50 -r 1 ;;
*)	set -- -m select,poll,usleep,nanosleep -u 1,300,3000,30000 -n 15 -r 2 ;;
esac
kbench -d "$out/kbench.db" collect sleep -q -l "${label:-$(uname -r)}" "$@"
rc=$?
if [ $rc -eq 0 ]; then echo "ok - collect sleep ($*)"; else echo "not ok - collect sleep ($*): exit $rc"; fi
kbench -d "$out/kbench.db" runs
kbench -d "$out/kbench.db" analyze
echo "== finished"

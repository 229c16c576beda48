#!/bin/sh
# tests/run.sh BUILD [NAME...]: run every unit test program and
# command-line test (or only those NAMEd: make check-vm runs t_ctl and
# t_vm, make check-freebsd t_freebsd), count their "ok" / "not ok" /
# "skip" lines, and end with one line "N passed, N failed[, N skipped]".
# Exit 1 when anything failed.
#
# KBENCH_NO_SKIP=1 (CI sets it) turns every skip into a failure: a test
# whose tool is missing must not pass quietly there.  KBENCH_VM=1 adds
# the kernel module's tests in a virtual machine (tests/vm/t_vm.sh).
#
# Each program's full output goes to BUILD/test-logs/NAME.log; when a
# program fails, its failed checks and the last lines of its log are
# repeated on the terminal.
#
# KBENCH_SKIP_TESTS="t_a t_b": those test programs are not run, and said
# so (make check-valgrind leaves out the ones that time or kill; BUILD is
# then a directory of wrappers that run each binary under valgrind).

build=${1:-build}
arg1=${1:-}
[ $# -gt 0 ] && shift
only=$*
top=$(cd "$(dirname "$0")/.." && pwd)
case $build in /*) ;; *) build=$top/$build ;; esac
# "run.sh t_analyze" would make a tree named after the test and fill it.
case ${build##*/} in t_*|test_*|*.sh)
	echo "run.sh: '$arg1': a test, where the build directory is expected: run.sh build t_analyze" >&2
	exit 2 ;;
esac
logs=$build/test-logs
mkdir -p "$logs"

KBENCH=$build/kbench
KBENCH_TOP=$top
KBENCH_BUILD=$build
export KBENCH KBENCH_TOP KBENCH_BUILD
# Tests never touch the user's database.
unset KBENCH_DB

passed=0 failed=0 skipped=0 notrun=""

# not_run NAME: true (and noted) when KBENCH_SKIP_TESTS names it.
not_run() {
	case " ${KBENCH_SKIP_TESTS:-} " in
	*" $1 "*)
		printf '%-28s not run (KBENCH_SKIP_TESTS)\n' "$1"
		notrun="$notrun $1"
		return 0 ;;
	esac
	return 1
}

# count NAME LOG STATUS: add up one program's lines.
count() {
	name=$1 log=$2 status=$3
	p=$(grep -c '^ok' "$log")
	f=$(grep -c '^not ok' "$log")
	s=$(grep -c '^skip' "$log")
	if [ "${KBENCH_NO_SKIP:-0}" = 1 ] && [ "$s" -gt 0 ]; then
		sed -n 's/^skip/not ok (skip not allowed here)/p' "$log"
		f=$((f + s))
		s=0
	fi
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		# A crash or an early exit with no failed check is a failure.
		echo "not ok - $name exited with status $status"
		f=1
	fi
	if [ "$f" -gt 0 ]; then
		# The failed checks with the diagnostics under each, then the
		# end of the log, where an early exit says why.
		awk '/^not ok/ { n = 0; show = 1 } /^(ok|skip)/ { show = 0 }
		    show && n++ < 12' "$log"
		echo "  the last lines of $log:"
		tail -n 12 "$log" | sed 's/^/  | /'
	fi
	printf '%-28s %4d passed, %d failed, %d skipped\n' "$name" "$p" "$f" "$s"
	# What was skipped, and why, on the terminal: not only in the log.
	[ "$s" -gt 0 ] && sed -n 's/^skip - /  skipped: /p' "$log"
	passed=$((passed + p))
	failed=$((failed + f))
	skipped=$((skipped + s))
}

# run NAME COMMAND...: one test program, unless left out.
run() {
	name=$1
	shift
	if [ -n "$only" ]; then
		case " $only " in *" $name "*) ;; *) return 0 ;; esac
	fi
	not_run "$name" && return 0
	"$@" >"$logs/$name.log" 2>&1
	count "$name" "$logs/$name.log" $?
}

for t in "$build"/test_*; do
	[ -x "$t" ] || continue
	run "$(basename "$t")" "$t"
done

for t in "$top"/tests/cli/t_*.sh; do
	[ -f "$t" ] || continue
	run "$(basename "$t" .sh)" sh "$t"
done

# The FreeBSD code compiled against FreeBSD 14.2's headers (it skips
# without them).
run t_freebsd sh "$top/tests/freebsd/t_freebsd.sh" "$build"

# pfilbench-ctl against a stand-in for the module's files: always.  The
# module itself in a virtual machine (two minutes): when KBENCH_VM=1, as
# make check sets it.
run t_ctl sh "$top/tests/vm/t_ctl.sh" "$build"
[ "${KBENCH_VM:-0}" = 1 ] && run t_vm sh "$top/tests/vm/t_vm.sh" "$build"
# Under a debug kernel built from Debian's sources: make check-vm-debug.
[ "${KBENCH_VM_DEBUG:-0}" = 1 ] &&
    run t_vm_debug sh "$top/tests/vm/t_vm_debug.sh" "$build"

[ -n "$notrun" ] && echo "not run:$notrun"
if [ "$skipped" -gt 0 ]; then
	echo "$passed passed, $failed failed, $skipped skipped"
else
	echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]

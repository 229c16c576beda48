#!/bin/sh
# tests/vm/run.sh BUILD: make check-vm: pfilbench-ctl against a stand-in
# (t_ctl.sh, a second) and pfilbench.ko in a virtual machine (t_vm.sh,
# about two minutes).  Like tests/run.sh: each script's output goes to
# BUILD/test-logs/NAME.log, the failures are repeated here, and the last
# line is "N passed, N failed"; exit 1 when anything failed.
build=${1:-build}
top=$(cd "$(dirname "$0")/../.." && pwd)
case $build in /*) ;; *) build=$top/$build ;; esac
logs=$build/test-logs
mkdir -p "$logs"
passed=0 failed=0
for name in t_ctl t_vm; do
	log=$logs/$name.log
	sh "$top/tests/vm/$name.sh" "$build" >"$log" 2>&1
	status=$?
	p=$(grep -c '^ok' "$log")
	f=$(grep -c '^not ok' "$log")
	if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name exited with status $status"
		f=1
	fi
	grep '^not ok' "$log"
	printf '%-28s %4d passed, %d failed\n' "$name" "$p" "$f"
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

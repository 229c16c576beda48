#!/bin/sh
# make check-valgrind: the test suite with kbench, testsleep, lockbench,
# pfilbench-ctl and the unit tests under valgrind's memcheck.
#
#   sh mk/valgrind.sh BUILD
#
# BUILD/vg/ gets one small script per program, named like it, that execs
# valgrind on the real one in BUILD; tests/run.sh then runs the suite on
# BUILD/vg as if it were a build, so every "$KBENCH" of a test, and each
# testsleep or lockbench kbench starts (KBENCH_LIBEXEC points at BUILD/vg
# unless a test set it), runs under memcheck.  --trace-children=yes
# follows what kbench execs itself (kbench nightly runs kbench collect);
# the system's programs, the wrappers, and the tests' stand-ins in
# fixtures/ or the temporary directory are skipped.
#
# Each process writes its own log, BUILD/vg/logs/ID-PID.log (an ID per
# wrapper run: PIDs wrap around at 32768 on Linux).  Exit statuses pass
# through unchanged, except 99 for a process with a memory error or a
# definite or indirect leak.  The last step reads every log and fails on
# any such error, whatever the tests said.
#
# KBENCH_SKIP_TESTS: the test files not run (tests/run.sh), by default
# those that measure time or kill on a schedule, which valgrind's
# 20-50 times slower, serialised threads would turn into false failures:
#   t_collect      slack 1 ns vs 50 us must change sleep overshoot; a
#                  1-second hang timeout
#   t_testsleep    checks measured sleep lengths against the request
#   t_lockbench    timed lock loops of 2 threads; signals mid-run
#   t_crash        kill -9 at random moments of timed collections
#   t_concurrency  writers racing on busy timeouts
#   t_scale        compares the time of a text table with CSV's, and
#                  measures trend's peak memory (valgrind's own)
#   t_faults       fills the disk mid-merge with a million samples: too
#                  slow under valgrind, and ulimit -f would cut its logs
# and t_freebsd, which runs no program of kbench's (it compiles them for
# FreeBSD: nothing for memcheck to see).
# tests/valgrind.supp holds the suppressions, third-party code only.
set -u

build=$1
top=$(cd "$(dirname "$0")/.." && pwd)
case $build in /*) ;; *) build=$top/$build ;; esac
vg=$build/vg
: "${KBENCH_SKIP_TESTS=t_collect t_collector_hostile t_testsleep t_lockbench t_crash t_concurrency t_scale t_faults t_freebsd}"
export KBENCH_SKIP_TESTS

# Absolute paths: a test may run kbench with PATH=/nonexistent.
valgrind=$(command -v valgrind) || { echo "valgrind: not installed" >&2; exit 1; }
date=$(command -v date)
rm -rf "$vg"
mkdir -p "$vg/logs"
# Tests run kbench as nobody too (setpriv): its logs must be writable.
chmod 1777 "$vg/logs"

tmp=${TMPDIR:-/tmp}
skip="/bin/*,/sbin/*,/usr/bin/*,/usr/sbin/*,/usr/local/bin/*,/usr/lib*"
skip="$skip,$tmp/*,$top/tests/*,$top/contrib/*,$vg/*"
opts="--error-exitcode=99 --leak-check=full"
opts="$opts --errors-for-leak-kinds=definite,indirect --track-fds=no"
opts="$opts --num-callers=30 --suppressions=$top/tests/valgrind.supp"
opts="$opts --trace-children=yes --trace-children-skip=$skip"

for p in kbench testsleep lockbench pfilbench-ctl "$build"/test_*; do
	p=$(basename "$p")
	[ -x "$build/$p" ] || { echo "valgrind: no $build/$p" >&2; exit 1; }
	cat >"$vg/$p" <<EOF
#!/bin/sh
# $p under valgrind's memcheck: made by mk/valgrind.sh.
KBENCH_LIBEXEC=\${KBENCH_LIBEXEC-$vg}
KBENCH_VG_ID=\$($date +%s).\$\$
export KBENCH_LIBEXEC KBENCH_VG_ID
exec $valgrind $opts \\
    --log-file=$vg/logs/%q{KBENCH_VG_ID}-%p.log $build/$p "\$@"
EOF
	chmod 755 "$vg/$p"
done

start=$(date +%s)
# The path kbench finds itself by (/proc/self/exe) is the real binary;
# KBENCH_VALGRIND=1 scales down a test's CPU-time bound (t_import).
KBENCH_SELF=$build/kbench KBENCH_VALGRIND=1 sh "$top/tests/run.sh" "$vg"
tests=$?
secs=$(($(date +%s) - start))

# The figures, from every log: which program, its error summary, its
# leaks.  A log without a summary is a process killed by a test, or a
# child between fork and exec.
cd "$vg/logs" || exit 1
awk '
/== Command: / {
	prog = $3; sub(".*/", "", prog)
	n[prog]++; procs++
}
/== ERROR SUMMARY: / { done++; if ($4 > 0) { bad++; errs += $4; print FILENAME ": " $0 } }
/== +definitely lost: / { gsub(",", "", $4); def += $4 }
/== +indirectly lost: / { gsub(",", "", $4); ind += $4 }
END {
	printf "valgrind: %d processes traced:", procs
	for (p in n) printf " %s %d", p, n[p]
	printf "\nvalgrind: %d ended with a summary, %d without (killed, or " \
	    "forked and exec'"'"'d)\n", done, procs - done
	printf "valgrind: %d errors in %d processes; definitely lost %d bytes, " \
	    "indirectly lost %d bytes\n", errs, bad, def, ind
	exit bad > 0 || def > 0 || ind > 0
}' ./*.log
memcheck=$?
echo "valgrind: $secs s; logs in $vg/logs"
[ "$tests" -eq 0 ] && [ "$memcheck" -eq 0 ]

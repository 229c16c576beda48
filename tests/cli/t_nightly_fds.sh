#!/bin/sh
# kbench nightly and its children (issue 26, finding 19): a child gets
# only 0, 1 and 2 (no lock, no database, no pipe of another child), and
# a fact command that leaves a background process behind does not lock
# out the next night.
. "$(dirname "$0")/lib.sh"

unset KBENCH_LIBEXEC
[ -d /proc/self/fd ] || { echo "SKIP: no /proc/self/fd"; exit 0; }

# 1. What a fact command's shell holds: it tries to duplicate each of
# 3..9 itself (dash takes no higher one; no pipe, no child: a
# pipeline's own ends would show).
cat >fds.conf <<'EOF'
database  fds.db
label     fds
fact-command fds o=; for f in 3 4 5 6 7 8 9; do if { true >&$f; } 2>/dev/null; then o="$o $f"; fi; done; echo "0 1 2$o"
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF
kb nightly -f fds.conf
expect_rc 0 "a night whose fact command lists its descriptors"
s=$(db_query fds.db "SELECT DISTINCT value FROM run_fact WHERE key = 'fds'")
[ "$s" = "0 1 2" ]
check $? "a fact command holds descriptors 0, 1, 2 only (it held: $s)"

# 2. A fact command that leaves a sleeper behind (its output to
# /dev/null, so only an inherited descriptor could hold the lock).
cat >bg.conf <<'EOF'
database  bg.db
label     bg
fact-command sleeper sleep 300 </dev/null >/dev/null 2>&1 & echo $!
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF
kb nightly -f bg.conf
expect_rc 0 "a night whose fact command leaves a sleeper"
kb nightly -f bg.conf
expect_rc 0 "the next night, the sleeper still there: not locked out"
expect_err "" "the next night: nothing on stderr"
for p in $(db_query bg.db "SELECT value FROM run_fact WHERE key = 'sleeper'"); do
	kill "$p" 2>/dev/null
done

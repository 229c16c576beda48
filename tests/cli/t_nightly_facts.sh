#!/bin/sh
# kbench nightly's fact commands (issue 26, finding 21): one that prints
# invalid UTF-8 and one that prints 3 MB are left out with a warning,
# the same in the dry run as at night, and the night goes on with the
# good facts (kbench collect would refuse the bad ones: every
# collection would fail).
. "$(dirname "$0")/lib.sh"

unset KBENCH_LIBEXEC
cat >f.conf <<'EOF2'
database  f.db
label     f
fact      branch=main
fact-command good echo v6.8
fact-command latin1 printf 'caf\351\n'
fact-command big head -c 3000000 /dev/zero | tr '\0' x; echo
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF2
cat >want.err <<'EOF2'
kbench: nightly: f.conf:5: fact-command latin1: printed 'caf\xe9': invalid UTF-8 (byte 0xe9): kbench keeps text as UTF-8, as its CSV, JSON and reports are: the fact is left out
kbench: nightly: f.conf:6: fact-command big: its first line is over 4096 bytes: the fact is left out
EOF2

kb nightly -f f.conf -n
expect_rc 0 "a dry run with two bad fact commands"
expect_err "$(cat want.err)" "the dry run warns of both bad facts"
grep -q -- "--meta nightly=f --meta branch=main --meta good=v6.8 -q " "$T/out"
check $? "the dry run shows the facts the night would give, the bad ones left out"
[ ! -e f.db ]; check $? "the dry run creates no database"

kb nightly -f f.conf
expect_rc 0 "the night with two bad fact commands completes"
expect_err "$(cat want.err)" "the night warns as the dry run did"
s=$(sql f.db "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key,
    value FROM run_fact WHERE key IN ('branch', 'good', 'latin1', 'big',
    'nightly') ORDER BY key)")
[ "$s" = "branch=main good=v6.8 nightly=f" ]
check $? "the run has the good facts, not the bad ones ($s)"
s=$(sql f.db "SELECT status FROM run")
[ "$s" = complete ]; check $? "its run is complete ($s)"
s=$(sql f.db "SELECT status FROM nightly")
[ "$s" = ok ]; check $? "the night is ok ($s)"

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
s=$(db_query f.db "SELECT group_concat(key || '=' || value, ' ') FROM (SELECT key,
    value FROM run_fact WHERE key IN ('branch', 'good', 'latin1', 'big',
    'nightly') ORDER BY key)")
[ "$s" = "branch=main good=v6.8 nightly=f" ]
check $? "the run has the good facts, not the bad ones ($s)"
s=$(db_query f.db "SELECT status FROM run")
[ "$s" = complete ]; check $? "its run is complete ($s)"
s=$(db_query f.db "SELECT status FROM nightly")
[ "$s" = ok ]; check $? "the night is ok ($s)"

# Finding 5 (issue 26): a NUL byte in a fact command's output would cut
# the fact short ("ab"): it is left out, told as invalid UTF-8 is.
cat >nul.conf <<'EOF'
database  nul.db
label     nul
fact-command cut printf 'ab\000cd\n'
collect   sleep -q -r 1 -m nanosleep -u 1 -n 2
EOF
chmod 644 nul.conf
kb nightly -f nul.conf -n
expect_rc 0 "a dry run with a fact command printing a NUL byte"
expect_err "kbench: nightly: nul.conf:3: fact-command cut: printed a NUL byte: the fact is left out" \
    "the fact with a NUL byte is left out, with a warning"
grep -q -- "--meta nightly=nul -q " "$T/out"
check $? "the fact with a NUL byte is not given to collect, cut or whole"

# Finding 9: a fact kbench records itself (the host, the collector's
# pid and identity...) cannot be given: faked, a dead run would show
# running for ever; silently dropped, it would be lost with no word.
for kv in host=fake collector_pid=5 collector_process=zz hz=1000; do
	kb collect sleep -q -r 1 -m nanosleep -u 1 -n 2 --meta "$kv"
	expect_rc 2 "collect --meta $kv"
	expect_err "kbench: collect sleep: --meta: '${kv%%=*}' is a fact kbench records itself" \
	    "collect --meta $kv: refused, naming the fact"
done
s=$(db_query "$KBENCH_DB" "SELECT count(*) FROM run" 2>/dev/null)
[ "${s:-0}" = 0 ]; check $? "no run is made with a faked fact (${s:-0})"
printf 'fact collector_process=zz\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2\n' >own.conf
printf 'fact-command host echo fake\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2\n' >own2.conf
chmod 644 own.conf own2.conf
kb nightly -f own.conf -n
expect_rc 2 "a nightly fact naming collector_process"
expect_err "kbench: nightly: own.conf:1: fact key 'collector_process' is a fact kbench records itself" \
    "the nightly refuses a fact kbench records itself"
kb nightly -f own2.conf -n
expect_rc 2 "a nightly fact-command naming host"
expect_err "kbench: nightly: own2.conf:1: fact key 'host' is a fact kbench records itself" \
    "the nightly refuses a fact-command kbench records itself"

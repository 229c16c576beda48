#!/bin/sh
# kbench collect ... --until decided|precision=P% (issue 28, part 2):
# the collection stops the round every series is decided, records why
# (the fact stopped_by), and its stored run analyzes to the decision the
# collector took.  The fake benchmark (tests/fixtures/fakebench, mode
# slower: select 10% above nanosleep, every round alike) makes the rounds
# exact; one real collection checks testsleep end to end.
. "$(dirname "$0")/lib.sh"

FAKE=$FIXTURES/fakebench
fake() { KBENCH_LIBEXEC=$FAKE FAKE_MODE=${mode:-slower} kb "$@"; }
# dbfact DB KEY: the newest run's fact KEY.
dbfact() {
	db_query "$1" "SELECT value FROM run_fact WHERE key = '$2' ORDER BY run_id DESC LIMIT 1"
}
# expect_dbfact DB KEY VALUE WHAT
expect_dbfact() {
	v=$(dbfact "$1" "$2")
	if [ "$v" = "$3" ]; then ok "$4 ($2 $3)"; else
		not_ok "$4: $2 is '$v', want '$3'"; fi
}

# 1. Two series a side, alike every round: decided the first round the
# sequence can decide, at its 97.5% (Bonferroni over 2): round 7.
mode=slower fake --db u.db collect sleep -v -l u1 -m nanosleep,select -u 100,300 \
    --until decided --max-rounds 20
expect_rc 0 "--until decided"
grep -q '^kbench collect sleep: every series decided after 7 of 20 rounds: 13 rounds saved$' "$T/err"
check $? "--until decided: stopped at round 7, 13 saved ($(grep 'saved' "$T/err"))"
grep -q '^round 7: 2 of 2 series decided$' "$T/err" &&
grep -q 'x up to 20 rounds, about .*, stopping once every series is answered$' "$T/err"
check $? "--until decided: the matrix line and the progress say so"
grep -q '^run 1 (sleep, label u1): 7 rounds of 4 cells' "$T/out"
check $? "--until decided: the summary counts the rounds run"
expect_dbfact u.db stopped_by decided "the run records why it stopped"
expect_dbfact u.db rounds 7 "the run records its rounds"
kb --db u.db analyze --compare method=nanosleep method=select --sequential --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = [c["sequential"] for c in d["comparisons"]]
assert [x["decided_at"] for x in s] == [7, 7], s
assert all(x["verdict"] == "regressed" and x["rounds"] == 7 for x in s), s
' "$T/out"
check $? "analyze --sequential on the stored run: the collector's decision"

# 2. The sides alike: never decided, the cap.
mode=ok fake --db cap.db collect sleep -l c -m nanosleep,select -u 100 \
    --until decided --max-rounds 8
expect_rc 0 "--until decided, nothing to find"
grep -q '^kbench collect sleep: the cap: 0 of 1 series decided after 8 rounds$' "$T/err" &&
! grep -q '^round ' "$T/err"
check $? "the cap: said, and no progress lines off a terminal ($(grep 'cap' "$T/err"))"
expect_dbfact cap.db stopped_by cap "the cap: stopped_by cap"
# 3. precision=P%: every interval within +-P%.
mode=slower fake --db p.db collect sleep -q -l p -m nanosleep,select -u 100 \
    --until precision=5%
expect_rc 0 "--until precision=5%"
expect_dbfact p.db stopped_by precision "--until precision: stopped_by precision"
expect_dbfact p.db rounds 6 "--until precision: one series, round 6"

# 4. Refused before any run: nothing to compare, a cap below what the
# sequence needs, -r with --until, --max-rounds alone, a bad --until.
for args in "-m nanosleep -u 100 --until decided" \
    "-m nanosleep,select -u 100,300 --until decided --max-rounds 6" \
    "-m nanosleep,select -r 5 --until decided" \
    "-m nanosleep,select --max-rounds 5" \
    "-m nanosleep,select --until precision=0%" \
    "-m nanosleep,select --until maybe"; do
	# shellcheck disable=SC2086
	fake --db refused.db collect sleep $args
	expect_rc 2 "collect sleep $args"
done
[ ! -e refused.db ]; check $? "refused: no database made"
fake --db refused.db collect sleep -m nanosleep,select -u 100,300 --until decided --max-rounds 6
expect_err "kbench: collect sleep: --max-rounds 6: with 2 series a side the sequence cannot decide before round 7: --max-rounds 7 at least" \
    "--max-rounds below the minimum: said, with the minimum"
fake --db refused.db collect sleep -m nanosleep,select -r 5 --until decided
expect_err "kbench: collect sleep: -r and --until: the rounds are --until's to decide, up to --max-rounds (default 30)" \
    "-r with --until: said"
fake --db refused.db collect sleep -m nanosleep,select --max-rounds 5
expect_err "kbench: collect sleep: --max-rounds is the cap of --until: give --until decided or --until precision=P%, or -r N" \
    "--max-rounds alone: said"
fake --db refused.db collect sleep -m nanosleep,select --until maybe
expect_err "kbench: collect sleep: --until 'maybe': expected decided or precision=P% (0 < P < 100)" \
    "a bad --until: said"
fake --db refused.db collect sleep -m nanosleep -u 100 --until decided
expect_err "kbench: collect sleep: --until compares two values of method collected in the same rounds (-m nanosleep,select), or the run with --baseline RUN; this matrix has 1" \
    "--until with one method: said"
fake --db refused.db collect sleep -m nanosleep,select -u 100 --meta method=select --until decided
expect_rc 2 "--until with --meta of its key"
expect_err "kbench: collect sleep: --until: --meta method: the key --until compares the values of" \
    "--until with --meta of its key: said"
fake --db refused.db collect lock -H rw -k null,mtx --until decided
expect_rc 2 "collect lock --until with one head"

# A cell that fails: the run aborted, stopped_by failed (not cap).
mode=crash fake --db crash.db collect sleep -q -m nanosleep,select -u 100 --until decided
expect_rc 4 "--until, a cell crashes"
expect_dbfact crash.db stopped_by failed "a crashed --until run: stopped_by failed"

# 5. Interrupted (the sides alike: it would run to 100000 rounds):
# stopped_by interrupted, exit 130, the run aborted with its rounds.
FAKE_MODE=ok KBENCH_LIBEXEC=$FAKE "$KBENCH" --db int.db collect sleep -q \
    -l i -m nanosleep,select -u 100 --until decided --max-rounds 100000 \
    >/dev/null 2>&1 &
pid=$!
sleep 1
kill -INT $pid
wait $pid
rc=$?
v=$(dbfact int.db stopped_by)
[ "$v" = interrupted ] && [ "$rc" -eq 130 ] &&
[ "$(db_query int.db "SELECT status FROM run")" = aborted ]
check $? "an interrupted --until: stopped_by $v, exit $rc, the run aborted"

# 6. Against a stored run (--baseline): every cell of the matrix, round
# k against the baseline's round k.  The baseline (mode ok) has both
# methods, 10 rounds; the new run (mode slower: select 10% above) only
# select: decided at round 6 (one series), the cap lowered to the
# baseline's 10 rounds, and analyze --sequential agrees.
mode=ok fake --db b.db collect sleep -q -l base -r 10 -m nanosleep,select -u 100
mode=slower fake --db b.db collect sleep -v -l new -m select -u 100 \
    --until decided --baseline base
expect_rc 0 "--until decided --baseline"
grep -q '^kbench collect sleep: --baseline base has 10 rounds: at most 10 here$' "$T/err"
check $? "--baseline: the cap is the baseline's rounds, said"
grep -q '^kbench collect sleep: every series decided after 6 of 10 rounds: 4 rounds saved$' "$T/err"
check $? "--baseline: decided at round 6 ($(grep 'saved' "$T/err"))"
expect_dbfact b.db stopped_by decided "--baseline: stopped_by decided"
kb --db b.db analyze --compare base new --where method=select --sequential --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = [c["sequential"] for c in d["comparisons"]]
assert [(x["decided_at"], x["verdict"], x["rounds"]) for x in s] == [(6, "regressed", 6)], s
' "$T/out"
check $? "--baseline: analyze --sequential on the stored runs gives the collector's decision"
# Refused before the run: each said, the database unchanged.
mode=ok fake --db b.db collect sleep -q -l short -r 5 -m select -u 100
mode=ok fake --db b.db collect sleep -q -l twice -r 6 -m select -u 100
mode=ok fake --db b.db collect sleep -q -l twice -r 6 -m select -u 100
n=$(db_query b.db "SELECT count(*) FROM run")
baseline_refused() {
	want=$1
	shift
	fake --db b.db collect "$@" --until decided
	expect_rc 2 "--baseline refused: $*"
	expect_err "$want" "--baseline refused: said"
}
baseline_refused "kbench: collect sleep: --baseline nosuch: no complete run of this benchmark has that label or id: name one run (its id or uuid: kbench runs -b sleep)" \
    sleep -m select -u 100 --baseline nosuch
baseline_refused "kbench: collect sleep: --baseline base: the cells do not match: it lacks method=select,usec=300, method=select,usec=1000" \
    sleep -m select -u 100,300,1000 --baseline base
baseline_refused "kbench: collect sleep: --baseline short has 5 rounds: with 1 series the sequence cannot decide before round 6" \
    sleep -m select -u 100 --baseline short
baseline_refused "kbench: collect sleep: --baseline twice: more than one complete run of this benchmark has it: name one run (its id or uuid: kbench runs -b sleep)" \
    sleep -m select -u 100 --baseline twice
baseline_refused "kbench: collect lock: --baseline base: no complete run of this benchmark has that label or id: name one run (its id or uuid: kbench runs -b lock)" \
    lock -H rw -k null --baseline base
[ "$(db_query b.db "SELECT count(*) FROM run")" = "$n" ]
check $? "--baseline refused: no run made"
fake --db b.db collect sleep -m select -u 100 --baseline base
expect_rc 2 "--baseline without --until"
expect_err "kbench: collect sleep: --baseline is the side --until compares against: give --until decided or --until precision=P%, or -r N" \
    "--baseline without --until: said"
fake --db nosuch.db collect sleep -m select -u 100 --until decided --baseline base
expect_rc 2 "--baseline in a database that does not exist"
[ ! -e nosuch.db ]; check $? "--baseline: no database made for it"
fake --db b.db collect sleep -m select -u 100 --until decided --baseline "$(printf 'b\033[2Jx')"
expect_err 'kbench: collect sleep: --baseline b\x1b[2Jx: no complete run of this benchmark has that label or id: name one run (its id or uuid: kbench runs -b sleep)' \
    "--baseline: a control byte shown, not sent"

# The run records which run was its baseline; its own label may not
# be the baseline's (a label would then name both sides).
b1=$(db_query b.db "SELECT uuid FROM run WHERE label = 'base'")
v=$(db_query b.db "SELECT value FROM run_fact f JOIN run r ON r.id = f.run_id WHERE r.label = 'new' AND f.key = 'baseline_run'")
[ "$v" = "$b1" ]; check $? "--baseline: the run's fact baseline_run is the baseline's uuid"
fake --db b.db collect sleep -l base -m select -u 100 --until decided --baseline base
expect_rc 2 "--baseline with the baseline's own label"
expect_err "kbench: collect sleep: --baseline base: this run's label is the baseline's: give it another (-l)" \
    "--baseline with the baseline's own label: said"
# A baseline of another measure (ms, higher is better, imported) is not
# compared with microseconds: the first check says so and the
# collection stops there, stopped_by incomparable, exit 2.
"$KBENCH" --db b.db export --label base --facts none |
    sed '2,$ s/,base,/,msbase,/; 2,$ s/^[0-9a-f-]*,/00000000-0000-4000-8000-0000000000aa,/; 2,$ s/,us,lower,/,ms,higher,/' >ms.csv
kb --db b.db import -q ms.csv
mode=slower fake --db b.db collect sleep -q -l vs-ms -m select -u 100 --until decided --baseline msbase
expect_rc 2 "--baseline of another unit"
grep -q "not the same measure" "$T/err"
check $? "--baseline of another unit: not the same measure, said"
grep -q '^kbench: collect: --until: the run.s sides cannot be compared (above): no answer can come, stopped$' "$T/err"
check $? "--baseline of another unit: stopped at once, said"
expect_dbfact b.db stopped_by incomparable "--baseline of another unit: stopped_by incomparable"
n=$(db_query b.db "SELECT value FROM run_fact f JOIN run r ON r.id = f.run_id WHERE r.label = 'vs-ms' AND f.key = 'rounds'")
[ "$n" = 1 ]; check $? "--baseline of another unit: one round, not the cap ($n)"
kb --db b.db analyze --compare base msbase
expect_rc 2 "analyze --compare of two measures"
expect_err "kbench: analyze: --compare: method=nanosleep,usec=100: us, lower is better, in base; ms, higher is better, in msbase: not the same measure" \
    "analyze --compare of two measures: said"
# A warning of the comparison (here: the baseline, imported without its
# facts, does not say which rw lock it ran) is said once, not once a
# round: the check reads the run again after each (cron mails stderr).
kb --db lk.db collect lock -q -l lb -r 7 -H rw -k null -t 1 --duration 5 --backend user
"$KBENCH" --db lk.db export --facts none |
    sed '2,$ s/,lb,/,lbk,/; 2,$ s/^[0-9a-f-]*,/00000000-0000-4000-8000-0000000000bb,/' >lbk.csv
kb --db lk.db import -q lbk.csv
kb --db lk.db collect lock -q -l ln -H rw -k null -t 1 --duration 5 --backend user \
    --until decided --baseline lbk --max-rounds 7
expect_rc 0 "--baseline whose lock is not recorded"
n=$(grep -c 'is not recorded in uuid=00000000-0000-4000-8000-0000000000bb' "$T/err")
[ "$n" = 1 ]; check $? "a warning of the check: said once over 7 rounds (got $n)"
# A nightly checks its --baseline before the night, as collect would.
printf 'database  b.db\ncollect   sleep -q -m select -u 100 --until decided --baseline nosuch\n' >bl.conf
KBENCH_LIBEXEC=$FAKE kb nightly -f bl.conf --dry-run
expect_rc 2 "a nightly --baseline that names no run"
grep -q '^kbench: collect sleep: --baseline nosuch: no complete run of this benchmark has that label or id' "$T/err" &&
grep -q 'bl.conf:2: collect sleep: kbench collect refuses this line' "$T/err"
check $? "a nightly --baseline: refused in the dry run, with its line"

# 7. --until-where: only the series it names need deciding.  Mode
# slower300: select is 10% slower at usec 300 only; at 100 the methods
# are alike and never decided.  Watching usec=300 stops at round 7 (the
# level still Bonferroni over both series, as analyze reads the run);
# watching all runs to the cap.
mode=slower300 fake --db w.db collect sleep -v -l w -m nanosleep,select \
    -u 100,300 --until decided --until-where usec=300 --max-rounds 12
expect_rc 0 "--until-where usec=300"
grep -q '^round 7: 1 of 1 series decided (those --until-where names)$' "$T/err" &&
grep -q '^kbench collect sleep: every series --until-where names decided after 7 of 12 rounds: 5 rounds saved$' "$T/err"
check $? "--until-where: the series it names decided at round 7, said"
expect_dbfact w.db stopped_by decided "--until-where: stopped_by decided"
kb --db w.db analyze --compare method=nanosleep method=select --label w --sequential --format json
python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
s = {c["a"]["series"]: c["sequential"]["decided_at"] for c in d["comparisons"]}
assert s == {"method=nanosleep,usec=100": None, "method=nanosleep,usec=300": 7}, s
' "$T/out"
check $? "--until-where: analyze --sequential agrees (usec=300 at 7, usec=100 undecided)"
mode=slower300 fake --db w.db collect sleep -l all -m nanosleep,select \
    -u 100,300 --until decided --max-rounds 9
grep -q '^kbench collect sleep: the cap: 1 of 2 series decided after 9 rounds$' "$T/err"
check $? "without --until-where: to the cap"
mode=slower300 fake --db w.db collect sleep -l w2 -m nanosleep,select \
    -u 100,300 --until decided --until-where usec=100 --until-where usec=300 --max-rounds 9
grep -q '^kbench collect sleep: the cap: 1 of 2 series --until-where names decided after 9 rounds$' "$T/err"
check $? "--until-where twice: either value (OR within a key)"
for a in "method=select:kbench: collect sleep: --until-where method: the key --until compares the values of (name the other keys)" \
    "hz=1:kbench: collect sleep: --until-where: hz is not a series key of this matrix" \
    "usec=5:kbench: collect sleep: --until-where: names no cell of this matrix" \
    "foo:kbench: collect sleep: --until-where 'foo': expected KEY=VALUE (a series key of the matrix: method=select, usec=100)"; do
	fake --db refused.db collect sleep -m nanosleep,select -u 100,300 --until decided --until-where "${a%%:*}"
	expect_rc 2 "--until-where ${a%%:*}"
	expect_err "${a#*:}" "--until-where ${a%%:*}: said"
done
fake --db refused.db collect sleep -m nanosleep,select -u 100 --until-where usec=100
expect_err "kbench: collect sleep: --until-where names the series --until waits for: give --until decided or --until precision=P%, or -r N" \
    "--until-where without --until"
[ ! -e refused.db ]; check $? "--until-where refused: no database made"

# 8. The real testsleep: nanosleep against poll (whole milliseconds).
kb --db real.db collect sleep -q -l r -m nanosleep,poll -u 200 -n 5 --until decided
expect_rc 0 "--until decided with testsleep"
v=$(dbfact real.db stopped_by)
r=$(dbfact real.db rounds)
[ "$v" = decided ] && [ "$r" -ge 6 ] && [ "$r" -le 30 ]
check $? "testsleep: nanosleep against poll decided by round 30 (stopped_by $v at $r)"

#!/bin/sh
# kbench nightly: the configuration file and its errors, a dry run, two
# nights in a row (two labels) and a third locked out (exit 75, logged),
# a failing collection that does not stop the others, SIGTERM, the log
# (--list with -d alone), -q, a shift injected in real sleep data (timer
# slack 1 ns, then 5 ms) found by the trend check, every configuration
# the tree ships (contrib/, the README's) checked by a dry run, and the
# contrib/ crontab line and systemd units run as they would be.
. "$(dirname "$0")/lib.sh"

TODAY=$(date +%Y-%m-%d)
unset KBENCH_LIBEXEC
# The path kbench finds itself by: $KBENCH, unless that is a wrapper
# (make check-valgrind's), which says where the binary is.
SELF=${KBENCH_SELF:-$KBENCH}

# A short, real configuration: testsleep with a tiny matrix.
cat >lab.conf <<'EOF'
# a short nightly
database  lab.db
label     "night-%Y-%m-%d"   # local time
fact      branch=main
fact-command kernel_git echo v6.8-31-gabc; echo second line
collect   sleep -q -r 2 -m nanosleep -u 1,10 \
          -n 5
# Sleeps of 1 and 10 us on a busy machine move by 10% from night to
# night: only a doubling is a regression here (shift.conf below has one).
trend     --last 30 --threshold 100
EOF

# 1. Help and dry run.
kb nightly --help
expect_rc 0 "nightly --help"
grep -q 'usage: kbench nightly \[-f CONF\]' "$T/out"; check $? "--help: the synopsis"
kb nightly -f lab.conf --dry-run
expect_rc 0 "a dry run"
cat >want <<EOF
kbench nightly: dry run of lab: lab.conf, label night-$TODAY, database lab.db, lock lab.db.nightly.lock
kbench nightly: [1/1] would run collect sleep (line 6): $SELF --db lab.db collect sleep --label night-$TODAY --meta nightly=lab --meta branch=main --meta kernel_git=v6.8-31-gabc -q -r 2 -m nanosleep -u 1,10 -n 5
kbench nightly: would run trend check: $SELF --db lab.db trend --where nightly=lab --fail-on-regression --last 30 --threshold 100
EOF
expect_out_file want "a dry run prints the commands, shell-quoted, with the facts its fact commands print"
[ ! -e lab.db ] && [ ! -e lab.db.nightly.lock ]; check $? "a dry run creates nothing"

# 2. Two nights in a row, on one day: two labels, the second with a
# sequence number (as the dry run between them says).
kb nightly -f lab.conf
expect_rc 0 "night 1"
expect_err "" "night 1: nothing on stderr"
kb nightly -f lab.conf --dry-run
expect_rc 0 "a dry run after a night"
head -1 "$T/out" | grep -q "label night-$TODAY.2, database lab.db,"
check $? "the dry run says the next night's label: night-$TODAY.2"
kb nightly -f lab.conf
expect_rc 0 "night 2"
expect_err "" "night 2: nothing on stderr"
grep -q "^kbench nightly: [0-9:]* lab: ok; 0 of 1 collection failed; trend check: no regression$" \
    "$T/out"; check $? "the last line says how it went"
grep -q "^kbench nightly: [0-9:]* lab: lab.conf, label night-$TODAY.2, database lab.db, lock lab.db.nightly.lock$" \
    "$T/out"; check $? "the second night of the day is labelled night-$TODAY.2"
s=$(db_query lab.db "SELECT group_concat(label || ' ' || status, ', ') FROM run")
[ "$s" = "night-$TODAY complete, night-$TODAY.2 complete" ]
check $? "one complete run under each night's label ($s)"
n=$(db_query lab.db "SELECT count(*) FROM run_fact WHERE
    (key = 'nightly' AND value = 'lab') OR (key = 'branch' AND value = 'main') OR
    (key = 'kernel_git' AND value = 'v6.8-31-gabc')")
[ "$n" = 6 ]; check $? "each run has the facts nightly, branch and kernel_git (first line) ($n of 6)"
kb nightly -f lab.conf --list
expect_rc 0 "--list"
awk 'NR > 1 { print $1, $2, $3, $6, $7, $8 }' "$T/out" >got
printf '%s\n' "1 lab night-$TODAY ok 1/1 ok" "2 lab night-$TODAY.2 ok 1/1 ok" >want
cmp -s want got; check $? "--list: both nights, ok, their collections and trend status"
head -1 "$T/out" | grep -q '^id name *label *started *ended *status *collected *trend *host$'
check $? "--list: the header"
# The log needs no configuration: kbench's -d (or $KBENCH_DB) will do,
# from a directory with no kbench.conf.
cp "$T/out" list.want
mkdir -p elsewhere
cd elsewhere || exit 1
kb -d ../lab.db nightly --list
expect_rc 0 "-d DB nightly --list, no configuration"
expect_out_file ../list.want "-d DB nightly --list: the same log as -f's"
expect_err "" "-d DB nightly --list: nothing on stderr"
KBENCH_DB=../lab.db "$KBENCH" nightly --list >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "KBENCH_DB=DB nightly --list"
expect_out_file ../list.want "KBENCH_DB=DB nightly --list"
kb -d nosuch.db nightly --list
expect_rc 2 "--list of a database that is not there"
expect_err "kbench: nightly: nosuch.db: no such database (kbench import or kbench collect creates one; -d PATH chooses another)" \
    "--list of a database that is not there: said"
[ ! -e nosuch.db ]; check $? "--list creates no database"
cd "$T" || exit 1

# 3. A third one while a nightly holds the lock: refused at once, named.
cat >slow.conf <<'EOF'
database  lab.db
name      lab
label     night-%Y-%m-%d
collect   sleep -q -r 1 -m nanosleep -u 200000 -n 15
EOF
"$KBENCH" nightly -f slow.conf >slow.out 2>slow.err &
slow=$!
i=0
while [ $i -lt 100 ] && ! grep -q "^pid $slow," lab.db.nightly.lock 2>/dev/null; do
	sleep 0.1; i=$((i + 1))
done
grep -q "^pid $slow, started " lab.db.nightly.lock
check $? "the lock file names the holder"
kb nightly -f lab.conf
expect_rc 75 "a nightly while another holds the lock: EX_TEMPFAIL"
holder=$(head -1 lab.db.nightly.lock)
expect_err "kbench: nightly: another kbench nightly holds lab.db.nightly.lock ($holder): not starting" \
    "locked out: who holds the lock"
expect_empty_out "locked out"
kb nightly -q -f lab.conf
expect_rc 75 "locked out, quiet: 75 too"
expect_err "kbench: nightly: another kbench nightly holds lab.db.nightly.lock ($holder): not starting" \
    "locked out, quiet: said on stderr"
expect_empty_out "locked out, quiet"
wait $slow
rc=$?
expect_rc 0 "the nightly that held the lock finishes"
# Every invocation is logged: the two locked out too, ended as they
# began, under the pattern's label (they chose none).
s=$(db_query lab.db "SELECT group_concat(id || ' ' || label || ' ' || status || ' ' ||
    collections || ' ' || (ended_at = started_at), ', ') FROM nightly WHERE id > 2")
[ "$s" = "3 night-$TODAY.3 ok 1 0, 4 night-$TODAY locked-out 0 1, 5 night-$TODAY locked-out 0 1" ]
check $? "the locked-out nightlies are logged ($s)"
kb nightly -f lab.conf --list
awk 'NR == 5 { print $1, $2, $3, $6, $7, $8 }' "$T/out" >got
echo "4 lab night-$TODAY locked-out 0/0 -" >want
cmp -s want got; check $? "--list: a locked-out nightly ($(cat got))"
kb nightly -f lab.conf
expect_rc 0 "the lock is free again afterwards"
grep -q "label night-$TODAY.4," "$T/out"
check $? "the next night: night-$TODAY.4 (a locked-out one took no label)"

# -q, for cron (which mails whatever a job prints): a good night prints
# nothing at all; a quiet dry run only checks.
kb nightly -q -f lab.conf
expect_rc 0 "-q: a good night"
expect_empty_out "-q: a good night"
expect_err "" "-q: a good night: nothing on stderr"
s=$(db_query lab.db "SELECT label || ' ' || status FROM nightly ORDER BY id DESC LIMIT 1")
[ "$s" = "night-$TODAY.5 ok" ]; check $? "-q: the night ran and is logged ($s)"
kb nightly -q -f lab.conf --dry-run
expect_rc 0 "-q --dry-run"
expect_empty_out "-q --dry-run: checks only"
expect_err "" "-q --dry-run: nothing on stderr"

# A collect line --until refuses is refused by the check, as kbench
# collect refuses it: it passed, and failed every night.
cat >until.conf <<'EOF'
database  until.db
collect   sleep -q -m nanosleep -u 100 --until decided
EOF
kb nightly -f until.conf --dry-run
expect_rc 2 "a nightly --until line collect refuses"
grep -q '^kbench: collect sleep: --until compares two values of method' "$T/err" &&
grep -q 'until.conf:2: collect sleep: kbench collect refuses this line' "$T/err"
check $? "the --until line: collect's reason, and the line"
# So is a trend line kbench trend refuses: before, it collected all
# night and then failed the check, every night.
for opt in "--confirm abc" "--bogus"; do
	cat >trendbad.conf <<-EOF
	database  trendbad.db
	collect   sleep -q -m nanosleep -u 100 -r 1
	trend     --last 30 $opt
	EOF
	kb nightly -f trendbad.conf --dry-run
	expect_rc 2 "a nightly trend line trend refuses ($opt)"
	grep -q 'trendbad.conf:3: trend: kbench trend refuses this line (above): every night.s trend check would fail$' "$T/err"
	check $? "the trend line ($opt): refused, with its line"
	case $opt in --confirm*)
		grep -q "^kbench: trend: --confirm abc: expected a number of runs from 0 to 100$" "$T/err"
		check $? "the trend line: trend's own reason first" ;;
	esac
done
[ ! -e trendbad.db ]; check $? "a refused trend line: nothing collected"

# 4. A collection that fails does not stop the next; a failing fact command
# is left out with a warning.  (A line kbench collect refuses outright,
# an unknown method, is a configuration error: see 7.)  This one hangs:
# a cell of half a second, killed at its timeout of 0.05 s.
cat >bad.conf <<'EOF'
database  bad.db
fact-command broken  echo oops; exit 3
collect   sleep -q -r 1 -m nanosleep -u 100000 -n 5 --timeout 0.05
collect   sleep -q -r 1 -m nanosleep -u 1 -n 5
EOF
kb nightly -f bad.conf
expect_rc 4 "a failed collection: exit 4"
cat >want <<'EOF'
kbench: nightly: bad.conf:2: fact-command broken: exit status 3: the fact is left out
kbench: collect: cell method=nanosleep,usec=100000 (round 1): no result after 0 s: killed (a hang?)
EOF
head -2 "$T/err" >got
cmp -s want got; check $? "the warnings: the fact, the collection's own error"
grep -q '^kbench nightly: \[1/2\] [0-9:]* collect sleep (line 3): FAILED (exit status 4) after [0-9]* s$' \
    "$T/out"; check $? "the failed collection is named, with its line"
grep -q '^kbench nightly: \[2/2\] [0-9:]* collect sleep: ok in [0-9]* s$' "$T/out"
check $? "the next collection ran"
n=$(db_query bad.db "SELECT count(*) FROM run WHERE status = 'complete'")
[ "$n" = 1 ]; check $? "the good collection's run is stored"
n=$(db_query bad.db "SELECT count(*) FROM run_fact WHERE key = 'broken'")
[ "$n" = 0 ]; check $? "the failed fact is not recorded"
s=$(db_query bad.db "SELECT status || ' ' || collections || ' ' || failed FROM nightly")
[ "$s" = "failed 2 1" ]; check $? "logged as failed, 1 of 2 ($s)"
# Quiet, the same night says all of it on stderr: the collection's own
# error, which line failed and how the night ended; stdout stays empty.
kb nightly -q -f bad.conf
expect_rc 4 "-q: a failed collection: exit 4"
expect_empty_out "-q: a failed collection"
sed -e 's/[0-9][0-9]:[0-9][0-9]:[0-9][0-9]/HH:MM:SS/' -e 's/) after [0-9]* s$/) after N s/' \
    -e 's/run [0-9]* aborted/run N aborted/' "$T/err" >got
cat >want <<'EOF'
kbench: nightly: bad.conf:2: fact-command broken: exit status 3: the fact is left out
kbench: collect: cell method=nanosleep,usec=100000 (round 1): no result after 0 s: killed (a hang?)
kbench: collect: run N aborted; 0 of 1 rounds kept
kbench nightly: [1/2] HH:MM:SS collect sleep (line 3): FAILED (exit status 4) after N s
kbench nightly: HH:MM:SS bad: failed; 1 of 2 collections failed; trend check: no regression
EOF
cmp -s want got; check $? "-q: a failed collection: stderr says what failed, and where"
cmp -s want got || diff want got | sed 's/^/#   /'

# A night lost to its configuration is logged too, as refused, begun
# and ended at once, when its database is there: a collect line the
# collector refuses (under the pattern's label), a label pattern that
# makes no label (under the pattern itself).  A dry run is not a night.
n0=$(db_query bad.db "SELECT count(*) FROM nightly")
printf 'database bad.db\nname bad\ncollect sleep -q -m nosuchmethod\n' >refused.conf
kb nightly -f refused.conf --dry-run
expect_rc 2 "a refused configuration, dry run"
n=$(db_query bad.db "SELECT count(*) FROM nightly")
[ "$n" = "$n0" ]; check $? "a refused dry run is not logged ($n0, $n)"
kb nightly -q -f refused.conf
expect_rc 2 "a refused configuration"
expect_empty_out "a refused configuration"
grep -q "^kbench: nightly: refused.conf:3: collect sleep: kbench collect refuses this line (above): every night would fail$" \
    "$T/err"; check $? "a refused configuration: said"
printf 'database bad.db\nname bad\nlabel x%%n%%Y\ncollect sleep -q -m nanosleep\n' >refused.conf
kb nightly -f refused.conf
expect_rc 2 "a label pattern that makes no label"
s=$(db_query bad.db "SELECT group_concat(label || ' ' || status || ' ' || collections ||
    ' ' || (ended_at = started_at), ', ') FROM nightly WHERE id > $n0")
[ "$s" = "nightly-$TODAY refused 0 1, x%n%Y refused 0 1" ]
check $? "refused configurations are logged ($s)"

# 5. SIGTERM: passed on to the collection, which keeps its rounds.
cat >term.conf <<'EOF'
database  term.db
collect   sleep -q -r 20 -m nanosleep -u 100000 -n 5
collect   sleep -q -r 1 -m nanosleep -u 1 -n 5
EOF
"$KBENCH" nightly -f term.conf >term.out 2>term.err &
pid=$!
i=0
while [ $i -lt 100 ] && [ "$(db_query term.db "SELECT count(*) FROM sample" 2>/dev/null)" != 10 ]; do
	sleep 0.1; i=$((i + 1))
done
kill -TERM $pid
wait $pid
rc=$?
expect_rc 143 "SIGTERM: exit 143"
s=$(db_query term.db "SELECT status FROM nightly")
[ "$s" = interrupted ]; check $? "logged as interrupted ($s)"
s=$(db_query term.db "SELECT status FROM run")
[ "$s" = aborted ]; check $? "the collection's run is marked aborted, once ($s)"
n=$(db_query term.db "SELECT count(*) FROM sample")
[ "$n" -ge 10 ]; check $? "its committed rounds are kept ($n samples)"
! grep -q '\[2/2\]' term.out; check $? "no collection starts after the signal"
kb nightly -f term.conf --dry-run
expect_rc 0 "the lock is free after the signal"

# 6. An injected shift in real data: nights at timer slack 1 ns, then at
# 5 ms; the trend check finds the night it changed, a regression.  The
# step is some 30-fold and --threshold 200 ignores anything under 3-fold,
# so a loaded machine (sleeps late by a millisecond) cannot fake one.
# Quiet, as cron runs it: the good nights print nothing; the night the
# regression is found prints its report (stdout), once; the nights after
# print nothing again (the regression is known), though they exit 1.
if [ "$(uname -s)" = Linux ]; then
	quiet=0 mails=0 night=0
	for slack in 1 1 1 1 1 1 5000000 5000000 5000000 5000000 5000000 5000000; do
		night=$((night + 1))
		cat >shift.conf <<-EOF
		database  shift.db
		fact      slack=$slack
		collect   sleep -q -r 1 -m nanosleep -u 100 -n 30 --slack $slack
		trend     --threshold 200
		EOF
		kb nightly -q -f shift.conf --fail-on-regression
		[ $rc -eq 0 ] && [ -s "$T/out" -o -s "$T/err" ] && quiet=1
		if [ -s "$T/out" ] || [ -s "$T/err" ]; then
			mails=$((mails + 1))
			cp "$T/out" mail.out
			cp "$T/err" mail.err
		fi
	done
	[ $quiet = 0 ]; check $? "-q: the nights that went well printed nothing"
	expect_rc 1 "--fail-on-regression: the twelfth night ends in exit 1"
	[ $mails = 1 ]; check $? "-q: one night of twelve printed something: the regression's mail (got $mails)"
	[ "$(grep -c '^Subject: ' mail.out)" = 1 ]; check $? "-q: the mail is one report"
	grep -q '^Subject: \[kbench\] method=nanosleep,usec=100: +[0-9.]*% regression at ' mail.out
	check $? "-q: its subject names the series, the change and the first bad night"
	grep -q '^  kbench -d shift.db report --compare [0-9a-f-]* [0-9a-f-]* --where nightly=shift --where method=nanosleep --where usec=100 -o review-[0-9a-f]*$' mail.out
	check $? "-q: the mail says how to see it: kbench report of the nights on each side"
	[ ! -s mail.err ]; check $? "-q: nothing on stderr: a regression is no failure"
	# Two nights after the change are enough to see it, three at most.
	s=$(db_query shift.db "SELECT group_concat(status, ' ') FROM nightly")
	case $s in
	"ok ok ok ok ok ok ok regression regression regression regression regression" |\
	"ok ok ok ok ok ok ok ok regression regression regression regression" |\
	"ok ok ok ok ok ok ok ok ok regression regression regression")
		ok "logged: ok until the shift shows, then regression ($s)" ;;
	*)	not_ok "logged: ok until the shift shows, then regression ($s)" ;;
	esac
	kb --db shift.db trend --where nightly=shift --threshold 200 --format json
	jq -e '.series[0].change_points | length == 1 and .[0].position == 7 and
	    .[0].direction == "regression" and .[0].change > 5' "$T/out" >/dev/null
	check $? "json: one change point, at night 7, up more than 6-fold"
	kb --db shift.db trend --where nightly=shift --threshold 200 --fail-on-regression --recent 5
	expect_rc 0 "--recent 5: the change, 6 nights back, no longer fails"
else
	skip "timer slack is Linux's (prctl PR_SET_TIMERSLACK)"
fi

# The dashboard: a site line refreshes kbench site after the trend check,
# quietly under -q.
cat >site.conf <<EOF
database  site.db
collect   sleep -q -r 1 -m nanosleep -u 100 -n 5
site      web
EOF
kb nightly -q -f site.conf
expect_rc 0 "a night with a site line"
[ ! -s "$T/out" ] && [ ! -s "$T/err" ]; check $? "-q: the site is refreshed without a word"
[ -s web/index.html ]; check $? "the site is written where the line says"
grep -q 'nightly-' web/index.html; check $? "the site shows the night's run"
kb nightly -f site.conf --dry-run
grep -q "^kbench nightly: would run site: .* --db site.db site -o web --where nightly=site\$" "$T/out"
check $? "the dry run says the site it would refresh"
mkdir -p notasite && echo x >notasite/file
sed 's/^site .*/site      notasite/' site.conf >site2.conf
kb nightly -q -f site2.conf
expect_rc 4 "a site that cannot be written fails the night"
grep -q "site2: kbench site -o notasite failed (above)" "$T/err"; check $? "and says so on stderr"

# 7. Configuration errors: file and line, exit 2.
conf_error() {	# conf_error TEXT MESSAGE WHAT
	printf '%s\n' "$1" >e.conf
	kb nightly -f e.conf
	expect_rc 2 "$3"
	expect_err "kbench: nightly: $2" "$3"
}
conf_error 'colect sleep' "e.conf:1: unknown keyword 'colect' (expected name, database, label, lock, fact, fact-command, collect, trend or site)" \
    "an unknown keyword"
conf_error '# nothing' "e.conf: no collect line: nothing to run (collect sleep ... or collect lock ...)" \
    "no collect line"
conf_error 'collect fork -r 1' "e.conf:1: collect: expected sleep or lock, then kbench collect's options, got 'fork'" \
    "an unknown collection"
conf_error 'collect sleep -l mine' "e.conf:1: collect: -l: the nightly sets the label (the label keyword)" \
    "collect with its own label"
conf_error 'collect sleep --db=x.db' "e.conf:1: collect: --db=x.db: the nightly sets the database (the database keyword)" \
    "collect with its own database"
conf_error "$(printf 'name a\nname b')" "e.conf:2: name given twice" "a name given twice"
conf_error 'name "a b' "e.conf:1: name: unterminated \" quote" "an unterminated quote"
conf_error 'name a b' "e.conf:1: name takes one value (quote it if it has blanks), got 2" \
    "two values"
conf_error 'name a/b' "e.conf:1: name 'a/b': expected letters, digits, '_', '-' or '.'" \
    "a bad name"
conf_error 'fact branch' "e.conf:1: fact: expected KEY=VALUE (quote it if it has blanks)" \
    "a fact without ="
conf_error 'fact nightly=x' "e.conf:1: fact key 'nightly' is kbench's own (the configuration's name)" \
    "the reserved fact"
conf_error "$(printf 'fact a=1\n\n# c\nfact a=2')" "e.conf:4: fact a given twice (first on line 1)" \
    "a fact given twice"
conf_error 'fact-command k' "e.conf:1: fact-command: expected KEY COMMAND" \
    "a fact command without a command"
conf_error "$(printf 'collect sleep \\\n  -r 1\ntrend\ntrend')" "e.conf:4: trend given twice" \
    "line numbers count continued lines"
conf_error 'collect sleep -r 1 \' "e.conf:1: the file ends in a backslash" \
    "a backslash at the end of the file"
kb nightly -f nosuch.conf
expect_rc 2 "a missing configuration"
expect_err "kbench: nightly: nosuch.conf: No such file or directory" "a missing configuration"
# A line is bounded (16384 bytes, a continued line as a whole), and a
# read error is an error, not the end of the file (issue 26, 22).
{ printf 'collect sleep -r 1\nfact a='; head -c 16400 /dev/zero | tr '\0' x; echo; } >e.conf
chmod 600 e.conf
kb nightly -n -f e.conf
expect_rc 2 "a configuration line over the bound"
expect_err "kbench: nightly: e.conf:2: line longer than 16384 bytes" \
    "a configuration line over the bound: the file, line and bound named"
{ printf 'collect sleep -r 1\nfact a=\\\n'
  i=0; while [ $i -lt 200 ]; do head -c 100 /dev/zero | tr '\0' x; printf '\\\n'; i=$((i + 1)); done
  echo x; } >e.conf
kb nightly -n -f e.conf
expect_rc 2 "a continued line over the bound"
expect_err "kbench: nightly: e.conf:2: line longer than 16384 bytes" \
    "a continued line over the bound: named by its first line"
mkdir conf.d
kb nightly -n -f conf.d
expect_rc 4 "a configuration that cannot be read (a directory)"
expect_err "kbench: nightly: conf.d: Is a directory" \
    "a configuration that cannot be read: the error, not an empty file"
kb nightly -f lab.conf extra
expect_rc 2 "an unexpected argument"
expect_err "kbench: nightly: unexpected argument 'extra'" "an unexpected argument"
printf 'collect sleep -u 1 -n 1\nlabel ""\n' >e.conf
kb nightly -f e.conf
expect_rc 2 "an empty label"
expect_err "kbench: nightly: e.conf:2: label is empty" "an empty label"

# The nightly sets the label: no getopt abbreviation nor bundle of short
# options gets one past it, since the collect lines go through kbench
# collect's own parser, before anything runs (a dry run too).
conf_error 'collect sleep -q --lab=EVIL' "e.conf:1: collect: --lab=EVIL: the nightly sets the label (the label keyword)" \
    "collect with an abbreviated --label"
conf_error 'collect sleep -q -m nanosleep -u 1 -n 1 -qlEVIL2' "e.conf:1: collect sleep: -l/--label: the nightly sets the label (the label keyword)" \
    "collect with -l in a bundle of short options"
conf_error 'trend --labe=x' "e.conf:1: trend: --labe=x: the nightly sets the label (the label keyword)" \
    "trend with an abbreviated --label"
# A line kbench collect refuses would fail every night: the dry run says so.
# conf_line LINE WHAT ERROR...: LINE refused, in a dry run as in a night,
# with kbench collect's own message and the line named.
conf_line() {
	line=$1 what=$2
	shift 2
	printf 'database line.db\n%s\n' "$line" >e.conf
	for dry in --dry-run ""; do
		kb nightly -f e.conf $dry
		expect_rc 2 "$what${dry:+ (dry run)}"
		printf '%s\n' "$@" >want
		cmp -s want "$T/err"; check $? "$what${dry:+ (dry run)}: said: $(head -c 300 "$T/err" | tr "\n" " ")"
	done
	[ ! -e line.db ]; check $? "$what: nothing run, no database"
}
conf_line 'collect sleep -q -r abc' "collect with -r abc" \
    "kbench: collect sleep: -r abc: expected a number of rounds from 1 to 100000" \
    "kbench: nightly: e.conf:2: collect sleep: kbench collect refuses this line (above): every night would fail"
conf_line 'collect sleep -q -m nosuchmethod' "collect with an unknown method" \
    "kbench: collect sleep: unknown method 'nosuchmethod' ($(dirname "$KBENCH")/testsleep -l lists them)" \
    "kbench: nightly: e.conf:2: collect sleep: kbench collect refuses this line (above): every night would fail"
conf_line 'collect sleep -q --bogus-option' "collect with an unknown option" \
    "kbench collect sleep: unrecognized option '--bogus-option'" \
    "kbench: nightly: e.conf:2: collect sleep: kbench collect refuses this line (above): every night would fail"
conf_line 'collect sleep -q -m nanosleep -u 1 --slack 2000000000' "collect with a slack testsleep refuses" \
    "kbench: collect sleep: cell method=nanosleep,usec=1: testsleep refuses it: testsleep: bad -s '2000000000' (0 to 1000000000 ns) (testsleep's -s is --slack here)" \
    "kbench: nightly: e.conf:2: collect sleep: kbench collect refuses this line (above): every night would fail"
conf_line 'collect lock -q --backend user -H rw -k null -t 1 -n 0' "collect lock with a count lockbench refuses" \
    "kbench: collect lock: cell head=rw,hook=null,threads=1: lockbench refuses it: lockbench: bad -n '0' (1 to 10000000000 calls)" \
    "kbench: nightly: e.conf:2: collect lock: kbench collect refuses this line (above): every night would fail"
conf_line 'collect lock -q --backend user -H nosuch' "collect lock with an unknown head lock" \
    "kbench: collect lock: unknown head lock 'nosuch' for the user backend (it knows rw,rm,rwsem,rmsem,epoch,none)" \
    "kbench: nightly: e.conf:2: collect lock: kbench collect refuses this line (above): every night would fail"
printf 'label night%%nly\ncollect sleep -q -m nanosleep -u 1 -n 1\n' >e.conf
kb nightly -f e.conf --dry-run
expect_rc 2 "a label pattern that makes a newline"
expect_err "kbench: nightly: e.conf:1: label 'night%nly' makes label 'night\\nly': a control character (newline, tab, escape...) has no place in a label" \
    "a label pattern that makes a newline: the dry run says so"

# A configuration someone else could have written is not run (its
# fact-command and collect lines would run as us, root often), as cron
# and sudo refuse theirs.
cp lab.conf p.conf
printf 'fact-command pwned touch pwned\n' >>p.conf
chmod 666 p.conf
kb nightly -f p.conf --dry-run
expect_rc 2 "a world-writable configuration"
expect_err "kbench: nightly: p.conf: mode 0666: anyone may write it, and its commands would run as uid $(id -u): not run (chmod o-w p.conf)" \
    "a world-writable configuration: refused, mode named"
kb nightly -f p.conf
expect_rc 2 "a world-writable configuration, for real"
[ ! -e pwned ]; check $? "its fact command did not run"
chmod 664 p.conf
if [ "$(id -u)" -eq 0 ]; then
	chown nobody p.conf
	kb nightly -f p.conf
	expect_rc 2 "a configuration owned by another user"
	expect_err "kbench: nightly: p.conf: owned by uid $(id -u nobody), not by you (uid 0) nor root: its commands would run as you: not run" \
	    "a configuration owned by another user: refused, owner named"
fi
if can_drop_root; then
	chmod 755 "$T"
	as_user nightly -f p.conf --dry-run
	expect_rc 2 "a group-writable configuration, not root's"
	expect_err "kbench: nightly: p.conf: mode 0664: its group (gid $(stat -c %g p.conf 2>/dev/null || stat -f %g p.conf)) may write it, and it is not root's: not run (chmod g-w p.conf)" \
	    "a group-writable configuration: refused, mode named"
else
	skip "a group-writable configuration: root ignores file modes and no setpriv"
fi
[ ! -e pwned ]; check $? "no fact command ran"

# The lock file is never opened through a symbolic link: one planted where
# it goes would have the nightly truncate its target.
echo "precious" >victim
ln -s victim sym.lock
printf 'database sym.db\nlock sym.lock\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 1\n' >sym.conf
kb nightly -f sym.conf
expect_rc 4 "a lock file that is a symbolic link"
expect_err "kbench: nightly: lock sym.lock: a symbolic link: not followed" \
    "a lock file that is a symbolic link: refused"
[ "$(cat victim)" = precious ]; check $? "its target is untouched"

# A nightly killed outright (kill -9) is shown dead in --list, not
# running forever: its pid is gone from this host.
cat >dead.conf <<'EOF'
database  dead.db
collect   sleep -q -r 1 -m nanosleep -u 100000 -n 10
EOF
"$KBENCH" nightly -f dead.conf >dead.out 2>dead.err &
pid=$!
logged() { [ "$(db_query dead.db "SELECT count(*) FROM nightly" 2>/dev/null)" = 1 ]; }
collected() { [ "$(db_query dead.db "SELECT status FROM run" 2>/dev/null)" = complete ]; }
wait_for logged
kill -9 $pid
wait $pid 2>/dev/null
# Its collection goes on, and ends; it is not the one we look at.
wait_for collected
kb nightly -f dead.conf --list
expect_rc 0 "--list after kill -9"
v=$(awk 'NR > 1 { print $2, $6 }' "$T/out")
[ "$v" = "dead dead" ]; check $? "--list: the killed nightly is dead, not running ($v)"

# 8. Every configuration the tree ships runs as shipped: contrib/'s
# files and the README's example, each through a dry run, which hands
# every collect line to kbench collect's own checks (the head lock
# "null" of the user backend, which made every night fail, is refused
# there).  Only the database is moved here.
shipped() {	# shipped NAME: NAME.conf, made from stdin
	sed -e 's|^database .*|database  shipped.db|' >"$1.conf"
	chmod 644 "$1.conf"
	kb nightly -f "$1.conf" --dry-run
	expect_rc 0 "$1: a dry run of a shipped configuration"
	# Its fact commands run (git -C /usr/src/linux...): one that fails
	# on this machine is left out with a warning, and says why itself.
	grep '^kbench: ' "$T/err" | grep -v \
	    "^kbench: nightly: $1.conf:[0-9]*: fact-command [^ ]*: .*: the fact is left out\$" \
	    >"$T/err.rest"
	mv "$T/err.rest" "$T/err"
	expect_err "" "$1: nothing refused"
	n=$(grep -c '^kbench nightly: \[[0-9]*/[0-9]*\] would run collect' "$T/out")
	[ "$n" -ge 1 ] && [ "$n" = "$(grep -c '^collect' "$1.conf")" ]
	check $? "$1: each collect line would run ($n)"
}
nconf=0
for f in $(cd "$KBENCH_TOP" && find . -name '*.conf' ! -path './build/*' \
    ! -path './.git/*' ! -path './demo/*' ! -path './demo-vm/*' | sort); do
	shipped "$(echo "$f" | sed 's|^\./||; s|/|_|g; s|\.conf$||')" <"$KBENCH_TOP/$f"
	nconf=$((nconf + 1))
done
[ $nconf -ge 1 ]; check $? "the tree ships configurations ($nconf)"
# The README's, an indented block from its "name" line to its "trend".
sed -n '/^## Nightly collection/,/^## /p' "$KBENCH_TOP/docs/nightly-and-site.md" |
    awk '/^    name / { on = 1 } on { print substr($0, 5) } /^    trend / { exit }' |
    shipped README
conf_line 'collect lock -q -r 5 --backend user -H null,mtx,rw,rm -k null,mtx,rw,rm -t 1,2' \
    "collect lock with the head lock null" \
    "kbench: collect lock: unknown head lock 'null' for the user backend (it knows rw,rm,rwsem,rmsem,epoch,none)" \
    "kbench: nightly: e.conf:2: collect lock: kbench collect refuses this line (above): every night would fail"
conf_line 'collect sleep -q -m nanosleep,nosleep -u 1' "collect with an unknown method among known ones" \
    "kbench: collect sleep: unknown method 'nosleep' ($(dirname "$KBENCH")/testsleep -l lists them)" \
    "kbench: nightly: e.conf:2: collect sleep: kbench collect refuses this line (above): every night would fail"

# 9. contrib/: the crontab line as cron runs it (sh -c, a bare
# environment, in the home directory, its output mailed), and the
# systemd units.
mkdir -p home etc
sed -e "s|/usr/local/bin/kbench|$KBENCH|" \
    -e "s|/usr/local/etc/kbench.conf|$T/etc/kbench.conf|" \
    "$KBENCH_TOP/contrib/crontab" | grep -v '^#' >crontab
line=$(cat crontab)
case $line in
"30 2 * * *	"*) ok "contrib/crontab: one entry, at 02:30" ;;
*) not_ok "contrib/crontab: one entry, at 02:30: $line" ;;
esac
cmd=$(printf '%s\n' "$line" | cut -f 2-)
cp lab.conf etc/kbench.conf
(cd home && env -i HOME="$T/home" LOGNAME=nobody PATH=/usr/bin:/bin SHELL=/bin/sh \
    /bin/sh -c "$cmd") >mail 2>&1
rc=$?
expect_rc 0 "the crontab command, run as cron runs it"
[ ! -s mail ]; check $? "cron: a good night mails nothing (-q): $(head -c 200 mail)"
[ -f etc/lab.db ]; check $? "cron: the database is found relative to the configuration"
s=$(db_query etc/lab.db "SELECT name || ' ' || label || ' ' || status FROM nightly")
# The day it ran: the test may have started before midnight.
[ "$s" = "kbench night-$TODAY ok" ] || [ "$s" = "kbench night-$(date +%Y-%m-%d) ok" ]
check $? "cron: the night is in the log, named after kbench.conf ($s)"
for u in kbench-nightly.service kbench-nightly.timer; do
	sed -e "s|/usr/local/bin/kbench|$KBENCH|" \
	    -e "s|/usr/local/etc/kbench.conf|$T/etc/kbench.conf|" \
	    "$KBENCH_TOP/contrib/systemd/$u" >"$u"
done
if command -v systemd-analyze >/dev/null; then
	systemd-analyze verify --man=no kbench-nightly.timer kbench-nightly.service \
	    >verify.out 2>&1
	check $? "systemd-analyze verify: the service and its timer"
	grep -q '^OnCalendar=\*-\*-\* 02:30:00$' kbench-nightly.timer
	check $? "the timer: every night at 02:30"
else
	skip "systemd-analyze missing (make deps installs systemd)"
fi
sh -n "$KBENCH_TOP/contrib/freebsd/450.kbench"
check $? "contrib/freebsd/450.kbench is valid sh"

# Issue 26, finding 6: a comment line never continues, even ending in a
# backslash ("C:\"): the collect line after it is not swallowed.
printf 'database c6.db\nlabel c6\n# see C:\\\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2\n' >c6.conf
chmod 644 c6.conf
kb nightly -f c6.conf -n
expect_rc 0 "a comment ending in a backslash, then a collect line"
grep -q '\[1/1\] would run collect sleep (line 4)' "$T/out"
check $? "the collect line after a comment ending in a backslash is run"
printf 'database c6.db\nlabel c6\ncollect sleep -q -r 1 -m nanosleep \\\n# -u 2 \\\n  -u 1 -n 2\n' >c6b.conf
chmod 644 c6b.conf
kb nightly -f c6b.conf -n
expect_rc 0 "a comment line within a continued line"
grep -q ' -q -r 1 -m nanosleep -u 1 -n 2$' "$T/out"
check $? "a comment line within a continued line is dropped, the rest joined"
# A comment after arguments, ending in a backslash, continues nothing
# either; a backslash after a quoted "#" still continues.
printf 'database c6.db\nlabel c6\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2 # see C:\\\ncollect sleep -q -r 1 -m "nanosleep" \\\n  -u 1 -n 3 --meta "tag=#"\\\n  -q\n' >c6c.conf
chmod 644 c6c.conf
kb nightly -f c6c.conf -n
expect_rc 0 "a trailing comment ending in a backslash, then collect lines"
grep -c 'would run collect sleep' "$T/out" >got
grep -q '\[2/2\] would run collect sleep (line 4):.* -u 1 -n 3 --meta .tag=#. -q$' "$T/out"
check $? "the line after a trailing comment ending in a backslash is run ($(cat got) collections)"

# Finding 7: "at most 16384 bytes", the newline or CRLF not counted.
line_conf() {	# line_conf FILE BYTES END: a fact line of BYTES bytes
	{ printf 'database l7.db\nlabel l7\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2\nfact x='
	  head -c $(($2 - 7)) /dev/zero | tr '\0' a
	  printf "$3"; } >"$1"
	chmod 644 "$1"
}
line_conf l16384.conf 16384 '\n'
line_conf l16384crlf.conf 16384 '\r\n'
line_conf l16384eof.conf 16384 ''
line_conf l16385.conf 16385 '\n'
line_conf l16385crlf.conf 16385 '\r\n'
for f in l16384 l16384crlf l16384eof; do
	kb nightly -f $f.conf -n
	expect_rc 0 "$f: a line of 16384 bytes is taken"
done
for f in l16385 l16385crlf; do
	kb nightly -f $f.conf -n
	expect_rc 2 "$f: a line of 16385 bytes is refused"
	expect_err "kbench: nightly: $f.conf:4: line longer than 16384 bytes" \
	    "$f: refused, naming the line and the bound"
done

# Finding 8: a FIFO as the configuration is checked, not waited on in
# open(2) (a named FIFO with no writer reads as empty); a pipe still
# waits for its writer.
mkfifo fifo.conf
chmod 644 fifo.conf
"$KBENCH" nightly -f fifo.conf -n >"$T/out" 2>"$T/err" &
pid=$!
# A hang never ends: waited for 10 s (wait_for), then called one.
gone() { ! kill -0 $pid 2>/dev/null; }
wait_for gone
if kill -0 $pid 2>/dev/null; then
	kill $pid
	not_ok "a FIFO with no writer as the configuration: still in open(2)"
else
	wait $pid
	rc=$?
	expect_rc 2 "a FIFO with no writer as the configuration"
	expect_err "kbench: nightly: fifo.conf: no collect line: nothing to run (collect sleep ... or collect lock ...)" \
	    "a FIFO with no writer reads as empty"
fi
sed 1d c6.conf | "$KBENCH" nightly -f /dev/stdin -n >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "a configuration through a pipe (-f /dev/stdin) still works"
grep -q '\[1/1\] would run collect sleep (line 3)' "$T/out"
check $? "-f /dev/stdin: the pipe's lines are read"

# A configuration whose path holds a newline: its lock line stays one
# line (the path escaped), so the next night takes the lock again.  A
# file name that makes no nightly name (no name line): refused, said.
nl=$(printf 'a\nb.conf')
printf 'database nl.db\nname nl\ncollect sleep -q -r 1 -m nanosleep -u 1 -n 2\n' >"$nl"
kb nightly -q -f "$nl"
expect_rc 0 "a configuration path with a newline: night 1"
kb nightly -q -f "$nl"
expect_rc 0 "a configuration path with a newline: night 2 takes the lock again"
grep -q 'config .*a\\nb\.conf$' nl.db.nightly.lock
check $? "its lock line holds the path escaped, on one line"
grep -v '^name' "$nl" >'bad name.conf'
kb nightly -n -f 'bad name.conf'
expect_rc 2 "a file name that makes no nightly name"
expect_err "kbench: nightly: bad name.conf: the file's name makes the nightly's name 'bad name', not letters, digits, '_', '-' or '.': give it a name line" \
    "a file name that makes no nightly name: said"

#!/bin/sh
# --compare along any dimension: sides that are labels, runs, run facts,
# series keys (head=rw against head=rm: the pfil experiment) or
# conjunctions of them; the pair that cannot be made and what to type
# instead; the lock chart and the report of a head comparison; the load
# a run ran under, at collection and in analyze.
. "$(dirname "$0")/lib.sh"

# two_sides CSV FACTS A B: runs a and b of benchmark lock, 8 samples
# each (100 to 104 ns), the fact columns FACTS ("fact.k,fact.l") set to
# A's and B's values ("v,w").
two_sides() {
	printf 'run,label,benchmark,status,started,ended,command,version,%s,key.k,unit,better,seq,value\n' "$2" >"$1"
	for side in "a,$3" "b,$4"; do
		for i in 0 1 2 3 4 5 6 7; do
			echo "${side%%,*}0000000-0000-4000-8000-000000000001,${side%%,*},lock,complete,2026-11-01T00:00:00.000Z,2026-11-01T00:01:00.000Z,c,0.1.0,${side#*,},s,ns,lower,$i,$((100 + i % 5))"
		done
	done >>"$1"
}

# A lock table in kbench's canonical CSV: run R (label L) with heads H,
# hooks null and mtx, 1 and 2 threads, 12 samples a series; rw costs
# ~100 ns, rm ~23.  LOAD is the run's loadavg_start on its 2 CPUs.
lockcsv() {
	awk -v run="$1" -v label="$2" -v heads="$3" -v load="$4" 'BEGIN {
	n = split(heads, H, ",")
	for (h = 1; h <= n; h++)
		for (k = 0; k < 2; k++)
			for (t = 1; t <= 2; t++)
				for (i = 0; i < 12; i++) {
					base = H[h] == "rw" ? 100 : 23
					v = base * (k ? 2 : 1) * t + i % 7 + 0.5 * (i % 3)
					printf "%s,%s,lock,complete,2026-11-0%dT10:00:00.000Z," \
					    "2026-11-0%dT10:05:00.000Z,kbench collect lock,0.1.0," \
					    "2,250,%s,%s,2,6,%s,%s,%d,ns,lower,%d,%s\n", run, label,
					    substr(run, 1, 1), substr(run, 1, 1), load, load + 0.3,
					    H[h], k ? "mtx" : "null", t, i, v
				}
	}'
}
{
	echo "run,label,benchmark,status,started,ended,command,version,fact.ncpu,fact.hz,fact.loadavg_start,fact.loadavg_max,fact.busy_cpus,fact.rounds,key.head,key.hook,key.threads,unit,better,seq,value"
	lockcsv 11111111-0000-4000-8000-000000000001 both rw,rm 0.10
	lockcsv 22222222-0000-4000-8000-000000000002 before rw 0.20
	lockcsv 33333333-0000-4000-8000-000000000003 after rm 3.50
} >lock.csv
kb import -q lock.csv
expect_rc 0 "import the lock table"

#
# 1. Within one run: the heads of an interleaved run, hook by hook.
#
kb analyze --compare head=rw head=rm --where label=both
expect_rc 0 "--compare head=rw head=rm within one run"
sed -n 9,13p "$T/out" >got
cat >want <<'EOF'
hook threads      n head=rw head=rm change (HL)          98.75% CI        p verdict  !
null 1        12/12     103      26     -74.82% -76.42% .. -72.64% 2.96e-06 improved u
null 2        12/12     203      49     -75.89% -76.70% .. -74.76% 2.96e-06 improved u
mtx  1        12/12     203      49     -75.89% -76.70% .. -74.76% 2.96e-06 improved u
mtx  2        12/12     403      95     -76.44% -76.85% .. -75.88% 2.96e-06 improved u
EOF
cmp -s want got; check $? "one row per hook and thread count, no head column, the heads as sides"
[ -s got ] || cat "$T/out"
kb analyze --compare head=rw head=rm --where label=both --format json
v=$(jq -c '[.sides_differ_in, (.comparisons | length), .comparisons[0].a.keys.head,
    .comparisons[0].b.keys.head]' "$T/out")
[ "$v" = '[["head"],4,"rw","rm"]' ]; check $? "json: the sides differ in head; 4 pairs (got $v)"

#
# 2. Across runs: labels that hold different heads do not pair, and the
#    message says what would.
#
kb analyze --compare before after
expect_rc 2 "--compare before after, one head each"
expect_err "kbench: analyze: --compare: 8 series are not on both sides:
  'head=rw,hook=null,threads=1' only in before
  'head=rw,hook=null,threads=2' only in before
  'head=rw,hook=mtx,threads=1' only in before
  'head=rw,hook=mtx,threads=2' only in before
  'head=rm,hook=null,threads=1' only in after
  (and 3 more)
the sides differ in the series key head (rw in before, rm in after): to compare along it, --compare label=before,head=rw label=after,head=rm" \
    "the pair that cannot be made names the key and the --compare"
kb analyze --compare label=before,head=rw label=after,head=rm --format json
expect_rc 0 "the suggested conjunction"
v=$(jq -c '[(.comparisons | length), .summary.improved]' "$T/out")
[ "$v" = '[4,4]' ]; check $? "conjunctions: 4 pairs, all improved (got $v)"
# a side that fixes a key the other does not: two series of one identity
kb analyze --compare head=rw hook=mtx --where label=both
expect_rc 2 "an asymmetric pair of sides"
expect_err "kbench: analyze: --compare: the sides fix different series keys (head=rw: head; hook=mtx: hook): fix the same keys on both sides, e.g. --compare head=rw,hook=V hook=mtx,head=W" \
    "the message names the keys each side fixes"
# one side fixes the head, the other has only one: they pair
kb analyze --compare label=before label=after,head=rm --where hook=null --format json
v=$(jq -c '[(.comparisons | length), .sides_differ_in]' "$T/out")
[ "$v" = '[2,["head"]]' ]; check $? "a head fixed on one side pairs with the other's only head (got $v)"

#
# 3. Charts and the report take the same sides.
#
mkdir ch rep
kb plot lock --compare head=rw head=rm --where label=both -o ch --format svg
expect_rc 0 "plot lock --compare head=rw head=rm"
grep -q 'set label 10 "-74.8%\\n\[-76.4, -72.6\]" at 0, 105 center' ch/lock.gp
check $? "lock chart: the change and its interval over the first pair"
grep -q "above: the change, 98.75% interval" ch/lock.gp
check $? "lock chart: the footer says what the labels are"
grep -q "title 'head=rw'" ch/lock.gp && grep -q "title 'head=rm'" ch/lock.gp
check $? "lock chart: a bar per side, named by it"
kb plot compare --compare head=rw head=rm --where label=both -o ch --format svg
expect_rc 0 "plot compare along the head"
kb report --compare head=rw head=rm --where label=both -o rep
expect_rc 0 "report along the head"
grep -q '^| null | 1 | 12/12 | 103 | 26 | -74.82% | -76.42% .. -72.64% |' rep/report.md
check $? "report.md: the head comparison's table"
[ -f rep/lock.svg ]; check $? "report: the lock chart"

#
# 4. Load: a run on a busy machine, and sides under different load.
#
kb analyze --compare label=before,head=rw label=after,head=rm
grep -q '^Load:$' "$T/out" &&
grep -q 'label=after,head=rm: 1 of 1 run ran on a busy machine (load average up to 3.80 on 2 CPUs)' "$T/out"
check $? "analyze: the busy side is named"
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'the sides ran under different load: label=before,head=rw 0.20, label=after,head=rm 3.50'
check $? "analyze: sides under different load"
kb analyze --compare head=rw head=rm --where label=both
grep -q 'Load:' "$T/out" && not_ok "a quiet run: no load note" || ok "a quiet run: no load note"
kb analyze --compare label=before,head=rw label=after,head=rm --format json
v=$(jq -r '.pooling | length' "$T/out")
n=$(jq -r '.load | length' "$T/out")
[ "$v" = 0 ] && [ "$n" = 2 ]; check $? "json: two load notes (got $n)"

#
# 4b. Kernels configured apart: the kernel module's runs record the
# preemption model, HZ, lock debugging and mitigations; sides that
# differ in one are said (not kernel_release: two kernels differ there
# by design), unless the comparison is along that fact.
#
two_sides kern.csv fact.kernel_release,fact.kernel_preempt,fact.kernel_hz,fact.kernel_lockdep,fact.governor \
    6.1.0-a,voluntary,250,no,performance 6.1.0-b,full,250,no,performance
"$KBENCH" -d kern.db import -q kern.csv
kb -d kern.db analyze --compare a b
expect_rc 0 "analyze: sides on kernels configured apart"
sed -n '/^The sides differ in facts/,/^$/p' "$T/out" >got
cat >want <<'EOF'
The sides differ in facts that change results (the change measured includes them):
  kernel_preempt: voluntary in a, full in b

EOF
cmp -s got want; check $? "analyze: the preemption model the sides differ in, nothing else ($(tr '\n' '|' <got))"
kb -d kern.db analyze --compare a b --format json
v=$(jq -c '.sides_facts' "$T/out")
[ "$v" = '[{"fact":"kernel_preempt","a":["voluntary"],"b":["full"]}]' ]
check $? "json: sides_facts ($v)"
kb -d kern.db analyze --compare kernel_preempt=voluntary kernel_preempt=full
expect_rc 0 "analyze along the preemption model"
grep -q 'The sides differ in facts' "$T/out"
[ $? -ne 0 ] && grep -q '^kernel_preempt=voluntary (baseline)' "$T/out"
check $? "along the fact compared: no note"
kb analyze --compare label=before,head=rw label=after,head=rm --format json
v=$(jq -c '.sides_facts' "$T/out")
[ "$v" = '[]' ]; check $? "json: runs without the kernel's facts: no note ($v)"

# 4c. A benchmark's own option: the pfil experiment at --delay 1000
# against --delay 0 is -99%, and that is the delay's doing: said above
# the table in every format (the lock descriptor lists delay_ns).
two_sides delay.csv fact.delay_ns,fact.timer_slack_ns 1000,50000 0,50000
"$KBENCH" -d delay.db import -q delay.csv
kb -d delay.db analyze --compare a b
sed -n '/^The sides differ in facts/,/^$/p' "$T/out" >got
cat >want <<'EOF'
The sides differ in facts that change results (the change measured includes them):
  delay_ns: 1000 in a, 0 in b

EOF
cmp -s got want; check $? "text: delay_ns named above the table ($(tr '\n' '|' <got))"
[ "$(grep -n '^The sides differ' "$T/out" | cut -d: -f1)" -lt \
    "$(grep -n '^k  ' "$T/out" | cut -d: -f1)" ]
check $? "text: the facts come before the table"
kb -d delay.db analyze --compare a b --format markdown
grep -q '^- delay\\_ns: 1000 in a, 0 in b$' "$T/out"
check $? "markdown: delay_ns named ($(grep delay "$T/out"))"
kb -d delay.db analyze --compare a b --format csv
v=$(python3 -c 'import csv, sys; print(next(csv.DictReader(open(sys.argv[1])))["sides_facts"])' "$T/out")
[ "$v" = '[{"fact":"delay_ns","a":["1000"],"b":["0"]}]' ]
check $? "csv: the sides_facts column, JSON's own text ($v)"
kb -d delay.db analyze --compare a b --format json
v=$(jq -c '.sides_facts' "$T/out")
[ "$v" = '[{"fact":"delay_ns","a":["1000"],"b":["0"]}]' ]
check $? "json: sides_facts ($v)"
mkdir drep
"$KBENCH" -d delay.db report --compare a b -o drep >/dev/null 2>&1
grep -q 'delay_ns: 1000 in a, 0 in b' drep/report.txt &&
    grep -q 'delay\\_ns: 1000 in a, 0 in b' drep/report.md &&
    grep -q 'delay_ns: 1000 in a, 0 in b' drep/report.html
check $? "report: the delay named in report.txt, .md and .html"
awk 'length > 72 { exit 1 }' drep/report.txt
check $? "report.txt keeps to 72 columns with the sides' facts above its table"
# One truth with the facts above the table too.
for f in text csv json markdown; do
	"$KBENCH" -d delay.db analyze --compare a b --format $f >dl.$f
done
"$KBENCH" -d delay.db plot compare --compare a b -o dlc --format svg >/dev/null
python3 "$KBENCH_TOP/tests/tools/check_compare.py" agree dl.text dl.csv \
    dl.json dl.markdown dlc/compare.gp >problems
check $? "the sides' facts above it: every format agrees ($(head -1 problems))"

# 4d. One lock name, two implementations (head=rm is ck_brlock in user
# space, percpu_rw_semaphore on Linux, rmlock(9) on FreeBSD): the
# programs record KEY_impl.VALUE facts, and analyze refuses to pair a
# series across implementations unless --any-impl; then it names the
# fact above the table (not the facts of locks no series has).
two_sides impl.csv fact.k_impl.s,fact.k_impl.t,fact.fairness_min \
    'ck_brlock(spin),x,1' 'percpu_rw_semaphore(sleep),y,0.42'
"$KBENCH" -d impl.db import -q impl.csv
kb -d impl.db analyze --compare a b
expect_rc 2 "one lock name, two implementations: refused"
expect_err "kbench: analyze: --compare: k=s is 'ck_brlock(spin)' in a and 'percpu_rw_semaphore(sleep)' in b: two locks that share a name, not one; compare like with like, or add --any-impl to compare them anyway" \
    "one lock name, two implementations: said"
kb -d impl.db analyze --compare a b --any-impl
expect_rc 0 "--any-impl compares them anyway"
sed -n '/^The sides differ in facts/,/^$/p' "$T/out" >got
cat >want <<'EOF'
The sides differ in facts that change results (the change measured includes them):
  k_impl.s: ck_brlock(spin) in a, percpu_rw_semaphore(sleep) in b

EOF
cmp -s got want; check $? "--any-impl: the implementations named above the table, not k_impl.t ($(tr '\n' '|' <got))"
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'b: 1 of 1 run had threads that did not share the work alike (the fewest walks of a thread down to 0.42 of the most)'
check $? "a run's unfair threads (fairness_min 0.42) said under the table"

# A fairness_min outside [0, 1] is no fairness figure: no "down to -1.00".
two_sides fairbad.csv fact.fairness_min 1 -1
"$KBENCH" -d fairbad.db import -q fairbad.csv
kb -d fairbad.db analyze --compare a b
expect_rc 0 "fairness_min -1: compared"
! grep -q 'did not share the work alike' "$T/out"; check $? "fairness_min -1: no fairness warning"

# An implementation is another machine's text: never raw on the terminal.
two_sides implesc.csv fact.k_impl.s 'ck_brlock(spin)' "$(printf 'x\033[2Jy')"
"$KBENCH" -d implesc.db import -q implesc.csv
kb -d implesc.db analyze --compare a b
expect_rc 2 "an implementation with an escape: refused"
expect_err "kbench: analyze: --compare: k=s is 'ck_brlock(spin)' in a and 'x\\x1b[2Jy' in b: two locks that share a name, not one; compare like with like, or add --any-impl to compare them anyway" \
    "an implementation with an escape: shown escaped"
# A side whose runs do not record it (from before the fact): said, not
# refused.
two_sides implold.csv fact.k_impl.s 'ck_brlock(spin)' ''
"$KBENCH" -d implold.db import -q implold.csv
kb -d implold.db analyze --compare a b
expect_rc 0 "one side without the implementation fact: compared"
grep -q "^kbench: analyze: --compare: k=s is 'ck_brlock(spin)' in a and not recorded in b: compared as one lock, which a run that does not record it may not be$" "$T/err"
check $? "one side without the implementation fact: said ($(head -c 200 "$T/err"))"

#
# 5. Rounds: what more samples would cost, in the unit one collects in.
#
# 8 samples a side from 4 rounds: 2 a round.
two_sides few.csv fact.rounds 4 4
"$KBENCH" -d few.db import -q few.csv
kb -d few.db analyze --compare a b
tr '\n' ' ' <"$T/out" | tr -s ' ' | grep -q 'samples a side are needed (8 here): about [0-9]* rounds at 2 samples a round'
check $? "the power note counts rounds ($(grep -A2 'No difference' "$T/out" | tr '\n' ' '))"

#
# 6. A real collection: the load facts, and oversubscribed threads.
#
kb collect lock --backend user -q -l real -r 2 -H rw,rm -k null -t 1 -n 2000 --delay 0
expect_rc 0 "collect lock -H rw,rm"
kb runs --json --label real
v=$(jq -r '.facts | "\(.loadavg_start != null) \(.loadavg_max != null) \(.busy_cpus) \(.rounds) \(.loadavg_rounds | split(" ") | length)"' "$T/out")
[ "$v" = "true true 1 2 2" ]
check $? "load facts: start, max, busy_cpus 1, rounds 2, a start/end pair a round (got $v)"
kb analyze --compare head=rw head=rm --label real --format json
v=$(jq -r '.comparisons | length' "$T/out")
[ "$v" = 1 ]; check $? "the interleaved run compares its heads (got $v)"
over=$(($(getconf _NPROCESSORS_ONLN) + 1))
kb collect lock --backend user -q -l over -r 1 -H rw -k null -t $over -n 200 --delay 0
expect_rc 0 "collect lock with more threads than CPUs"
grep -q "collect lock: -t $over on $((over - 1)) online CPUs: threads share CPUs" "$T/err"
check $? "oversubscribed threads are said at collection"

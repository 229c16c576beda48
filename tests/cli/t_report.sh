#!/bin/sh
# kbench report: report.md and report.html for a comparison: the files,
# their sections, well-formed self-contained HTML, hostile labels escaped.
. "$(dirname "$0")/lib.sh"

F=$FIXTURES/analyze
kb --db lat.db import -q --run-by label --key method --key usec --value v \
    --unit us --meta kernel=6.1 "$F/latency.csv"

kb --db lat.db report --compare before after -o rep
expect_rc 0 "report --compare"
printf '%s\n' rep/report.md rep/report.html rep/report.txt >want
cmp -s want "$T/out"; check $? "report prints the three paths"
for f in compare.png compare.svg compare.gp sleep.png sleep.svg dist.png dist.svg; do
	[ -s "rep/$f" ]; check $? "report draws $f"
done
for s in '^# kbench report: before vs after$' '^## Comparison$' '^## Charts$' \
    '^## Machines$' '^## Reproduce$' '^!\[.*\](compare.png)$' \
    '^2 improved, 2 regressed, 2 unchanged' '^| poll | 100 | 30/30 |' \
    'kbench --db lat.db report --compare before after -o rep'; do
	grep -q "$s" rep/report.md; check $? "report.md has $s"
done
python3 "$KBENCH_TOP/tests/tools/check_html.py" rep/report.html
check $? "report.html is well formed and loads nothing from elsewhere"
[ "$(grep -c '<svg' rep/report.html)" -eq 3 ]; check $? "report.html has its 3 charts inline"
grep -q '<td class="num">+10.00%</td>' rep/report.html; check $? "report.html has the comparison table"
# --warnings as for analyze: none (or --no-warnings) leaves the section out.
grep -q '^## Warnings$' rep/report.md && grep -q '^Warnings:$' rep/report.txt
check $? "report.md and report.txt have their warnings by default"
for w in "--warnings none" --no-warnings; do
	# shellcheck disable=SC2086 # the option and its value are meant to split
	kb --db lat.db report --compare before after $w -o repw
	expect_rc 0 "report $w"
	! grep -q '^## Warnings$' repw/report.md &&
	    ! grep -q '<h2>Warnings</h2>' repw/report.html &&
	    ! grep -q '^Warnings:$' repw/report.txt
	check $? "report $w: no warnings section, in report.md, .html nor .txt"
done
kb --db lat.db report --compare before after --warnings loud -o repw
expect_rc 2 "report --warnings loud"
expect_err "kbench: report: --warnings 'loud': expected summary, full or none" "report --warnings loud: what it takes"

# Facts that differ between the sides are marked.
printf 'label,method,usec,v\nb2,poll,100,1\nb2,poll,100,2\nb2,poll,100,3\n' >b2.csv
printf 'label,method,usec,v\na2,poll,100,1\na2,poll,100,2\na2,poll,100,4\n' >a2.csv
kb --db two.db import -q --run-by label --key method --key usec --value v --meta hz=100 b2.csv
kb --db two.db import -q --run-by label --key method --key usec --value v --meta hz=1000 a2.csv
kb --db two.db report --compare b2 a2 -o rep2
expect_rc 0 "report of two machines"
grep -q '^| hz | \*\*100\*\* | \*\*1000\*\* |$' rep2/report.md; check $? "a differing fact's words are bold in report.md"
grep -q '<tr class="diff"><td>hz</td><td class="fact"><mark>100</mark></td><td class="fact"><mark>1000</mark></td></tr>' rep2/report.html
check $? "and marked in report.html"

# Hostile labels are text, in Markdown and in HTML.
printf 'label,method,usec,v\n"<script>alert(1)</script> | x",poll,100,1\n"<script>alert(1)</script> | x",poll,100,2\n' >e1.csv
printf 'label,method,usec,v\n"a&b",poll,100,1\n"a&b",poll,100,3\n' >e2.csv
kb --db evil.db import -q --run-by label --key method --key usec --value v e1.csv
kb --db evil.db import -q --run-by label --key method --key usec --value v e2.csv
kb --db evil.db report --compare "<script>alert(1)</script> | x" "a&b" -o rep3
expect_rc 0 "report with hostile labels"
grep -q '<script>' rep3/report.html && not_ok "no <script> reaches the HTML" || ok "no <script> reaches the HTML"
grep -q '&lt;script&gt;alert(1)&lt;/script&gt; | x' rep3/report.html; check $? "the label is escaped in HTML"
grep -q '\\|' rep3/report.md; check $? "'|' is escaped in the Markdown tables"
python3 "$KBENCH_TOP/tests/tools/check_html.py" rep3/report.html
check $? "the hostile report is well formed"

kb --db lat.db report -o rep4
expect_rc 2 "report without --compare"
expect_err "kbench: report: --compare A B and -o DIR are required" "report without --compare"

# report.txt: for mail and commit messages, 72 columns at most, no images.
[ -s rep/report.txt ] && awk 'length > 72 { exit 1 }' rep/report.txt
check $? "report.txt exists and no line passes 72 columns"
grep -q '^  compare.png: ' rep/report.txt; check $? "report.txt lists the charts beside it"
grep -q '<img\|!\[' rep/report.txt && not_ok "report.txt has no image" || ok "report.txt has no image"
grep -q '^kbench --db lat.db report --compare before after -o rep$' rep/report.txt
check $? "report.txt ends with the commands that reproduce it"

# The verdict cells carry their verdict's colour class; Warnings once.
for v in improved regressed same; do
	grep -q "<td class=\"v-$v\">" rep/report.html; check $? "report.html: a $v cell is classed v-$v"
done
[ "$(grep -c '>Warnings<' rep/report.html)" -eq 1 ]; check $? "report.html says Warnings once"
sed -n '/^## Warnings$/,/^## /p' rep/report.md | sed -n 3p | grep -q '^```$'
check $? "report.md: the warnings are a code block"

# The machines: differing facts first, the rest folded.
grep -q '^    A: \[100\]$' rep2/report.txt && grep -q '^    B: \[1000\]$' rep2/report.txt
check $? "report.txt brackets the differing words"
# Imported data without facts: no Machines section at all.
kb --db nf.db import -q --run-by label --key method --key usec --value v b2.csv
kb --db nf.db import -q --run-by label --key method --key usec --value v a2.csv
kb --db nf.db report --compare b2 a2 -o repnf
expect_rc 0 "report of two runs without facts"
grep -q 'Machines' repnf/report.md repnf/report.html repnf/report.txt && not_ok "no machines section without facts" || ok "no machines section without facts"

# --redact: a fact's value is gone from every file, the commands too.
printf 'label,method,usec,v\nr1,poll,100,1\nr1,poll,100,2\nr1,poll,100,3\n' >r1.csv
printf 'label,method,usec,v\nr2,poll,100,1\nr2,poll,100,2\nr2,poll,100,4\n' >r2.csv
kb --db red.db import -q --run-by label --key method --key usec --value v --meta host=secrethost r1.csv
kb --db red.db import -q --run-by label --key method --key usec --value v --meta host=secrethost r2.csv
kb --db red.db report --compare r1 r2 --redact host -o repred
expect_rc 0 "report --redact host"
grep -rl secrethost repred >"$T/leaks"; [ ! -s "$T/leaks" ]; check $? "no file of the report names the host (charts, scripts, commands)"
grep -q 'host=redacted-1' repred/report.md; check $? "the command shows the token in its place"
grep -q 'host redacted-1;' repred/compare.gp; check $? "both sides' one host is one token in the footer"
kb --db red.db report --compare r1 r2 --redact hots -o repred2
expect_rc 2 "report --redact of a fact no run has"
expect_err "kbench: report: --redact hots: no run in the selection has this fact (kbench runs --json lists them)" "report --redact of a fact no run has"
[ ! -e repred2 ]; check $? "and no directory is left"
grep -q '<summary>1 fact the same on both sides</summary>' repred/report.md; check $? "report.md folds the facts the sides share"
grep -q '^<summary>1 fact the same on both sides</summary>$' repred/report.html; check $? "and report.html too"

# -o creates its parents; a failed report leaves nothing behind.
kb --db two.db report --compare b2 a2 -o deep/er/dir
expect_rc 0 "report -o a/b/c"
[ -s deep/er/dir/report.txt ]; check $? "the parents were created"
PATH=/nonexistent "$KBENCH" --db two.db report --compare b2 a2 -o failed/rep >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "report without gnuplot"
[ ! -e failed ]; check $? "a failed report leaves no directory, not even the parent it made"
# The charts of a report are drawn by one gnuplot (starting one costs
# more than a small chart); one that fails names its first script.
mkdir gpbin
real_gp=$(command -v gnuplot)
printf '#!/bin/sh\necho run >>"%s/gp.log"\nexec "%s" "$@"\n' "$PWD" "$real_gp" >gpbin/gnuplot
chmod +x gpbin/gnuplot
PATH=$PWD/gpbin:$PATH "$KBENCH" --db lat.db report --compare before after -o rep1gp >"$T/out" 2>"$T/err"
rc=$?
expect_rc 0 "report through a gnuplot that counts its runs"
[ "$(wc -l <gp.log)" -eq 1 ]; check $? "one gnuplot drew the report's 3 charts"
for f in compare sleep dist; do
	cmp -s "rep/$f.png" "rep1gp/$f.png" && cmp -s "rep/$f.svg" "rep1gp/$f.svg" &&
	    cmp -s "rep/$f.gp" "rep1gp/$f.gp"
	check $? "and $f.png, .svg, .gp are the same bytes as before"
done
printf '#!/bin/sh\necho "line 3: no such thing" >&2\nexit 1\n' >gpbin/gnuplot
PATH=$PWD/gpbin:$PATH "$KBENCH" --db two.db report --compare b2 a2 -o gpfail >"$T/out" 2>"$T/err"
rc=$?
expect_rc 4 "report whose gnuplot fails"
sed 's|\./gpfail\.kbtmp-[A-Za-z0-9]*/|STAGE/|' "$T/err" >"$T/err2" && mv "$T/err2" "$T/err"
expect_err "kbench: report: line 3: no such thing

gnuplot failed on STAGE/compare.gp or one of the 2 scripts after it" "report whose gnuplot fails"
[ ! -e gpfail ]; check $? "and leaves nothing"
# SIGTERM while its gnuplot draws: that stops too, nothing is left (the
# staging directory went with it), 143.
stopped_midway --db lat.db report --compare before after -o stopped
expect_rc 143 "report stopped by SIGTERM while gnuplot draws"
expect_err "kbench: report: stopped by SIGTERM: nothing written" "report stopped: said"
[ "$gp_left" = no ]; check $? "its gnuplot stopped with it"
[ -z "$(ls -d stopped* 2>/dev/null)" ]; check $? "no stopped/ nor stopped.kbtmp-* left"
mkdir kept
PATH=/nonexistent "$KBENCH" --db two.db report --compare b2 a2 -o kept >"$T/out" 2>"$T/err"
[ -d kept ] && [ -z "$(ls -A kept)" ]; check $? "a failed report into an existing directory leaves it as it was"

# One truth: the report's tables are analyze's, cell for cell.
kb --db lat.db analyze --compare before after --format markdown
grep '^|' "$T/out" >analyze.md
sed -n '/^## Comparison$/,/^## /p' rep/report.md | grep '^|' >report-table.md
cmp -s analyze.md report-table.md; check $? "report.md's table is analyze --format markdown's"
kb --db lat.db analyze --compare before after --width 72
# From the header to the power note: the same lines in report.txt.
sed -n '/^before (baseline) vs after/,/here)\.$/p' "$T/out" >analyze.txt
sed -n '/^before (baseline) vs after/,/here)\.$/p' rep/report.txt >report-body.txt
[ -s analyze.txt ] && cmp -s analyze.txt report-body.txt
check $? "report.txt's table and summary are analyze --width 72's"

# A right-to-left override (U+202E) in a fact would reorder the page's
# text ("Trojan Source"): shown as its code point in every file, as the
# terminal shows it, never raw.
printf 'run,label,benchmark,status,started,ended,command,version,fact.note,key.k,unit,better,seq,value\n' >rlo.csv
for side in a b; do
	for i in 0 1 2 3 4 5 6 7; do
		printf '%s0000000-0000-4000-8000-000000000001,%s,lock,complete,2026-11-01T00:00:00.000Z,2026-11-01T00:01:00.000Z,c,0.1.0,x\342\200\256y%s,s,ns,lower,%d,%d\n' \
		    "$side" "$side" "$side" "$i" $((100 + i % 5))
	done
done >>rlo.csv
"$KBENCH" -d rlo.db import -q rlo.csv
kb -d rlo.db report --compare a b -o reprlo --title "$(printf 'T\342\200\256itle')"
expect_rc 0 "a report of facts with U+202E"
kb -d rlo.db plot compare --compare a b -o plrlo --format svg --title "$(printf 'T\342\200\256itle')"
! grep -rq "$(printf '\342\200\256')" reprlo plrlo &&
    grep -qF "'T'\"\$(printf '\\342\\200\\256')\"'itle'" reprlo/report.txt &&
    grep -qF 'T\u202eitle' plrlo/compare.gp && grep -qF 'T\u202eitle' plrlo/compare.svg &&
    grep -q 'x\\u202eya' reprlo/report.html && grep -q 'x\\u202eya' reprlo/report.txt &&
    grep -qF 'x\\u202eya' reprlo/report.md
check $? "U+202E: \\u202e in report.html, report.txt and report.md (which renders it so), in the charts' scripts and SVG; in the command, printf's octal, never raw"

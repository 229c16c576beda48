#!/bin/sh
# kbench report: report.md and report.html for a comparison: the files,
# their sections, well-formed self-contained HTML, hostile labels escaped.
. "$(dirname "$0")/lib.sh"

F=$FIXTURES/analyze
kb --db lat.db import -q --run-by label --key method --key usec --value v \
    --unit us --meta kernel=6.1 "$F/latency.csv"

kb --db lat.db report --compare before after -o rep
expect_rc 0 "report --compare"
printf '%s\n' rep/report.md rep/report.html >want
cmp -s want "$T/out"; check $? "report prints the two paths"
for f in compare.png compare.svg compare.gp sleep.png sleep.svg dist.png dist.svg; do
	[ -s "rep/$f" ]; check $? "report draws $f"
done
for s in '^# kbench report: after vs before$' '^## Comparison$' '^## Charts$' \
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
grep -q '^## Warnings$' rep/report.md; check $? "report.md has its warnings by default"
for w in "--warnings none" --no-warnings; do
	# shellcheck disable=SC2086 # the option and its value are meant to split
	kb --db lat.db report --compare before after $w -o repw
	expect_rc 0 "report $w"
	! grep -q '^## Warnings$' repw/report.md && ! grep -q '<h2>Warnings</h2>' repw/report.html
	check $? "report $w: no warnings section, in report.md nor report.html"
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
grep -q '^| \*\*hz\*\* | \*\*100\*\* | \*\*1000\*\* |$' rep2/report.md; check $? "a differing fact is bold in report.md"
grep -q '<tr class="diff"><td>hz</td><td>100</td><td>1000</td></tr>' rep2/report.html; check $? "and highlighted in report.html"

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

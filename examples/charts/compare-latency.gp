# kbench plot compare: the change of each series, with its interval
# Written by kbench 0.1.0; run "gnuplot compare-latency.gp" to draw it again.
$r_improved << EOD
6 -4.750933044833672 -5.95698328946872 -3.493026476309802
5 -4.518067231119605 -5.800258976835959 -3.0767046038457924
EOD
$r_improved_n << EOD
EOD
$r_regressed << EOD
2 9.99646726382144 8.222060370640127 11.688404340184322
1 10.052554949409664 8.696626830575083 11.729586830200933
EOD
$r_regressed_n << EOD
EOD
$r_same << EOD
4 1.2008587988842523 -1.4277606667559284 15.799165695817209
3 -1.3172758839525178 -5.128628660856527 1.293708189047682
EOD
$r_same_n << EOD
EOD
$r_untested << EOD
EOD
$r_untested_n << EOD
EOD
$s_improved << EOD
EOD
$s_improved_n << EOD
EOD
$s_regressed << EOD
EOD
$s_regressed_n << EOD
EOD
$s_same << EOD
EOD
$s_same_n << EOD
EOD
$s_untested << EOD
EOD
$s_untested_n << EOD
EOD

set terminal pngcairo noenhanced size 1200,504 font 'DejaVu Sans,14'
set output 'compare-latency.png'
reset
kb_fs = 1
kb_ps = 1

set encoding utf8
set title 'after vs before (baseline)' font ''.sprintf(',%g', 18 * kb_fs)
set label 1 'before: 1 run, after: 1 run; n = 30 per point; 99.17% intervals (95% simultaneous, Bonferroni over 6)'."\n".'counted in samples (30 a side), no rounds recorded, run-to-run variation unmeasured' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set grid noytics
set bmargin 9
set xlabel 'change (%): Hodges-Lehmann ratio of after/before - 1; lower is better'
set yrange [0.3:6.7]
unset logscale x
set xtics ('-5' -5, '0' 0, '+5' 5, '+10' 10, '+15' 15)
set xrange [-7.69748:17.5397]
set ytics scale 0 font ''.sprintf(',%g', 11 * kb_fs) ('nanosleep 100' 6, 'nanosleep 1000' 5, 'select 100' 4, 'select 1000' 3, 'poll 100' 2, 'poll 1000' 1)
set arrow 1 from 0, graph 0 to 0, graph 1 nohead lc rgb '#333333' lw 1.5
unset object 1
set key at screen 0.5, character 3.8 center horizontal font ''.sprintf(',%g', 12 * kb_fs)
plot $r_improved using 2:1:3:4 with xerrorbars pt 7 ps 1.4 * kb_ps lw 2 lc rgb '#1a9850' title 'improved', \
  $r_regressed using 2:1:3:4 with xerrorbars pt 7 ps 1.4 * kb_ps lw 2 lc rgb '#d73027' title 'regressed', \
  $r_same using 2:1:3:4 with xerrorbars pt 7 ps 1.4 * kb_ps lw 2 lc rgb '#7f7f7f' title 'no significant change'
unset multiplot
unset output

# kbench plot compare: the change of each series, with its interval
# Written by kbench 0.1.0; run "gnuplot compare.gp" to draw it again.

$improved << EOD
6 -4.750933044833672 -5.647405046617271 -3.8728609581588747
5 -4.518067231119605 -5.477580506941216 -3.5469938239524823
EOD
$regressed << EOD
2 9.99646726382144 8.73484794437922 11.218419718544848
1 10.052554949409664 9.025167594697292 11.298531629250764
EOD
$same << EOD
4 1.2008587988842523 -0.6383855024711615 4.287997453462689
3 -1.3172758839525178 -3.4185715307426534 0.5799856458401864
EOD
$untested << EOD
EOD
set encoding utf8
set title 'after vs before (baseline)' font ',18'
set label 1 'HZ 100, 250, 1000; 8 runs; n = 30 per point; 95% intervals' at screen 0.5, screen 0.015 center font ',11' textcolor rgb '#555555'
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set xlabel 'change of the median (%), 95% interval; lower is better'
set yrange [0.3:6.7]
set xrange [-7.08308:12.7342]
set grid noytics
set ytics scale 0 font ',11' ('nanosleep 100' 6, 'nanosleep 1000' 5, 'select 100' 4, 'select 1000' 3, 'poll 100' 2, 'poll 1000' 1)
set xtics format '%+g'
set arrow 1 from 0, graph 0 to 0, graph 1 nohead lc rgb '#333333' lw 1.5
set key at screen 0.5, character 2.6 center horizontal font ',12'
set bmargin 8

set terminal pngcairo noenhanced size 1200,504 font 'DejaVu Sans,14'
set output 'compare-latency.png'
plot $improved using 2:1:3:4 with xerrorbars pt 7 ps 1.4 lw 2 lc rgb '#1a9850' title 'improved', \
  $regressed using 2:1:3:4 with xerrorbars pt 7 ps 1.4 lw 2 lc rgb '#d73027' title 'regressed', \
  $same using 2:1:3:4 with xerrorbars pt 7 ps 1.4 lw 2 lc rgb '#7f7f7f' title 'no significant change'
unset multiplot
unset output

# kbench plot sleep: measured vs requested sleep
# Written by kbench 0.1.0; run "gnuplot calloutng-patched.gp" to draw it again.
$p0_0 << EOD
1 55.79
300 355.79
3000 3246.75
30000 31714.6
300000 319133.02
EOD
$p0_1 << EOD
1 1109.46
300 1107.85
3000 3238.1
30000 31522.76
300000 319604.27
EOD
$p0_2 << EOD
1 56.33
300 355.28
3000 3242.47
30000 31459.67
300000 319314.6
EOD
$p0_3 << EOD
1 52.66
300 354.49
3000 3238.79
30000 31431.02
300000 319497.58
EOD
$p0_4 << EOD
1 1114.23
300 1112.57
3000 3240.01
30000 31466.75
300000 309995.55
EOD
$p0_5 << EOD
1 65.44
300 375.98
3000 3265.36
30000 31564.67
300000 319505.88
EOD
$p0_6 << EOD
1 4.7
300 4.41
3000 4.69
30000 4.7
300000 4.41
EOD
$p1_0 << EOD
1 50.96
300 357.76
3000 3246.74
30000 31941.17
300000 311562.33
EOD
$p1_1 << EOD
1 1107.86
300 1122.55
3000 3229.12
30000 31983
300000 311422.94
EOD
$p1_2 << EOD
1 72.9
300 357.28
3000 3237.06
30000 31980.76
300000 311269.69
EOD
$p1_3 << EOD
1 55.23
300 355.82
3000 3231.55
30000 31982.22
300000 311425.4
EOD
$p1_4 << EOD
1 1113.81
300 1118.13
3000 3236.07
30000 31873.9
300000 303980.27
EOD
$p1_5 << EOD
1 71
300 378.62
3000 3267.22
30000 32522.35
300000 311424.97
EOD
$p1_6 << EOD
1 4.45
300 4.45
3000 4.44
30000 4.73
300000 4.45
EOD
$p2_0 << EOD
1 61.32
300 362.35
3000 3252.72
30000 32467.69
300000 309918.62
EOD
$p2_1 << EOD
1 1114.38
300 1115.62
3000 3250.1
30000 32497.81
300000 310000.76
EOD
$p2_2 << EOD
1 62.78
300 360.79
3000 3249.61
30000 32458.71
300000 309996.34
EOD
$p2_3 << EOD
1 64.23
300 360.62
3000 3248.11
30000 32525.2
300000 309997.13
EOD
$p2_4 << EOD
1 1121.21
300 1117.16
3000 3247.6
30000 31973.54
300000 309908.82
EOD
$p2_5 << EOD
1 75.01
300 395.61
3000 3274.96
30000 32475.59
300000 309996.16
EOD
$p2_6 << EOD
1 4.55
300 4.54
3000 4.5
30000 4.89
300000 4.89
EOD

set terminal pngcairo noenhanced size 1800,920 font 'DejaVu Sans,14'
set output 'calloutng-patched.png'
reset
kb_fs = 1
kb_ps = 1

set encoding utf8
set label 1 'HZ 100, 250, 1000; 3 runs; n = 1 per point' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set style line 1 lc rgb '#1b9e77' lw 2 dt 1 pt 5 ps 1.3 * kb_ps
set style line 2 lc rgb '#d95f02' lw 2 dt 2 pt 7 ps 1.3 * kb_ps
set style line 3 lc rgb '#7570b3' lw 2 dt 3 pt 9 ps 1.3 * kb_ps
set style line 4 lc rgb '#e7298a' lw 2 dt 4 pt 11 ps 1.3 * kb_ps
set style line 5 lc rgb '#66a61e' lw 2 dt 5 pt 13 ps 1.3 * kb_ps
set style line 6 lc rgb '#e6ab02' lw 2 dt 1 pt 4 ps 1.3 * kb_ps
set style line 7 lc rgb '#a6761d' lw 2 dt 2 pt 6 ps 1.3 * kb_ps
set style line 100 lc rgb '#999999' dt 2 lw 1.5
set multiplot title 'FreeBSD with calloutng_12_26: sleeps end when asked (Raspberry Pi)' font ''.sprintf(',%g', 18 * kb_fs)
unset key
unset label
set border
set tics
set grid
set logscale xy
set format x '%g'
set format y '%g'
set xlabel 'requested (µs)'
set ylabel 'measured, median (µs)'
set xrange [0.5:639209]
set yrange [0.5:639209]
set origin 0, 0.173913
set size 0.333333, 0.76087
set title 'hz=100'
plot x with lines ls 100 notitle, \
  $p0_0 using 1:2 with linespoints ls 1 notitle, \
  $p0_1 using 1:2 with linespoints ls 2 notitle, \
  $p0_2 using 1:2 with linespoints ls 3 notitle, \
  $p0_3 using 1:2 with linespoints ls 4 notitle, \
  $p0_4 using 1:2 with linespoints ls 5 notitle, \
  $p0_5 using 1:2 with linespoints ls 6 notitle, \
  $p0_6 using 1:2 with linespoints ls 7 notitle
set origin 0.333333, 0.173913
set size 0.333333, 0.76087
set title 'hz=250'
plot x with lines ls 100 notitle, \
  $p1_0 using 1:2 with linespoints ls 1 notitle, \
  $p1_1 using 1:2 with linespoints ls 2 notitle, \
  $p1_2 using 1:2 with linespoints ls 3 notitle, \
  $p1_3 using 1:2 with linespoints ls 4 notitle, \
  $p1_4 using 1:2 with linespoints ls 5 notitle, \
  $p1_5 using 1:2 with linespoints ls 6 notitle, \
  $p1_6 using 1:2 with linespoints ls 7 notitle
set origin 0.666667, 0.173913
set size 0.333333, 0.76087
set title 'hz=1000'
plot x with lines ls 100 notitle, \
  $p2_0 using 1:2 with linespoints ls 1 notitle, \
  $p2_1 using 1:2 with linespoints ls 2 notitle, \
  $p2_2 using 1:2 with linespoints ls 3 notitle, \
  $p2_3 using 1:2 with linespoints ls 4 notitle, \
  $p2_4 using 1:2 with linespoints ls 5 notitle, \
  $p2_5 using 1:2 with linespoints ls 6 notitle, \
  $p2_6 using 1:2 with linespoints ls 7 notitle
set encoding utf8
set label 1 'HZ 100, 250, 1000; 3 runs; n = 1 per point; single values, no intervals; one line (within 1%): select = usleep (hz=100)' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set origin 0, 0.0434783
set size 1, 0.130435
unset title
unset border
unset tics
unset xlabel
unset ylabel
unset grid
unset logscale
set xrange [0:1]
set yrange [0:1]
set key center center horizontal maxcols 5 width 2 font ''.sprintf(',%g', 13 * kb_fs)
plot NaN with lines ls 100 title 'requested', \
  NaN with linespoints ls 1 title 'select', \
  NaN with linespoints ls 2 title 'poll', \
  NaN with linespoints ls 3 title 'usleep', \
  NaN with linespoints ls 4 title 'nanosleep', \
  NaN with linespoints ls 5 title 'kqueue', \
  NaN with linespoints ls 6 title 'kqueueto', \
  NaN with linespoints ls 7 title 'syscall'
unset multiplot
unset output

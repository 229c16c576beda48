# kbench plot sleep: measured vs requested sleep
# Written by kbench 0.1.0; run "gnuplot calloutng-unpatched.gp" to draw it again.
$p0_0 << EOD
1 19941.7
300 19904.66
3000 19904.8
30000 39905.02
300000 310001.23
EOD
$p0_1 << EOD
1 19904.61
300 19904.35
3000 19904.92
30000 39905.49
300000 309902.73
EOD
$p0_2 << EOD
1 19904.95
300 19903.96
3000 19904.5
30000 39903.78
300000 309903.64
EOD
$p0_3 << EOD
1 19905.64
300 19904.48
3000 19904.84
30000 39904.55
300000 309903.32
EOD
$p0_4 << EOD
1 10001.61
300 10001.68
3000 10001.58
30000 30002.73
300000 300002.77
EOD
$p0_5 << EOD
1 19904
300 19997.86
3000 19903.56
30000 39903.59
300000 309903.31
EOD
$p0_6 << EOD
1 4.04
300 4.01
3000 4.02
30000 4.44
300000 4.01
EOD
$p1_0 << EOD
1 7989.1
300 7998.39
3000 7998.85
30000 35991.79
300000 303995.86
EOD
$p1_1 << EOD
1 7987.32
300 7993.47
3000 8005.93
30000 35980.35
300000 303981.58
EOD
$p1_2 << EOD
1 7993.3
300 7994.11
3000 7992.88
30000 35979.48
300000 303980.17
EOD
$p1_3 << EOD
1 7993.71
300 7993.77
3000 7993.34
30000 35981.61
300000 303980.36
EOD
$p1_4 << EOD
1 4004
300 4004.18
3000 4003.97
30000 32019.54
300000 300019.46
EOD
$p1_5 << EOD
1 7993.03
300 7993.37
3000 7993.24
30000 35979.64
300000 303978.1
EOD
$p1_6 << EOD
1 4.05
300 4
3000 4.37
30000 4.04
300000 4.04
EOD
$p2_0 << EOD
1 1999.16
300 2000.27
3000 3998.43
30000 31051.77
300000 300994.3
EOD
$p2_1 << EOD
1 1999.78
300 1999.86
3000 3999.39
30000 30995.64
300000 300996.17
EOD
$p2_2 << EOD
1 1999.96
300 1999.81
3000 3999.44
30000 30995.23
300000 300997.42
EOD
$p2_3 << EOD
1 1999.72
300 1999.8
3000 3999.36
30000 30995.87
300000 300993.64
EOD
$p2_4 << EOD
1 1000.27
300 1000.31
3000 3000.72
30000 30004.83
300000 300006.9
EOD
$p2_5 << EOD
1 1999.54
300 1999.59
3000 3999.34
30000 30996.05
300000 300996.84
EOD
$p2_6 << EOD
1 4.75
300 4.32
3000 4.29
30000 4.31
300000 4.29
EOD

set terminal pngcairo noenhanced size 1800,920 font 'DejaVu Sans,14'
set output 'calloutng-unpatched.png'
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
set multiplot title 'FreeBSD, no patches: every sleep rounds up to the next tick (Raspberry Pi)' font ''.sprintf(',%g', 18 * kb_fs)
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
set xrange [0.5:620002]
set yrange [0.5:620002]
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
set label 1 'HZ 100, 250, 1000; 3 runs; n = 1 per point; single values, no intervals; one line (within 1%): select = poll = usleep = nanosleep = kqueueto (every panel)' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
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

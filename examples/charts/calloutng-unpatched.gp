# kbench plot sleep: measured vs requested sleep
# Written by kbench 0.1.0; run "gnuplot sleep.gp" to draw it again.

$p0_0 << EOD
1 19941.7 19941.7 19941.7
300 19904.66 19904.66 19904.66
3000 19904.8 19904.8 19904.8
30000 39905.02 39905.02 39905.02
300000 310001.23 310001.23 310001.23
EOD
$p0_1 << EOD
1 19904.61 19904.61 19904.61
300 19904.35 19904.35 19904.35
3000 19904.92 19904.92 19904.92
30000 39905.49 39905.49 39905.49
300000 309902.73 309902.73 309902.73
EOD
$p0_2 << EOD
1 19904.95 19904.95 19904.95
300 19903.96 19903.96 19903.96
3000 19904.5 19904.5 19904.5
30000 39903.78 39903.78 39903.78
300000 309903.64 309903.64 309903.64
EOD
$p0_3 << EOD
1 19905.64 19905.64 19905.64
300 19904.48 19904.48 19904.48
3000 19904.84 19904.84 19904.84
30000 39904.55 39904.55 39904.55
300000 309903.32 309903.32 309903.32
EOD
$p0_4 << EOD
1 10001.61 10001.61 10001.61
300 10001.68 10001.68 10001.68
3000 10001.58 10001.58 10001.58
30000 30002.73 30002.73 30002.73
300000 300002.77 300002.77 300002.77
EOD
$p0_5 << EOD
1 19904 19904 19904
300 19997.86 19997.86 19997.86
3000 19903.56 19903.56 19903.56
30000 39903.59 39903.59 39903.59
300000 309903.31 309903.31 309903.31
EOD
$p0_6 << EOD
1 4.04 4.04 4.04
300 4.01 4.01 4.01
3000 4.02 4.02 4.02
30000 4.44 4.44 4.44
300000 4.01 4.01 4.01
EOD
$p1_0 << EOD
1 7989.1 7989.1 7989.1
300 7998.39 7998.39 7998.39
3000 7998.85 7998.85 7998.85
30000 35991.79 35991.79 35991.79
300000 303995.86 303995.86 303995.86
EOD
$p1_1 << EOD
1 7987.32 7987.32 7987.32
300 7993.47 7993.47 7993.47
3000 8005.93 8005.93 8005.93
30000 35980.35 35980.35 35980.35
300000 303981.58 303981.58 303981.58
EOD
$p1_2 << EOD
1 7993.3 7993.3 7993.3
300 7994.11 7994.11 7994.11
3000 7992.88 7992.88 7992.88
30000 35979.48 35979.48 35979.48
300000 303980.17 303980.17 303980.17
EOD
$p1_3 << EOD
1 7993.71 7993.71 7993.71
300 7993.77 7993.77 7993.77
3000 7993.34 7993.34 7993.34
30000 35981.61 35981.61 35981.61
300000 303980.36 303980.36 303980.36
EOD
$p1_4 << EOD
1 4004 4004 4004
300 4004.18 4004.18 4004.18
3000 4003.97 4003.97 4003.97
30000 32019.54 32019.54 32019.54
300000 300019.46 300019.46 300019.46
EOD
$p1_5 << EOD
1 7993.03 7993.03 7993.03
300 7993.37 7993.37 7993.37
3000 7993.24 7993.24 7993.24
30000 35979.64 35979.64 35979.64
300000 303978.1 303978.1 303978.1
EOD
$p1_6 << EOD
1 4.05 4.05 4.05
300 4 4 4
3000 4.37 4.37 4.37
30000 4.04 4.04 4.04
300000 4.04 4.04 4.04
EOD
$p2_0 << EOD
1 1999.16 1999.16 1999.16
300 2000.27 2000.27 2000.27
3000 3998.43 3998.43 3998.43
30000 31051.77 31051.77 31051.77
300000 300994.3 300994.3 300994.3
EOD
$p2_1 << EOD
1 1999.78 1999.78 1999.78
300 1999.86 1999.86 1999.86
3000 3999.39 3999.39 3999.39
30000 30995.64 30995.64 30995.64
300000 300996.17 300996.17 300996.17
EOD
$p2_2 << EOD
1 1999.96 1999.96 1999.96
300 1999.81 1999.81 1999.81
3000 3999.44 3999.44 3999.44
30000 30995.23 30995.23 30995.23
300000 300997.42 300997.42 300997.42
EOD
$p2_3 << EOD
1 1999.72 1999.72 1999.72
300 1999.8 1999.8 1999.8
3000 3999.36 3999.36 3999.36
30000 30995.87 30995.87 30995.87
300000 300993.64 300993.64 300993.64
EOD
$p2_4 << EOD
1 1000.27 1000.27 1000.27
300 1000.31 1000.31 1000.31
3000 3000.72 3000.72 3000.72
30000 30004.83 30004.83 30004.83
300000 300006.9 300006.9 300006.9
EOD
$p2_5 << EOD
1 1999.54 1999.54 1999.54
300 1999.59 1999.59 1999.59
3000 3999.34 3999.34 3999.34
30000 30996.05 30996.05 30996.05
300000 300996.84 300996.84 300996.84
EOD
$p2_6 << EOD
1 4.75 4.75 4.75
300 4.32 4.32 4.32
3000 4.29 4.29 4.29
30000 4.31 4.31 4.31
300000 4.29 4.29 4.29
EOD
set encoding utf8
set label 1 'HZ 100, 250, 1000; 3 runs; n = 1 per point; 95% intervals' at screen 0.5, screen 0.015 center font ',11' textcolor rgb '#555555'
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set logscale xy
set format x '%g'
set format y '%g'
set xlabel 'requested (µs)'
set ylabel 'measured, median (µs)'
set xrange [0.5:620002]
set yrange [0.5:620002]
set style line 1 lc rgb '#1b9e77' lw 2 pt 5 ps 1.2
set style line 2 lc rgb '#d95f02' lw 2 pt 6 ps 1.2
set style line 3 lc rgb '#7570b3' lw 2 pt 7 ps 1.2
set style line 4 lc rgb '#e7298a' lw 2 pt 8 ps 1.2
set style line 5 lc rgb '#66a61e' lw 2 pt 9 ps 1.2
set style line 6 lc rgb '#e6ab02' lw 2 pt 10 ps 1.2
set style line 7 lc rgb '#a6761d' lw 2 pt 11 ps 1.2
set style line 100 lc rgb '#999999' dt 2 lw 1.5

set terminal pngcairo noenhanced size 1800,800 font 'DejaVu Sans,14'
set output 'calloutng-unpatched.png'
set multiplot layout 1,3 title 'FreeBSD, no patches: every sleep rounds up to the next tick (Raspberry Pi)' font ',18'
set title 'hz=100'
unset key
plot x with lines ls 100 title 'requested', \
  $p0_0 using 1:2:3:4 with yerrorlines ls 1 title 'select', \
  $p0_1 using 1:2:3:4 with yerrorlines ls 2 title 'poll', \
  $p0_2 using 1:2:3:4 with yerrorlines ls 3 title 'usleep', \
  $p0_3 using 1:2:3:4 with yerrorlines ls 4 title 'nanosleep', \
  $p0_4 using 1:2:3:4 with yerrorlines ls 5 title 'kqueue', \
  $p0_5 using 1:2:3:4 with yerrorlines ls 6 title 'kqueueto', \
  $p0_6 using 1:2:3:4 with yerrorlines ls 7 title 'syscall'
set title 'hz=250'
unset key
plot x with lines ls 100 title 'requested', \
  $p1_0 using 1:2:3:4 with yerrorlines ls 1 title 'select', \
  $p1_1 using 1:2:3:4 with yerrorlines ls 2 title 'poll', \
  $p1_2 using 1:2:3:4 with yerrorlines ls 3 title 'usleep', \
  $p1_3 using 1:2:3:4 with yerrorlines ls 4 title 'nanosleep', \
  $p1_4 using 1:2:3:4 with yerrorlines ls 5 title 'kqueue', \
  $p1_5 using 1:2:3:4 with yerrorlines ls 6 title 'kqueueto', \
  $p1_6 using 1:2:3:4 with yerrorlines ls 7 title 'syscall'
set title 'hz=1000'
set key bottom right box opaque font ',11'
plot x with lines ls 100 title 'requested', \
  $p2_0 using 1:2:3:4 with yerrorlines ls 1 title 'select', \
  $p2_1 using 1:2:3:4 with yerrorlines ls 2 title 'poll', \
  $p2_2 using 1:2:3:4 with yerrorlines ls 3 title 'usleep', \
  $p2_3 using 1:2:3:4 with yerrorlines ls 4 title 'nanosleep', \
  $p2_4 using 1:2:3:4 with yerrorlines ls 5 title 'kqueue', \
  $p2_5 using 1:2:3:4 with yerrorlines ls 6 title 'kqueueto', \
  $p2_6 using 1:2:3:4 with yerrorlines ls 7 title 'syscall'
unset multiplot
unset output

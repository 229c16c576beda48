# kbench plot sleep: measured vs requested sleep
# Written by kbench 0.1.0; run "gnuplot sleep.gp" to draw it again.

$p0_0 << EOD
1 55.79 55.79 55.79
300 355.79 355.79 355.79
3000 3246.75 3246.75 3246.75
30000 31714.6 31714.6 31714.6
300000 319133.02 319133.02 319133.02
EOD
$p0_1 << EOD
1 1109.46 1109.46 1109.46
300 1107.85 1107.85 1107.85
3000 3238.1 3238.1 3238.1
30000 31522.76 31522.76 31522.76
300000 319604.27 319604.27 319604.27
EOD
$p0_2 << EOD
1 56.33 56.33 56.33
300 355.28 355.28 355.28
3000 3242.47 3242.47 3242.47
30000 31459.67 31459.67 31459.67
300000 319314.6 319314.6 319314.6
EOD
$p0_3 << EOD
1 52.66 52.66 52.66
300 354.49 354.49 354.49
3000 3238.79 3238.79 3238.79
30000 31431.02 31431.02 31431.02
300000 319497.58 319497.58 319497.58
EOD
$p0_4 << EOD
1 1114.23 1114.23 1114.23
300 1112.57 1112.57 1112.57
3000 3240.01 3240.01 3240.01
30000 31466.75 31466.75 31466.75
300000 309995.55 309995.55 309995.55
EOD
$p0_5 << EOD
1 65.44 65.44 65.44
300 375.98 375.98 375.98
3000 3265.36 3265.36 3265.36
30000 31564.67 31564.67 31564.67
300000 319505.88 319505.88 319505.88
EOD
$p0_6 << EOD
1 4.7 4.7 4.7
300 4.41 4.41 4.41
3000 4.69 4.69 4.69
30000 4.7 4.7 4.7
300000 4.41 4.41 4.41
EOD
$p1_0 << EOD
1 50.96 50.96 50.96
300 357.76 357.76 357.76
3000 3246.74 3246.74 3246.74
30000 31941.17 31941.17 31941.17
300000 311562.33 311562.33 311562.33
EOD
$p1_1 << EOD
1 1107.86 1107.86 1107.86
300 1122.55 1122.55 1122.55
3000 3229.12 3229.12 3229.12
30000 31983 31983 31983
300000 311422.94 311422.94 311422.94
EOD
$p1_2 << EOD
1 72.9 72.9 72.9
300 357.28 357.28 357.28
3000 3237.06 3237.06 3237.06
30000 31980.76 31980.76 31980.76
300000 311269.69 311269.69 311269.69
EOD
$p1_3 << EOD
1 55.23 55.23 55.23
300 355.82 355.82 355.82
3000 3231.55 3231.55 3231.55
30000 31982.22 31982.22 31982.22
300000 311425.4 311425.4 311425.4
EOD
$p1_4 << EOD
1 1113.81 1113.81 1113.81
300 1118.13 1118.13 1118.13
3000 3236.07 3236.07 3236.07
30000 31873.9 31873.9 31873.9
300000 303980.27 303980.27 303980.27
EOD
$p1_5 << EOD
1 71 71 71
300 378.62 378.62 378.62
3000 3267.22 3267.22 3267.22
30000 32522.35 32522.35 32522.35
300000 311424.97 311424.97 311424.97
EOD
$p1_6 << EOD
1 4.45 4.45 4.45
300 4.45 4.45 4.45
3000 4.44 4.44 4.44
30000 4.73 4.73 4.73
300000 4.45 4.45 4.45
EOD
$p2_0 << EOD
1 61.32 61.32 61.32
300 362.35 362.35 362.35
3000 3252.72 3252.72 3252.72
30000 32467.69 32467.69 32467.69
300000 309918.62 309918.62 309918.62
EOD
$p2_1 << EOD
1 1114.38 1114.38 1114.38
300 1115.62 1115.62 1115.62
3000 3250.1 3250.1 3250.1
30000 32497.81 32497.81 32497.81
300000 310000.76 310000.76 310000.76
EOD
$p2_2 << EOD
1 62.78 62.78 62.78
300 360.79 360.79 360.79
3000 3249.61 3249.61 3249.61
30000 32458.71 32458.71 32458.71
300000 309996.34 309996.34 309996.34
EOD
$p2_3 << EOD
1 64.23 64.23 64.23
300 360.62 360.62 360.62
3000 3248.11 3248.11 3248.11
30000 32525.2 32525.2 32525.2
300000 309997.13 309997.13 309997.13
EOD
$p2_4 << EOD
1 1121.21 1121.21 1121.21
300 1117.16 1117.16 1117.16
3000 3247.6 3247.6 3247.6
30000 31973.54 31973.54 31973.54
300000 309908.82 309908.82 309908.82
EOD
$p2_5 << EOD
1 75.01 75.01 75.01
300 395.61 395.61 395.61
3000 3274.96 3274.96 3274.96
30000 32475.59 32475.59 32475.59
300000 309996.16 309996.16 309996.16
EOD
$p2_6 << EOD
1 4.55 4.55 4.55
300 4.54 4.54 4.54
3000 4.5 4.5 4.5
30000 4.89 4.89 4.89
300000 4.89 4.89 4.89
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
set xrange [0.5:639209]
set yrange [0.5:639209]
set style line 1 lc rgb '#1b9e77' lw 2 pt 5 ps 1.2
set style line 2 lc rgb '#d95f02' lw 2 pt 6 ps 1.2
set style line 3 lc rgb '#7570b3' lw 2 pt 7 ps 1.2
set style line 4 lc rgb '#e7298a' lw 2 pt 8 ps 1.2
set style line 5 lc rgb '#66a61e' lw 2 pt 9 ps 1.2
set style line 6 lc rgb '#e6ab02' lw 2 pt 10 ps 1.2
set style line 7 lc rgb '#a6761d' lw 2 pt 11 ps 1.2
set style line 100 lc rgb '#999999' dt 2 lw 1.5

set terminal pngcairo noenhanced size 1800,800 font 'DejaVu Sans,14'
set output 'calloutng-patched.png'
set multiplot layout 1,3 title 'FreeBSD with calloutng_12_26: sleeps end when asked (Raspberry Pi)' font ',18'
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

# kbench plot sleep: measured vs requested sleep
# Written by kbench 0.1.0; run "gnuplot sleep.gp" to draw it again.
$p0_0 << EOD
1 311.985 190.21 880.76
300 573.755 536.86 723.11
3000 3359.315 3332.26 3406.96
30000 30989.4 30755.1 32885.75
EOD
$p0_1 << EOD
1 1326.3049999999998 1277.06 1444.76
300 1271.68 1240.05 1333.83
3000 3396.9700000000003 3313.13 3494.77
30000 31106.33 30756.08 32298.47
EOD
$p0_2 << EOD
1 191.925 167.42 324
300 704.14 542.87 807.81
3000 3545.495 3447.03 3718.22
30000 31054.27 30862.2 32133.32
EOD
$p0_3 << EOD
1 172.44 154.62 207.72
300 502.955 485.21 534.02
3000 3562.065 3423.45 3716.77
30000 30865.370000000003 30826.83 31434.5
EOD
$p1_0 << EOD
1 3979.7200000000003 3794.4 4070.44
300 3983.835 3924.59 4026.38
3000 4004.755 3924.45 4027.14
30000 34665.215 33859.2 36386.23
EOD
$p1_1 << EOD
1 4057.45 3967.76 8374.72
300 4065.285 2189.74 5840.94
3000 4008.45 3928.65 4136.82
30000 32122.525 32002.8 32958.93
EOD
$p1_2 << EOD
1 3981.0249999999996 3921.74 4038.75
300 3983.08 3913.9 4045.62
3000 3983.085 3914.92 4106.65
30000 32144.955 32005.21 33521.11
EOD
$p1_3 << EOD
1 6085.98 4093.68 10971.16
300 3946.73 3567.84 4042.43
3000 4003.445 3975.81 4025.35
30000 34246.494999999995 32170.01 37287.37
EOD

set terminal pngcairo noenhanced size 1200,880 font 'DejaVu Sans,14'
set output 'sleep.png'
reset
kb_fs = 1
kb_ps = 1

set encoding utf8
set label 1 'host qemu-tcg-guest; kernel 6.1.0-57-amd64; HZ 250; 2 runs; n = 30 per point' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set style line 1 lc rgb '#1b9e77' lw 2 dt 1 pt 5 ps 1.3 * kb_ps
set style line 2 lc rgb '#d95f02' lw 2 dt 2 pt 7 ps 1.3 * kb_ps
set style line 3 lc rgb '#7570b3' lw 2 dt 3 pt 9 ps 1.3 * kb_ps
set style line 4 lc rgb '#e7298a' lw 2 dt 4 pt 11 ps 1.3 * kb_ps
set style line 100 lc rgb '#999999' dt 2 lw 1.5
set multiplot title 'Linux under qemu (TCG): highres timers vs highres=off (tick-based)' font ''.sprintf(',%g', 18 * kb_fs)
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
set xrange [0.5:69330.4]
set yrange [0.5:69330.4]
set origin 0, 0.136364
set size 0.5, 0.795455
set title 'label=highres'
plot x with lines ls 100 notitle, \
  $p0_0 using 1:2 with linespoints ls 1 notitle, \
  $p0_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 1 dt 1 notitle, \
  $p0_1 using 1:2 with linespoints ls 2 notitle, \
  $p0_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 2 dt 1 notitle, \
  $p0_2 using 1:2 with linespoints ls 3 notitle, \
  $p0_2 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 3 dt 1 notitle, \
  $p0_3 using 1:2 with linespoints ls 4 notitle, \
  $p0_3 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 4 dt 1 notitle
set origin 0.5, 0.136364
set size 0.5, 0.795455
set title 'label=tick-based'
plot x with lines ls 100 notitle, \
  $p1_0 using 1:2 with linespoints ls 1 notitle, \
  $p1_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 1 dt 1 notitle, \
  $p1_1 using 1:2 with linespoints ls 2 notitle, \
  $p1_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 2 dt 1 notitle, \
  $p1_2 using 1:2 with linespoints ls 3 notitle, \
  $p1_2 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 3 dt 1 notitle, \
  $p1_3 using 1:2 with linespoints ls 4 notitle, \
  $p1_3 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 ls 4 dt 1 notitle
set encoding utf8
set label 1 'host qemu-tcg-guest; kernel 6.1.0-57-amd64; HZ 250; 2 runs; n = 30 per point; 95% intervals of the median' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set origin 0, 0.0454545
set size 1, 0.0909091
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
  NaN with linespoints ls 1 title 'nanosleep', \
  NaN with linespoints ls 2 title 'poll', \
  NaN with linespoints ls 3 title 'select', \
  NaN with linespoints ls 4 title 'usleep'
unset multiplot
unset output

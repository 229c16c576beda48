# kbench plot sleep: measured vs requested sleep
# Written by kbench 0.1.0; run "gnuplot sleep.gp" to draw it again.
$p0_0 << EOD
1 255.63 180.44 575.42
300 526.7950000000001 473.05 551.35
3000 3986.4700000000003 3530.02 5133.51
30000 30901.61 30782.86 31522.51
EOD
$p0_1 << EOD
1 1275.085 1233.18 1322.06
300 1299.7649999999999 1241.61 1609.83
3000 3326.95 3287.54 3556.22
30000 30734.059999999998 30695.74 30916.88
EOD
$p0_2 << EOD
1 197.255 175.24 258.36
300 694.315 558.46 936.59
3000 3429.7799999999997 3315.99 3658.28
30000 30760.5 30689.75 31007.02
EOD
$p0_3 << EOD
1 233.855 204.44 285.06
300 606.56 544.04 1430.32
3000 3383.65 3312.6 3539.51
30000 30783.61 30713.65 31173.24
EOD
$p1_0 << EOD
1 4066.58 3946.61 5888.26
300 4017.66 3971.11 4408.75
3000 4192.23 3835.23 4547.39
30000 32108.425000000003 31988.45 33851.73
EOD
$p1_1 << EOD
1 4005.525 3967.72 4201.85
300 3991.27 3902.01 4072.71
3000 4052.51 3943.23 4856.84
30000 33280.845 32000.41 34354.86
EOD
$p1_2 << EOD
1 3955.18 3906.97 4024.01
300 3997.73 3951.8 4069.12
3000 4042.1800000000003 3966.48 4640.81
30000 33439.91 32051.68 35800.67
EOD
$p1_3 << EOD
1 3980.365 3913.86 4090.84
300 4018.9700000000003 3910.81 4670.81
3000 4050.3450000000003 3971.92 7871.74
30000 32713.395 31946.8 35535.19
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
set xrange [0.5:66879.8]
set yrange [0.5:66879.8]
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

# kbench plot lock: ns per chain call, by hook lock and head lock
# Written by kbench 0.1.0; run "gnuplot pfil-lock.gp" to draw it again.
$t0_0 << EOD
-0.2 16.4605 16.062 16.866
0.8 50.805499999999995 49.765 51.363
1.8 50.216499999999996 49.493 50.803
2.8 31.5165 31.029 31.824
EOD
$t0_1 << EOD
0.2 10.285 10.14 10.383
1.2 45.0325 44.22 45.565
2.2 44.087999999999994 43.719 44.426
3.2 25.371000000000002 24.819 25.743
EOD
$t1_0 << EOD
-0.2 83.684 77.923 84.85
0.8 282.43449999999996 264.531 288.804
1.8 309.8125 233.61 316.193
2.8 78.262 65.395 80.488
EOD
$t1_1 << EOD
0.2 10.260000000000002 10.179 10.49
1.2 227.183 218.293 243.58
2.2 229.425 222.645 233.474
3.2 25.498 25.323 25.844
EOD

set terminal pngcairo noenhanced size 1300,780 font 'DejaVu Sans,14'
set output 'pfil-lock.png'
reset
kb_fs = 1
kb_ps = 1

set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v657; HZ 250; head=rw: 1 run, head=rm: 1 run; n = 12 to 24 per point; 95% intervals of the median'."\n".'above: the change, 99.38% interval, counted in pairs of rounds (12 pairs)' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set style fill solid 0.85 border -1
set boxwidth 0.36
set ylabel 'ns per chain call, median (lower is better)'
set xlabel 'hook lock'
set xrange [-0.6:3.6]
set yrange [0:426.861]
set key top left Left reverse box opaque width 1 font ''.sprintf(',%g', 13 * kb_fs)
set xtics scale 0 font ''.sprintf(',%g', 14 * kb_fs) ('null' 0, 'mtx' 1, 'rw' 2, 'rm' 3)
set multiplot layout 1,2 title 'pfil hook chain: cost per call by hook lock and head lock' font ''.sprintf(',%g', 18 * kb_fs)
unset label
set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v657; HZ 250; head=rw: 1 run, head=rm: 1 run; n = 12 to 24 per point; 95% intervals of the median'."\n".'above: the change, 99.38% interval, counted in pairs of rounds (12 pairs)' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set title '1 thread' font ''.sprintf(',%g', 15 * kb_fs)
set label 10 "-37.3%\n[-39.2, -34.7]" at 0, 16.866 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 11 "-11.3%\n[-12.5, +5.0]" at 1, 51.363 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 12 "-12.0%\n[-22.4, -10.9]" at 2, 50.803 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 13 "-19.4%\n[-20.9, -10.4]" at 3, 31.824 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set key
plot $t0_0 using 1:2 with boxes lc rgb '#1b9e77' title 'head=rw', \
  $t0_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle, \
  $t0_1 using 1:2 with boxes lc rgb '#d95f02' title 'head=rm', \
  $t0_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle
unset label
set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v657; HZ 250; head=rw: 1 run, head=rm: 1 run; n = 12 to 24 per point; 95% intervals of the median'."\n".'above: the change, 99.38% interval, counted in pairs of rounds (12 pairs)' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set title '2 threads' font ''.sprintf(',%g', 15 * kb_fs)
set label 14 "-87.2%\n[-87.9, -71.8]" at 0, 84.85 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 15 "-15.5%\n[-53.8, +65.8]" at 1, 288.804 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 16 "-19.3%\n[-47.9, +105]" at 2, 316.193 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 17 "-64.7%\n[-68.6, -47.0]" at 3, 80.488 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
unset key
plot $t1_0 using 1:2 with boxes lc rgb '#1b9e77' title 'head=rw', \
  $t1_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle, \
  $t1_1 using 1:2 with boxes lc rgb '#d95f02' title 'head=rm', \
  $t1_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle
unset multiplot
unset output

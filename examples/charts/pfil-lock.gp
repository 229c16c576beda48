# kbench plot lock: ns per chain call, by hook lock and head lock
# Written by kbench 0.1.0; run "gnuplot pfil-lock.gp" to draw it again.
$t0_0 << EOD
-0.2 15.318999999999999 15.101 15.455
0.8 51.312 50.759 51.68
1.8 50.555 50.041 50.774
2.8 31.3475 31.018 31.542
EOD
$t0_1 << EOD
0.2 10.816500000000001 10.711 10.915
1.2 46.788 46.453 47.164
2.2 46.1745 45.817 46.311
3.2 26.5915 26.315 26.816
EOD
$t1_0 << EOD
-0.2 30.351 26.283 33.575
0.8 145.2825 128.022 147.271
1.8 149.738 145.312 157.513
2.8 27.9825 27.365 47.906
EOD
$t1_1 << EOD
0.2 5.4945 5.404 5.504
1.2 121.43350000000001 104.272 126.101
2.2 114.7245 104.613 118.355
3.2 13.3445 13.165 13.504
EOD

set terminal pngcairo noenhanced size 1300,780 font 'DejaVu Sans,14'
set output 'pfil-lock.png'
reset
kb_fs = 1
kb_ps = 1

set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v657; HZ 250; head=rw: 1 run, head=rm: 1 run; 12 samples a side; 95% intervals of the median'."\n".'above: the change, 99.38% interval, counted in pairs of rounds (12 pairs)' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
kb_foot = 2
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 5 + kb_foot
set style fill solid 0.85 border -1
set boxwidth 0.36
set ylabel 'ns per chain call, median (lower is better)'
set xlabel 'hook lock'
set xrange [-0.6:3.6]
set yrange [0:212.643]
set key top left Left reverse box opaque width 1 font ''.sprintf(',%g', 13 * kb_fs)
set xtics scale 0 font ''.sprintf(',%g', 14 * kb_fs) ('null' 0, 'mtx' 1, 'rw' 2, 'rm' 3)
set multiplot layout 1,2 title 'pfil hook chain: cost per call by hook lock and head lock' font ''.sprintf(',%g', 18 * kb_fs)
unset label
set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v657; HZ 250; head=rw: 1 run, head=rm: 1 run; 12 samples a side; 95% intervals of the median'."\n".'above: the change, 99.38% interval, counted in pairs of rounds (12 pairs)' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
kb_foot = 2
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 5 + kb_foot
set title '1 thread' font ''.sprintf(',%g', 15 * kb_fs)
set label 10 "-29.2%\n[-30.2, -28.3]" at 0, 15.455 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 11 "-8.7%\n[-9.6, -7.2]" at 1, 51.68 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 12 "-8.6%\n[-9.4, -7.8]" at 2, 50.774 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 13 "-15.4%\n[-17.3, -13.0]" at 3, 31.542 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set key
plot $t0_0 using 1:2 with boxes lc rgb '#1b9e77' title 'head=rw', \
  $t0_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle, \
  $t0_1 using 1:2 with boxes lc rgb '#d95f02' title 'head=rm', \
  $t0_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle
unset label
set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v657; HZ 250; head=rw: 1 run, head=rm: 1 run; 12 samples a side; 95% intervals of the median'."\n".'above: the change, 99.38% interval, counted in pairs of rounds (12 pairs)' at screen 0.5, screen 0 center offset 0, 2.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
kb_foot = 2
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 5 + kb_foot
set title '2 threads' font ''.sprintf(',%g', 15 * kb_fs)
set label 14 "-81.8%\n[-84.1, -79.1]" at 0, 33.575 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 15 "-18.5%\n[-34.4, -5.2]" at 1, 147.271 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 16 "-24.0%\n[-33.6, -18.8]" at 2, 157.513 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 17 "-53.8%\n[-72.3, -50.6]" at 3, 47.906 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
unset key
plot $t1_0 using 1:2 with boxes lc rgb '#1b9e77' title 'head=rw', \
  $t1_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle, \
  $t1_1 using 1:2 with boxes lc rgb '#d95f02' title 'head=rm', \
  $t1_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle
unset multiplot
unset output

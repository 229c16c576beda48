# kbench plot lock: ns per chain call, by hook lock and head lock
# Written by kbench 0.1.0; run "gnuplot pfil-lock.gp" to draw it again.
$t0_0 << EOD
-0.2 25.4795 22.224 35.95
0.8 77.848 61.065 259.749
1.8 72.158 61.488 260.782
2.8 45.051500000000004 39.552 103.986
EOD
$t0_1 << EOD
0.2 15.608999999999998 11.882 23.366
1.2 61.0115 55.419 217.07
2.2 64.40450000000001 52.54 99.59
3.2 37.0085 32.354 49.198
EOD
$t1_0 << EOD
-0.2 43.752 26.263 110.809
0.8 138.75400000000002 64.331 232.946
1.8 204.8225 79.854 350.278
2.8 76.54849999999999 41.731 116.744
EOD
$t1_1 << EOD
0.2 16.764 14.861 20.651
1.2 251.9915 61.122 319.048
2.2 72.9885 57.205 209.054
3.2 37.269999999999996 32.169 87.891
EOD

set terminal pngcairo noenhanced size 1300,780 font 'DejaVu Sans,14'
set output 'pfil-lock.png'
reset
kb_fs = 1
kb_ps = 1

set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v782; HZ 250; head=rw: 1 run, head=rm: 1 run; n = 8 to 16 per point; 95% intervals of the median; above: the change, 99.38% interval' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set style fill solid 0.85 border -1
set boxwidth 0.36
set ylabel 'ns per chain call, median (lower is better)'
set xlabel 'hook lock'
set xrange [-0.6:3.6]
set yrange [0:472.875]
set key top left Left reverse box opaque width 1 font ''.sprintf(',%g', 13 * kb_fs)
set xtics scale 0 font ''.sprintf(',%g', 14 * kb_fs) ('null' 0, 'mtx' 1, 'rw' 2, 'rm' 3)
set multiplot layout 1,2 title 'pfil hook chain: cost per call by hook lock and head lock' font ''.sprintf(',%g', 18 * kb_fs)
unset label
set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v782; HZ 250; head=rw: 1 run, head=rm: 1 run; n = 8 to 16 per point; 95% intervals of the median; above: the change, 99.38% interval' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set title '1 thread' font ''.sprintf(',%g', 15 * kb_fs)
set label 10 "-41.5%\n[-55.3, -17.8]" at 0, 35.95 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 11 "-12.6%\n[-67.9, +185]" at 1, 259.749 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 12 "-15.3%\n[-75.8, +12.8]" at 2, 260.782 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 13 "-17.4%\n[-53.4, +20.7]" at 3, 103.986 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set key
plot $t0_0 using 1:2 with boxes lc rgb '#1b9e77' title 'head=rw', \
  $t0_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle, \
  $t0_1 using 1:2 with boxes lc rgb '#d95f02' title 'head=rm', \
  $t0_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle
unset label
set encoding utf8
set label 1 'host vm; kernel 6.18.44-fc-v782; HZ 250; head=rw: 1 run, head=rm: 1 run; n = 8 to 16 per point; 95% intervals of the median; above: the change, 99.38% interval' at screen 0.5, screen 0 center offset 0, 1.2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset pointintervalbox
set grid lc rgb '#dddddd'
set border lc rgb '#444444'
set bmargin 6
set title '2 threads' font ''.sprintf(',%g', 15 * kb_fs)
set label 14 "-51.3%\n[-81.5, -29.1]" at 0, 110.809 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#1a9850'
set label 15 "+37.4%\n[-42.1, +284]" at 1, 319.048 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 16 "-42.6%\n[-76.9, +19.0]" at 2, 350.278 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
set label 17 "-28.7%\n[-65.7, +12.6]" at 3, 116.744 center offset 0, 2 font ''.sprintf(',%g', 11 * kb_fs) textcolor rgb '#555555'
unset key
plot $t1_0 using 1:2 with boxes lc rgb '#1b9e77' title 'head=rw', \
  $t1_0 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle, \
  $t1_1 using 1:2 with boxes lc rgb '#d95f02' title 'head=rm', \
  $t1_1 using 1:3:(0):($4 - $3) with vectors heads size screen 0.004,90 lc rgb '#333333' lw 1.5 notitle
unset multiplot
unset output

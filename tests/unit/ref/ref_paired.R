# ref_paired.R: reference values for the paired functions of
# analyze/stats_paired.c (tests/unit/test_stats.c: test_signedrank,
# test_walsh, test_ttest_one): R's own wilcox.test (one sample: the
# signed-rank test, exact or normal with correct = TRUE, and with
# conf.int = TRUE the median of the Walsh averages and its exact
# interval), psignrank and qsignrank, t.test, and coin's exact
# conditional signed-rank test for tied data.
#
# Run:  Rscript tests/unit/ref/ref_paired.R > /tmp/ref_paired.txt
# Written against R 4.2.2 (Debian 12) with coin 1.4.2 (r-cran-coin).
# Every line printed is "key value" with 17 significant digits, as in
# ref_stats.R; test_stats.c quotes the key next to each value.  The data
# sets are built exactly as in test_stats.c and ref_paired.py (only +,
# -, *, / and integer arithmetic on doubles).

options(digits = 17, warn = 1)
suppressMessages(library(coin))

out <- function(key, v) cat(sprintf("%s%s %.17g\n", key,
    if (length(v) > 1) sprintf("[%d]", seq_along(v) - 1) else "", v), sep = "")

# Hollander & Wolfe's depression scale pairs (R's ?wilcox.test example)
hw_x <- c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30)
hw_y <- c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29)
d9 <- hw_x - hw_y
# ((mul i) mod m - off) / div, i = 0 .. n-1: dz and dk have distinct
# magnitudes and no zero, dh ties and zeros, dm heavy ties and zeros;
# dz0 is dz with zeros at i = 5 mod 17
mk <- function(n, mul, m, off, div) ((((0:(n - 1)) * mul) %% m) - off) / div
dz <- function(n) mk(n, 37, 101, 40.25, 4)
dk <- function(n) mk(n, 7919, 10007, 4000.25, 4)
dh <- function(n) mk(n, 13, 17, 8, 2)
dm <- function(n) mk(n, 7919, 23, 11, 1)
dz0 <- function(n) { d <- dz(n); d[(0:(n - 1)) %% 17 == 5] <- 0; d }
dt15 <- c(1, -1, 2, 2, -2, 3, 0, 0, 4, -3, 1, 5, -0.5, 2, 0)

sr <- function(d, ...) {
	r <- suppressWarnings(wilcox.test(d, ...))
	c(r$statistic, r$p.value)
}

## the signed-rank test
# exact (no ties, no zeros: R's psignrank)
out("sr.d9", sr(d9, exact = TRUE))
out("sr.dz20", sr(dz(20), exact = TRUE))
out("sr.dz49", sr(dz(49), exact = TRUE))
# 52 with 3 zeros: 49 nonzero, exact on those (what kbench does)
d <- dz0(52)
out("sr.dz049", sr(d[d != 0], exact = TRUE))
# the normal approximation, continuity corrected
out("sr.dz50", sr(dz(50), exact = FALSE, correct = TRUE))
out("sr.dz51", sr(dz(51), exact = FALSE, correct = TRUE))
out("sr.dz49.normal", sr(dz(49), exact = FALSE, correct = TRUE))
out("sr.dh53", sr(dh(53), correct = TRUE))
out("sr.dm300", sr(dm(300), correct = TRUE))
out("sr.dk1000", sr(dk(1000), correct = TRUE))
out("sr.dt15.normal", sr(dt15, correct = TRUE))
# exact with ties and zeros: coin's conditional distribution
cs <- function(d) pvalue(wilcoxsign_test(d ~ rep(0, length(d)),
    zero.method = "Wilcoxon", distribution = "exact"))
out("sr.coin.dt15", cs(dt15))
out("sr.coin.dh52", cs(dh(52)))
out("sr.coin.dh60", cs(dh(60)))

## critical values: the largest k with P(V <= k - 1) <= alpha / 2
crit <- function(n, L) {
	a2 <- (1 - L / 100) / 2
	k <- qsignrank(a2, n)
	if (psignrank(k, n) <= a2) k <- k + 1	# qsignrank's tie
	c(k, if (k > 0) 1 - 2 * psignrank(k - 1, n) else NaN)
}
for (n in c(6, 10, 20, 30, 49))
	for (L in c(80, 90, 95, 99, 99.9))
		out(sprintf("crit.%d.%g", n, L), crit(n, L))
# past 49: the normal approximation with continuity correction
critn <- function(n, L) {
	mu <- n * (n + 1) / 4
	s <- sqrt(n * (n + 1) * (2 * n + 1) / 24)
	k <- floor(mu + 0.5 + qnorm((1 - L / 100) / 2) * s)
	c(k, 1 - 2 * pnorm((k - 0.5 - mu) / s))
}
for (n in c(50, 51, 100, 1000, 1e6))
	for (L in c(90, 95, 99))
		out(sprintf("critn.%g.%g", n, L), critn(n, L))
# and the exact ones there, to see how near
for (n in c(50, 100, 1000))
	out(sprintf("crit.%d.95", n), crit(n, 95))

## the median of the Walsh averages with the exact interval
walsh <- function(d, L) {
	r <- wilcox.test(d, conf.int = TRUE, exact = TRUE, conf.level = L / 100)
	n <- length(d)
	qu <- qsignrank((1 - L / 100) / 2, n)
	c(r$estimate, r$conf.int[1:2], 1 - 2 * psignrank(qu - 1, n))
}
for (L in c(80, 95, 99))
	out(sprintf("walsh.d9.%g", L), walsh(d9, L))
out("walsh.d9.90", walsh(d9, 90))
for (n in c(20, 30, 49))
	for (L in c(90, 95, 99))
		out(sprintf("walsh.dz%d.%g", n, L), walsh(dz(n), L))
# large n: the order statistics of all the averages, k from critn
walshn <- function(d, L) {
	w <- outer(d, d, "+")
	w <- sort(w[!lower.tri(w)]) / 2
	k <- critn(length(d), L)[1]
	c(median(w), w[k], w[length(w) + 1 - k])
}
out("walshn.dk1000.95", walshn(dk(1000), 95))
out("walshn.dm300.90", walshn(dm(300), 90))

## the one-sample t
t1 <- function(d, L) {
	r <- t.test(d, conf.level = L / 100)
	c(r$estimate, r$statistic, r$parameter, r$p.value, r$conf.int[1:2])
}
out("t1.d9.95", t1(d9, 95))
out("t1.dz30.99", t1(dz(30), 99))
out("t1.dt15.90", t1(dt15, 90))
# (t.test refuses d9 * 1e-300, "essentially constant": its variance
# underflows; test_stats.c checks the scale invariance instead)

# ref_stats.R: reference values for tests/unit/test_stats.c.
#
# Run:  Rscript tests/unit/ref/ref_stats.R > /tmp/ref_stats.txt
# Written against R 4.2.2 (Debian 12) with coin 1.4.2 (Debian's
# r-cran-coin); every line printed is "key value" with 17 significant
# digits, and test_stats.c quotes the key in a comment next to each value.
# The data sets are built exactly as in test_stats.c (only +, -, *, /
# and integer arithmetic, so both sides hold the same doubles).

options(digits = 17, warn = 1)
suppressMessages(library(coin))

out <- function(key, v) {
	for (i in seq_along(v))
		cat(sprintf("%s%s %.17g\n", key,
		    if (length(v) > 1) sprintf("[%d]", i - 1) else "", v[i]))
}

iguana <- c(50, 200, 150, 400, 750, 400, 150)
chameleon <- c(150, 400, 720, 500, 930)
readme_a <- c(0.133, 0.135, 0.136, 0.136, 0.137)
readme_b <- c(0.139, 0.139, 0.139, 0.14, 0.14)
# x30[i] = 100 + ((37 i) mod 101) / 10, i = 0..29, and
# y40[i] = 101.05 + ((53 i) mod 97) / 10, i = 0..39: no ties, in or across
x30 <- 100 + ((37 * (0:29)) %% 101) / 10
y40 <- 101.05 + ((53 * (0:39)) %% 97) / 10
levels <- c(80, 90, 95, 98, 99, 99.5, 99.9)

## descriptive
out("iguana.mean", mean(iguana)); out("iguana.sd", sd(iguana))
out("x30.mean", mean(x30)); out("x30.sd", sd(x30))
out("x30.q", quantile(x30, c(0.01, 0.05, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999),
    type = 7, names = FALSE))
out("x30.median", median(x30))
out("iguana.q", quantile(iguana, c(0.01, 0.05, 0.25, 0.75, 0.9, 0.95, 0.99, 0.999),
    type = 7, names = FALSE))
# 1e8 + (i mod 7) * 0.013, i = 0..999999: R sums in long double
big <- 1e8 + ((0:999999) %% 7) * 0.013
out("big.mean", mean(big)); out("big.sd", sd(big)); out("big.var", var(big))
out("welford.var", var(1e9 + c(4, 7, 13, 16)))
# scale identities: sd(c x) = c sd(x); R's own var underflows at 1e-300
out("tiny.sd", sd(c(1, 2, 3, 4)) * 1e-300)
out("huge.sd", sd(c(1, 2, 3, 4)) * 1e300)

## distributions
g <- expand.grid(a = c(0.5, 1, 2.5, 10, 33, 1000, 5e4, 5e5),
    b = c(0.5, 1, 3, 10, 100, 1e4, 5e5))
g$x <- with(g, pmin(pmax(a / (a + b) + 0.7 * sqrt(a * b / ((a + b)^2 * (a + b + 1))), 1e-3), 0.999))
out("ibeta.a", g$a); out("ibeta.b", g$b); out("ibeta.x", g$x)
out("ibeta.v", pbeta(g$x, g$a, g$b))
tt <- c(-40, -5, -2.5, -1, -0.1, 0, 0.3, 1.7, 3, 12)
tdf <- c(1, 2, 3, 7.5, 30, 1000, 1e5)
tg <- expand.grid(t = tt, df = tdf)
out("pt.t", tg$t); out("pt.df", tg$df); out("pt.v", pt(tg$t, tg$df))
out("qt.975", qt(0.975, c(1, 2, 3, 4, 5, 7, 10, 30, 100, 1000)))
nx <- c(-37.5, -10, -3, -1.96, -0.5, 0, 0.5, 1.96, 3, 8.2)
out("pnorm.x", nx); out("pnorm.v", pnorm(nx))
np <- c(1e-300, 1e-20, 1e-5, 0.0005, 0.025, 0.1, 0.4, 0.5, 0.75, 0.975, 0.9999)
out("qnorm.p", np); out("qnorm.v", qnorm(np))
bk <- c(0, 3, 10, 24, 50, 2, 499, 150)
bn <- c(10, 10, 25, 50, 100, 5, 1000, 300)
bp <- c(0.5, 0.5, 0.5, 0.3, 0.5, 0.9, 0.5, 0.55)
out("pbinom.v", pbinom(bk, bn, bp))

## one-sample intervals
for (L in levels) {
	ci <- t.test(x30, conf.level = L / 100)$conf.int
	out(sprintf("cimean.x30.%g", L), ci[1:2])
}
out("cimean.iguana.95", t.test(iguana, conf.level = 0.95)$conf.int[1:2])
# median: the largest k with pbinom(k - 1, n, 1/2) <= alpha / 2, by qbinom
med_ci <- function(x, L) {
	x <- sort(x); n <- length(x); a2 <- (1 - L / 100) / 2
	k <- qbinom(a2, n, 0.5)
	if (pbinom(k, n, 0.5) <= a2) k <- k + 1	# qbinom's tie: P(B <= k) == a2
	if (k < 1) return(c(NA, NA, NA))
	c(x[k], x[n + 1 - k], 100 * (1 - 2 * pbinom(k - 1, n, 0.5)))
}
for (L in levels)
	out(sprintf("cimed.x30.%g", L), med_ci(x30, L))
out("cimed.y40.95", med_ci(y40, 95))
out("cimed.6.95", med_ci(c(3, 1, 4, 1, 5, 9), 95))
out("cimed.1e6.95", med_ci(0:1000000, 95))

## two-sample tests: b against a (b - a)
for (L in c(80, 95)) {
	r <- t.test(chameleon, iguana, var.equal = TRUE, conf.level = L / 100)
	out(sprintf("student.ic.%g", L), c(r$statistic, r$parameter, r$p.value, r$conf.int[1:2]))
}
r <- t.test(readme_b, readme_a, var.equal = TRUE, conf.level = 0.95)
out("student.readme", c(r$statistic, r$parameter, r$p.value, r$conf.int[1:2]))
r <- t.test(y40, x30, var.equal = FALSE, conf.level = 0.99)
out("welch.xy.99", c(r$statistic, r$parameter, r$p.value, r$conf.int[1:2]))
r <- t.test(chameleon, iguana, var.equal = FALSE, conf.level = 0.9)
out("welch.ic.90", c(r$statistic, r$parameter, r$p.value, r$conf.int[1:2]))

## Fieller: the ratio rho with |mb - rho ma| / sqrt(vb + rho^2 va) = t,
## solved by uniroot on each side of the estimate (not the closed form)
fieller <- function(a, b, L) {
	ma <- mean(a); mb <- mean(b)
	va <- var(a) / length(a); vb <- var(b) / length(b)
	r0 <- mb / ma
	v0 <- vb + r0^2 * va
	df <- v0^2 / (vb^2 / (length(b) - 1) + r0^4 * va^2 / (length(a) - 1))
	t <- qt(1 - (1 - L / 100) / 2, df)
	f <- function(r) abs(mb - r * ma) / sqrt(vb + r^2 * va) - t
	lo <- uniroot(f, c(r0 - 100 * sqrt(v0) / abs(ma), r0), tol = 1e-15)$root
	hi <- uniroot(f, c(r0, r0 + 100 * sqrt(v0) / abs(ma)), tol = 1e-15)$root
	c(r0 - 1, lo - 1, hi - 1)
}
out("fieller.xy.95", fieller(x30, y40, 95))
out("fieller.ic.90", fieller(iguana, chameleon, 90))
out("fieller.readme.99", fieller(readme_a, readme_b, 99))

## Holm
hp <- c(0.01, 0.04, 0.03, 0.005, NA, 0.2, 0.04)
out("holm", p.adjust(hp, method = "holm"))

## Mann-Whitney: W of wilcox.test(a, b) is U of a
w <- function(a, b, ...) { r <- wilcox.test(a, b, ...); c(r$statistic, r$p.value) }
out("mw.req1", w(c(2, 1, 3, 5), c(12, 11, 13, 15), exact = TRUE))
out("mw.req2", w(c(2, 1, 3, 5), c(0, 4, 6, 7), exact = TRUE))
out("mw.req4", w(seq(0, 998, 2), seq(-41, 1157, 2), exact = FALSE, correct = TRUE))
out("mw.x30y40", w(x30, y40, exact = TRUE))
out("mw.forced", w(seq(0, 118, 2), seq(-41, 97, 2), exact = TRUE))
ta <- c(1, 2, 2, 3, 3, 3, 4, 5, 5, 7)
tb <- c(2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9)
out("mw.ties.normal", w(ta, tb, exact = FALSE, correct = TRUE))
cw <- function(a, b) {
	d <- data.frame(v = c(a, b), g = factor(rep(c("a", "b"), c(length(a), length(b)))))
	pvalue(wilcox_test(v ~ g, data = d, distribution = "exact"))
}
out("mw.coin.req3", cw(c(2, 1, 3, 5), c(1, 1, 1, 1, 1)))
out("mw.coin.ties", cw(ta, tb))
out("mw.coin.x30y40r", cw(round(x30), round(y40)))

## Hodges-Lehmann with Moses' interval: wilcox.test(b, a) estimates b - a
hl <- function(a, b, L) {
	r <- wilcox.test(b, a, conf.int = TRUE, exact = TRUE, conf.level = L / 100)
	c(r$estimate, r$conf.int[1:2])
}
ha <- c(1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30)
hb <- c(0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.07, 3.14, 1.28, 2.2, 0.7)
out("hl.hahb.95", hl(ha, hb, 95))
out("hl.hahb.80", hl(ha, hb, 80))
out("hl.hahb.ratio.95", exp(hl(log(ha), log(hb), 95)))
out("mw.hahb", w(ha, hb, exact = TRUE))
# large samples: R's own large-sample interval interpolates (uniroot);
# the order statistics of the sorted differences are the reference here
hlbig <- function(a, b, L) {
	d <- sort(outer(b, a, "-")); M <- length(d)
	s <- sqrt(length(a) * length(b) * (length(a) + length(b) + 1) / 12)
	k <- floor(M / 2 + 0.5 + qnorm((1 - L / 100) / 2) * s)
	c(median(d), d[k], d[M + 1 - k],
	    100 * (1 - 2 * pnorm((k - 0.5 - M / 2) / s)))
}
out("hl.big.95", hlbig(seq(0, 998, 2), seq(-41, 1157, 2), 95))
# x300[i] = ((i * 7919) mod 1009) / 7, y200[i] = ((i * 104729) mod 997) / 7 + 3
x300 <- (((0:299) * 7919) %% 1009) / 7
y200 <- (((0:199) * 104729) %% 997) / 7 + 3
out("hl.x300y200.99", hlbig(x300, y200, 99))
out("mw.x300y200", w(x300, y200, exact = FALSE, correct = TRUE))
# the critical value of U, exact (qwilcox) and its coverage
for (L in c(90, 95, 99)) {
	k <- qwilcox((1 - L / 100) / 2, 9, 11)
	if (pwilcox(k, 9, 11) <= (1 - L / 100) / 2) k <- k + 1
	out(sprintf("crit.9.11.%g", L), c(k, 1 - 2 * pwilcox(k - 1, 9, 11)))
}

## warnings
tq <- quantile(iguana, c(0.25, 0.75), type = 7, names = FALSE)
out("tukey.iguana", c(tq[1] - 1.5 * diff(tq), tq[2] + 1.5 * diff(tq)))
outl <- c(x30, 150, 160, 20)
tq <- quantile(outl, c(0.25, 0.75), type = 7, names = FALSE)
f <- c(tq[1] - 1.5 * diff(tq), tq[2] + 1.5 * diff(tq))
out("tukey.outl", c(f, sum(outl < f[1]), sum(outl > f[2])))

## power: the formula of stats.h (smallest n >= need(n)), and R's
## noncentral-t answer for comparison
need <- function(cv, rel, alpha, pw) {
	n <- 2
	repeat {
		df <- 2 * n - 2
		if (n >= 2 * (qt(1 - alpha / 2, df) + qt(pw, df))^2 * (cv / rel)^2) return(n)
		n <- n + 1
	}
}
out("power.formula", c(need(0.05, 0.01, 0.05, 0.8), need(0.02, 0.01, 0.05, 0.8),
    need(0.1, 0.05, 0.01, 0.9), need(0.001, 0.01, 0.05, 0.8)))
out("power.ptt", c(power.t.test(delta = 0.01, sd = 0.05, sig.level = 0.05, power = 0.8)$n,
    power.t.test(delta = 0.01, sd = 0.02, sig.level = 0.05, power = 0.8)$n,
    power.t.test(delta = 0.05, sd = 0.1, sig.level = 0.01, power = 0.9)$n))

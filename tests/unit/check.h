/*
 * check.h: the smallest test harness that can fail.
 *
 * Each CHECK prints one TAP-like line, "ok - ..." or "not ok - ...", which
 * tests/run.sh counts.  A unit test program ends with
 * "return check_done();", whose exit status is non-zero when any check
 * failed, so a crash or an early exit is caught too.
 */
#ifndef KBENCH_CHECK_H
#define KBENCH_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static int check_failures;

static void
check_report(int ok, const char *file, int line, const char *what)
{
	printf("%s - %s:%d: %s\n", ok ? "ok" : "not ok", file, line, what);
	if (!ok)
		check_failures++;
}

/* A boolean condition. */
#define CHECK(cond) check_report(!!(cond), __FILE__, __LINE__, #cond)

/* Two doubles agree to a relative tolerance (absolute near zero). */
#define CHECK_NEAR(got, want, reltol) do {				\
	double g_ = (got), w_ = (want), t_ = (reltol);			\
	int ok_ = fabs(g_ - w_) <= t_ * (fabs(w_) > 1 ? fabs(w_) : 1); \
	char m_[256];							\
	snprintf(m_, sizeof(m_), "%s = %.17g, want %.17g (tol %g)",	\
	    #got, g_, w_, t_);						\
	check_report(ok_, __FILE__, __LINE__, m_);			\
} while (0)

/* Two strings are equal. */
#define CHECK_STR(got, want) do {					\
	const char *g_ = (got), *w_ = (want);				\
	int ok_ = g_ != NULL && w_ != NULL && strcmp(g_, w_) == 0;	\
	char m_[512];							\
	snprintf(m_, sizeof(m_), "%s = \"%.200s\", want \"%.200s\"",	\
	    #got, g_ ? g_ : "(null)", w_ ? w_ : "(null)");		\
	check_report(ok_, __FILE__, __LINE__, m_);			\
} while (0)

static int
check_done(void)
{
	return check_failures == 0 ? 0 : 1;
}

#endif

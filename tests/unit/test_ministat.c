/*
 * test_ministat.c: analyze/ministat.c, the t table against R, the numbers
 * against R, the text against FreeBSD ministat's own output.
 *
 * Reference values: R 4.2.2 (Rscript), as noted at each; the expected
 * text is from tests/fixtures/ministat/ (FreeBSD's current ministat).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "analyze/ministat.h"
#include "analyze/stats.h"

static double iguana[] = { 50, 150, 150, 200, 400, 400, 750 };
static double chameleon[] = { 150, 400, 500, 720, 930 };

/* Run ministat_print into a buffer; returns its status, *text malloc'd. */
static int
capture(const struct ministat_set *sets, size_t nsets,
    const struct ministat_opts *opts, char **text)
{
	FILE *f;
	long len;
	int rc;

	f = tmpfile();
	if (f == NULL) {
		perror("tmpfile");
		exit(1);
	}
	rc = ministat_print(f, sets, nsets, opts);
	len = ftell(f);
	rewind(f);
	*text = calloc(1, (size_t)len + 1);
	if (*text == NULL || fread(*text, 1, (size_t)len, f) != (size_t)len) {
		perror("capture");
		exit(1);
	}
	fclose(f);
	return rc;
}

/*
 * The table rounds to 3 decimals (NIST's, whose 99.8% column is off by up
 * to 0.004 at small df), hence a relative tolerance of 4e-4.
 */
static void
test_t_table(void)
{
	/* R 4.2.2: qt(0.9, 1) = 3.077683537 */
	CHECK_NEAR(ministat_student_t(1, 0), 3.077683537, 4e-4);
	/* R 4.2.2: qt(0.975, 10) = 2.228138852 */
	CHECK_NEAR(ministat_student_t(10, 2), 2.228138852, 4e-4);
	/* R 4.2.2: qt(0.95, 30) = 1.697260887 */
	CHECK_NEAR(ministat_student_t(30, 1), 1.697260887, 4e-4);
	/* R 4.2.2: qt(0.99, 50) = 2.403271917 */
	CHECK_NEAR(ministat_student_t(50, 3), 2.403271917, 4e-4);
	/* R 4.2.2: qt(0.995, 100) = 2.625890521 */
	CHECK_NEAR(ministat_student_t(100, 4), 2.625890521, 4e-4);
	/* Past df 100, the normal: R 4.2.2 qnorm(0.9), qnorm(0.975). */
	CHECK_NEAR(ministat_student_t(101, 0), 1.281551566, 4e-4);
	CHECK_NEAR(ministat_student_t(100000, 2), 1.959963985, 4e-4);

	/*
	 * ministat's quirk: its "99.5%" column is two-sided 99.8%.
	 * R 4.2.2: qt(0.999, 1) = 318.308839, qt(0.999, 10) = 4.143700494,
	 * qnorm(0.999) = 3.090232306; two-sided 99.5% would be
	 * qt(0.9975, 10) = 3.581406202.
	 */
	CHECK_NEAR(ministat_student_t(1, 5), 318.308839, 4e-4);
	CHECK_NEAR(ministat_student_t(10, 5), 4.143700494, 4e-4);
	CHECK_NEAR(ministat_student_t(101, 5), 3.090232306, 4e-4);
	CHECK(fabs(ministat_student_t(10, 5) - 3.581406202) > 0.5);

	/* The table's own digits, as ministat prints them. */
	CHECK(ministat_student_t(1, 5) == 318.313);
	CHECK(ministat_student_t(10, 0) == 1.372);
	CHECK(ministat_student_t(100, 5) == 3.174);

	CHECK(isnan(ministat_student_t(0, 2)));
	CHECK(isnan(ministat_student_t(10, -1)));
	CHECK(isnan(ministat_student_t(10, MINISTAT_NCONF)));
}

static void
test_levels(void)
{
	CHECK(ministat_level_index(80) == 0);
	CHECK(ministat_level_index(95) == MINISTAT_CONF_DEFAULT);
	CHECK(ministat_level_index(99.5) == 5);
	CHECK(ministat_level_index(97) == -1);
	CHECK(ministat_level_index(99.8) == -1);
}

/* A set whose input order is its sorted order. */
#define SET(name, v, n)	((struct ministat_set){ (name), (v), (n), \
	    stats_plain_sum((v), (n)) })

static void
test_vitals(void)
{
	static double even_b[] = { 1, 2, 3, 10 };
	static double big[] = { 1e9 + 1, 1e9 + 2, 1e9 + 3, 1e9 + 4, 1e9 + 5 };
	struct ministat_set s = SET("iguana", iguana, 7);
	struct ministat_vitals v;

	ministat_vitals(&s, &v);
	CHECK(v.n == 7);
	CHECK(v.min == 50 && v.max == 750 && v.median == 200 && v.avg == 300);
	/* R 4.2.2: sd(c(50,200,150,400,750,400,150)) = 238.0476143 */
	CHECK_NEAR(v.stddev, 238.0476143, 1e-9);

	/* Even N: the mean of the middle two.  R 4.2.2: median = 2.5 */
	s = SET("even_b", even_b, 4);
	ministat_vitals(&s, &v);
	CHECK(v.median == 2.5);

	/* Two-pass variance.  R 4.2.2: sd(1e9 + 1:5) = 1.58113883 */
	s = SET("big", big, 5);
	ministat_vitals(&s, &v);
	CHECK_NEAR(v.stddev, 1.58113883, 1e-8);
}

static void
test_compare(void)
{
	struct ministat_set ig = SET("iguana", iguana, 7);
	struct ministat_set ch = SET("chameleon", chameleon, 5);
	struct ministat_diff d;

	ministat_compare(&ch, &ig, 0, &d);
	CHECK(d.t == 1.372);
	CHECK(d.diff == 240);
	/* R 4.2.2: sqrt((4 * var(ch) + 6 * var(ig)) / 10) = 264.159043 */
	CHECK_NEAR(d.spool, 264.159043, 1e-8);
	/* R 4.2.2: t.test(ch, ig, var.equal = TRUE)$stderr * 1.372 */
	CHECK_NEAR(d.err, 212.2150571, 1e-8);
	CHECK(d.significant);
	CHECK_NEAR(d.pct, 80, 1e-12);
	/*
	 * The 2020 percent "+/-", R 4.2.2:
	 * 1.372 * sqrt((4 * var(ch) + 6 * var(ig) * mean(ch)^2 /
	 *     mean(ig)^2) * 12 / (35 * 10)) * 100 / mean(ig) = 102.3002343
	 */
	CHECK_NEAR(d.pct_err, 102.3002343, 1e-8);

	ministat_compare(&ch, &ig, 2, &d);
	CHECK(!d.significant);
}

static void
test_print(void)
{
	struct ministat_set sets[2] = {
		SET("iguana", iguana, 7), SET("chameleon", chameleon, 5) };
	struct ministat_opts opts = MINISTAT_OPTS_INIT;
	char *text;

	/* tests/fixtures/ministat/iguana_chameleon.A.c80.out */
	opts.no_plot = 1;
	opts.confidx = 0;
	CHECK(capture(sets, 2, &opts, &text) == 0);
	CHECK_STR(text,
	    "x iguana\n"
	    "+ chameleon\n"
	    "    N           Min           Max        Median           Avg"
	    "        Stddev\n"
	    "x   7            50           750           200           300"
	    "     238.04761\n"
	    "+   5           150           930           500           540"
	    "     299.08193\n"
	    "Difference at 80.0% confidence\n"
	    "\t240 +/- 212.215\n"
	    "\t80% +/- 102.3%\n"
	    "\t(Student's t, pooled s = 264.159)\n");
	free(text);

	/* -q -n: the rows alone. */
	opts.quiet = 1;
	opts.stats_only = 1;
	CHECK(capture(sets, 1, &opts, &text) == 0);
	CHECK_STR(text, "x   7            50           750           200"
	    "           300     238.04761\n");
	free(text);
}

static void
test_print_plot(void)
{
	static double flat[] = { 5, 5, 5 };
	struct ministat_set sets[2] = {
		SET("iguana", iguana, 7), SET("chameleon", chameleon, 5) };
	struct ministat_opts opts = MINISTAT_OPTS_INIT;
	char *text;

	/* tests/fixtures/ministat/iguana_chameleon.s.w60.out (ministat(1)) */
	opts.width = 60;
	opts.separate = 1;
	CHECK(capture(sets, 2, &opts, &text) == 0);
	CHECK_STR(text,
	    "x iguana\n"
	    "+ chameleon\n"
	    "+------------------------------------------------------------+\n"
	    "|x      *  x            *      +              + x           +|\n"
	    "| |________M______A_______________|                          |\n"
	    "|             |________________M__A___________________|      |\n"
	    "+------------------------------------------------------------+\n"
	    "    N           Min           Max        Median           Avg"
	    "        Stddev\n"
	    "x   7            50           750           200           300"
	    "     238.04761\n"
	    "+   5           150           930           500           540"
	    "     299.08193\n"
	    "No difference proven at 95.0% confidence\n");
	free(text);

	/*
	 * The smallest width draws.  iguana: dx = 700, x0 = -300, so 50,
	 * 150, 150, 200 fall in column 0 (a stack of 4), 400, 400, 750 in
	 * column 1 (3); avg -+ sd = 61.95 .. 538.05 spans columns 0 .. 1,
	 * median 200 and avg 300 are in column 0: 'M' then 'A' over '|'.
	 */
	opts.width = MINISTAT_WIDTH_MIN;
	opts.separate = 0;
	opts.quiet = 1;
	CHECK(capture(sets, 1, &opts, &text) == 0);
	CHECK_STR(text,
	    "+--+\n"
	    "|x |\n"
	    "|xx|\n"
	    "|xx|\n"
	    "|xx|\n"
	    "|A||\n"
	    "+--+\n"
	    "x   7            50           750           200           300"
	    "     238.04761\n");
	free(text);

	sets[0] = SET("iguana", flat, 3);
	CHECK(capture(sets, 1, &opts, &text) == 0);
	CHECK_STR(text, "[no plot, span is zero width]\n"
	    "x   3             5             5             5             5"
	    "             0\n");
	free(text);
}

static void
test_invalid(void)
{
	static double unsorted[] = { 3, 1, 2 };
	static double withnan[] = { 1, 2, NAN };
	struct ministat_set sets[MINISTAT_MAX_SETS + 1];
	struct ministat_opts opts = MINISTAT_OPTS_INIT;
	char *text;
	size_t i;

	for (i = 0; i < MINISTAT_MAX_SETS + 1; i++) {
		sets[i] = SET("iguana", iguana, 7);
	}
	CHECK(capture(sets, MINISTAT_MAX_SETS, &opts, &text) == 0);
	free(text);

#define CHECK_EINVAL(nsets) do {					\
	errno = 0;							\
	CHECK(capture(sets, (nsets), &opts, &text) == -1 &&		\
	    errno == EINVAL && *text == '\0');				\
	free(text);							\
} while (0)

	CHECK_EINVAL(0);
	CHECK_EINVAL(MINISTAT_MAX_SETS + 1);
	opts.width = 1;
	CHECK_EINVAL(1);
	opts.width = MINISTAT_WIDTH_DEFAULT;
	opts.confidx = MINISTAT_NCONF;
	CHECK_EINVAL(1);
	opts.confidx = MINISTAT_CONF_DEFAULT;
	sets[1].n = 1;
	CHECK_EINVAL(2);
	sets[1].values = unsorted;
	sets[1].n = 3;
	CHECK_EINVAL(2);
	sets[1].values = withnan;
	CHECK_EINVAL(2);
}

int
main(void)
{
	test_t_table();
	test_levels();
	test_vitals();
	test_compare();
	test_print();
	test_print_plot();
	test_invalid();
	return check_done();
}

/*
 * test_stats.c: the numerics of analyze/stats*.c against values computed
 * elsewhere.  Each reference names its origin: "R:" lines come from
 * tests/unit/ref/ref_stats.R (R 4.2.2, coin 1.4.2), "py:" lines from
 * tests/unit/ref/ref_stats.py (scipy 1.10.1, mpmath 1.2.1), those of
 * the paired functions from ref_paired.R and ref_paired.py, "ministat:"
 * from shared/data/ministat/ (the .out files); the key after it is the
 * script's
 * output key.  The data sets are built the same way in the scripts.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analyze/stats.h"
#include "check.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * Relative agreement, however small the reference (CHECK_NEAR is absolute
 * below 1).
 */
#define CHECK_REL(got, want, reltol) do {				\
	double g_ = (got), w_ = (want), t_ = (reltol);			\
	int ok_ = fabs(g_ - w_) <= t_ * fabs(w_);			\
	char m_[256];							\
	snprintf(m_, sizeof(m_), "%s = %.17g, want %.17g (rel %g)",	\
	    #got, g_, w_, t_);						\
	check_report(ok_, __FILE__, __LINE__, m_);			\
} while (0)

#define CHECK_EQ(got, want) do {					\
	long long g_ = (long long)(got), w_ = (long long)(want);	\
	char m_[256];							\
	snprintf(m_, sizeof(m_), "%s = %lld, want %lld", #got, g_, w_); \
	check_report(g_ == w_, __FILE__, __LINE__, m_);			\
} while (0)

static const double iguana[] = { 50, 200, 150, 400, 750, 400, 150 };
static const double chameleon[] = { 150, 400, 720, 500, 930 };
static const double readme_a[] = { 0.133, 0.135, 0.136, 0.136, 0.137 };
static const double readme_b[] = { 0.139, 0.139, 0.139, 0.14, 0.14 };
static const double levels[] = { 80, 90, 95, 98, 99, 99.5, 99.9 };

static double *
copy(const double *v, size_t n)
{
	double *c = malloc((n ? n : 1) * sizeof(*c));

	if (c == NULL)
		abort();
	memcpy(c, v, n * sizeof(*c));
	return c;
}

static double *
sorted_copy(const double *v, size_t n)
{
	double *c = copy(v, n);

	stats_sort(c, n);
	return c;
}

/* x30[i] = 100 + ((37 i) mod 101) / 10, as in ref_stats.R */
static void
make_x30(double *v)
{
	int i;

	for (i = 0; i < 30; i++)
		v[i] = 100 + ((37 * i) % 101) / 10.0;
}

/* y40[i] = 101.05 + ((53 i) mod 97) / 10 */
static void
make_y40(double *v)
{
	int i;

	for (i = 0; i < 40; i++)
		v[i] = 101.05 + ((53 * i) % 97) / 10.0;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* xorshift64: test data only. */
static uint64_t
xs64(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* ref_stats.R: pbeta(x, a, b) */
static const struct { double a, b, x, v; } ibeta_ref[] = {
	{ 0.5, 0.5, 0.74748737341529159, 0.664822695160039 },
	{ 1, 0.5, 0.87536634456664697, 0.64696507901716993 },
	{ 2.5, 0.5, 0.96377063202082103, 0.6826900221077028 },
	{ 10, 0.5, 0.99633965060733809, 0.78911940458614316 },
	{ 33, 0.5, 0.999, 0.79795276372821899 },
	{ 1000, 0.5, 0.999, 0.15724727426672377 },
	{ 50000, 0.5, 0.999, 1.4863295759538163e-23 },
	{ 500000, 0.5, 0.999, 1.3983637688333704e-219 },
	{ 0.5, 1, 0.54203301123331371, 0.73622891225033671 },
	{ 1, 1, 0.70207259421636903, 0.70207259421636903 },
	{ 2.5, 1, 0.86335691278570026, 0.69258953763378428 },
	{ 10, 1, 0.96718269549297209, 0.71628387878611122 },
	{ 33, 1, 0.99057958290348991, 0.73172735079268003 },
	{ 1000, 1, 0.999, 0.36769542477096373 },
	{ 50000, 1, 0.999, 1.8810974691235815e-22 },
	{ 500000, 1, 0.999, 5.5477002967144453e-218 },
	{ 0.5, 3, 0.25832719669506798, 0.80158330596116567 },
	{ 1, 3, 0.38555441711725957, 0.76802014129990515 },
	{ 2.5, 3, 0.5912582941348008, 0.73997208927913904 },
	{ 10, 3, 0.84805346743045851, 0.72910547324615482 },
	{ 33, 3, 0.94847290248036575, 0.73117854589582354 },
	{ 1000, 3, 0.99821537182912945, 0.73383020039917624 },
	{ 50000, 3, 0.999, 2.4473548347665139e-19 },
	{ 500000, 3, 0.999, 6.9624332186305565e-213 },
	{ 0.5, 10, 0.091577745845433406, 0.82897035317918966 },
	{ 1, 10, 0.14900087731115397, 0.80079917918286658 },
	{ 2.5, 10, 0.27620634755325446, 0.77361905393494435 },
	{ 10, 10, 0.57637626158259736, 0.75132037797175832 },
	{ 33, 10, 0.81202392909925769, 0.74481574419279539 },
	{ 1000, 10, 0.99227873180497872, 0.7427894919162481 },
	{ 50000, 10, 0.999, 1.2293329754651924e-12 },
	{ 500000, 10, 0.999, 3.0407695390678399e-199 },
	{ 0.5, 100, 0.0098637182531394769, 0.84035561800207992 },
	{ 1, 100, 0.016763398812709624, 0.81558183848160326 },
	{ 2.5, 100, 0.035004119768588936, 0.79236527483714658 },
	{ 10, 100, 0.1100095526196075, 0.7720782052752555 },
	{ 33, 100, 0.27423896543144965, 0.7625392352076813 },
	{ 1000, 100, 0.9151556422245577, 0.75344199824615266 },
	{ 50000, 100, 0.99814357167051992, 0.75286509020357406 },
	{ 500000, 100, 0.999, 1.1800275903964315e-106 },
	{ 0.5, 10000, 0.001, 0.99999229418843072 },
	{ 1, 10000, 0.001, 0.99995482665402302 },
	{ 2.5, 10000, 0.001, 0.99875646811498631 },
	{ 10, 10000, 0.0012200177711006305, 0.77573109246966854 },
	{ 33, 10000, 0.0036892629528215656, 0.76752887412975457 },
	{ 1000, 10000, 0.092827712257415526, 0.75947289393355311 },
	{ 50000, 10000, 0.83439834054234807, 0.75764701036485205 },
	{ 500000, 10000, 0.98052805933344533, 0.75752208720247705 },
	{ 0.5, 500000, 0.001, 1 },
	{ 1, 500000, 0.001, 1 },
	{ 2.5, 500000, 0.001, 1 },
	{ 10, 500000, 0.001, 1 },
	{ 33, 500000, 0.001, 1 },
	{ 1000, 500000, 0.0020401473428274678, 0.75972096072224238 },
	{ 50000, 500000, 0.091180437028683517, 0.75823998184537011 },
	{ 500000, 500000, 0.50034999982500017, 0.75803621061947535 },
};
/* ref_stats.R: pt(t, df) */
static const struct { double t, df, v; } pt_ref[] = {
	{ -40, 1, 0.007956089912025812 },
	{ -5, 1, 0.06283295818900117 },
	{ -2.5, 1, 0.12111894159084335 },
	{ -1, 1, 0.24999999999999978 },
	{ -0.10000000000000001, 1, 0.46827448256944643 },
	{ 0, 1, 0.5 },
	{ 0.29999999999999999, 1, 0.59277357907774231 },
	{ 1.7, 1, 0.83074697266966735 },
	{ 3, 1, 0.89758361765043326 },
	{ 12, 1, 0.97353532394041009 },
	{ -40, 2, 0.0003122073360923703 },
	{ -5, 2, 0.018874775675311862 },
	{ -2.5, 2, 0.064805860110755398 },
	{ -1, 2, 0.21132486540518713 },
	{ -0.10000000000000001, 2, 0.46473271920707004 },
	{ 0, 2, 0.5 },
	{ 0.29999999999999999, 2, 0.60375716957991121 },
	{ 1.7, 2, 0.88438328689921442 },
	{ 3, 2, 0.95226701686664539 },
	{ 12, 2, 0.99656353316142077 },
	{ -40, 3, 1.719034039457927e-05 },
	{ -5, 3, 0.0076962190366511481 },
	{ -2.5, 3, 0.043853323504032753 },
	{ -1, 3, 0.19550110947788527 },
	{ -0.10000000000000001, 3, 0.46332617440040291 },
	{ 0, 3, 0.5 },
	{ 0.29999999999999999, 3, 0.60811835398004055 },
	{ 1.7, 3, 0.90615467922329507 },
	{ 3, 3, 0.97116555718878139 },
	{ 12, 3, 0.99937749209960536 },
	{ -40, 7.5, 2.5595283818548949e-10 },
	{ -5, 7.5, 0.0006381114017584901 },
	{ -2.5, 7.5, 0.019410129136812757 },
	{ -1, 7.5, 0.17423801281537563 },
	{ -0.10000000000000001, 7.5, 0.46148266603389509 },
	{ 0, 7.5, 0.5 },
	{ 0.29999999999999999, 7.5, 0.61383867071561093 },
	{ 1.7, 7.5, 0.93496695082133141 },
	{ 3, 7.5, 0.99080453069589769 },
	{ 12, 7.5, 0.99999816959677212 },
	{ -40, 30, 6.8630225972031808e-28 },
	{ -5, 30, 1.1648342733503893e-05 },
	{ -2.5, 30, 0.009057824534033353 },
	{ -1, 30, 0.16265430771301492 },
	{ -0.10000000000000001, 30, 0.46050480589513554 },
	{ 0, 30, 0.5 },
	{ 0.29999999999999999, 30, 0.61687694735782361 },
	{ 1.7, 30, 0.95026106220574158 },
	{ 3, 30, 0.99730501796717408 },
	{ 12, 30, 0.999999999999721 },
	{ -40, 1000, 5.2394260775864375e-210 },
	{ -5, 1000, 3.3836281823243068e-07 },
	{ -2.5, 1000, 0.0062892839005453983 },
	{ -1, 1000, 0.15877620904233633 },
	{ -0.10000000000000001, 1000, 0.46018218451180209 },
	{ 0, 1000, 0.5 },
	{ 0.29999999999999999, 1000, 0.61788024791637786 },
	{ 1.7, 1000, 0.95527905652037992 },
	{ 3, 1000, 0.99861664547788087 },
	{ 12, 1000, 1 },
	{ -40, 100000, 0 },
	{ -5, 100000, 2.8713508393208238e-07 },
	{ -2.5, 100000, 0.0062104595962795195 },
	{ -1, 100000, 0.15865646378205511 },
	{ -0.10000000000000001, 100000, 0.46017226295336311 },
	{ 0, 100000, 0.5 },
	{ 0.29999999999999999, 100000, 0.61791111040483115 },
	{ 1.7, 100000, 0.95543298237566854 },
	{ 3, 100000, 0.99864976955796769 },
	{ 12, 100000, 1 },
};

/*
 * ref_stats.py: Student's t quantiles by mpmath (40 digits, quadrature
 * of the density, cross-checked with the incomplete beta up to df 1e4):
 * the t with P(T > t) = q, q = (1 - level) / 2 for two-sided levels
 * 80, 90, 95, 98, 99, 99.5 and 99.9 %.
 */
static const struct { double df, q, t; } tq_ref[] = {
	{ 1, 0.1, 3.0776835371752534026 },
	{ 1, 0.05, 6.313751514675043099 },
	{ 1, 0.025, 12.706204736174704646 },
	{ 1, 0.01, 31.820515953773958039 },
	{ 1, 0.005, 63.656741162871580995 },
	{ 1, 0.0025, 127.32133646887214558 },
	{ 1, 0.0005, 636.61924876871961621 },
	{ 2, 0.1, 1.8856180831641267317 },
	{ 2, 0.05, 2.919985580353725687 },
	{ 2, 0.025, 4.3026527297494638523 },
	{ 2, 0.01, 6.9645567342832741871 },
	{ 2, 0.005, 9.9248432009182931147 },
	{ 2, 0.0025, 14.089047275555294984 },
	{ 2, 0.0005, 31.599054576443620733 },
	{ 3, 0.1, 1.6377443536962101055 },
	{ 3, 0.05, 2.3533634348018238777 },
	{ 3, 0.025, 3.1824463052837095927 },
	{ 3, 0.01, 4.5407028585681335553 },
	{ 3, 0.005, 5.8409093097333572607 },
	{ 3, 0.0025, 7.4533185051506253271 },
	{ 3, 0.0005, 12.923978636687483065 },
	{ 4, 0.1, 1.5332062740589439108 },
	{ 4, 0.05, 2.1318467863266503183 },
	{ 4, 0.025, 2.7764451051977943578 },
	{ 4, 0.01, 3.7469473879791968366 },
	{ 4, 0.005, 4.6040948713499932254 },
	{ 4, 0.0025, 5.5975683670754589882 },
	{ 4, 0.0005, 8.6103015813792750967 },
	{ 5, 0.1, 1.4758840488244810785 },
	{ 5, 0.05, 2.0150483733330242378 },
	{ 5, 0.025, 2.5705818356363155147 },
	{ 5, 0.01, 3.3649299989072185928 },
	{ 5, 0.005, 4.0321429835552280784 },
	{ 5, 0.0025, 4.7733406048555220517 },
	{ 5, 0.0005, 6.8688266258811102474 },
	{ 7, 0.1, 1.4149239276505084776 },
	{ 7, 0.05, 1.8945786050900073895 },
	{ 7, 0.025, 2.3646242515927853417 },
	{ 7, 0.01, 2.9979515668685284338 },
	{ 7, 0.005, 3.4994832973504939201 },
	{ 7, 0.0025, 4.0293371776424849739 },
	{ 7, 0.0005, 5.4078825208617252403 },
	{ 7.5, 0.1, 1.4052118464159529237 },
	{ 7.5, 0.05, 1.8757474792112885192 },
	{ 7.5, 0.025, 2.3330396268649746116 },
	{ 7.5, 0.01, 2.9430993234067219959 },
	{ 7.5, 0.005, 3.4214226881240443807 },
	{ 7.5, 0.0025, 3.922463404296046074 },
	{ 7.5, 0.0005, 5.2077256558005457128 },
	{ 10, 0.1, 1.3721836411103356272 },
	{ 10, 0.05, 1.8124611228116764136 },
	{ 10, 0.025, 2.2281388519862747484 },
	{ 10, 0.01, 2.7637694581126961988 },
	{ 10, 0.005, 3.1692726726169512346 },
	{ 10, 0.0025, 3.581406202090656408 },
	{ 10, 0.0005, 4.5868938587026358996 },
	{ 12.34, 0.1, 1.3540457269566150661 },
	{ 12.34, 0.05, 1.7782048421872840062 },
	{ 12.34, 0.025, 2.172173296809783203 },
	{ 12.34, 0.01, 2.669934019042202455 },
	{ 12.34, 0.005, 3.0392853422833127498 },
	{ 12.34, 0.0025, 3.4082173788220083458 },
	{ 12.34, 0.0005, 4.2826598602687187456 },
	{ 15, 0.1, 1.340605607850455564 },
	{ 15, 0.05, 1.7530503556925735077 },
	{ 15, 0.025, 2.1314495455597756821 },
	{ 15, 0.01, 2.6024802950111233443 },
	{ 15, 0.005, 2.9467128834752389179 },
	{ 15, 0.0025, 3.2860385709462241631 },
	{ 15, 0.0005, 4.0727651959037917203 },
	{ 29, 0.1, 1.3114336473015510653 },
	{ 29, 0.05, 1.6991270265334977506 },
	{ 29, 0.025, 2.0452296421327042982 },
	{ 29, 0.01, 2.4620213601504123536 },
	{ 29, 0.005, 2.7563859036706054886 },
	{ 29, 0.0025, 3.0380467448491750042 },
	{ 29, 0.0005, 3.6594050194663328566 },
	{ 30, 0.1, 1.3104150253913955782 },
	{ 30, 0.05, 1.6972608865939578486 },
	{ 30, 0.025, 2.04227245630123831 },
	{ 30, 0.01, 2.4572615424005913725 },
	{ 30, 0.005, 2.7499956535672253324 },
	{ 30, 0.0025, 3.0297982236482426711 },
	{ 30, 0.0005, 3.6459586350420218161 },
	{ 31, 0.1, 1.309463549494645506 },
	{ 31, 0.05, 1.6955187825458655626 },
	{ 31, 0.025, 2.0395134463964084879 },
	{ 31, 0.01, 2.4528241934026455317 },
	{ 31, 0.005, 2.7440419192942693227 },
	{ 31, 0.0025, 3.0221178343096847085 },
	{ 31, 0.0005, 3.6334563497583310504 },
	{ 50, 0.1, 1.2987136941948096502 },
	{ 50, 0.05, 1.6759050251630975675 },
	{ 50, 0.025, 2.0085591121007611055 },
	{ 50, 0.01, 2.4032719166741719339 },
	{ 50, 0.005, 2.6777932709408442492 },
	{ 50, 0.0025, 2.9369640853037625461 },
	{ 50, 0.0005, 3.4960128818111392542 },
	{ 100, 0.1, 1.2900747613465159692 },
	{ 100, 0.05, 1.6602343260853395555 },
	{ 100, 0.025, 1.9839715185235522866 },
	{ 100, 0.01, 2.3642173662384821363 },
	{ 100, 0.005, 2.6258905214380179306 },
	{ 100, 0.0025, 2.8706515238365375552 },
	{ 100, 0.0005, 3.3904913111642299194 },
	{ 1000, 0.1, 1.2823987214609244373 },
	{ 1000, 0.05, 1.6463788172854647156 },
	{ 1000, 0.025, 1.962339080826408485 },
	{ 1000, 0.01, 2.3300826747555129819 },
	{ 1000, 0.005, 2.5807546980659510793 },
	{ 1000, 0.0025, 2.813277860485545971 },
	{ 1000, 0.0005, 3.3002826484239129098 },
	{ 10000, 0.1, 1.281636229730477544 },
	{ 10000, 0.05, 1.6450060180692429644 },
	{ 10000, 0.025, 1.9602012398906262578 },
	{ 10000, 0.01, 2.3267208386694756924 },
	{ 10000, 0.005, 2.5763210466685288926 },
	{ 10000, 0.0025, 2.8076570189713975446 },
	{ 10000, 0.0005, 3.2914999659416046799 },
	{ 1e+05, 0.1, 1.2815600314493610141 },
	{ 1e+05, 0.05, 1.644868864784969734 },
	{ 1e+05, 0.025, 1.9599877075346096386 },
	{ 1e+05, 0.01, 2.3263851653552680536 },
	{ 1e+05, 0.005, 2.5758784699083753035 },
	{ 1e+05, 0.0025, 2.8070960818387371984 },
	{ 1e+05, 0.0005, 3.2906240314118826697 },
	{ 1e+06, 0.1, 1.2815524121299384804 },
	{ 1e+06, 0.05, 1.6448551507220404926 },
	{ 1e+06, 0.025, 1.9599663568141070353 },
	{ 1e+06, 0.01, 2.3263516031208054179 },
	{ 1e+06, 0.005, 2.5758342201053341543 },
	{ 1e+06, 0.0025, 2.8070399995776371816 },
	{ 1e+06, 0.0005, 3.2905364612486911308 },
	{ 1e+07, 0.1, 1.2815516502030828881 },
	{ 1e+07, 0.05, 1.6448537793284016743 },
	{ 1e+07, 0.025, 1.9599642217672054904 },
	{ 1e+07, 0.01, 2.3263482469483227548 },
	{ 1e+07, 0.005, 2.5758297952037489705 },
	{ 1e+07, 0.0025, 2.8070343914660308392 },
	{ 1e+07, 0.0005, 3.2905277044652224499 },
};

/* ---- sorting ---- */

static int
same_as_qsort(double *v, size_t n)
{
	double *ref = copy(v, n);
	size_t i;
	int ok = 1;

	qsort(ref, n, sizeof(*ref), cmp_double);
	stats_sort(v, n);
	for (i = 0; i < n; i++)
		if (!(v[i] == ref[i]) && !(isnan(v[i]) && isnan(ref[i])))
			ok = 0;
	for (i = 1; i < n; i++)
		if (v[i - 1] > v[i])
			ok = 0;
	/* From SORT_RADIX on, in the keys' order: -0 before +0. */
	for (i = 1; n >= 128 && i < n; i++)
		if (v[i] == 0 && v[i - 1] == 0 && signbit(v[i]) &&
		    !signbit(v[i - 1]))
			ok = 0;
	free(ref);
	return ok;
}

static void
test_sort(void)
{
	/*
	 * Each side of SORT_RADIX (128), of the old qsort band (64-1023)
	 * and of SORT_HALVES (2^20: halves sorted, then merged).
	 */
	static const size_t sizes[] = { 0, 1, 2, 3, 63, 64, 100, 127, 128,
	    129, 1000, 1023, 1024, 1025, 5000, 100000, 1048576, 1048577 };
	uint64_t s = 42;
	size_t i, k, n;
	double *v, sp[] = { 3, -0.0, 0.0, -1e-310, 1e-310, INFINITY,
	    -INFINITY, DBL_MAX, -DBL_MAX, 2, 2, -0.0, 5e-324, -5e-324 };
	int ok;

	for (k = 0; k < NELEM(sizes); k++) {
		n = sizes[k];
		v = malloc((n ? n : 1) * sizeof(*v));
		/* mixed signs and magnitudes, with ties and specials */
		for (i = 0; i < n; i++) {
			uint64_t r = xs64(&s);

			v[i] = ldexp((double)(r >> 11) - 4503599627370496.0,
			    (int)(r % 61) - 30);
			if (r % 17 == 0)
				v[i] = sp[r % NELEM(sp)];
			if (r % 13 == 0 && i > 0)
				v[i] = v[i - 1];
		}
		ok = same_as_qsort(v, n);
		check_report(ok, __FILE__, __LINE__,
		    "stats_sort == qsort, mixed");
		/* benchmark-like: positive, one magnitude, skipped digits */
		for (i = 0; i < n; i++)
			v[i] = 1000 + (double)(xs64(&s) % 100000) / 1000;
		ok = same_as_qsort(v, n);
		check_report(ok, __FILE__, __LINE__,
		    "stats_sort == qsort, positive");
		/* already sorted, then reversed, then all equal */
		ok = same_as_qsort(v, n);
		for (i = 0; i < n / 2; i++) {
			double t = v[i];

			v[i] = v[n - 1 - i];
			v[n - 1 - i] = t;
		}
		ok &= same_as_qsort(v, n);
		for (i = 0; i < n; i++)
			v[i] = 7.25;
		ok &= same_as_qsort(v, n);
		check_report(ok, __FILE__, __LINE__,
		    "stats_sort: sorted, reversed, equal");
		free(v);
	}
}

/* ---- descriptive statistics ---- */

static void
test_descriptive(void)
{
	struct stats_desc d;
	double x30[30], *v, big1[] = { DBL_MAX, DBL_MAX / 2 };
	double w[] = { 1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16 };
	double tiny[] = { 1e-300, 2e-300, 3e-300, 4e-300 };
	double huge[] = { 1e300, 2e300, 3e300, 4e300 };
	double zero[] = { -1, 1, -2, 2 }, one = 42;
	size_t i, n = 1000000;

	/* R: iguana.mean, iguana.sd; ministat: 300, 238.04761 */
	CHECK_REL(stats_mean(iguana, 7), 300, 1e-15);
	CHECK_REL(stats_stddev(iguana, 7), 238.04761428476166, 1e-14);
	/* ministat prints 8 digits */
	CHECK_REL(stats_stddev(iguana, 7), 238.04761, 3e-8);

	make_x30(x30);
	v = sorted_copy(x30, 30);
	CHECK(stats_describe(v, 30, &d) == STATS_OK);
	CHECK_EQ(d.n, 30);
	CHECK(d.min == v[0] && d.max == v[29]);
	/* R: x30.mean, x30.sd, x30.median */
	CHECK_REL(d.mean, 104.83333333333333, 1e-15);
	CHECK_REL(d.stddev, 2.9594190172296053, 1e-14);
	CHECK_REL(d.cv, 2.9594190172296053 / 104.83333333333333, 1e-14);
	CHECK_REL(d.median, 104.84999999999999, 1e-15);
	/* R: x30.q, quantile(type = 7) at .01 .05 .25 .5 .75 .9 .95 .99 .999 */
	CHECK_REL(d.p1, 100.087, 1e-15);
	CHECK_REL(d.p5, 100.435, 1e-15);
	CHECK_REL(d.p25, 102.375, 1e-15);
	CHECK_REL(stats_quantile(v, 30, 0.5), 104.84999999999999, 1e-15);
	CHECK_REL(d.p75, 107.30000000000001, 1e-15);
	CHECK_REL(d.p90, 108.72999999999999, 1e-15);
	CHECK_REL(d.p95, 109.22, 1e-15);
	CHECK_REL(d.p99, 109.613, 1e-15);
	CHECK_REL(d.p999, 109.6913, 1e-15);
	free(v);

	/* R: iguana.q: type 7 on an odd n with ties */
	v = sorted_copy(iguana, 7);
	CHECK(stats_describe(v, 7, &d) == STATS_OK);
	CHECK_REL(d.p1, 56.000000000000007, 1e-15);
	CHECK_REL(d.p5, 80, 1e-15);
	CHECK_REL(d.p25, 150, 1e-15);
	CHECK_REL(d.median, 200, 1e-15);
	CHECK_REL(d.p75, 400, 1e-15);
	CHECK_REL(d.p90, 540.00000000000011, 1e-15);
	CHECK_REL(d.p95, 644.99999999999977, 1e-15);
	CHECK_REL(d.p99, 728.99999999999989, 1e-15);
	CHECK_REL(d.p999, 747.89999999999986, 1e-15);
	CHECK(stats_quantile(v, 7, 0) == 50 && stats_quantile(v, 7, 1) == 750);
	CHECK(isnan(stats_quantile(v, 7, 1.5)) &&
	    isnan(stats_quantile(v, 7, -0.1)));
	free(v);

	/*
	 * ministat even.n.out: even_b = 1 2 3 10: median 2.5, stddev
	 * 4.0824829
	 */
	{
		double eb[] = { 1, 2, 3, 10 };

		CHECK(stats_median(eb, 4) == 2.5);
		CHECK_REL(stats_stddev(eb, 4), 4.0824829, 1e-8);
	}

	/*
	 * 1e8 + small values keep their digits.  R: big.mean, big.sd,
	 * big.var (R sums in long double); the naive sum loses about 1e-7.
	 */
	v = malloc(n * sizeof(*v));
	for (i = 0; i < n; i++)
		v[i] = 1e8 + (double)(i % 7) * 0.013;
	CHECK_REL(stats_mean(v, n), 100000000.03899996, 1e-16);
	CHECK_REL(stats_stddev(v, n), 0.026000028722054775, 1e-11);
	CHECK_REL(stats_variance(v, n), 0.00067600149354767318, 1e-11);
	free(v);
	/* R: welford.var, var(1e9 + c(4, 7, 13, 16)) = 30 exactly */
	CHECK(stats_variance(w, 4) == 30);
	CHECK(stats_mean(w, 4) == 1e9 + 10);
	/* R: tiny.sd, huge.sd: sd(1:4) scaled; the squares under/overflow */
	CHECK_REL(stats_stddev(tiny, 4), 1.2909944487358056e-300, 1e-15);
	CHECK_REL(stats_stddev(huge, 4), 1.2909944487358056e+300, 1e-15);
	/* 1.7e-600 underflows, honestly */
	CHECK(stats_variance(tiny, 4) == 0);
	CHECK(isinf(stats_variance(huge, 4)));
	/* a sum past DBL_MAX: the mean is still 0.75 DBL_MAX */
	CHECK_REL(stats_mean(big1, 2), 0.75 * DBL_MAX, 1e-15);
	CHECK(stats_median(big1, 2) == 0.75 * DBL_MAX);

	/* n == 0, n == 1, mean 0 */
	CHECK(stats_describe(NULL, 0, &d) == STATS_EEMPTY);
	CHECK(d.n == 0 && isnan(d.mean) && isnan(d.median) && isnan(d.p99));
	CHECK(isnan(stats_mean(NULL, 0)) && isnan(stats_median(NULL, 0)));
	CHECK(stats_describe(&one, 1, &d) == STATS_OK);
	CHECK(d.n == 1 && d.mean == 42 && d.median == 42 && d.min == 42 &&
	    d.max == 42 && d.p1 == 42 && d.p999 == 42);
	CHECK(isnan(d.stddev) && isnan(d.cv));
	CHECK(isnan(stats_variance(&one, 1)));
	v = sorted_copy(zero, 4);
	CHECK(stats_describe(v, 4, &d) == STATS_OK);
	CHECK(d.mean == 0 && isnan(d.cv) && !stats_cv_high(&d));
	free(v);
	/* all equal: no spread, no NaN */
	{
		double eq[] = { 5, 5, 5, 5, 5 };

		CHECK(stats_describe(eq, 5, &d) == STATS_OK);
		CHECK(d.stddev == 0 && d.cv == 0 && d.p1 == 5 && d.p999 == 5);
	}
	CHECK(strcmp(stats_strerror(STATS_ETOOFEW),
	    "too few samples for this level") == 0);
	for (i = STATS_OK; i <= STATS_ENOMEM; i++)
		CHECK(strcmp(stats_strerror((int)i), "unknown error") != 0);
	CHECK(strcmp(stats_strerror(-1), "unknown error") == 0);
	/* infinities pass through; extreme neighbours interpolate */
	{
		double inf2[] = { 1, INFINITY }, ext[] = { -DBL_MAX, DBL_MAX };

		CHECK(stats_mean(inf2, 2) == INFINITY);
		CHECK(stats_quantile(ext, 2, 0.5) == 0);
		CHECK_REL(stats_quantile(ext, 2, 0.75), DBL_MAX / 2, 1e-15);
	}
}

/* ---- exact sums: mean and stddev against exact arithmetic ---- */

/* The generator of tests/unit/ref/ref_sums.py. */
static uint64_t
splitmix64(uint64_t *state)
{
	uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

static double
unit53(uint64_t r)
{
	return (double)(r >> 11) * 0x1p-53;
}

/* The data sets of ref_sums.py's gen(), value for value. */
static void
gen_sums(const char *kind, double *v, size_t n)
{
	uint64_t s = 20261130, r;
	double u, prev = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		r = splitmix64(&s);
		if (strcmp(kind, "ill") == 0)
			v[i] = 1e9 + (double)(r >> 54) * 0x1p-20;
		else if (strcmp(kind, "lat") == 0) {
			u = unit53(r);
			v[i] = 100.0 + 900.0 * u * u * u;
		} else if (strcmp(kind, "wide") == 0)
			v[i] = ldexp(unit53(r) - 0.5, (int)(r & 31) * 2 - 30);
		else if (i % 2 == 0)
			v[i] = prev = ldexp(unit53(r) + 1.0, 40);
		else
			v[i] = -prev + unit53(r) * 1e-3;
	}
}

/* How many representable doubles lie between got and want. */
static double
ulps(double got, double want)
{
	double u = nextafter(fabs(want), INFINITY) - fabs(want);

	return fabs(got - want) / u;
}

static void
test_sums_exact(void)
{
	/*
	 * py: ref_sums.py, "NAME mean HEX stddev HEX": exact rational
	 * arithmetic, rounded once.  Every order of a set has the same
	 * exact answer; the orders are there to test ours.
	 */
	static const struct {
		const char	*kind;
		size_t		 n;
		const char	*order;
		double		 mean, sd;
	} ref[] = {
		{ "ill", 100000, "asc", 0x1.dcd6500000ff4p+29, 0x1.2752d9b093a5ep-12 },
		{ "ill", 100000, "gen", 0x1.dcd6500000ff4p+29, 0x1.2752d9b093a5ep-12 },
		{ "ill", 100000, "desc", 0x1.dcd6500000ff4p+29, 0x1.2752d9b093a5ep-12 },
		{ "lat", 100000, "asc", 0x1.43f6279445b6bp+8, 0x1.fd4eeb0e28402p+7 },
		{ "lat", 100000, "gen", 0x1.43f6279445b6bp+8, 0x1.fd4eeb0e28402p+7 },
		{ "lat", 100000, "desc", 0x1.43f6279445b6bp+8, 0x1.fd4eeb0e28402p+7 },
		{ "wide", 100000, "asc", 0x1.566ad2b60b5cfp+16, 0x1.af111861ae66bp+27 },
		{ "wide", 100000, "gen", 0x1.566ad2b60b5cfp+16, 0x1.af111861ae66bp+27 },
		{ "cancel", 100000, "gen", 0x1.050dae3e6c4c6p-12, 0x1.86fd2d4c9a29bp+40 },
		{ "cancel", 100000, "asc", 0x1.050dae3e6c4c6p-12, 0x1.86fd2d4c9a29bp+40 },
		{ "ill", 10000000, "asc", 0x1.dcd6500000ffdp+29, 0x1.278ad900ef294p-12 },
		{ "lat", 10000000, "gen", 0x1.4504d8cc0d90bp+8, 0x1.fe364058b638fp+7 },
		{ "lat", 10000000, "asc", 0x1.4504d8cc0d90bp+8, 0x1.fe364058b638fp+7 },
	};
	double *v, um, us, worst_m = 0, worst_s = 0;
	size_t i, j;
	char what[160];

	for (i = 0; i < NELEM(ref); i++) {
		v = malloc(ref[i].n * sizeof(*v));
		if (v == NULL) {
			CHECK(v != NULL);
			return;
		}
		gen_sums(ref[i].kind, v, ref[i].n);
		if (strcmp(ref[i].order, "gen") != 0)
			stats_sort(v, ref[i].n);
		if (strcmp(ref[i].order, "desc") == 0)
			for (j = 0; j < ref[i].n / 2; j++) {
				double t = v[j];

				v[j] = v[ref[i].n - 1 - j];
				v[ref[i].n - 1 - j] = t;
			}
		um = ulps(stats_mean(v, ref[i].n), ref[i].mean);
		us = ulps(stats_stddev(v, ref[i].n), ref[i].sd);
		worst_m = fmax(worst_m, um);
		worst_s = fmax(worst_s, us);
		snprintf(what, sizeof(what), "%s %zu %s: mean within 1 ulp of "
		    "exact (%.2f), stddev within 2 (%.2f)", ref[i].kind,
		    ref[i].n, ref[i].order, um, us);
		check_report(um <= 1 && us <= 2, __FILE__, __LINE__, what);
		free(v);
	}
	printf("# exact sums: worst mean %.2f ulp, worst stddev %.2f ulp\n",
	    worst_m, worst_s);
	/* The sum itself: exact, then rounded once. */
	{
		double c[] = { 1e100, 1.0, -1e100, 1e-100 };

		CHECK(stats_sum(c, 4) == 1.0);
		CHECK(stats_sum(NULL, 0) == 0);
	}
}

/* ---- distributions ---- */

static void
test_distributions(void)
{
	/* R: pnorm.x, pnorm.v */
	static const double nx[] = { -37.5, -10, -3, -1.96, -0.5, 0, 0.5,
	    1.96, 3, 8.2 };
	static const double nv[] = { 4.6053530095819552e-308,
	    7.6198530241605269e-24, 0.0013498980316300946,
	    0.024997895148220428, 0.30853753872598694, 0.5,
	    0.69146246127401301, 0.97500210485177963, 0.9986501019683699,
	    0.99999999999999989 };
	/* R: qnorm.p, qnorm.v */
	static const double qp[] = { 1e-300, 1e-20, 1e-5, 0.0005, 0.025, 0.1,
	    0.4, 0.5, 0.75, 0.975, 0.9999 };
	static const double qv[] = { -37.047096299361201, -9.2623400897984052,
	    -4.2648907939228256, -3.2905267314918945, -1.9599639845400538,
	    -1.2815515655446008, -0.25334710313579978, 0,
	    0.67448975019608171, 1.9599639845400536, 3.7190164854557084 };
	/* R: qt.975, qt(0.975, df) */
	static const double qdf[] = { 1, 2, 3, 4, 5, 7, 10, 30, 100, 1000 };
	static const double q975[] = { 12.706204736174694, 4.3026527297494619,
	    3.1824463052837078, 2.7764451051977934, 2.5705818356363137,
	    2.3646242515927844, 2.2281388519862739, 2.0422724563012378,
	    1.9839715185235516, 1.9623390808264076 };
	/* R: pbinom.v, pbinom(k, n, p) */
	static const struct { uint64_t k, n; double p, v; } bi[] = {
		{ 0, 10, 0.5, 0.00097656250000000022 },
		{ 3, 10, 0.5, 0.17187500000000006 },
		{ 10, 25, 0.5, 0.21217811107635515 },
		{ 24, 50, 0.3, 0.99763045215101775 },
		{ 50, 100, 0.5, 0.53979461869358913 },
		{ 2, 5, 0.9, 0.008559999999999993 },
		{ 499, 1000, 0.5, 0.48738749091081957 },
		{ 150, 300, 0.55, 0.046470439292169041 },
	};
	size_t i;
	double t, worst = 0, e;

	for (i = 0; i < NELEM(nx); i++)
		CHECK_REL(stats_normal_cdf(nx[i]), nv[i], 1e-14);
	for (i = 0; i < NELEM(qp); i++) {
		if (qv[i] == 0)
			CHECK(stats_normal_quantile(qp[i]) == 0);
		else
			CHECK_REL(stats_normal_quantile(qp[i]), qv[i], 1e-15);
	}
	CHECK(stats_normal_quantile(0) == -INFINITY);
	CHECK(stats_normal_quantile(1) == INFINITY);
	CHECK(isnan(stats_normal_quantile(1.5)) &&
	    isnan(stats_normal_quantile(NAN)));

	/* R: ibeta.*, pbeta(x, a, b); a, b up to 5e5 */
	for (i = 0; i < NELEM(ibeta_ref); i++)
		CHECK_REL(stats_ibeta(ibeta_ref[i].a, ibeta_ref[i].b,
		    ibeta_ref[i].x), ibeta_ref[i].v, 1e-12);
	CHECK(stats_ibeta(2, 3, 0) == 0 && stats_ibeta(2, 3, 1) == 1);
	CHECK(isnan(stats_ibeta(0, 3, 0.5)) && isnan(stats_ibeta(2, 3, 1.5)));
	/* I_x(1, 1) = x, I_x(a, 1) = x^a: closed forms */
	CHECK_REL(stats_ibeta(1, 1, 0.3), 0.3, 1e-15);
	CHECK_REL(stats_ibeta(3, 1, 0.2), 0.008, 1e-14);

	/* R: pt.*, pt(t, df), tails to 1e-7 and df to 1e5 */
	for (i = 0; i < NELEM(pt_ref); i++)
		CHECK_REL(stats_t_cdf(pt_ref[i].t, pt_ref[i].df), pt_ref[i].v,
		    1e-13);
	CHECK(stats_t_cdf(INFINITY, 3) == 1 && stats_t_cdf(-INFINITY, 3) == 0);
	CHECK(isnan(stats_t_cdf(1, 0)) && isnan(stats_t_cdf(NAN, 3)));

	for (i = 0; i < NELEM(qdf); i++)
		CHECK_REL(stats_t_quantile(0.975, qdf[i]), q975[i], 1e-14);
	/*
	 * py: tq, every df from 1 to 1e7 (Welch's df for 5M + 5M) and every
	 * level, both tails.  Target 1e-10; the code reaches about 4e-15.
	 */
	for (i = 0; i < NELEM(tq_ref); i++) {
		t = -stats_t_quantile(tq_ref[i].q, tq_ref[i].df);
		e = fabs(t - tq_ref[i].t) / tq_ref[i].t;
		if (e > worst)
			worst = e;
		CHECK_REL(t, tq_ref[i].t, 1e-13);
		/* 1 - q rounds: 1 - 0.9995 is 0.0005 +/- 1e-16 (2e-13) */
		CHECK_REL(stats_t_quantile(1 - tq_ref[i].q, tq_ref[i].df),
		    tq_ref[i].t, 1e-12);
		/* and back: the CDF at the quantile is the tail */
		CHECK_REL(stats_t_cdf(-tq_ref[i].t, tq_ref[i].df), tq_ref[i].q,
		    1e-13);
	}
	printf("# worst relative error of the t quantiles: %.2g\n", worst);
	CHECK(stats_t_quantile(0.5, 7) == 0);
	CHECK(stats_t_quantile(0, 7) == -INFINITY &&
	    stats_t_quantile(1, 7) == INFINITY);
	CHECK(isnan(stats_t_quantile(0.5, -1)) &&
	    isnan(stats_t_quantile(2, 3)));
	/* near the centre: P(T <= t) - 1/2 keeps its digits */
	CHECK_REL(stats_t_cdf(stats_t_quantile(0.5 + 1e-9, 5), 5) - 0.5,
	    1e-9, 1e-6);

	for (i = 0; i < NELEM(bi); i++)
		CHECK_REL(stats_binom_cdf(bi[i].k, bi[i].n, bi[i].p), bi[i].v,
		    1e-13);
	CHECK(stats_binom_cdf(10, 10, 0.5) == 1);
	CHECK(isnan(stats_binom_cdf(1, 10, 1.5)));
	/* past df 1e12 the t is the normal (R: qnorm.v[9]) */
	CHECK(stats_t_cdf(1.96, 1e13) == stats_normal_cdf(1.96));
	CHECK_REL(stats_t_quantile(0.975, 1e13), 1.9599639845400536, 1e-15);
}

/* ---- confidence intervals of one sample ---- */

static void
test_ci(void)
{
	/* R: cimean.x30.<level>, t.test(x30, conf.level)$conf.int */
	static const double mlo[] = { 104.12474800624054, 103.9152720327515,
	    103.72826811106117, 103.50306991178603, 103.34402076981536,
	    103.19183560994364, 102.85610733488573 };
	static const double mhi[] = { 105.54191866042612, 105.75139463391515,
	    105.93839855560549, 106.16359675488063, 106.3226458968513,
	    106.47483105672303, 106.81055933178092 };
	/* R: cimed.x30.<level>: order statistics from qbinom, coverage % */
	static const double dlo[] = { 103.3, 103.3, 103, 102.59999999999999,
	    102.3, 102, 101.59999999999999 };
	static const double dhi[] = { 106.3, 106.3, 106.7, 107,
	    107.40000000000001, 107.7, 108 };
	static const double dcov[] = { 90.126285329461112, 90.126285329461112,
	    95.722605474293232, 98.387519828975201, 99.477712064981461,
	    99.856909364461899, 99.96750857681036 };
	struct stats_ci ci;
	double x30[30], y40[40], *v, one = 3;
	double six[] = { 3, 1, 4, 1, 5, 9 };
	size_t i;

	make_x30(x30);
	v = sorted_copy(x30, 30);
	for (i = 0; i < NELEM(levels); i++) {
		CHECK(stats_ci_mean(x30, 30, levels[i], &ci) == STATS_OK);
		CHECK_REL(ci.lo, mlo[i], 1e-14);
		CHECK_REL(ci.hi, mhi[i], 1e-14);
		CHECK(ci.level == levels[i] && ci.nmin == 0);
		CHECK(stats_ci_median(v, 30, levels[i], &ci) == STATS_OK);
		CHECK(ci.lo == dlo[i] && ci.hi == dhi[i]);
		CHECK_REL(ci.level, dcov[i], 1e-13);
		CHECK(ci.level >= levels[i]);
	}
	free(v);
	/* R: cimean.iguana.95 */
	CHECK(stats_ci_mean(iguana, 7, 95, &ci) == STATS_OK);
	CHECK_REL(ci.lo, 79.842676031485269, 1e-14);
	CHECK_REL(ci.hi, 520.15732396851479, 1e-14);
	/* R: cimed.y40.95 */
	make_y40(y40);
	v = sorted_copy(y40, 40);
	CHECK(stats_ci_median(v, 40, 95, &ci) == STATS_OK);
	CHECK(ci.lo == 103.84999999999999 && ci.hi == 107.25);
	CHECK_REL(ci.level, 96.152269171579974, 1e-13);
	free(v);
	/* R: cimed.6.95: n = 6 is the least at 95 %: [min, max], 1 - 2/64 */
	v = sorted_copy(six, 6);
	CHECK(stats_ci_median(v, 6, 95, &ci) == STATS_OK);
	CHECK(ci.lo == 1 && ci.hi == 9 && ci.level == 96.875);
	/* n = 5 at 95 %: 2^-5 > 0.025: too few, 6 needed */
	CHECK(stats_ci_median(v, 5, 95, &ci) == STATS_ETOOFEW);
	CHECK(ci.nmin == 6 && isnan(ci.lo) && isnan(ci.hi) && isnan(ci.level));
	CHECK(ci.est == 3);	/* the median of 1 1 3 4 5 is still there */
	/* 99.9 %: 2^-n <= 0.0005 from n = 11 */
	CHECK(stats_ci_median(v, 6, 99.9, &ci) == STATS_ETOOFEW &&
	    ci.nmin == 11);
	free(v);
	/* a large n: exact binomial all the way (k from the incomplete beta) */
	{
		size_t n = 1000001;

		v = malloc(n * sizeof(*v));
		for (i = 0; i < n; i++)
			v[i] = (double)i;
		CHECK(stats_ci_median(v, n, 95, &ci) == STATS_OK);
		/* R: qbinom(0.025, 1000001, 0.5) = 499021 */
		CHECK(ci.lo == 499020 && ci.hi == 500980);
		CHECK(ci.level >= 95 && ci.level < 95.01);
		free(v);
	}
	/* n = 1 and n = 0, and bad levels */
	CHECK(stats_ci_mean(&one, 1, 95, &ci) == STATS_ETOOFEW);
	CHECK(ci.nmin == 2 && ci.est == 3 && isnan(ci.lo) && isnan(ci.hi));
	CHECK(stats_ci_median(&one, 1, 80, &ci) == STATS_ETOOFEW &&
	    ci.nmin == 4);
	CHECK(stats_ci_mean(NULL, 0, 95, &ci) == STATS_EEMPTY && isnan(ci.est));
	CHECK(stats_ci_median(NULL, 0, 95, &ci) == STATS_EEMPTY);
	CHECK(stats_ci_mean(x30, 30, 100, &ci) == STATS_EINVAL);
	CHECK(stats_ci_mean(x30, 30, 0, &ci) == STATS_EINVAL);
	CHECK(stats_ci_median(x30, 30, NAN, &ci) == STATS_EINVAL);
	/* all equal: a zero-width interval, not NaN */
	{
		double eq[] = { 2, 2, 2, 2, 2, 2, 2 };

		CHECK(stats_ci_mean(eq, 7, 99, &ci) == STATS_OK);
		CHECK(ci.lo == 2 && ci.hi == 2);
		CHECK(stats_ci_median(eq, 7, 95, &ci) == STATS_OK);
		CHECK(ci.lo == 2 && ci.hi == 2);
	}
}

/* ---- t tests, ratio of means, Holm ---- */

static void
check_ttest(const struct stats_ttest *r, const double *want, double tol)
{
	/* want: t, df, p, lo, hi as printed by ref_stats.R */
	CHECK_REL(r->t, want[0], tol);
	CHECK_REL(r->df, want[1], tol);
	CHECK_REL(r->p, want[2], tol);
	CHECK_REL(r->lo, want[3], tol);
	CHECK_REL(r->hi, want[4], tol);
}

static void
test_ttests(void)
{
	/* R: student.ic.80, t.test(chameleon, iguana, var.equal = TRUE) */
	static const double s80[] = { 1.5516335385667452, 10,
	    0.15179681521107496, 27.756538073623037, 452.24346192637694 };
	static const double s95[] = { 1.5516335385667452, 10,
	    0.15179681521107496, -104.63893128441985, 584.63893128441987 };
	/* R: student.readme */
	static const double srd[] = { 5.547001962252291, 8,
	    0.00054287969402081902, 0.0023371167698178793,
	    0.0056628832301821273 };
	/* R: welch.xy.99, t.test(y40, x30, conf.level = 0.99) */
	static const double wxy[] = { 0.89496863373951818, 60.892634015568156,
	    0.37432795693068155, -1.235199280571692, 2.4885326139050221 };
	/* R: welch.ic.90 */
	static const double wic[] = { 1.488839530990719, 7.4254283212425065,
	    0.17772184154340456, -62.792795162251075, 542.79279516225108 };
	/* R: holm, p.adjust(c(.01, .04, .03, .005, NA, .2, .04), "holm") */
	static const double hp[] = { 0.01, 0.04, 0.03, 0.005, NAN, 0.2, 0.04 };
	static const double hw[] = { 0.05, 0.12, 0.12, 0.03, NAN, 0.2, 0.12 };
	struct stats_ttest r;
	struct stats_ci ci;
	double x30[30], y40[40], adj[7], c1[] = { 3, 3, 3 }, c2[] = { 4, 4 };
	size_t i;

	CHECK(stats_ttest_student(iguana, 7, chameleon, 5, 80, &r) == STATS_OK);
	check_ttest(&r, s80, 1e-13);
	/*
	 * ministat iguana_chameleon.A.c80.out: 240 +/- 212.215, s = 264.159
	 * (printed with %g; ministat's t table has 3 decimals, 1.372 for
	 * 1.3721836, hence the 2e-4 on the half-width).
	 */
	CHECK(r.diff == 240);
	CHECK_REL((r.hi - r.lo) / 2, 212.215, 2e-4);
	CHECK_REL(r.spool, 264.159, 5e-6);
	CHECK(stats_ttest_student(iguana, 7, chameleon, 5, 95, &r) == STATS_OK);
	check_ttest(&r, s95, 1e-13);
	/* ministat readme.A.c95.out: 0.004 +/- 0.00166288, s = 0.00114018 */
	CHECK(stats_ttest_student(readme_a, 5, readme_b, 5, 95,
	    &r) == STATS_OK);
	check_ttest(&r, srd, 1e-12);
	CHECK_REL(r.diff, 0.004, 1e-12);
	CHECK_REL((r.hi - r.lo) / 2, 0.00166288, 2e-4);
	CHECK_REL(r.spool, 0.00114018, 5e-6);

	make_x30(x30);
	make_y40(y40);
	CHECK(stats_ttest_welch(x30, 30, y40, 40, 99, &r) == STATS_OK);
	check_ttest(&r, wxy, 1e-13);
	CHECK(isnan(r.spool));
	CHECK(stats_ttest_welch(iguana, 7, chameleon, 5, 90, &r) == STATS_OK);
	check_ttest(&r, wic, 1e-13);

	/* constant samples: certain difference, no NaN */
	CHECK(stats_ttest_welch(c1, 3, c2, 2, 95, &r) == STATS_OK);
	CHECK(r.diff == 1 && r.se == 0 && r.p == 0 && isinf(r.t) && r.t > 0);
	CHECK(r.lo == 1 && r.hi == 1 && r.df == 3);
	CHECK(stats_ttest_student(c1, 3, c1, 2, 95, &r) == STATS_OK);
	CHECK(r.diff == 0 && r.t == 0 && r.p == 1 && r.spool == 0);
	CHECK(stats_ttest_student(c1, 1, c2, 2, 95, &r) == STATS_ETOOFEW);
	CHECK(isnan(r.t) && isnan(r.p));
	CHECK(stats_ttest_welch(c1, 0, c2, 2, 95, &r) == STATS_EEMPTY);
	CHECK(stats_ttest_welch(c1, 3, c2, 2, 100, &r) == STATS_EINVAL);
	/* the scale does not matter: 1e-300 times the readme data */
	{
		double ta[5], tb[5];

		for (i = 0; i < 5; i++) {
			ta[i] = readme_a[i] * 1e-300;
			tb[i] = readme_b[i] * 1e-300;
		}
		CHECK(stats_ttest_welch(ta, 5, tb, 5, 95, &r) == STATS_OK);
		CHECK_REL(r.t, 5.547001962252291, 1e-9);
	}

	/* R: fieller.*, solved by uniroot; 1e-9 is uniroot's own tolerance */
	CHECK(stats_reldiff_mean(x30, 30, y40, 40, 95, &ci) == STATS_OK);
	CHECK_REL(ci.est, 0.005977742448330714, 1e-13);
	CHECK_REL(ci.lo, -0.0073215942249023058, 1e-9);
	CHECK_REL(ci.hi, 0.01949084965304726, 1e-9);
	CHECK(stats_reldiff_mean(iguana, 7, chameleon, 5, 90, &ci) == STATS_OK);
	CHECK_REL(ci.est, 0.8, 1e-14);
	CHECK_REL(ci.lo, -0.13494502372831962, 1e-9);
	CHECK_REL(ci.hi, 3.2448442066260972, 1e-9);
	CHECK(stats_reldiff_mean(readme_a, 5, readme_b, 5, 99,
	    &ci) == STATS_OK);
	CHECK_REL(ci.est, 0.029542097488921781, 1e-13);
	CHECK_REL(ci.lo, 0.0078507447996762902, 1e-9);
	CHECK_REL(ci.hi, 0.052079052332007159, 1e-9);
	CHECK(ci.level == 99);
	/* a baseline not distinguishable from 0: no bounded interval */
	{
		double za[] = { -1, 1, -2, 2.5 }, zb[] = { 3, 4, 5 };

		CHECK(stats_reldiff_mean(za, 4, zb, 3, 95,
		    &ci) == STATS_EDOMAIN);
		CHECK(isnan(ci.lo) && isnan(ci.hi) && ci.est == 4 / 0.125 - 1);
		CHECK(stats_reldiff_mean(za, 2, zb, 3, 95,
		    &ci) == STATS_EDOMAIN);
	}
	CHECK(stats_reldiff_mean(iguana, 1, chameleon, 5, 95,
	    &ci) == STATS_ETOOFEW);
	CHECK(ci.nmin == 2 && ci.est == 540.0 / 50 - 1);
	CHECK(stats_reldiff_mean(iguana, 7, chameleon, 0, 95, &ci) ==
	    STATS_EEMPTY);
	CHECK(stats_reldiff_mean(iguana, 7, chameleon, 5, -5, &ci) ==
	    STATS_EINVAL);
	/* both constant: the ratio is exact, a zero-width interval */
	CHECK(stats_reldiff_mean(c1, 3, c2, 2, 95, &ci) == STATS_OK);
	CHECK(ci.est == 4.0 / 3 - 1 && ci.lo == ci.est && ci.hi == ci.est);

	CHECK(stats_holm(hp, adj, 7) == STATS_OK);
	for (i = 0; i < 7; i++) {
		if (isnan(hw[i]))
			CHECK(isnan(adj[i]));
		else
			CHECK_REL(adj[i], hw[i], 1e-15);
	}
	/* in place, and capped at 1 */
	{
		double pp[] = { 0.5, 0.6, 0.01 };

		CHECK(stats_holm(pp, pp, 3) == STATS_OK);
		CHECK(pp[0] == 1 && pp[1] == 1 && pp[2] == 0.03);
		CHECK(stats_holm(pp, pp, 0) == STATS_OK);
	}
}

/* ---- Mann-Whitney ---- */

static void
check_mw(const double *a, size_t na, const double *b, size_t nb, int mode,
    double u, double p, double tol, int exact, int line)
{
	struct stats_mw r;
	double *sa = sorted_copy(a, na), *sb = sorted_copy(b, nb);
	char m[160];
	int err;

	err = stats_mannwhitney(sa, na, sb, nb, mode, &r);
	snprintf(m, sizeof(m), "mw: err %d U %.17g (want %.17g) p %.17g "
	    "(want %.17g) exact %d", err, r.u, u, r.p, p, r.exact);
	check_report(err == STATS_OK && r.u == u &&
	    fabs(r.p - p) <= tol * p && r.exact == exact, __FILE__, line, m);
	free(sa);
	free(sb);
}

static void
test_mannwhitney(void)
{
	static const double r1[] = { 2, 1, 3, 5 }, r2[] = { 12, 11, 13, 15 };
	static const double r3[] = { 0, 4, 6, 7 }, r4[] = { 1, 1, 1, 1, 1 };
	static const double ta[] = { 1, 2, 2, 3, 3, 3, 4, 5, 5, 7 };
	static const double tb[] = { 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9 };
	static const double s1[] = { 1, 1, 2 }, s2[] = { 1, 2, 2, 3 };
	static const double e1[] = { 4, 4, 4 }, e2[] = { 4, 4, 4, 4 };
	double x30[30], y40[40], *x500, *y600, *x300, *y200, r30[30], r40[40];
	struct stats_mw r;
	size_t i;

	/* The four cases of the brief.  R: mw.req1, mw.req2 (exact) */
	check_mw(r1, 4, r2, 4, STATS_MW_AUTO, 0, 0.028571428571428571, 1e-14,
	    1, __LINE__);
	check_mw(r1, 4, r3, 4, STATS_MW_AUTO, 5, 0.48571428571428571, 1e-14,
	    1, __LINE__);
	/* R: mw.coin.req3 (coin exact); py: brute.req3 agrees */
	check_mw(r1, 4, r4, 5, STATS_MW_AUTO, 17.5, 0.047619047619047616,
	    1e-14, 1, __LINE__);
	/* R: mw.req4, wilcox.test(exact = FALSE, correct = TRUE) */
	x500 = malloc(500 * sizeof(*x500));
	y600 = malloc(600 * sizeof(*y600));
	for (i = 0; i < 500; i++)
		x500[i] = 2.0 * i;
	for (i = 0; i < 600; i++)
		y600[i] = -41 + 2.0 * i;
	check_mw(x500, 500, y600, 600, STATS_MW_AUTO, 135250,
	    0.0049335360814171982, 1e-13, 0, __LINE__);

	/* R: mw.x30y40 (exact, no ties); py: scipy.mw.x30y40 agrees */
	make_x30(x30);
	make_y40(y40);
	check_mw(x30, 30, y40, 40, STATS_MW_AUTO, 528, 0.39853954669977426,
	    1e-13, 1, __LINE__);
	/* R: mw.coin.ties (coin exact); py: brute.ties agrees */
	check_mw(ta, 10, tb, 12, STATS_MW_AUTO, 25, 0.018810910451777324,
	    1e-13, 1, __LINE__);
	check_mw(tb, 12, ta, 10, STATS_MW_AUTO, 95, 0.018810910451777324,
	    1e-13, 1, __LINE__);
	/* R: mw.ties.normal: the same data, normal with tie correction */
	check_mw(ta, 10, tb, 12, STATS_MW_NORMAL, 25, 0.021920225122827527,
	    1e-13, 0, __LINE__);
	/* R: mw.coin.x30y40r: 30 + 40 values, heavy ties, exact */
	for (i = 0; i < 30; i++)
		r30[i] = round(x30[i]);
	for (i = 0; i < 40; i++)
		r40[i] = round(y40[i]);
	{
		double *sa = sorted_copy(r30, 30), *sb = sorted_copy(r40, 40);

		CHECK(stats_mannwhitney(sa, 30, sb, 40, STATS_MW_AUTO, &r) ==
		    STATS_OK);
		CHECK(r.exact && r.ties);
		CHECK_REL(r.p, 0.42156599695019359, 1e-13);
		free(sa);
		free(sb);
	}
	/* py: brute.small, brute.alltied */
	check_mw(s1, 3, s2, 4, STATS_MW_AUTO, 3, 0.4, 1e-14, 1, __LINE__);
	check_mw(e1, 3, e2, 4, STATS_MW_AUTO, 6, 1, 0, 1, __LINE__);
	check_mw(e1, 3, e2, 4, STATS_MW_NORMAL, 6, 1, 0, 0, __LINE__);
	/* R: mw.x300y200: 300 + 200 with ties, normal */
	x300 = malloc(300 * sizeof(*x300));
	y200 = malloc(200 * sizeof(*y200));
	for (i = 0; i < 300; i++)
		x300[i] = (double)((i * 7919) % 1009) / 7;
	for (i = 0; i < 200; i++)
		y200[i] = (double)((i * 104729) % 997) / 7 + 3;
	check_mw(x300, 300, y200, 200, STATS_MW_AUTO, 29961,
	    0.98059316457382739, 1e-13, 0, __LINE__);
	/* R: mw.forced: exact past 50 when asked; refused when too big */
	check_mw(x500, 60, y600, 70, STATS_MW_EXACT, 2975,
	    3.2605011388455158e-05, 1e-12, 1, __LINE__);
	{
		double *sa = sorted_copy(x500, 500), *sb = sorted_copy(y600,
		    600);

		CHECK(stats_mannwhitney(sa, 500, sb, 600, STATS_MW_EXACT, &r) ==
		    STATS_EINVAL);
		CHECK(stats_mannwhitney(sa, 0, sb, 600, STATS_MW_AUTO, &r) ==
		    STATS_EEMPTY);
		CHECK(stats_mannwhitney(sa, 5, sb, 6, 7, &r) == STATS_EINVAL);
		free(sa);
		free(sb);
	}
	free(x500);
	free(y600);
	free(x300);
	free(y200);
}

/* ---- Hodges-Lehmann and Moses ---- */

typedef int hl_fn(const double *, size_t, const double *, size_t, double,
    int, struct stats_ci *);

/*
 * A second copy of analyze/stats_hl.c, tuned to extremes so that small
 * samples take the turns that large ones take rarely: pivots so close to
 * the ranks that they miss them, samples and gathers that outgrow their
 * room, walks in two threads, in lockstep runs of a few rows.  Only the
 * speed depends on the tuning, so it must agree with the oracle too.
 */
int	hl_tiny(const double *, size_t, const double *, size_t, double, int,
	    struct stats_ci *);
int	hl_tiny_rel(const double *, size_t, const double *, size_t, double,
	    struct stats_ci *);
#define HL_Z		0.2
#define HL_SAMPLE	48
#define HL_SAMPLE_MAX	64
#define HL_GATHER_MIN	300
#define HL_GFILL	3
#define HL_THRMIN	16
#define HL_SEGMIN	2
#define stats_hodges_lehmann	hl_tiny
#define stats_reldiff_median	hl_tiny_rel
/* NOLINTNEXTLINE(bugprone-suspicious-include): on purpose, see above */
#include "analyze/stats_hl.c"
#undef stats_hodges_lehmann
#undef stats_reldiff_median

/*
 * The oracle: all na nb differences (or ratios), sorted.  Checks the
 * selection of fn against it, with the interval's ranks from
 * stats_mw_crit.
 */
static int
hl_brute(hl_fn *fn, const double *a, size_t na, const double *b, size_t nb,
    double level, int kind)
{
	struct stats_ci ci;
	double *sa = sorted_copy(a, na), *sb = sorted_copy(b, nb), *d, est;
	double cover;
	size_t i, j, m = na * nb;
	uint64_t k;
	int ok;

	if (m == 0) {		/* no pair: no median to read below */
		free(sa);
		free(sb);
		return 0;
	}
	d = malloc(m * sizeof(*d));
	for (i = 0; i < na; i++)
		for (j = 0; j < nb; j++)
			d[i * nb + j] = kind == STATS_HL_RATIO ? sb[j] / sa[i] :
			    sb[j] - sa[i];
	qsort(d, m, sizeof(*d), cmp_double);
	if (m % 2 || (kind == STATS_HL_RATIO && d[m / 2 - 1] == d[m / 2]))
		est = d[m / 2];
	else if (kind == STATS_HL_RATIO)
		est = fmin(fmax(sqrt(d[m / 2 - 1]) * sqrt(d[m / 2]),
		    d[m / 2 - 1]), d[m / 2]);
	else
		est = d[m / 2 - 1] + (d[m / 2] - d[m / 2 - 1]) / 2;
	stats_mw_crit(na, nb, (100 - level) / 200, &k, &cover);
	ok = fn(sa, na, sb, nb, level, kind, &ci) ==
	    (k ? STATS_OK : STATS_ETOOFEW) && ci.est == est;
	if (k)
		ok = ok && ci.lo == d[k - 1] && ci.hi == d[m - k] &&
		    ci.level == 100 * cover;
	free(d);
	free(sa);
	free(sb);
	return ok;
}

/*
 * The oracle for large samples (sorted): the number of pairs whose
 * difference (or ratio) is <= v, or < v with lt.  The counts grow with
 * a[i], so one pointer into b serves all rows.
 */
static uint64_t
hl_count_le(const double *a, size_t na, const double *b, size_t nb,
    int kind, double v, int lt)
{
	size_t i, j = 0;
	uint64_t n = 0;
	double d;

	for (i = 0; i < na; i++) {
		for (; j < nb; j++) {
			d = kind == STATS_HL_RATIO ? b[j] / a[i] : b[j] - a[i];
			if (lt ? !(d < v) : !(d <= v))
				break;
		}
		n += j;
	}
	return n;
}

/* v is the k-th smallest (1-based) of the pairs. */
static int
hl_is_rank(const double *a, size_t na, const double *b, size_t nb,
    int kind, double v, uint64_t k)
{
	return hl_count_le(a, na, b, nb, kind, v, 1) < k &&
	    hl_count_le(a, na, b, nb, kind, v, 0) >= k;
}

/* n sorted values of one of a few shapes; ratios want them > 0. */
static void
hl_make(double *v, size_t n, int shape, double scale, uint64_t *s)
{
	size_t i;
	double u;

	for (i = 0; i < n; i++) {
		u = (double)(xs64(s) >> 11) * 0x1p-53;
		switch (shape) {
		case 0:		/* latency-like */
			v[i] = 350 + 20 * u + 10 * u *
			    ((double)(xs64(s) >> 11) * 0x1p-53);
			break;
		case 1:		/* ties */
			v[i] = round(350 + 40 * u);
			break;
		case 2:		/* heavy ties */
			v[i] = 1 + (double)(xs64(s) % 4);
			break;
		case 3:		/* skewed */
			v[i] = exp(8 * u);
			break;
		default:	/* both signs (shift only) */
			v[i] = 100 * u - 50;
			break;
		}
		v[i] *= scale;
	}
	stats_sort(v, n);
}

static void
test_hodges_lehmann(void)
{
	static const double ha[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55,
	    3.06, 1.30 };
	static const double hb[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29,
	    1.07, 3.14, 1.28, 2.2, 0.7 };
	/* R: crit.9.11.<level>: qwilcox, and 1 - 2 pwilcox(k - 1) */
	static const struct { double level; uint64_t k; double cover; } cr[] = {
		{ 90, 28, 0.90482257680400091 },
		{ 95, 24, 0.95354846391998094 },
		{ 99, 17, 0.99030721600381044 },
	};
	static const size_t sz[][2] = { { 1, 1 }, { 1, 7 }, { 5, 2 }, { 4, 4 },
	    { 9, 11 }, { 17, 16 }, { 40, 3 }, { 49, 49 }, { 60, 45 },
	    { 300, 400 }, { 1000, 70 }, { 90, 1500 } };
	struct stats_ci ci, ci2;
	double *sa, *sb, *a, *b, cover, one = 2, x500[500], y600[600];
	double x300[300], y200[200], scale;
	uint64_t k, s = 7;
	size_t i, t, na, nb;
	int kind, ok, shape;

	for (i = 0; i < NELEM(cr); i++) {
		CHECK(stats_mw_crit(9, 11, (100 - cr[i].level) / 200, &k,
		    &cover) == STATS_OK);
		CHECK(k == cr[i].k);
		CHECK_REL(cover, cr[i].cover, 1e-14);
	}
	CHECK(stats_mw_crit(2, 2, 0.025, &k, &cover) == STATS_OK && k == 0 &&
	    isnan(cover));

	/* R: hl.hahb.95 / .80, wilcox.test(hb, ha, conf.int, exact) */
	sa = sorted_copy(ha, 9);
	sb = sorted_copy(hb, 11);
	CHECK(stats_hodges_lehmann(sa, 9, sb, 11, 95, STATS_HL_SHIFT, &ci) ==
	    STATS_OK);
	CHECK(ci.est == -0.56000000000000005);
	CHECK(ci.lo == -1.0329999999999999 && ci.hi == 0.36999999999999988);
	CHECK_REL(ci.level, 95.354846391998094, 1e-14);
	CHECK(stats_hodges_lehmann(sa, 9, sb, 11, 80, STATS_HL_SHIFT, &ci) ==
	    STATS_OK);
	CHECK(ci.est == -0.56000000000000005);
	CHECK(ci.lo == -0.92000000000000015 && ci.hi == -0.010000000000000009);
	/* R: hl.hahb.ratio.95, exp() of the same on the logs */
	CHECK(stats_hodges_lehmann(sa, 9, sb, 11, 95, STATS_HL_RATIO, &ci) ==
	    STATS_OK);
	CHECK_REL(ci.est, 0.68085106382978733, 1e-14);
	CHECK_REL(ci.lo, 0.41830065359477125, 1e-14);
	CHECK_REL(ci.hi, 1.2654320987654319, 1e-14);
	CHECK(stats_reldiff_median(sa, 9, sb, 11, 95, &ci) == STATS_OK);
	CHECK_REL(ci.est, 0.68085106382978733 - 1, 1e-13);
	CHECK_REL(ci.lo, 0.41830065359477125 - 1, 1e-13);
	CHECK_REL(ci.hi, 1.2654320987654319 - 1, 1e-13);
	/* ratios need positive values */
	sa[0] = 0;
	CHECK(stats_reldiff_median(sa, 9, sb, 11, 95, &ci) == STATS_EDOMAIN);
	CHECK(isnan(ci.est) && isnan(ci.lo));
	free(sa);
	free(sb);

	/* R: hl.big.95: order statistics of sort(outer(y, x, "-")) */
	for (i = 0; i < 500; i++)
		x500[i] = 2.0 * i;
	for (i = 0; i < 600; i++)
		y600[i] = -41 + 2.0 * i;
	CHECK(stats_hodges_lehmann(x500, 500, y600, 600, 95, STATS_HL_SHIFT,
	    &ci) == STATS_OK);
	CHECK(ci.est == 59 && ci.lo == 17 && ci.hi == 101);
	CHECK_REL(ci.level, 95.001540092187724, 1e-13);
	/* R: hl.x300y200.99: ties, an even count (mean of the middle two) */
	for (i = 0; i < 300; i++)
		x300[i] = (double)((i * 7919) % 1009) / 7;
	for (i = 0; i < 200; i++)
		y200[i] = (double)((i * 104729) % 997) / 7 + 3;
	sa = sorted_copy(x300, 300);
	sb = sorted_copy(y200, 200);
	CHECK(stats_hodges_lehmann(sa, 300, sb, 200, 99, STATS_HL_SHIFT,
	    &ci) == STATS_OK);
	CHECK_NEAR(ci.est, 0.1428571428571388, 1e-13);
	CHECK(ci.lo == -10.142857142857139 && ci.hi == 10.142857142857139);
	CHECK_REL(ci.level, 99.00125195677623, 1e-13);
	free(sa);
	free(sb);

	/*
	 * The brute-force oracle over shapes: small (all gathered at once),
	 * and large enough for the sampling rounds (300 x 400 and up),
	 * rows on either side, with and without heavy ties.
	 */
	for (t = 0; t < NELEM(sz); t++) {
		na = sz[t][0];
		nb = sz[t][1];
		a = malloc(na * sizeof(*a));
		b = malloc(nb * sizeof(*b));
		for (kind = 0; kind < 4; kind++) {
			for (i = 0; i < na; i++)
				a[i] = 1 + (double)(xs64(&s) % 100000) / 1000;
			for (i = 0; i < nb; i++)
				b[i] = 1.5 + (double)(xs64(&s) % 100000) / 1000;
			if (kind >= 2) {	/* heavy ties */
				for (i = 0; i < na; i++)
					a[i] = round(a[i] / 4) + 1;
				for (i = 0; i < nb; i++)
					b[i] = round(b[i] / 4) + 1;
			}
			ok = hl_brute(stats_hodges_lehmann, a, na, b, nb,
			    levels[(t + kind) % NELEM(levels)], kind % 2 ?
			    STATS_HL_RATIO : STATS_HL_SHIFT);
			check_report(ok, __FILE__, __LINE__,
			    "hodges-lehmann == sorted differences");
		}
		free(a);
		free(b);
	}
	/*
	 * The edges of the interval at 99.9 % put the wanted rank near the
	 * end of the sample: many seeds of data, through both copies (the
	 * tuned one takes many rounds, often with pivots that miss).
	 */
	for (t = 0; t < 40; t++) {
		na = 150 + t;
		nb = 200 - t;
		a = malloc(na * sizeof(*a));
		b = malloc(nb * sizeof(*b));
		for (i = 0; i < na; i++)
			a[i] = (double)(xs64(&s) % 1000000) / 1000;
		for (i = 0; i < nb; i++)
			b[i] = (double)(xs64(&s) % 1000000) / 1000 + 40;
		ok = hl_brute(stats_hodges_lehmann, a, na, b, nb, 99.9,
		    STATS_HL_SHIFT) && hl_brute(hl_tiny, a, na, b, nb, 99.9,
		    STATS_HL_SHIFT);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann == sorted differences, 99.9 %");
		free(a);
		free(b);
	}
	/*
	 * The tuned copy against the oracle: every shape, both kinds, rows
	 * on either side, and values near the ends of the double range (no
	 * room for the walks' margins: every comparison is computed).
	 */
	for (t = 0; t < 300; t++) {
		na = 1 + xs64(&s) % 120;
		nb = 1 + xs64(&s) % 120;
		shape = (int)(t % 5);
		kind = shape == 4 || t / 5 % 2 ? STATS_HL_SHIFT :
		    STATS_HL_RATIO;
		scale = t % 7 != 6 ? 1 : kind == STATS_HL_RATIO ? 0x1p-1040 :
		    0x1p1000;
		a = malloc(na * sizeof(*a));
		b = malloc(nb * sizeof(*b));
		hl_make(a, na, shape, scale, &s);
		hl_make(b, nb, shape, scale * 1.01, &s);
		ok = hl_brute(hl_tiny, a, na, b, nb, levels[t % NELEM(levels)],
		    kind);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann, tuned copy == sorted differences");
		free(a);
		free(b);
	}
	/*
	 * Infinities at one end of one sample (and -inf at the other end
	 * of the other, for differences): pivots at infinity have no
	 * thresholds, their walks compute every comparison, next to walks
	 * that do not.  Under half of the pairs infinite, so the median is
	 * finite (the end of the interval may not be).
	 */
	for (t = 0; t < 60; t++) {
		/* Some large enough for the walks of the plain copy. */
		na = t % 4 == 0 ? 280 + xs64(&s) % 100 : 8 + xs64(&s) %
		    (t % 2 ? 60 : 400);
		nb = t % 4 == 0 ? 280 + xs64(&s) % 100 : 8 + xs64(&s) %
		    (t % 2 ? 400 : 60);
		kind = t / 2 % 2 ? STATS_HL_RATIO : STATS_HL_SHIFT;
		a = malloc(na * sizeof(*a));
		b = malloc(nb * sizeof(*b));
		hl_make(a, na, (int)(t / 4 % 3), 1, &s);
		hl_make(b, nb, (int)(t / 4 % 3), 1.01, &s);
		k = t % 3 == 0 ? 1 : nb * (t % 3 == 1 ? 2 : kind ==
		    STATS_HL_RATIO ? 4 : 3) / 10;
		for (i = 0; i < k; i++)
			b[nb - 1 - i] = INFINITY;
		if (kind == STATS_HL_SHIFT)
			a[0] = -INFINITY;
		ok = hl_brute(hl_tiny, a, na, b, nb, levels[t % NELEM(levels)],
		    kind) && hl_brute(stats_hodges_lehmann, a, na, b, nb,
		    levels[t % NELEM(levels)], kind);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann with infinities == sorted differences");
		free(a);
		free(b);
	}
	/*
	 * The upper end of the interval among the infinite ratios, with few
	 * rows: walks with one pivot at infinity and the other not.
	 */
	for (t = 0; t < 6; t++) {
		na = 19 + t;
		nb = 12047 - 101 * t;
		a = malloc(na * sizeof(*a));
		b = malloc(nb * sizeof(*b));
		hl_make(a, na, (int)(t % 2), 1, &s);
		hl_make(b, nb, (int)(t % 2), 1.01, &s);
		for (i = 0; i < nb / 4; i++)
			b[nb - 1 - i] = INFINITY;
		ok = hl_brute(stats_hodges_lehmann, a, na, b, nb, 99.99,
		    STATS_HL_RATIO) && hl_brute(hl_tiny, a, na, b, nb, 99.99,
		    STATS_HL_RATIO);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann, interval end at infinity");
		free(a);
		free(b);
	}
	/*
	 * Heavy ties, a wide interval: in the tuned copy a joint round whose
	 * pivots fall between the ranks and whose guards miss them on both
	 * sides, so that the bracket stays.
	 */
	{
		static const int ca[] = { 13, 15, 11, 10, 8 };
		static const int cb[] = { 7, 8, 17, 19, 9 };

		a = malloc(57 * sizeof(*a));
		b = malloc(60 * sizeof(*b));
		na = nb = 0;
		for (i = 0; i < 5; i++)
			for (k = 0; k < (uint64_t)ca[i]; k++)
				a[na++] = 1 + (double)i;
		for (i = 0; i < 5; i++)
			for (k = 0; k < (uint64_t)cb[i]; k++)
				b[nb++] = 1 + (double)i;
		CHECK(na == 57 && nb == 60 && hl_brute(hl_tiny, a, na, b, nb,
		    50, STATS_HL_RATIO));
		free(a);
		free(b);
	}
	/*
	 * Differences out of the doubles' range (the attacker's case of
	 * issue 30: DBL_MAX against -1e300 overflows to -inf, 300 pairs at
	 * one value): gathered whole, as the oracle ranks them; beyond
	 * HL_ALL_MAX pairs, no estimate (STATS_EDOMAIN) rather than a wrong
	 * one.  Ratios likewise, over (1e300 / 1e-300) and under (1e-300 /
	 * 1e300: 0).
	 */
	{
		double *oa = malloc(2000 * sizeof(*oa)), ob[4] = { -1e300, 0, 0,
		    0 }, oc[40];
		struct stats_ci oci;

		for (i = 0; i < 2000; i++)
			oa[i] = i < 1700 ? 1 : DBL_MAX;
		ok = hl_brute(stats_hodges_lehmann, oa, 2000, ob, 4, 99.9,
		    STATS_HL_SHIFT) && hl_brute(hl_tiny, oa, 2000, ob, 4, 99.9,
		    STATS_HL_SHIFT);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann, differences overflowing == sorted differences");
		for (i = 0; i < 2000; i++)
			oa[i] = i < 1000 ? 1e-300 : 1 + (double)i;
		ob[0] = 1e300;
		ob[1] = 2;
		ob[2] = 3;
		ob[3] = 4;
		ok = hl_brute(stats_hodges_lehmann, oa, 2000, ob, 4, 99,
		    STATS_HL_RATIO) && hl_brute(hl_tiny, oa, 2000, ob, 4, 99,
		    STATS_HL_RATIO);
		for (i = 0; i < 2000; i++)
			oa[i] = i < 1000 ? 1e300 : 1 + (double)i;
		ob[0] = 1e-300;
		ok = ok && hl_brute(stats_hodges_lehmann, oa, 2000, ob, 4, 99,
		    STATS_HL_RATIO) && hl_brute(hl_tiny, oa, 2000, ob, 4, 99,
		    STATS_HL_RATIO);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann, ratios over and under the range == sorted ratios");
		/* 2000 x 40 = 80000 pairs, past HL_ALL_MAX: no estimate. */
		for (i = 0; i < 40; i++)
			oc[i] = i < 20 ? -1e300 : (double)i;
		for (i = 0; i < 2000; i++)
			oa[i] = i < 1700 ? 1 : DBL_MAX;
		ok = stats_hodges_lehmann(oa, 2000, oc, 40, 95,
		    STATS_HL_SHIFT, &oci) == STATS_EDOMAIN && isnan(oci.est) &&
		    isnan(oci.lo) && isnan(oci.hi);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann, 80000 pairs out of range: STATS_EDOMAIN");
		free(oa);
	}
	/* Infinities at the same end of both: NaN pairs, no order. */
	x500[0] = 1;
	x500[1] = INFINITY;
	y600[0] = 2;
	y600[1] = INFINITY;
	CHECK(stats_hodges_lehmann(x500, 2, y600, 2, 95, STATS_HL_RATIO,
	    &ci) == STATS_EDOMAIN && isnan(ci.est));
	x500[1] = 3;
	x500[0] = y600[0] = -INFINITY;
	CHECK(stats_hodges_lehmann(x500, 2, y600, 2, 95, STATS_HL_SHIFT,
	    &ci) == STATS_EDOMAIN && isnan(ci.est));
	a = malloc(150 * sizeof(*a));
	b = malloc(200 * sizeof(*b));
	hl_make(a, 150, 0, 1, &s);
	hl_make(b, 200, 0, 1.02, &s);
	CHECK(hl_tiny_rel(a, 150, b, 200, 90, &ci) == STATS_OK &&
	    stats_reldiff_median(a, 150, b, 200, 90, &ci2) == STATS_OK &&
	    ci.est == ci2.est && ci.lo == ci2.lo && ci.hi == ci2.hi);
	free(a);
	free(b);
	/*
	 * Large samples (joint rounds, walks in two threads), checked by
	 * counting: the median of an odd count and the ends of the
	 * interval, with and without ties, rows on either side.
	 */
	for (t = 0; t < 4; t++) {
		kind = t < 2 ? STATS_HL_SHIFT : STATS_HL_RATIO;
		na = t % 2 ? 150001 : 140001;
		nb = t % 2 ? 140001 : 150001;
		a = malloc(na * sizeof(*a));
		b = malloc(nb * sizeof(*b));
		hl_make(a, na, (int)(t % 2), 1, &s);
		hl_make(b, nb, (int)(t % 2), 1.01, &s);
		stats_mw_crit(na, nb, 0.025, &k, &cover);
		ok = stats_hodges_lehmann(a, na, b, nb, 95, kind, &ci) ==
		    STATS_OK && hl_is_rank(a, na, b, nb, kind, ci.est,
		    ((uint64_t)na * nb + 1) / 2) && hl_is_rank(a, na, b, nb,
		    kind, ci.lo, k) && hl_is_rank(a, na, b, nb, kind, ci.hi,
		    (uint64_t)na * nb + 1 - k);
		check_report(ok, __FILE__, __LINE__,
		    "hodges-lehmann, large samples: ranks by counting");
		free(a);
		free(b);
	}
	/* 1 + 1: an estimate and no interval */
	CHECK(stats_hodges_lehmann(&one, 1, x500 + 3, 1, 95, STATS_HL_SHIFT,
	    &ci) == STATS_ETOOFEW);
	CHECK(ci.est == 4 && isnan(ci.lo) && ci.nmin == 4);
	CHECK(stats_hodges_lehmann(&one, 0, x500, 1, 95, STATS_HL_SHIFT, &ci) ==
	    STATS_EEMPTY);
	CHECK(stats_hodges_lehmann(&one, 1, x500, 1, 95, 9,
	    &ci) == STATS_EINVAL);
	/*
	 * Constant sides, an even count of ratios: the geometric mean of
	 * two equal ratios is that ratio, not sqrt(r) sqrt(r), which rounds
	 * off it and out of the interval [r, r].
	 */
	{
		double c7[] = { 7, 7, 7, 7, 7 }, c56[] = { 5.6, 5.6, 5.6, 5.6 };
		double f4[] = { 10, 11, 12, 13 }, t4[] = { 20, 21, 22, 23 }, e;

		CHECK(stats_reldiff_median(c7, 5, c56, 4, 95, &ci) == STATS_OK);
		CHECK(ci.est == ci.lo && ci.est == ci.hi &&
		    ci.est == 5.6 / 7 - 1);
		/*
		 * The estimate does not depend on the level: 4 + 4 has no 99%
		 * interval, the same estimate.  py: the geometric mean of the
		 * 8th and 9th of the 16 ratios, 22/12 and 21/11, minus 1.
		 */
		CHECK(stats_reldiff_median(f4, 4, t4, 4, 99, &ci) ==
		    STATS_ETOOFEW);
		e = ci.est;
		CHECK(stats_reldiff_median(f4, 4, t4, 4, 80, &ci) == STATS_OK);
		CHECK(ci.est == e && e == 0.8708286933869707);
	}
}

/* ---- paired: the signed-rank test, Walsh averages, one-sample t ---- */

/*
 * The data of tests/unit/ref/ref_paired.R and ref_paired.py: d9 the
 * differences of R's ?wilcox.test pairs (Hollander & Wolfe's depression
 * scale), and generators with only exact arithmetic.
 */
static const double hw_x[] = { 1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55,
    3.06, 1.30 };
static const double hw_y[] = { 0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06,
    3.14, 1.29 };
static const double dt15[] = { 1, -1, 2, 2, -2, 3, 0, 0, 4, -3, 1, 5, -0.5,
    2, 0 };

static void
make_d9(double *v)
{
	size_t i;

	for (i = 0; i < 9; i++)
		v[i] = hw_x[i] - hw_y[i];
}

/*
 * v[i] = ((mul i) mod mod - off) / div, i = 0 .. n-1, exact: dz (37,
 * 101, 40.25, 4) and dk (7919, 10007, 4000.25, 4) have distinct
 * magnitudes, dh (13, 17, 8, 2) ties and zeros, dm (7919, 23, 11, 1)
 * heavy ties and zeros.
 */
static void
make_mod(double *v, size_t n, size_t mul, size_t mod, double off,
    double div)
{
	size_t i;

	for (i = 0; i < n; i++)
		v[i] = ((double)((mul * i) % mod) - off) / div;
}

#define make_dz(v, n)	make_mod(v, n, 37, 101, 40.25, 4)
#define make_dk(v, n)	make_mod(v, n, 7919, 10007, 4000.25, 4)
#define make_dh(v, n)	make_mod(v, n, 13, 17, 8, 2)
#define make_dm(v, n)	make_mod(v, n, 7919, 23, 11, 1)

#define TINYD	4.9406564584124654e-324		/* 2^-1074 */

/* The huge, tiny and mixed sets of ref_paired.py. */
static const double p_huge[] = { DBL_MAX, DBL_MAX / 2, -DBL_MAX, 1e300,
    -3e307, DBL_MAX * 0.75, 8.5e307, -DBL_MAX / 3, 1.5e308,
    DBL_MAX * 0.999 };
static const double p_tiny[] = { TINYD, 2 * TINYD, 3 * TINYD, -TINYD,
    7 * TINYD, 1e-310, -3e-320, 2.5e-308, 1e-300, -1e-305 };
static const double p_mixed[] = { 1e300, -1e-300, 3.5, -1e300, 2e-300,
    DBL_MAX, -7.25, 1e-320, -DBL_MAX / 2, 4e299, 0.0, -0.0, 1e10, -1e-10 };

/* A signed-rank test whose V, p, count and kind must all be as said. */
static void
check_sr(const double *d, size_t n, int mode, double v, double p,
    double tol, size_t nz, int exact, int line)
{
	struct stats_sr r;
	char m[200];
	int err;

	err = stats_signedrank(d, n, mode, &r);
	snprintf(m, sizeof(m), "sr: err %d V %.17g (want %.17g) p %.17g "
	    "(want %.17g) n %zu (want %zu) exact %d", err, r.v, v, r.p, p,
	    r.n, nz, r.exact);
	check_report(err == STATS_OK && r.v == v && fabs(r.p - p) <= tol * p &&
	    r.n == nz && r.exact == exact, __FILE__, line, m);
}

static void
test_signedrank(void)
{
	/*
	 * R: crit.<n>.<level> (qsignrank, psignrank) for n >= 6; py:
	 * crit.<n>.<level> (exact rationals) for all of these, and agrees.
	 */
	static const struct {
		size_t n;
		double level;
		uint64_t k;
		double cover;
	} cr[] = {
		{ 3, 80, 0, NAN }, { 5, 80, 3, 0.8125 }, { 5, 90, 1, 0.9375 },
		{ 5, 95, 0, NAN }, { 6, 80, 4, 0.84375 }, { 6, 90, 3, 0.90625 },
		{ 6, 95, 1, 0.96875 }, { 6, 99, 0, NAN },
		{ 10, 80, 15, 0.806640625 }, { 10, 90, 11, 0.916015625 },
		{ 10, 95, 9, 0.951171875 }, { 10, 99, 4, 0.990234375 },
		{ 10, 99.9, 0, NAN },
		{ 20, 80, 70, 0.81065177917480469 },
		{ 20, 95, 53, 0.95155906677246094 },
		{ 20, 99.9, 22, 0.99914932250976562 },
		{ 30, 90, 152, 0.90389842726290226 },
		{ 30, 99, 110, 0.99006848968565464 },
		{ 49, 80, 483, 0.80219051405964237 },
		{ 49, 95, 416, 0.95056626418111279 },
		{ 49, 99.9, 290, 0.99901328456599714 },
		/* R: critn.<n>.<level>: the normal approximation past 49 */
		{ 50, 95, 434, 0.9510777736929269 },
		{ 51, 90, 488, 0.90003914590173939 },
		{ 100, 99, 1776, 0.99003451045122381 },
		{ 1000, 95, 232345, 0.95000179340086721 },
		{ 1000000, 90, 249525421302, 0.90000000016418491 },
		{ 1000000, 99, 249256671571, 0.9900000000923036 },
	};
	double d9[9], d[1000], *big, cover, *pm;
	struct stats_sr r, r2;
	uint64_t k, s = 11;
	size_t i;

	for (i = 0; i < NELEM(cr); i++) {
		CHECK(stats_sr_crit(cr[i].n, (100 - cr[i].level) / 200, &k,
		    &cover) == STATS_OK);
		CHECK_EQ(k, cr[i].k);
		if (cr[i].k == 0)
			CHECK(isnan(cover));
		else
			CHECK_REL(cover, cr[i].cover, 1e-14);
	}
	/* py: crit.3.alpha.125: P(V <= 0) = 1/8 = alpha2 exactly: k = 1 */
	CHECK(stats_sr_crit(3, 0.125, &k, &cover) == STATS_OK && k == 1 &&
	    cover == 0.75);
	CHECK(stats_sr_crit(0, 0.025, &k, &cover) == STATS_EEMPTY);
	CHECK(stats_sr_crit(10, 0.5, &k, &cover) == STATS_EINVAL && k == 0);
	CHECK(stats_sr_crit(10, 0, &k, &cover) == STATS_EINVAL);

	/* R: sr.d9 (psignrank); py: sr.brute.d9, scipy.sr.exact.d9 */
	make_d9(d9);
	check_sr(d9, 9, STATS_MW_AUTO, 40, 0.0390625, 0, 9, 1, __LINE__);
	/* R: sr.dz20; py: sr.brute.dz20, scipy.sr.exact.dz20 */
	make_dz(d, 20);
	check_sr(d, 20, STATS_MW_AUTO, 132, 0.32998275756835938, 0, 20, 1,
	    __LINE__);
	/* R: sr.dz49 (exact, the last n below STATS_MW_EXACT_MAX) */
	make_dz(d, 49);
	check_sr(d, 49, STATS_MW_AUTO, 801, 0.061065911868766427, 1e-14, 49,
	    1, __LINE__);
	/* R: sr.dz49.normal, wilcox.test(exact = FALSE, correct = TRUE) */
	check_sr(d, 49, STATS_MW_NORMAL, 801, 0.061471127964925265, 1e-13, 49,
	    0, __LINE__);
	/* R: sr.dz50, sr.dz51: normal from 50 on; py: sr.normal.* agree */
	make_dz(d, 50);
	check_sr(d, 50, STATS_MW_AUTO, 851, 0.039768218280969533, 1e-13, 50,
	    0, __LINE__);
	CHECK(stats_signedrank(d, 50, STATS_MW_AUTO, &r) == STATS_OK);
	/* py: sr.normal.dz50 */
	CHECK_REL(r.z, 2.0561483576640378, 1e-14);
	CHECK(!r.ties);
	make_dz(d, 51);
	check_sr(d, 51, STATS_MW_AUTO, 877, 0.045367051815176064, 1e-13, 51,
	    0, __LINE__);
	/*
	 * 52 with 3 zeros: 49 nonzero, exact.  R: sr.dz049, exact on
	 * d[d != 0]; py: sr.conv.dz049 (rational convolution) agrees.
	 */
	make_dz(d, 52);
	for (i = 5; i < 52; i += 17)
		d[i] = 0;
	check_sr(d, 52, STATS_MW_AUTO, 835, 0.026309209340947607, 1e-14, 49,
	    1, __LINE__);

	/* Ties and zeros, exact.  py: sr.brute.dt15; R: sr.coin.dt15 */
	check_sr(dt15, 15, STATS_MW_AUTO, 58, 0.15185546875, 0, 12, 1,
	    __LINE__);
	CHECK(stats_signedrank(dt15, 15, STATS_MW_AUTO, &r) == STATS_OK &&
	    r.ties);
	/* py: sr.normal.dt15 (R's formulas, mpmath); R: sr.dt15.normal */
	check_sr(dt15, 15, STATS_MW_NORMAL, 58, 0.14437110945733278, 1e-13, 12,
	    0, __LINE__);
	CHECK(stats_signedrank(dt15, 15, STATS_MW_NORMAL, &r) == STATS_OK);
	CHECK_REL(r.z, 1.4597052098320726, 1e-14);
	/* py: sr.brute.dt20: (7 i) mod 9 - 3, 2 zeros */
	for (i = 0; i < 20; i++)
		d[i] = (double)((7 * i) % 9) - 3;
	check_sr(d, 20, STATS_MW_AUTO, 120, 0.1411590576171875, 0, 18, 1,
	    __LINE__);
	/* 49 nonzero with ties: py: sr.conv.dh52; R: sr.coin.dh52 */
	make_dh(d, 52);
	check_sr(d, 52, STATS_MW_AUTO, 589.5, 0.82289048530608966, 1e-14, 49,
	    1, __LINE__);
	/* 50 nonzero with ties: normal.  R: sr.dh53; py: sr.normal.dh53 */
	make_dh(d, 53);
	check_sr(d, 53, STATS_MW_AUTO, 628, 0.93063741337961847, 1e-13, 50, 0,
	    __LINE__);
	/* forced exact past 49: py: sr.conv.dh60; R: sr.coin.dh60 */
	make_dh(d, 60);
	check_sr(d, 60, STATS_MW_EXACT, 784.5, 0.74151571729644195, 1e-13, 57,
	    1, __LINE__);
	/* R: sr.dm300, sr.dk1000 (normal); py: sr.normal.* agree */
	make_dm(d, 300);
	check_sr(d, 300, STATS_MW_AUTO, 20527, 0.92264800878215947, 1e-13,
	    287, 0, __LINE__);
	make_dk(d, 1000);
	check_sr(d, 1000, STATS_MW_AUTO, 340851, 3.4992385252593314e-23, 1e-13,
	    1000, 0, __LINE__);
	/* too big a table for the exact p: refused, no p */
	big = malloc(3000 * sizeof(*big));
	make_dk(big, 3000);
	CHECK(stats_signedrank(big, 3000, STATS_MW_EXACT, &r) == STATS_EINVAL);
	CHECK(isnan(r.p) && r.v > 0 && !r.exact);
	/* any order: the same test on a shuffled copy */
	CHECK(stats_signedrank(big, 3000, STATS_MW_AUTO, &r) == STATS_OK);
	for (i = 2999; i > 0; i--) {
		size_t j = xs64(&s) % (i + 1);
		double t = big[i];

		big[i] = big[j];
		big[j] = t;
	}
	CHECK(stats_signedrank(big, 3000, STATS_MW_AUTO, &r2) == STATS_OK &&
	    r2.v == r.v && r2.p == r.p && r2.z == r.z);
	free(big);

	/* py: sr.brute.dinf: infinities rank largest, tied across signs */
	{
		double di[] = { INFINITY, -INFINITY, 1, 2, -0.5, 3, INFINITY };

		check_sr(di, 7, STATS_MW_AUTO, 21, 0.296875, 0, 7, 1,
		    __LINE__);
	}
	/* py: sr.brute.mixed: 1e300 and -1e300 tie, -0.0 is a zero */
	check_sr(p_mixed, 14, STATS_MW_AUTO, 45.5, 0.63720703125, 0, 12, 1,
	    __LINE__);
	/* the scale does not matter: d9 times 1e-300, 1e300, 2^-1074 */
	pm = copy(d9, 9);
	for (i = 0; i < 9; i++)
		pm[i] = d9[i] * 1e-300;
	check_sr(pm, 9, STATS_MW_AUTO, 40, 0.0390625, 0, 9, 1, __LINE__);
	for (i = 0; i < 9; i++)
		pm[i] = d9[i] * 1e300;
	check_sr(pm, 9, STATS_MW_AUTO, 40, 0.0390625, 0, 9, 1, __LINE__);
	free(pm);
	{
		double sub[] = { 3 * TINYD, -TINYD, 2 * TINYD, 5 * TINYD };

		/* ranks 3, 1, 2, 4: V = 9 of 10, P(|V - 5| >= 4) = 4/16 */
		check_sr(sub, 4, STATS_MW_AUTO, 9, 0.25, 0, 4, 1, __LINE__);
	}
	/* py: sr.brute.zeros, .one, .onem, .two: nothing to rank, p = 1 */
	{
		double z6[] = { 0, 0, -0.0, 0, 0, 0 }, one = 2.5, onem = -2.5;
		double two[] = { 1, -1 };

		check_sr(z6, 6, STATS_MW_AUTO, 0, 1, 0, 0, 1, __LINE__);
		check_sr(z6, 6, STATS_MW_NORMAL, 0, 1, 0, 0, 0, __LINE__);
		CHECK(stats_signedrank(z6, 6, STATS_MW_NORMAL, &r) ==
		    STATS_OK && r.z == 0);
		check_sr(&one, 1, STATS_MW_AUTO, 1, 1, 0, 1, 1, __LINE__);
		check_sr(&onem, 1, STATS_MW_AUTO, 0, 1, 0, 1, 1, __LINE__);
		check_sr(two, 2, STATS_MW_AUTO, 1.5, 1, 0, 2, 1, __LINE__);
		CHECK(stats_signedrank(two, 2, STATS_MW_AUTO, &r) ==
		    STATS_OK && r.ties);
	}
	CHECK(stats_signedrank(d9, 0, STATS_MW_AUTO, &r) == STATS_EEMPTY &&
	    isnan(r.p));
	CHECK(stats_signedrank(d9, 9, 7, &r) == STATS_EINVAL && isnan(r.v));
}

/*
 * A second copy of analyze/stats_paired.c, tuned so that small samples
 * take the large ones' turns: a gather of 4 averages at most (else all
 * of them are sorted at once below 362 values), so the bracket narrows
 * to ties or near-ties, by interpolation or (walsh_t_interp 0)
 * bisection only.  Only the speed depends on the tuning.
 */
int	sr_tiny(const double *, size_t, int, struct stats_sr *);
int	sr_crit_tiny(size_t, double, uint64_t *, double *);
int	walsh_tiny(const double *, size_t, double, struct stats_ci *);
int	ttest_one_tiny(const double *, size_t, double, struct stats_ttest *);
static int walsh_t_interp = 1;
#define WALSH_GATHER_MIN	4
#define WALSH_GATHER_PER	0
#define WALSH_INTERP		walsh_t_interp
#define stats_signedrank	sr_tiny
#define stats_sr_crit		sr_crit_tiny
#define stats_walsh		walsh_tiny
#define stats_ttest_one		ttest_one_tiny
/* NOLINTNEXTLINE(bugprone-suspicious-include): on purpose, see above */
#include "analyze/stats_paired.c"
#undef stats_signedrank
#undef stats_sr_crit
#undef stats_walsh
#undef stats_ttest_one

typedef int walsh_fn(const double *, size_t, double, struct stats_ci *);

/* The average as stats.h defines it: (x + y) / 2, rounded once. */
static double
avg2(double x, double y)
{
	double t = x + y;

	return fabs(t) <= DBL_MAX ? t / 2 : x / 2 + y / 2;
}

/*
 * The oracle: all n (n + 1) / 2 averages, sorted by qsort.  Checks fn's
 * estimate, interval (ranks from stats_sr_crit) and level, and its
 * answer: STATS_OK, or STATS_ETOOFEW with no interval.
 */
static int
walsh_brute(walsh_fn *fn, const double *v, size_t n, double level)
{
	struct stats_ci ci;
	double *d = sorted_copy(v, n), *w, est, cover;
	size_t i, j, m = n * (n + 1) / 2, t = 0;
	uint64_t k;
	int ok;

	w = malloc(m * sizeof(*w));
	for (i = 0; i < n; i++)
		for (j = i; j < n; j++)
			w[t++] = avg2(d[i], d[j]);
	qsort(w, m, sizeof(*w), cmp_double);
	est = m % 2 ? w[m / 2] : avg2(w[m / 2 - 1], w[m / 2]);
	stats_sr_crit(n, (100 - level) / 200, &k, &cover);
	ok = fn(d, n, level, &ci) == (k ? STATS_OK : STATS_ETOOFEW) &&
	    ci.est == est;
	if (k)
		ok = ok && ci.lo == w[k - 1] && ci.hi == w[m - k] &&
		    ci.level == 100 * cover;
	else
		ok = ok && isnan(ci.lo) && isnan(ci.hi) && ci.nmin > n;
	free(w);
	free(d);
	return ok;
}

/* n values of one of a few shapes, any order. */
static void
walsh_make(double *v, size_t n, int shape, uint64_t *s)
{
	size_t i;
	double u;

	for (i = 0; i < n; i++) {
		u = (double)(xs64(s) >> 11) * 0x1p-53;
		switch (shape) {
		case 0:		/* log-ratio-like: small, both signs */
			v[i] = 0.02 * (u - 0.4);
			break;
		case 1:		/* rounded: ties */
			v[i] = round(40 * u) - 15;
			break;
		case 2:		/* heavy ties, zeros */
			v[i] = (double)(xs64(s) % 5) - 2;
			break;
		case 3:		/* skewed, one sign */
			v[i] = exp(12 * u);
			break;
		case 4:		/* duplicates of continuous values */
			v[i] = v[xs64(s) % (i / 2 + 1)] * (i % 3 != 0) +
			    (u - 0.5) * (i % 3 == 0);
			break;
		case 5:		/* near the top of the range */
			v[i] = DBL_MAX * (2 * u - 0.7);
			break;
		default:	/* subnormal */
			v[i] = TINYD * (double)(xs64(s) % 64) - 20 * TINYD;
			break;
		}
	}
}

static void
test_walsh(void)
{
	/* R: walsh.<set>.<level>: wilcox.test(conf.int, exact) */
	static const struct {
		int set;	/* 9: d9, else dz(set) */
		double level, est, lo, hi, cover;
	} wr[] = {
		{ 9, 80, 0.46000000000000008, 0.22000000000000008,
		    0.69100000000000006, 0.8359375 },
		{ 9, 90, 0.46000000000000008, 0.17500000000000004,
		    0.7260000000000002, 0.90234375 },
		{ 9, 95, 0.46000000000000008, 0.010000000000000009,
		    0.78600000000000003, 0.9609375 },
		{ 9, 99, 0.46000000000000008, -0.11350000000000005,
		    0.9870000000000001, 0.9921875 },
		{ 20, 90, 2.0625, -1.3125, 5.4375, 0.90269279479980469 },
		{ 20, 99, 2.0625, -3.4375, 7.5625, 0.99056434631347656 },
		{ 30, 95, 2.0625, -0.9375, 4.9375, 0.95028987899422646 },
		{ 49, 90, 2.1875, 0.3125, 4.0625, 0.90102036489950521 },
		{ 49, 95, 2.1875, -0.0625, 4.4375, 0.95056626418111279 },
		{ 49, 99, 2.1875, -0.9375, 5.3125, 0.99029401636574832 },
	};
	/* py: walsh.<set>.90, exact rational averages rounded once */
	static const struct {
		const double *v;
		size_t n;
		double est, lo, hi;
	} wx[] = {
		{ p_huge, 10, 6e+307, -2.247116418577895e+307,
		    1.3482698511467367e+308 },
		{ p_tiny, 10, 2e-323, -1.5e-320, 2.5e-308 },
		{ p_mixed, 14, 1e-300, -3.62500000005, 4e+299 },
	};
	static const size_t bn[] = { 2311, 2998 };
	struct stats_ci ci;
	double d[1000], *v, *sv;
	uint64_t s = 5;
	size_t i, t, n;
	int ok, shape;

	for (i = 0; i < NELEM(wr); i++) {
		n = wr[i].set == 9 ? 9 : (size_t)wr[i].set;
		if (n == 9)
			make_d9(d);
		else
			make_dz(d, n);
		sv = sorted_copy(d, n);
		CHECK(stats_walsh(sv, n, wr[i].level, &ci) == STATS_OK);
		CHECK(ci.est == wr[i].est);
		CHECK(ci.lo == wr[i].lo && ci.hi == wr[i].hi);
		CHECK_REL(ci.level, 100 * wr[i].cover, 1e-14);
		free(sv);
	}
	/* R: walshn.dk1000.95: sort() of all the averages, k from critn */
	make_dk(d, 1000);
	sv = sorted_copy(d, 1000);
	CHECK(stats_walsh(sv, 1000, 95, &ci) == STATS_OK);
	CHECK(ci.est == 251.9375 && ci.lo == 206.1875 && ci.hi == 297.5625);
	/* R: critn.1000.95 */
	CHECK_REL(ci.level, 95.000179340086721, 1e-13);
	free(sv);
	/* R: walshn.dm300.90: heavy ties and zeros (kept) */
	make_dm(d, 300);
	sv = sorted_copy(d, 300);
	CHECK(stats_walsh(sv, 300, 90, &ci) == STATS_OK);
	CHECK(ci.est == 0 && ci.lo == -0.5 && ci.hi == 0.5);
	free(sv);
	for (i = 0; i < NELEM(wx); i++) {
		sv = sorted_copy(wx[i].v, wx[i].n);
		CHECK(stats_walsh(sv, wx[i].n, 90, &ci) == STATS_OK);
		CHECK(ci.est == wx[i].est);
		CHECK(ci.lo == wx[i].lo && ci.hi == wx[i].hi);
		CHECK(walsh_tiny(sv, wx[i].n, 90, &ci) == STATS_OK &&
		    ci.est == wx[i].est && ci.lo == wx[i].lo &&
		    ci.hi == wx[i].hi);
		free(sv);
	}

	/*
	 * The large path (more averages than the gather buffer) against
	 * the oracle: n up to 3000, each shape.
	 */
	v = malloc(3000 * sizeof(*v));
	for (t = 0; t < 7 * NELEM(bn); t++) {
		n = bn[t % NELEM(bn)] - t;
		shape = (int)(t % 7);
		walsh_make(v, n, shape, &s);
		ok = walsh_brute(stats_walsh, v, n, levels[t % NELEM(levels)]);
		check_report(ok, __FILE__, __LINE__,
		    "walsh, large path == sorted averages");
	}
	/*
	 * The tuned copy against the oracle: every shape, small n (some with
	 * no interval), interpolation and bisection alone.
	 */
	for (t = 0; t < 600; t++) {
		n = 1 + xs64(&s) % (t % 10 == 0 ? 400 : 60);
		shape = (int)(t % 7);
		walsh_t_interp = (int)(t / 7 % 2);
		walsh_make(v, n, shape, &s);
		ok = walsh_brute(walsh_tiny, v, n, levels[t % NELEM(levels)]);
		check_report(ok, __FILE__, __LINE__,
		    "walsh, tuned copy == sorted averages");
	}
	walsh_t_interp = 1;
	/*
	 * Infinities at one end: pivots at infinity, averages of it; the
	 * oracle's sort puts them last (first).
	 */
	for (t = 0; t < 40; t++) {
		n = 4 + xs64(&s) % 120;
		walsh_make(v, n, (int)(t % 4), &s);
		for (i = 0; i < 1 + t % 5 && i < n; i++)
			v[(size_t)(xs64(&s) % n)] = t % 2 ? INFINITY :
			    -INFINITY;
		ok = walsh_brute(walsh_tiny, v, n, 80) &&
		    walsh_brute(stats_walsh, v, n, 95);
		check_report(ok, __FILE__, __LINE__,
		    "walsh with infinities == sorted averages");
	}
	free(v);

	/*
	 * By hand: 1, 2, 3, inf: 1 1.5 2 2 2.5 3 inf inf inf inf; and
	 * -inf, 1, 2, 3: -inf -inf -inf -inf 1 1.5 2 2 2.5 3.
	 */
	{
		double a4[] = { 1, 2, 3, INFINITY }, m4[] = { -INFINITY, 1, 2,
		    3 }, b4[] = { -INFINITY, 1, 2, INFINITY };

		/* P(V = 0) = 1/16 <= 0.1: k = 1, level 87.5 */
		CHECK(stats_walsh(a4, 4, 80, &ci) == STATS_OK);
		CHECK(ci.est == 2.75 && ci.lo == 1 && ci.hi == INFINITY &&
		    ci.level == 87.5);
		/* 1/16 > 0.025: no interval, 6 values would do (1/64) */
		CHECK(stats_walsh(a4, 4, 95, &ci) == STATS_ETOOFEW);
		CHECK(ci.est == 2.75 && isnan(ci.lo) && isnan(ci.level) &&
		    ci.nmin == 6);
		CHECK(stats_walsh(m4, 4, 80, &ci) == STATS_OK);
		CHECK(ci.est == 1.25 && ci.lo == -INFINITY && ci.hi == 3);
		/* -inf + inf: NaN, no order */
		CHECK(stats_walsh(b4, 4, 80, &ci) == STATS_EDOMAIN);
		CHECK(isnan(ci.est) && isnan(ci.lo));
	}
	/* n = 1, constant, zeros, errors */
	{
		double one = -3.5, c7[20], z10[10];

		CHECK(stats_walsh(&one, 1, 95, &ci) == STATS_ETOOFEW);
		CHECK(ci.est == -3.5 && ci.nmin == 6 && isnan(ci.hi));
		/* 99.9 %: 2^-n <= 0.0005 from n = 11 */
		CHECK(stats_walsh(&one, 1, 99.9, &ci) == STATS_ETOOFEW &&
		    ci.nmin == 11);
		for (i = 0; i < 20; i++)
			c7[i] = 7;
		CHECK(stats_walsh(c7, 20, 99, &ci) == STATS_OK);
		CHECK(ci.est == 7 && ci.lo == 7 && ci.hi == 7);
		CHECK(walsh_tiny(c7, 20, 99, &ci) == STATS_OK && ci.est == 7);
		memset(z10, 0, sizeof(z10));
		CHECK(stats_walsh(z10, 10, 95, &ci) == STATS_OK);
		CHECK(ci.est == 0 && ci.lo == 0 && ci.hi == 0);
		CHECK(stats_walsh(c7, 0, 95, &ci) == STATS_EEMPTY);
		CHECK(stats_walsh(c7, 20, 100, &ci) == STATS_EINVAL);
		CHECK(stats_walsh(c7, 20, 0, &ci) == STATS_EINVAL);
	}
	/*
	 * Data not sorted (a broken promise): an error or an answer, but
	 * never a write past the gather buffer (the sanitizers watch).
	 */
	{
		double un[400];
		int e1, e2;

		for (t = 0; t < 60; t++) {
			n = 2 + xs64(&s) % 398;
			walsh_make(un, n, (int)(t % 7), &s);
			if (t % 3 == 0)		/* descending */
				for (i = 0; i < n; i++)
					un[i] = 400.0 - (double)i;
			e1 = walsh_tiny(un, n, 95, &ci);
			e2 = stats_walsh(un, n, 95, &ci);
			/* STATS_OK, _EINVAL or _ETOOFEW (0, 1, 3) */
			check_report(e1 <= STATS_ETOOFEW &&
			    e1 != STATS_EEMPTY && e2 <= STATS_ETOOFEW &&
			    e2 != STATS_EEMPTY, __FILE__, __LINE__,
			    "walsh, unsorted data: an answer or STATS_EINVAL");
		}
	}
}

static void
test_ttest_one(void)
{
	/* R: t1.<set>.<level>: mean, t, df, p, lo, hi of t.test */
	static const double t9[] = { 0.43188888888888888, 3.0353754156485913,
	    8, 0.016176627434908095, 0.10377871227216852,
	    0.75999906550560925 };
	static const double t30[] = { 2.0208333333333335, 1.496044994211307,
	    29, 0.14544651790888696, -1.7024480754615987,
	    5.7441147421282652 };
	static const double t15[] = { 0.9, 1.6041738298102577, 14,
	    0.13099010498550465, -0.088159196179442817, 1.8881591961794428 };
	struct stats_ttest r;
	double d9[9], d30[30], sc[9];
	size_t i;

	make_d9(d9);
	CHECK(stats_ttest_one(d9, 9, 95, &r) == STATS_OK);
	CHECK_REL(r.diff, t9[0], 1e-15);
	check_ttest(&r, t9 + 1, 1e-13);
	CHECK(isnan(r.spool));
	CHECK_REL(r.se, r.diff / t9[1], 1e-14);
	/* py: scipy.t1.d9.95: t and p agree; its t.ppf only to 1e-10 */
	CHECK_REL(r.t, 3.0353754156485917, 1e-14);
	CHECK_REL(r.p, 0.016176627434908095, 1e-14);
	CHECK_REL(r.lo, 0.10377871229647023, 1e-9);
	make_dz(d30, 30);
	CHECK(stats_ttest_one(d30, 30, 99, &r) == STATS_OK);
	CHECK_REL(r.diff, t30[0], 1e-15);
	check_ttest(&r, t30 + 1, 1e-13);
	CHECK(stats_ttest_one(dt15, 15, 90, &r) == STATS_OK);
	CHECK_REL(r.diff, t15[0], 1e-15);
	check_ttest(&r, t15 + 1, 1e-13);
	/* the scale does not matter (R's t.test calls 1e-300 constant) */
	for (i = 0; i < 9; i++)
		sc[i] = d9[i] * 1e-300;
	CHECK(stats_ttest_one(sc, 9, 95, &r) == STATS_OK);
	CHECK_REL(r.t, t9[1], 1e-13);
	CHECK_REL(r.p, t9[3], 1e-12);
	CHECK_REL(r.lo, t9[4] * 1e-300, 1e-12);
	for (i = 0; i < 9; i++)
		sc[i] = d9[i] * 1e300;
	CHECK(stats_ttest_one(sc, 9, 95, &r) == STATS_OK);
	CHECK_REL(r.t, t9[1], 1e-13);
	CHECK_REL(r.hi, t9[5] * 1e300, 1e-12);
	/* se 0: a certain difference, or none */
	{
		double c3[] = { 3, 3, 3 }, z2[] = { 0, -0.0 };

		CHECK(stats_ttest_one(c3, 3, 95, &r) == STATS_OK);
		CHECK(r.diff == 3 && r.se == 0 && isinf(r.t) && r.t > 0 &&
		    r.p == 0 && r.lo == 3 && r.hi == 3 && r.df == 2);
		c3[0] = c3[1] = c3[2] = -3;
		CHECK(stats_ttest_one(c3, 3, 95, &r) == STATS_OK &&
		    r.t == -INFINITY && r.p == 0);
		CHECK(stats_ttest_one(z2, 2, 95, &r) == STATS_OK);
		CHECK(r.diff == 0 && r.t == 0 && r.p == 1 && r.lo == 0);
	}
	CHECK(stats_ttest_one(d9, 1, 95, &r) == STATS_ETOOFEW);
	CHECK(isnan(r.t) && isnan(r.p) && isnan(r.diff));
	CHECK(stats_ttest_one(d9, 0, 95, &r) == STATS_EEMPTY);
	CHECK(stats_ttest_one(d9, 9, 100, &r) == STATS_EINVAL);
}

/*
 * Student's t with a variance pooled from the sides and from outside
 * (the runs of a history): py, tests/unit/ref/ref_pooled.py (scipy
 * 1.10.1: 2 t.sf(|t|, df) and t.ppf, its quantile good to about 1e-10,
 * so the bounds to 1e-9).
 */
static void
test_ttest_pooled(void)
{
	static const double one_a[] = { 10.0 }, one_b[] = { 10.5 };
	static const double a3[] = { 1, 2, 3 }, b1[] = { 4 };
	static const double a4[] = { 1, 2, 3, 4 }, b3[] = { 2, 3, 5 };
	struct stats_ttest r, s;

	/* a run a side, the variance of a run known from 5 others */
	CHECK(stats_ttest_pooled(one_a, 1, one_b, 1, 0.04, 4, 95, &r) ==
	    STATS_OK);
	CHECK_REL(r.diff, 0.5, 1e-15);
	CHECK_REL(r.se, 0.282842712474619, 1e-14);
	CHECK(r.df == 4);
	CHECK_REL(r.p, 0.15183454328291035, 1e-12);
	CHECK_REL(r.lo, -0.28529726459102434, 1e-9);
	CHECK_REL(r.hi, 1.2852972645910243, 1e-9);
	/* three runs against one, with 3 more degrees of freedom */
	CHECK(stats_ttest_pooled(a3, 3, b1, 1, 2, 3, 95, &r) == STATS_OK);
	CHECK_REL(r.se, 1.4605934866804429, 1e-14);
	CHECK(r.df == 5);
	CHECK_REL(r.p, 0.2292049735542175, 1e-12);
	CHECK_REL(r.lo, -1.754575087538539, 1e-9);
	/* nothing from outside: Student's t, to rounding */
	CHECK(stats_ttest_pooled(a4, 4, b3, 3, 0, 0, 95, &r) == STATS_OK);
	CHECK(stats_ttest_student(a4, 4, b3, 3, 95, &s) == STATS_OK);
	CHECK(r.df == s.df);
	CHECK_REL(r.t, s.t, 1e-14);
	CHECK_REL(r.p, s.p, 1e-14);
	CHECK_REL(r.lo, s.lo, 1e-14);
	CHECK_REL(r.hi, s.hi, 1e-14);
	CHECK_REL(r.p, 0.46815684083218734, 1e-12);
	/* one value a side and no variance: nothing to test against */
	CHECK(stats_ttest_pooled(one_a, 1, one_b, 1, 0, 0, 95, &r) ==
	    STATS_ETOOFEW);
	CHECK(isnan(r.p));
	CHECK(stats_ttest_pooled(one_a, 0, one_b, 1, 1, 3, 95, &r) ==
	    STATS_EEMPTY);
	CHECK(stats_ttest_pooled(one_a, 1, one_b, 1, -1, 3, 95, &r) ==
	    STATS_EINVAL);
	/* no spread anywhere: certain */
	CHECK(stats_ttest_pooled(one_a, 1, one_b, 1, 0, 3, 95, &r) ==
	    STATS_OK && r.se == 0 && r.p == 0 && isinf(r.t));
}

/* ---- warnings and planning ---- */

static void
test_warnings(void)
{
	struct stats_fences f;
	struct stats_shape sh;
	struct stats_desc d;
	double x30[30], outl[33], bimod[40], skewd[20], *v;
	double eq[] = { 1, 1, 1, 1, 1 };
	size_t i, n;

	/* R: tukey.iguana */
	v = sorted_copy(iguana, 7);
	CHECK(stats_tukey(v, 7, &f) == STATS_OK);
	CHECK(f.lo == -225 && f.hi == 775 && f.nlow == 0 && f.nhigh == 0);
	free(v);
	/* R: tukey.outl: x30 with 150, 160 and 20 added */
	make_x30(outl);
	outl[30] = 150;
	outl[31] = 160;
	outl[32] = 20;
	v = sorted_copy(outl, 33);
	CHECK(stats_tukey(v, 33, &f) == STATS_OK);
	CHECK_REL(f.lo, 94.199999999999989, 1e-15);
	CHECK_REL(f.hi, 115.80000000000001, 1e-15);
	CHECK(f.nlow == 1 && f.nhigh == 2);
	free(v);
	CHECK(stats_tukey(NULL, 0, &f) == STATS_EEMPTY);
	CHECK(stats_tukey(eq, 5, &f) == STATS_OK && f.nlow == 0 &&
	    f.nhigh == 0);

	/* py: shape.x30, shape.bimod, shape.skewd (scipy, bias=False) */
	make_x30(x30);
	CHECK(stats_shape(x30, 30, &sh) == STATS_OK);
	CHECK_REL(sh.skew, 0.0030393331713999445, 1e-10);
	CHECK_REL(sh.kurt, -1.2052729236017994, 1e-13);
	CHECK_REL(sh.bc, 0.46904117874793189, 1e-13);
	CHECK(!sh.bimodal);
	for (i = 0; i < 20; i++) {
		bimod[i] = 10 + i / 100.0;
		bimod[20 + i] = 20 + i / 100.0;
		skewd[i] = 1.0 / (i + 1);
	}
	CHECK(stats_shape(bimod, 40, &sh) == STATS_OK);
	CHECK_NEAR(sh.skew, 7.3247691610517646e-16, 1e-12);
	CHECK_REL(sh.kurt, -2.1075032260177031, 1e-13);
	CHECK_REL(sh.bc, 0.87883213553103634, 1e-13);
	CHECK(sh.bimodal);
	CHECK(stats_shape(skewd, 20, &sh) == STATS_OK);
	CHECK_REL(sh.skew, 2.9984112558273153, 1e-13);
	CHECK_REL(sh.kurt, 9.9344083306335964, 1e-13);
	CHECK_REL(sh.bc, 0.74148351227070441, 1e-13);
	CHECK(stats_shape(x30, 3, &sh) == STATS_ETOOFEW && isnan(sh.bc));
	CHECK(stats_shape(eq, 5, &sh) == STATS_EDOMAIN && !sh.bimodal);

	/* the CV flag: x30's CV is 2.8 %, iguana's 79 % */
	v = sorted_copy(x30, 30);
	stats_describe(v, 30, &d);
	CHECK(!stats_cv_high(&d));
	free(v);
	v = sorted_copy(iguana, 7);
	stats_describe(v, 7, &d);
	CHECK(stats_cv_high(&d));
	free(v);

	/*
	 * R: power.formula (the formula of stats.h), and power.ptt
	 * (power.t.test, noncentral t): 393.4, 63.8, 120.7 samples.
	 */
	CHECK(stats_power_n(0.05, 0.01, 0.05, 0.8, &n) == STATS_OK && n == 394);
	CHECK(stats_power_n(0.02, 0.01, 0.05, 0.8, &n) == STATS_OK && n == 64);
	CHECK(stats_power_n(0.1, 0.05, 0.01, 0.9, &n) == STATS_OK && n == 121);
	CHECK(stats_power_n(0.001, 0.01, 0.05, 0.8, &n) == STATS_OK && n == 2);
	CHECK(stats_power_n(0.05, -0.01, 0.05, 0.8, &n) == STATS_OK &&
	    n == 394);
	CHECK(stats_power_n(0, 0.01, 0.05, 0.8, &n) == STATS_OK && n == 2);
	CHECK(stats_power_n(0.05, 0, 0.05, 0.8, &n) == STATS_EINVAL);
	CHECK(stats_power_n(0.05, 0.01, 1, 0.8, &n) == STATS_EINVAL);
	CHECK(stats_power_n(NAN, 0.01, 0.05, 0.8, &n) == STATS_EINVAL);
	CHECK(stats_power_n(1e10, 1e-10, 0.05, 0.8, &n) == STATS_OK &&
	    n == SIZE_MAX);
}

int
main(void)
{
	test_sort();
	test_descriptive();
	test_sums_exact();
	test_distributions();
	test_ci();
	test_ttests();
	test_mannwhitney();
	test_hodges_lehmann();
	test_signedrank();
	test_walsh();
	test_ttest_one();
	test_ttest_pooled();
	test_warnings();
	return check_done();
}

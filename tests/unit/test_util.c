/*
 * test_util.c: the strict number parsers, shortest round-trip printing,
 * the string buffer, key/value lists and the string pool.
 */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/json.h"
#include "lib/kv.h"
#include "lib/strpool.h"
#include "lib/util.h"

static void
test_parse_double(void)
{
	double v = 0;

	CHECK(parse_double("55.79", &v) == 0 && v == 55.79);
	CHECK(parse_double("-1e-3", &v) == 0 && v == -1e-3);
	CHECK(parse_double("1E5", &v) == 0 && v == 1e5);
	CHECK(parse_double("0", &v) == 0 && v == 0);
	/* Refused: empty, blanks, junk, NaN, infinities, overflow, hex. */
	CHECK(parse_double("", &v) == -1);
	CHECK(parse_double(" 1", &v) == -1);
	CHECK(parse_double("1 ", &v) == -1);
	CHECK(parse_double("1x", &v) == -1);
	CHECK(parse_double("nan", &v) == -1);
	CHECK(parse_double("-nan", &v) == -1);
	CHECK(parse_double("inf", &v) == -1);
	CHECK(parse_double("-Infinity", &v) == -1);
	CHECK(parse_double("1e999", &v) == -1);
	CHECK(parse_double("0x1p3", &v) == -1);
	CHECK(parse_double("1,5", &v) == -1);
	/* Underflow to a denormal or zero is a number, not an error. */
	CHECK(parse_double("1e-320", &v) == 0 && v > 0);
}

static void
test_parse_long(void)
{
	long v = 0;

	CHECK(parse_long("42", 0, 100, &v) == 0 && v == 42);
	CHECK(parse_long("-1", 0, 100, &v) == -1);
	CHECK(parse_long("101", 0, 100, &v) == -1);
	CHECK(parse_long("4.2", 0, 100, &v) == -1);
	CHECK(parse_long("", 0, 100, &v) == -1);
	CHECK(parse_long("99999999999999999999999", 0, 100, &v) == -1);
}

static void
test_format_double(void)
{
	static const double cases[] = {
		55.79, 0.1, 1.0 / 3, 1e-300, 123456789.123456789, -0.0,
		DBL_MAX, DBL_MIN, 5e-324, 300994.3, 2.5
	};
	char buf[40];
	size_t i;

	CHECK_STR(format_double(buf, sizeof(buf), 55.79), "55.79");
	CHECK_STR(format_double(buf, sizeof(buf), 300994.30), "300994.3");
	CHECK_STR(format_double(buf, sizeof(buf), 1.0 / 3), "0.3333333333333333");
	CHECK_STR(format_double(buf, sizeof(buf), 1e21), "1e+21");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(strtod(format_double(buf, sizeof(buf), cases[i]), NULL) ==
		    cases[i]);
}

static void
test_strbuf(void)
{
	struct strbuf sb = STRBUF_INIT;
	int i;

	CHECK_STR(sb_str(&sb), "");
	sb_adds(&sb, "ab");
	sb_addf(&sb, "%d-%s", 12, "x");
	CHECK_STR(sb_str(&sb), "ab12-x");
	for (i = 0; i < 1000; i++)
		sb_add(&sb, "0123456789", 10);
	CHECK(sb.len == 6 + 10000);
	sb_reset(&sb);
	CHECK_STR(sb_str(&sb), "");
	sb_free(&sb);
}

static void
test_kv(void)
{
	struct kvlist l = KVLIST_INIT;

	kv_set(&l, "b", "2");
	kv_set(&l, "a", "1");
	kv_set(&l, "b", "3");
	CHECK(l.n == 2);
	CHECK_STR(kv_get(&l, "b"), "3");
	CHECK(kv_get(&l, "c") == NULL);
	kv_sort(&l);
	CHECK_STR(l.v[0].key, "a");
	CHECK(kv_parse(&l, "k=v=w") == 0);
	CHECK_STR(kv_get(&l, "k"), "v=w");
	CHECK(kv_parse(&l, "=v") == -1);
	CHECK(kv_parse(&l, "novalue") == -1);
	CHECK(kv_parse(&l, "empty=") == 0);
	CHECK_STR(kv_get(&l, "empty"), "");
	kv_clear(&l);
	CHECK(l.n == 0);
}

static void
test_json(void)
{
	char buf[128] = "";
	FILE *fp = fmemopen(buf, sizeof(buf), "w");

	json_string(fp, "a\"b\\c\nd\te\001");
	fclose(fp);
	CHECK_STR(buf, "\"a\\\"b\\\\c\\nd\\te\\u0001\"");
}

/*
 * UTF-8 validity, cases from RFC 3629 (section 10's examples and the
 * ill-formed sequences it names) and Markus Kuhn's UTF-8 decoder stress
 * test (overlongs, surrogates, code points past U+10FFFF).
 */
static void
test_utf8(void)
{
	static const struct {
		const char	*s;
		size_t		 len;	/* utf8_seq at s */
	} seq[] = {
		{ "A", 1 },
		{ "\xc2\xa9", 2 },		/* U+00A9 */
		{ "\xe2\x82\xac", 3 },		/* U+20AC */
		{ "\xed\x9f\xbf", 3 },		/* U+D7FF, before the surrogates */
		{ "\xef\xbf\xbd", 3 },		/* U+FFFD */
		{ "\xf0\x9f\x98\x80", 4 },	/* U+1F600 */
		{ "\xf4\x8f\xbf\xbf", 4 },	/* U+10FFFF, the last */
		{ "\x80", 0 },			/* a lone continuation byte */
		{ "\xc0\x80", 0 },		/* overlong NUL */
		{ "\xc1\xbf", 0 },		/* overlong U+007F */
		{ "\xe0\x80\xaf", 0 },		/* overlong '/' */
		{ "\xed\xa0\x80", 0 },		/* U+D800, a surrogate */
		{ "\xed\xbf\xbf", 0 },		/* U+DFFF */
		{ "\xf0\x80\x80\xaf", 0 },	/* overlong '/' in four */
		{ "\xf4\x90\x80\x80", 0 },	/* U+110000 */
		{ "\xf5\x80\x80\x80", 0 },	/* no such lead byte */
		{ "\xff", 0 },
		{ "\xe2\x82", 0 },		/* truncated */
		{ "\xe2(\xac", 0 },		/* a bad continuation */
	};
	size_t i;

	for (i = 0; i < sizeof(seq) / sizeof(seq[0]); i++)
		CHECK(utf8_seq(seq[i].s, strlen(seq[i].s)) == seq[i].len);
	CHECK(utf8_check("plain ascii, longer than eight", 30) == 30);
	CHECK(utf8_check("caf\xc3\xa9 \xe2\x82\xac", 9) == 9);
	CHECK(utf8_check("abcdefgh\xffz", 10) == 8);	/* past the fast path */
	CHECK(utf8_check("ab\xc3", 3) == 2);
	CHECK(utf8_check("", 0) == 0);
}

/* Bytes that are not UTF-8 come out of JSON as U+FFFD, valid ones as is. */
static void
test_json_utf8(void)
{
	char buf[128] = "";
	FILE *fp = fmemopen(buf, sizeof(buf), "w");

	json_string(fp, "\xc3\xa9\xff(\xed\xa0\x80)");
	fclose(fp);
	CHECK_STR(buf, "\"\xc3\xa9\\ufffd(\\ufffd\\ufffd\\ufffd)\"");
}

/* Text for a terminal: controls, C1 controls and bad bytes escaped. */
static void
test_visible(void)
{
	struct strbuf sb = STRBUF_INIT;

	sb_add_visible(&sb, "a\n\tb\033[2J\x7f");
	CHECK_STR(sb_str(&sb), "a\\n\\tb\\x1b[2J\\x7f");
	sb_reset(&sb);
	/* U+009B (CSI as one character), Latin-1 0xe9, then U+00E9. */
	sb_add_visible(&sb, "x\xc2\x9by\xe9z\xc3\xa9");
	CHECK_STR(sb_str(&sb), "x\\xc2\\x9by\\xe9z\xc3\xa9");
	CHECK(has_control("\xc2\x85") == 1);		/* NEL */
	CHECK(has_control("\xc3\xa9") == 0);
	CHECK(needs_visible("lat\xe9") == 1);
	CHECK(needs_visible("caf\xc3\xa9") == 0);
	/*
	 * Invisible and bidirectional controls, by code point: U+202E
	 * (right-to-left override), U+2066 (left-to-right isolate), U+200B
	 * (zero width space), U+2028 (line separator), U+FEFF, U+2065
	 * (unassigned, default-ignorable); U+2030 (per mille, a neighbour)
	 * prints as itself.
	 */
	sb_reset(&sb);
	/* NOLINTNEXTLINE(misc-misleading-bidirectional): the very point */
	sb_add_visible(&sb, "a\xe2\x80\xae" "b\xe2\x81\xa6" "c\xe2\x80\x8b"
	    "d\xe2\x80\xa8" "e\xef\xbb\xbf" "f\xe2\x80\xb0" "g\xe2\x81\xa5");
	CHECK_STR(sb_str(&sb), "a\\u202eb\\u2066c\\u200bd\\u2028e\\ufefff"
	    "\xe2\x80\xb0g\\u2065");
	/*
	 * The rest of Trojan Source's list and its kin (Unicode's
	 * Default_Ignorable_Code_Point, DerivedCoreProperties.txt): U+061C
	 * (Arabic letter mark), U+00AD (soft hyphen), U+206A, U+E0001 (a
	 * tag, 4 bytes); U+00E9 and U+1F600 print as themselves.
	 */
	sb_reset(&sb);
	sb_add_visible(&sb, "a\xd8\x9c" "b\xc2\xad" "c\xe2\x81\xaa"
	    "d\xf3\xa0\x80\x81" "e\xc3\xa9\xf0\x9f\x98\x80");
	CHECK_STR(sb_str(&sb), "a\\u061cb\\u00adc\\u206ad\\U000e0001e"
	    "\xc3\xa9\xf0\x9f\x98\x80");
	CHECK(has_control("x\xd8\x9cy") == 1);
	CHECK(has_control("x\xf3\xa0\x80\x81") == 1);
	CHECK(has_control("x\xf0\x9f\x98\x80") == 0);
	/* NOLINTNEXTLINE(misc-misleading-bidirectional): the very point */
	CHECK(has_control("x\xe2\x80\xaey") == 1);
	CHECK(has_control("x\xe2\x80\xb0y") == 0);
	CHECK(has_control("\xe2") == 0);	/* cut short: no read past NUL */
	sb_free(&sb);
}

/* argv as JSON and back, and quoted for sh. */
static void
test_argv(void)
{
	char *in[] = { "kbench", "-l", "a;touch x;#", "it's", "$(id)", "",
	    "two\nlines", "caf\xc3\xa9", "\xf0\x9f\x98\x80", "\"q\"\\", NULL };
	char *eq[] = { "a=b", "c=d", NULL };
	/* NOLINTNEXTLINE(misc-misleading-bidirectional): the very point */
	char *esc[] = { "a\033[2J", "T\xe2\x80\xaeitle", "x\xe9", NULL };
	struct strbuf sb = STRBUF_INIT;
	char **out;
	size_t i;

	json_argv(&sb, 10, in);
	CHECK_STR(sb_str(&sb), "[\"kbench\",\"-l\",\"a;touch x;#\",\"it's\","
	    "\"$(id)\",\"\",\"two\\nlines\",\"caf\xc3\xa9\",\"\xf0\x9f\x98\x80\","
	    "\"\\\"q\\\"\\\\\"]");
	out = json_argv_parse(sb_str(&sb));
	CHECK(out != NULL);
	for (i = 0; out != NULL && in[i] != NULL; i++)
		CHECK_STR(out[i], in[i]);
	CHECK(out != NULL && out[10] == NULL);
	argv_free(out);
	/* \u escapes, surrogate pairs; what is not an array of strings. */
	out = json_argv_parse(" [ \"\\u00e9\\ud83d\\ude00\\/\" ] ");
	CHECK(out != NULL && strcmp(out[0], "\xc3\xa9\xf0\x9f\x98\x80/") == 0);
	argv_free(out);
	CHECK(json_argv_parse("kbench collect sleep") == NULL);
	CHECK(json_argv_parse("[\"a\",]") == NULL);
	CHECK(json_argv_parse("[\"a\"] x") == NULL);
	CHECK(json_argv_parse("[\"\\u0000\"]") == NULL);
	CHECK(json_argv_parse("[\"\\ud800\"]") == NULL);
	CHECK(json_argv_parse("[1]") == NULL);
	sb_reset(&sb);
	sb_shell_quote(&sb, in);
	CHECK_STR(sb_str(&sb), "kbench -l 'a;touch x;#' 'it'\\''s' '$(id)' '' "
	    "'two\nlines' 'caf\xc3\xa9' '\xf0\x9f\x98\x80' '\"q\"\\'");
	/*
	 * What would act on the terminal the command is shown on (ESC,
	 * U+202E, a byte that is not UTF-8): printf's octal inside the
	 * quotes, which POSIX sh gives back byte for byte (t_inject.sh runs
	 * it through dash).
	 */
	sb_reset(&sb);
	sb_shell_quote(&sb, esc);
	CHECK_STR(sb_str(&sb), "'a'\"$(printf '\\033')\"'[2J' "
	    "'T'\"$(printf '\\342\\200\\256')\"'itle' 'x'\"$(printf '\\351')\"''");
	/* A first word with '=' would be an assignment: quoted. */
	sb_reset(&sb);
	sb_shell_quote(&sb, eq);
	CHECK_STR(sb_str(&sb), "'a=b' c=d");
	/* An older kbench's text: a comment, its controls shown. */
	sb_reset(&sb);
	command_for_shell(&sb, "kbench collect -l x;rm -rf ~\n");
	CHECK_STR(sb_str(&sb), "# kbench collect -l x;rm -rf ~\\n");
	sb_free(&sb);
}

/*
 * Display widths, against Python 3.11's unicodedata.east_asian_width()
 * (W and F: 2 columns) and unicodedata.combining() (0 columns), run on
 * the same strings.
 */
static void
test_display_width(void)
{
	const char *cjk = "\xe5\xbb\xb6\xe8\xbf\x9f";	/* U+5EF6 U+8FDF */
	size_t w;

	CHECK(display_width("latency", 7) == 7);
	CHECK(display_width(cjk, strlen(cjk)) == 4);
	CHECK(display_width("e\xcc\x81", 3) == 1);		/* e, U+0301 */
	CHECK(display_width("\xef\xbc\xa1", 3) == 2);	/* U+FF21 */
	CHECK(display_width("\xf0\x9f\x98\x80", 4) == 2);	/* U+1F600 */
	CHECK(display_width("\xff", 1) == 1);		/* not UTF-8 */
	/* Cut between characters, never inside one. */
	CHECK(display_prefix(cjk, strlen(cjk), 3, &w) == 3 && w == 2);
	CHECK(display_prefix(cjk, strlen(cjk), 1, &w) == 0 && w == 0);
	CHECK(display_prefix("abc", 3, 2, &w) == 2 && w == 2);
}

/*
 * The pool: one copy of each distinct string, equal pointers for equal
 * strings, through the table's growth and past a chunk; a string longer
 * than a quarter chunk in one of its own, the small ones going on in the
 * chunk they were in.
 */
static void
test_strpool(void)
{
	struct strpool p = STRPOOL_INIT;
	const char *first[3000], *a, *big;
	char key[32], *huge;
	size_t i, bytes;
	int same = 1, kept = 1;

	CHECK(strcmp(strpool_intern(&p, ""), "") == 0);
	a = strpool_intern(&p, "method");
	CHECK(a == strpool_intern(&p, "method"));
	CHECK(a != strpool_intern(&p, "methoD"));
	for (i = 0; i < 3000; i++) {	/* 3000 x ~10 bytes: one chunk */
		snprintf(key, sizeof(key), "usec=%zu", i);
		first[i] = strpool_intern(&p, key);
	}
	for (i = 0; i < 3000; i++) {
		snprintf(key, sizeof(key), "usec=%zu", i);
		same &= strpool_intern(&p, key) == first[i];
		kept &= strcmp(first[i], key) == 0;
	}
	CHECK(same && kept);
	CHECK(p.n == 3003);
	huge = malloc(40000);
	memset(huge, 'x', 39999);
	huge[39999] = '\0';
	bytes = strpool_bytes(&p);
	big = strpool_intern(&p, huge);
	CHECK(big != huge && strcmp(big, huge) == 0);
	CHECK(strpool_intern(&p, huge) == big);
	CHECK(strpool_bytes(&p) >= bytes + 40000 &&
	    strpool_bytes(&p) < bytes + 40000 + 64 * 1024);
	/* The next small one still goes in the chunk that had room. */
	bytes = strpool_bytes(&p);
	CHECK(strcmp(strpool_intern(&p, "after"), "after") == 0);
	CHECK(strpool_bytes(&p) == bytes);
	free(huge);
	strpool_free(&p);
	CHECK(p.n == 0 && p.chunk == NULL && strpool_bytes(&p) == 0);
}

/*
 * format_pct: two significant digits under 1%, none lost or gained at a
 * decade's edge (0.0099991% rounds to 0.010, not 0.0100), -0 as +0.
 * The references are the values written out by hand.
 */
static void
test_format_pct(void)
{
	static const struct {
		double		 v;
		const char	*want;
	} cases[] = {
		{ 0.05, "+5.00%" }, { -0.1234, "-12.34%" }, { 0.0016, "+0.16%" },
		{ 0.0005, "+0.050%" }, { -0.000031, "-0.0031%" },
		{ 0.000099991, "+0.010%" }, { 0.00010001, "+0.010%" },
		{ 0.0099999, "+1.00%" }, { 0.0, "+0.00%" }, { -0.0, "+0.00%" },
		{ 5e-14, "+5e-12%" }, { 2e91, "+2e+93%" },
	};
	char buf[40];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		CHECK(strcmp(format_pct(buf, sizeof(buf), cases[i].v),
		    cases[i].want) == 0);
	CHECK(strcmp(format_pct(buf, sizeof(buf), NAN), "-") == 0);
}

int
main(void)
{
	test_parse_double();
	test_parse_long();
	test_format_double();
	test_strbuf();
	test_kv();
	test_json();
	test_utf8();
	test_json_utf8();
	test_visible();
	test_argv();
	test_display_width();
	test_strpool();
	test_format_pct();
	return check_done();
}

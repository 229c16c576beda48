/*
 * valid.c: the rules of valid.h, one place for import and merge.
 */
#include <math.h>
#include <string.h>

#include "db/valid.h"

/* A value in a message: its first 40 bytes, controls escaped. */
static void
add_shown(struct strbuf *why, const char *s)
{
	size_t n = strlen(s);

	sb_add_visible_n(why, s, n < 40 ? n : 40);
	if (n > 40)
		sb_adds(why, "...");
}

int
valid_text(const char *what, const char *s, struct strbuf *why)
{
	size_t n = strlen(s);

	if (n > VALID_MAX_TEXT) {
		sb_addf(why, "%s: %zu bytes, more than the %d a text may have",
		    what, n, VALID_MAX_TEXT);
		return -1;
	}
	return store_text_check(what, s, why);
}

/*
 * valid_text(), and no control character: for names (of facts, keys)
 * and units, which head columns and charts and name series, where one
 * would act (an escape sequence) or break a line; the collector's
 * protocol cannot carry one either.  Values may hold any text: CSV
 * quotes them, and every output escapes what is not printable.
 */
static int
valid_printable(const char *what, const char *s, struct strbuf *why)
{
	if (valid_text(what, s, why) == -1)
		return -1;
	if (!has_control(s))
		return 0;
	sb_addf(why, "%s '", what);
	add_shown(why, s);
	sb_addf(why, "': a control character (newline, tab, escape...) has "
	    "no place in a %s", what);
	return -1;
}

/* "WHAT 'VALUE': expected EXPECTED". */
static int
expected(struct strbuf *why, const char *what, const char *s,
    const char *expect)
{
	sb_addf(why, "%s '", what);
	add_shown(why, s);
	sb_addf(why, "': expected %s", expect);
	return -1;
}

int
valid_run(const struct run_info *ri, struct strbuf *why)
{
	static const char iso[] = "an ISO 8601 UTC time "
	    "(2026-01-31T02:00:00.000Z)";
	const char *st = ri->status;

	if (*ri->uuid == '\0' || *ri->label == '\0' || *ri->benchmark == '\0' ||
	    *ri->started_at == '\0') {
		sb_adds(why, "run, label, benchmark and started must not be "
		    "empty");
		return -1;
	}
	if (strcmp(st, RUN_RUNNING) != 0 && strcmp(st, RUN_COMPLETE) != 0 &&
	    strcmp(st, RUN_ABORTED) != 0)
		return expected(why, "status", st, "running, complete or "
		    "aborted");
	/* Runs are ordered and selected (--since) by these, as text. */
	if (!iso8601_valid(ri->started_at))
		return expected(why, "started", ri->started_at, iso);
	if (ri->ended_at != NULL && !iso8601_valid(ri->ended_at))
		return expected(why, "ended", ri->ended_at, iso);
	if (valid_text("run", ri->uuid, why) == -1 ||
	    valid_text("label", ri->label, why) == -1 ||
	    valid_text("benchmark", ri->benchmark, why) == -1 ||
	    (ri->command != NULL &&
	    valid_text("command", ri->command, why) == -1) ||
	    (ri->tool_version != NULL &&
	    valid_text("version", ri->tool_version, why) == -1))
		return -1;
	return store_label_check(ri->label, why);
}

/* The text of a named thing: "fact NAME", "key NAME", NAME shown. */
static int
valid_named(const char *kind, const char *name, const char *value,
    struct strbuf *why)
{
	struct strbuf what = STRBUF_INIT;
	int rc;

	sb_addf(&what, "%s name", kind);
	if ((rc = valid_printable(sb_str(&what), name, why)) == 0) {
		sb_reset(&what);
		sb_addf(&what, "%s ", kind);
		add_shown(&what, name);
		rc = valid_text(sb_str(&what), value, why);
	}
	sb_free(&what);
	return rc;
}

int
valid_fact(const char *key, const char *value, struct strbuf *why)
{
	return valid_named("fact", key, value, why);
}

int
valid_series(const struct series_info *si, struct strbuf *why)
{
	size_t i;

	for (i = 0; i < si->keys->n; i++)
		if (valid_named("key", si->keys->v[i].key,
		    si->keys->v[i].value, why) == -1)
			return -1;
	if (valid_printable("unit", si->unit, why) == -1)
		return -1;
	if (strcmp(si->better, "lower") != 0 && strcmp(si->better, "higher") != 0)
		return expected(why, "better", si->better, "lower or higher");
	return 0;
}

int
valid_sample(int64_t seq, int64_t round, double v, struct strbuf *why)
{
	if (seq < 0) {
		sb_addf(why, "seq %lld: expected a whole number >= 0",
		    (long long)seq);
		return -1;
	}
	if (round != STORE_NO_ROUND && (round < 0 || round > STORE_ROUND_MAX)) {
		sb_addf(why, "round %lld: expected a whole number from 0 to %lld",
		    (long long)round, (long long)STORE_ROUND_MAX);
		return -1;
	}
	if (!isfinite(v)) {
		sb_addf(why, "value %g: expected a finite number", v);
		return -1;
	}
	return 0;
}

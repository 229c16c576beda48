/*
 * review_facts.c: what the documents of kbench report say about the
 * machines and the commands of both sides (review.h).
 */
#include <stdlib.h>
#include <string.h>

#include "lib/json.h"
#include "kbench_exit.h"
#include "plots/review.h"

/* Facts noted for provenance, not for comparing machines. */
static const char *const skip_facts[] = {
	"collector_pid", "shuffle_seed", "source", "loadavg", "loadavg_rounds",
	"rounds"
};

static void
add_value(struct kvlist *l, const char *key, const char *value)
{
	struct strbuf sb = STRBUF_INIT;
	const char *old = kv_get(l, key);

	if (old == NULL) {
		kv_set(l, key, value);
		return;
	}
	/* Several runs, several values: list each once. */
	sb_addf(&sb, ", %s,", old);
	if (strstr(sb_str(&sb), value) == NULL || strlen(value) == 0) {
		sb_reset(&sb);
		sb_addf(&sb, "%s, %s", old, value);
		kv_set(l, key, sb_str(&sb));
	}
	sb_free(&sb);
}

static int
see_run(const struct run_row *r, void *arg)
{
	struct side_facts *sf = arg;
	size_t i, k;

	for (i = 0; i < r->facts.n; i++) {
		for (k = 0; k < sizeof(skip_facts) / sizeof(skip_facts[0]); k++)
			if (strcmp(r->facts.v[i].key, skip_facts[k]) == 0)
				break;
		if (k == sizeof(skip_facts) / sizeof(skip_facts[0]))
			add_value(&sf->facts, r->facts.v[i].key,
			    r->facts.v[i].value);
	}
	if (*r->info.command != '\0' &&
	    !strlist_has(&sf->commands, r->info.command))
		strlist_add(&sf->commands, r->info.command);
	sf->runs++;
	return 0;
}

static int
side_facts(struct store *s, const struct filter *f, const char *spec,
    struct side_facts *sf)
{
	struct filter fs;
	int rc;

	memset(&fs, 0, sizeof(fs));
	filter_copy(&fs, f);
	rc = analysis_select_side(s, &fs, spec) == -1 ||
	    store_each_run(s, &fs, see_run, sf) == -1 ? -1 : 0;
	kv_sort(&sf->facts);
	filter_free(&fs);
	return rc;
}

/* Those that differ first, then by key (both lists are sorted by key). */
static int
cmp_row(const void *a, const void *b)
{
	const struct fact_row *x = a, *y = b;

	if (x->differ != y->differ)
		return y->differ - x->differ;
	return strcmp(x->key, y->key);
}

static void
fact_rows(struct review *rv)
{
	const struct kvlist *fa = &rv->fa.facts, *fb = &rv->fb.facts;
	struct fact_row *r;
	size_t i;

	rv->rows = xcalloc(fa->n + fb->n + 1, sizeof(*rv->rows));
	for (i = 0; i < fa->n + fb->n; i++) {
		r = &rv->rows[rv->nrows];
		r->key = i < fa->n ? fa->v[i].key : fb->v[i - fa->n].key;
		if (i >= fa->n && kv_get(fa, r->key) != NULL)
			continue;
		r->a = kv_get(fa, r->key) != NULL ? kv_get(fa, r->key) : "";
		r->b = kv_get(fb, r->key) != NULL ? kv_get(fb, r->key) : "";
		r->differ = strcmp(r->a, r->b) != 0;
		rv->ndiffer += r->differ;
		rv->nrows++;
	}
	qsort(rv->rows, rv->nrows, sizeof(*rv->rows), cmp_row);
}

/*
 * The commands, one line each that sh(1) runs as recorded (json.h),
 * redacted, the sides that ran it in a comment after; then this report's.
 */
static void
reproduce(struct review *rv, struct store *s, const char *cmdline)
{
	const struct side_facts *sf;
	struct strbuf line = STRBUF_INIT;
	const char *cmd;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		sf = k == 0 ? &rv->fa : &rv->fb;
		for (i = 0; i < sf->commands.n; i++) {
			cmd = sf->commands.v[i];
			/* One collection of both sides: once, both named. */
			if (k == 1 && strlist_has(&rv->fa.commands, cmd))
				continue;
			sb_reset(&line);
			command_for_shell(&line, cmd);
			store_redact_text(s, sb_str(&line), &rv->reproduce);
			sb_adds(&rv->reproduce, "    # ");
			sb_add_visible(&rv->reproduce, k == 0 ? rv->an->name_a :
			    rv->an->name_b);
			if (k == 0 && strlist_has(&rv->fb.commands, cmd)) {
				sb_adds(&rv->reproduce, ", ");
				sb_add_visible(&rv->reproduce, rv->an->name_b);
			}
			sb_adds(&rv->reproduce, "\n");
		}
	}
	sb_reset(&line);
	command_for_shell(&line, cmdline);
	sb_adds(&rv->reproduce, sb_str(&line));
	sb_adds(&rv->reproduce, "\n");
	sb_free(&line);
}

int
review_sides(struct review *rv, struct store *s, const struct filter *f,
    const char *cmdline)
{
	if (side_facts(s, f, rv->an->name_a, &rv->fa) == -1 ||
	    side_facts(s, f, rv->an->name_b, &rv->fb) == -1)
		return -1;
	fact_rows(rv);
	reproduce(rv, s, cmdline);
	return 0;
}

void
review_free(struct review *rv)
{
	kv_clear(&rv->fa.facts);
	kv_clear(&rv->fb.facts);
	strlist_free(&rv->fa.commands);
	strlist_free(&rv->fb.commands);
	free(rv->rows);
	rv->rows = NULL;
	sb_free(&rv->reproduce);
}

/* Is w[0 .. n) a blank-separated word of s? */
static int
has_word(const char *s, const char *w, size_t n)
{
	const char *p = s;
	size_t len;

	while (*p != '\0') {
		p += strspn(p, " ");
		len = strcspn(p, " ");
		if (len == n && strncmp(p, w, n) == 0)
			return 1;
		p += len;
	}
	return 0;
}

void
review_fact_words(FILE *out, const char *v, const char *other,
    fact_word_fn *emit)
{
	const char *p = v;
	size_t len;

	while (*p != '\0') {
		len = strspn(p, " ");
		if (len > 0) {
			emit(out, p, len, 0);
			p += len;
			continue;
		}
		len = strcspn(p, " ");
		emit(out, p, len, !has_word(other, p, len));
		p += len;
	}
}

char *
review_part(void (*part)(FILE *, const struct analysis *, const char *),
    const struct analysis *an)
{
	static const char heading[] = "\nWarnings:\n";
	char *text = NULL;
	size_t len = 0;
	FILE *mem;

	if ((mem = open_memstream(&text, &len)) == NULL)
		return xstrdup("");
	part(mem, an, "");
	if (fclose(mem) != 0) {
		free(text);
		return xstrdup("");
	}
	/* Lines of their own: no blank line first, and no "Warnings:". */
	if (strncmp(text, heading, strlen(heading)) == 0)
		memmove(text, text + strlen(heading), len - strlen(heading) + 1);
	else if (text[0] == '\n')
		memmove(text, text + 1, len);
	return text;
}

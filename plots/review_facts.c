/*
 * review_facts.c: what the documents of kbench report say about the
 * machines and the commands of both sides (review.h).
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/format.h"
#include "lib/json.h"
#include "kbench_exit.h"
#include "plots/review.h"

/* Facts noted for provenance, not for comparing machines. */
static const char *const skip_facts[] = {
	"collector_pid", "collector_process", "shuffle_seed", "source",
	"loadavg", "loadavg_rounds", "rounds"
};

/* Is key one of skip_facts? */
static int
skipped(const char *key)
{
	size_t k;

	for (k = 0; k < sizeof(skip_facts) / sizeof(skip_facts[0]); k++)
		if (strcmp(key, skip_facts[k]) == 0)
			return 1;
	return 0;
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
	const struct kvlist *fa = &rv->an->prov_a.facts;
	const struct kvlist *fb = &rv->an->prov_b.facts;
	struct fact_row *r;
	size_t i;

	rv->rows = xcalloc(fa->n + fb->n + 1, sizeof(*rv->rows));
	for (i = 0; i < fa->n + fb->n; i++) {
		r = &rv->rows[rv->nrows];
		r->key = i < fa->n ? fa->v[i].key : fb->v[i - fa->n].key;
		if (skipped(r->key) ||
		    (i >= fa->n && kv_get(fa, r->key) != NULL))
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
reproduce(struct review *rv, const char *cmdline)
{
	const struct provenance *pa = &rv->an->prov_a, *pb = &rv->an->prov_b;
	const struct provenance *p;
	struct strbuf line = STRBUF_INIT;
	const char *cmd;
	size_t i, k;

	for (k = 0; k < 2; k++) {
		p = k == 0 ? pa : pb;
		for (i = 0; i < p->commands.n; i++) {
			cmd = p->commands.v[i];
			/* One collection of both sides: once, both named. */
			if (k == 1 && strlist_has(&pa->commands, cmd))
				continue;
			sb_adds(&rv->reproduce, p->shell.v[i]);
			sb_adds(&rv->reproduce, "    # ");
			sb_add_visible(&rv->reproduce, k == 0 ? rv->an->name_a :
			    rv->an->name_b);
			if (k == 0 && strlist_has(&pb->commands, cmd)) {
				sb_adds(&rv->reproduce, ", ");
				sb_add_visible(&rv->reproduce, rv->an->name_b);
			}
			sb_adds(&rv->reproduce, "\n");
		}
	}
	command_for_shell(&line, cmdline);
	sb_adds(&rv->reproduce, sb_str(&line));
	sb_adds(&rv->reproduce, "\n");
	sb_free(&line);
}

void
review_sides(struct review *rv, const char *cmdline)
{
	fact_rows(rv);
	reproduce(rv, cmdline);
}

void
review_free(struct review *rv)
{
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
	char *text = report_part(part, an);
	size_t len = strlen(text);

	/* Lines of their own: no blank line first, and no "Warnings:". */
	if (strncmp(text, heading, strlen(heading)) == 0)
		memmove(text, text + strlen(heading), len - strlen(heading) + 1);
	else if (text[0] == '\n')
		memmove(text, text + 1, len);
	return text;
}

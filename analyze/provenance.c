/*
 * provenance.c: where the numbers of each side of a comparison came
 * from (analysis.h's struct provenance): every run its selection holds,
 * its facts and the commands that collected it.  Read by the analysis,
 * so that kbench report writes up what analyze handed it and nothing
 * else.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/analysis.h"
#include "lib/json.h"

/* Note value under key; of several runs, each distinct value once. */
static void
add_value(struct kvlist *l, const char *key, const char *value)
{
	struct strbuf sb = STRBUF_INIT;
	const char *old = kv_get(l, key);

	if (old == NULL) {
		kv_set(l, key, value);
		return;
	}
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
	struct provenance *p = arg;
	size_t i;

	for (i = 0; i < r->facts.n; i++)
		add_value(&p->facts, r->facts.v[i].key, r->facts.v[i].value);
	if (*r->info.command != '\0' && !strlist_has(&p->commands,
	    r->info.command))
		strlist_add(&p->commands, r->info.command);
	p->runs++;
	return 0;
}

/* Each command as sh(1) runs it, with the values redacted so far hidden. */
static void
shell_lines(struct store *s, struct provenance *p)
{
	struct strbuf line = STRBUF_INIT, shown = STRBUF_INIT;
	size_t i;

	for (i = 0; i < p->commands.n; i++) {
		sb_reset(&line);
		sb_reset(&shown);
		command_for_shell(&line, p->commands.v[i]);
		store_redact_text(s, sb_str(&line), &shown);
		strlist_add(&p->shell, sb_str(&shown));
	}
	sb_free(&line);
	sb_free(&shown);
}

int
provenance_read(struct store *s, const struct filter *fa,
    const struct filter *fb, struct analysis *an)
{
	if (store_each_run(s, fa, see_run, &an->prov_a) == -1 ||
	    store_each_run(s, fb, see_run, &an->prov_b) == -1)
		return -1;
	kv_sort(&an->prov_a.facts);
	kv_sort(&an->prov_b.facts);
	/* Both sides read first: a value either side redacts is hidden. */
	store_redact_facts(s, &an->prov_a.facts);
	store_redact_facts(s, &an->prov_b.facts);
	shell_lines(s, &an->prov_a);
	shell_lines(s, &an->prov_b);
	return 0;
}

void
provenance_free(struct provenance *p)
{
	kv_clear(&p->facts);
	strlist_free(&p->commands);
	strlist_free(&p->shell);
	p->runs = 0;
}

/*
 * csv_export.c: write the canonical CSV (see csvio.h).
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "db/csvio.h"

void
csv_put_num(FILE *out, double v)
{
	char buf[40];

	putc(',', out);
	if (!isnan(v))
		fputs(format_double(buf, sizeof(buf), v), out);
}

void
csv_put_field(FILE *out, const char *s)
{
	size_t len = strlen(s);
	const char *p;

	/* libcsv trims unquoted blanks at the ends: quote those too. */
	if (strpbrk(s, ",\"\r\n") == NULL && (len == 0 ||
	    (s[0] != ' ' && s[0] != '\t' && s[len - 1] != ' ' &&
	    s[len - 1] != '\t'))) {
		fputs(s, out);
		return;
	}
	putc('"', out);
	for (p = s; *p; p++) {
		if (*p == '"')
			putc('"', out);
		putc(*p, out);
	}
	putc('"', out);
}

struct export_state {
	FILE			*out;
	const struct strlist	*facts;
	struct strlist		 keys;
	int			 err;	/* the failed write's errno */
};

static int
put_sample(const struct sample_row *row, void *arg)
{
	struct export_state *es = arg;
	const struct run_info *ri = &row->run->info;
	const char *v;
	char num[40];
	size_t i;

	csv_put_field(es->out, ri->uuid);
	putc(',', es->out);
	csv_put_field(es->out, ri->label);
	putc(',', es->out);
	csv_put_field(es->out, ri->benchmark);
	putc(',', es->out);
	csv_put_field(es->out, ri->status);
	putc(',', es->out);
	csv_put_field(es->out, ri->started_at);
	putc(',', es->out);
	csv_put_field(es->out, ri->ended_at ? ri->ended_at : "");
	putc(',', es->out);
	csv_put_field(es->out, ri->command);
	putc(',', es->out);
	csv_put_field(es->out, ri->tool_version);
	for (i = 0; i < es->facts->n; i++) {
		putc(',', es->out);
		v = kv_get(&row->run->facts, es->facts->v[i]);
		csv_put_field(es->out, v ? v : "");
	}
	for (i = 0; i < es->keys.n; i++) {
		putc(',', es->out);
		v = kv_get(row->keys, es->keys.v[i]);
		csv_put_field(es->out, v ? v : "");
	}
	putc(',', es->out);
	csv_put_field(es->out, row->unit);
	fprintf(es->out, ",%s,", row->better);
	/* No round recorded: an empty cell, as import reads it back. */
	if (row->round != STORE_NO_ROUND)
		fprintf(es->out, "%lld", (long long)row->round);
	fprintf(es->out, ",%lld,%s\n", (long long)row->seq,
	    format_double(num, sizeof(num), row->value));
	if (ferror(es->out)) {
		/* Now, while errno is the write's (a full disk). */
		es->err = errno;
		return STORE_STOP;
	}
	return 0;
}

/* ",PREFIXNAME", quoted as one field. */
static void
put_column(FILE *out, const char *prefix, const char *name)
{
	struct strbuf sb = STRBUF_INIT;

	sb_adds(&sb, prefix);
	sb_adds(&sb, name);
	putc(',', out);
	csv_put_field(out, sb_str(&sb));
	sb_free(&sb);
}

enum csv_status
csv_export(struct store *s, const struct export_opts *o, FILE *out,
    struct strbuf *err)
{
	struct export_state es;
	struct strlist all_facts = { NULL, 0 };
	size_t i;
	enum csv_status st = CSV_OK;

	memset(&es, 0, sizeof(es));
	es.out = out;
	es.facts = &o->facts;
	if (o->all_facts) {
		if (store_fact_keys(s, o->filter, &all_facts) == -1)
			goto dberr;
		es.facts = &all_facts;
	}
	if (store_series_keys(s, o->filter, &es.keys) == -1)
		goto dberr;
	fputs("run,label,benchmark,status,started,ended,command,version", out);
	for (i = 0; i < es.facts->n; i++)
		put_column(out, "fact.", es.facts->v[i]);
	for (i = 0; i < es.keys.n; i++)
		put_column(out, "key.", es.keys.v[i]);
	fputs(",unit,better,round,seq,value\n", out);
	if (ferror(out)) {
		es.err = errno;
		goto ioerr;
	}
	if (store_each_sample(s, o->filter, put_sample, &es) == -1)
		goto dberr;
	if (ferror(out))
		goto ioerr;
	goto out;
dberr:
	sb_adds(err, store_error(s));
	st = CSV_EDB;
	goto out;
ioerr:
	sb_adds(err, strerror(es.err != 0 ? es.err : EIO));
	st = CSV_ESYS;
out:
	strlist_free(&all_facts);
	strlist_free(&es.keys);
	return st;
}

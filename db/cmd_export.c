/*
 * cmd_export.c: kbench export: the canonical CSV, or one file per
 * (series, label) for ministat(1).  Files are written beside their final
 * name and renamed into place, so a failed export leaves no half file.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "csvio.h"
#include "kbench.h"

const char export_help[] =
    "usage: kbench export [--format csv|ministat] [--facts all|none|K,K...]\n"
    "                     [-o FILE|DIR] " FILTER_SYNOPSIS "\n"
    "\n"
    "   --format csv     (default) the canonical long CSV, one sample a row:\n"
    "                    run,label,benchmark,status,started,ended,command,\n"
    "                    version,fact.K...,key.K...,unit,better,seq,value;\n"
    "                    kbench import reads it back unchanged\n"
    "   --format ministat   one file per series and label, one value a line,\n"
    "                    named LABEL.KEY-VALUE.KEY-VALUE.txt, into DIR (-o)\n"
    "   --facts LIST     which run facts become columns (default: all)\n"
    "   -o FILE|DIR      write there instead of standard output (csv), or\n"
    "                    into this directory (ministat, required)\n"
    "Filters: as for kbench runs; only complete runs unless --incomplete.\n";

/* An output file written under a temporary name, then renamed. */
struct out_tmp {
	char	*path;
	char	*tmp;
	FILE	*fp;
};

static int
out_open(struct out_tmp *of, const char *path)
{
	size_t n = strlen(path) + 32;

	of->path = xstrdup(path);
	of->tmp = xmalloc(n);
	snprintf(of->tmp, n, "%s.tmp.%ld", path, (long)getpid());
	if ((of->fp = fopen(of->tmp, "w")) == NULL) {
		warn("export: %s", of->tmp);
		return -1;
	}
	return 0;
}

/* Close and rename into place when ok, else remove the temporary file. */
static int
out_close(struct out_tmp *of, int ok)
{
	int ret = 0;

	if (of->fp != NULL && fclose(of->fp) != 0 && ok) {
		warn("export: %s", of->tmp);
		ok = 0;
	}
	if (of->fp != NULL && ok && rename(of->tmp, of->path) == -1) {
		warn("export: %s", of->path);
		ok = 0;
	}
	if (of->fp != NULL && !ok)
		unlink(of->tmp);
	if (!ok)
		ret = -1;
	free(of->path);
	free(of->tmp);
	memset(of, 0, sizeof(*of));
	return ret;
}

/* One ministat file: the samples of one series under one label. */
struct group {
	char	*name;		/* the file name */
	double	*v;
	size_t	 n, cap;
};

struct groups {
	struct group	*g;
	size_t		 n, cap;
	struct strbuf	 name;
	size_t		 last;	/* the group of the previous sample */
};

/* File names keep letters, digits, '_', '+' and '-'; the rest become '_'. */
static void
add_safe(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		char c = *s;

		if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || c == '_' || c == '+' || c == '-'))
			c = '_';
		sb_add(sb, &c, 1);
	}
}

static int
collect_sample(const struct sample_row *row, void *arg)
{
	struct groups *gs = arg;
	struct group *g;
	size_t i;

	sb_reset(&gs->name);
	add_safe(&gs->name, row->run->info.label);
	for (i = 0; i < row->keys->n; i++) {
		sb_add(&gs->name, ".", 1);
		add_safe(&gs->name, row->keys->v[i].key);
		sb_add(&gs->name, "-", 1);
		add_safe(&gs->name, row->keys->v[i].value);
	}
	sb_adds(&gs->name, ".txt");
	/* Samples come grouped: most of the time it is the last group. */
	if (gs->n > 0 && strcmp(gs->g[gs->last].name, sb_str(&gs->name)) == 0)
		i = gs->last;
	else {
		for (i = 0; i < gs->n; i++)
			if (strcmp(gs->g[i].name, sb_str(&gs->name)) == 0)
				break;
		if (i == gs->n) {
			if (gs->n == gs->cap) {
				gs->cap = gs->cap ? 2 * gs->cap : 16;
				gs->g = xreallocarray(gs->g, gs->cap,
				    sizeof(*gs->g));
			}
			memset(&gs->g[i], 0, sizeof(gs->g[i]));
			gs->g[i].name = xstrdup(sb_str(&gs->name));
			gs->n++;
		}
	}
	gs->last = i;
	g = &gs->g[i];
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->v = xreallocarray(g->v, g->cap, sizeof(*g->v));
	}
	g->v[g->n++] = row->value;
	return 0;
}

static int
export_ministat(struct store *s, const struct filter *f, const char *dir)
{
	struct groups gs;
	struct out_tmp of;
	struct strbuf path = STRBUF_INIT;
	struct stat st;
	char num[40];
	size_t i, j;
	int rc = KB_EXIT_OK;

	memset(&gs, 0, sizeof(gs));
	memset(&of, 0, sizeof(of));
	if (stat(dir, &st) == -1 || !S_ISDIR(st.st_mode)) {
		warnx("export: -o %s: not a directory (ministat files go into "
		    "one)", dir);
		return KB_EXIT_USAGE;
	}
	if (store_each_sample(s, f, collect_sample, &gs) == -1) {
		warnx("export: %s", store_error(s));
		rc = KB_EXIT_DB;
		goto out;
	}
	if (gs.n == 0) {
		warnx("export: no samples match the selection");
		rc = KB_EXIT_USAGE;
		goto out;
	}
	for (i = 0; i < gs.n && rc == KB_EXIT_OK; i++) {
		sb_reset(&path);
		sb_addf(&path, "%s/%s", dir, gs.g[i].name);
		if (out_open(&of, sb_str(&path)) == -1) {
			out_close(&of, 0);
			rc = KB_EXIT_IO;
			break;
		}
		for (j = 0; j < gs.g[i].n; j++)
			fprintf(of.fp, "%s\n", format_double(num, sizeof(num),
			    gs.g[i].v[j]));
		if (out_close(&of, !ferror(of.fp)) == -1)
			rc = KB_EXIT_IO;
	}
out:
	for (i = 0; i < gs.n; i++) {
		free(gs.g[i].name);
		free(gs.g[i].v);
	}
	free(gs.g);
	sb_free(&gs.name);
	sb_free(&path);
	return rc;
}

static int
export_csv(struct store *s, const struct export_opts *eo, const char *path)
{
	struct out_tmp of;
	struct strbuf err = STRBUF_INIT;
	enum csv_status st;
	FILE *out = stdout;

	memset(&of, 0, sizeof(of));
	if (path != NULL) {
		if (out_open(&of, path) == -1) {
			out_close(&of, 0);
			return KB_EXIT_IO;
		}
		out = of.fp;
	}
	st = csv_export(s, eo, out, &err);
	if (st != CSV_OK)
		warnx("export: %s", sb_str(&err));
	if (path != NULL && out_close(&of, st == CSV_OK) == -1 && st == CSV_OK)
		st = CSV_ESYS;
	sb_free(&err);
	return st == CSV_OK ? KB_EXIT_OK : st == CSV_EDB ? KB_EXIT_DB :
	    KB_EXIT_IO;
}

int
cmd_export(int argc, char **argv, struct kbench_ctx *ctx)
{
	enum { OPT_FORMAT = 300, OPT_FACTS };
	static const struct option longopts[] = {
		FILTER_LONGOPTS,
		{ "facts",	required_argument, NULL, OPT_FACTS },
		{ "format",	required_argument, NULL, OPT_FORMAT },
		{ "output",	required_argument, NULL, 'o' },
		{ NULL,		0,		   NULL, 0 }
	};
	struct filter f;
	struct export_opts eo;
	struct strbuf err = STRBUF_INIT;
	const char *format = "csv", *output = NULL;
	char *list, *tok, *save;
	int ch, rc = KB_EXIT_USAGE;

	memset(&f, 0, sizeof(f));
	memset(&eo, 0, sizeof(eo));
	eo.filter = &f;
	eo.all_facts = 1;
	getopt_reset();
	while ((ch = getopt_long(argc, argv, "b:o:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'o':
			output = optarg;
			continue;
		case OPT_FORMAT:
			if (strcmp(optarg, "csv") != 0 &&
			    strcmp(optarg, "ministat") != 0) {
				warnx("export: --format '%s': expected csv or "
				    "ministat", optarg);
				goto out;
			}
			format = optarg;
			continue;
		case OPT_FACTS:
			strlist_free(&eo.facts);
			eo.all_facts = strcmp(optarg, "all") == 0;
			if (eo.all_facts || strcmp(optarg, "none") == 0)
				continue;
			list = xstrdup(optarg);
			for (tok = strtok_r(list, ",", &save); tok != NULL;
			    tok = strtok_r(NULL, ",", &save))
				strlist_add(&eo.facts, tok);
			free(list);
			continue;
		}
		switch (filter_option(&f, ch, optarg, &err)) {
		case 1:
			continue;
		case -1:
			warnx("export: %s", sb_str(&err));
			goto out;
		default:
			fputs(export_help, stderr);
			goto out;
		}
	}
	if (optind < argc) {
		warnx("export: unexpected argument '%s'", argv[optind]);
		goto out;
	}
	if ((rc = cmd_check_filter(ctx, &f, "export")) != KB_EXIT_OK)
		goto out;
	rc = KB_EXIT_USAGE;	/* the errors that follow are usage errors */
	if (strcmp(format, "ministat") == 0) {
		if (output == NULL) {
			warnx("export: --format ministat writes one file per "
			    "series and label: name a directory with -o DIR");
			goto out;
		}
		rc = export_ministat(ctx->db, &f, output);
	} else
		rc = export_csv(ctx->db, &eo, output);
out:
	filter_free(&f);
	strlist_free(&eo.facts);
	sb_free(&err);
	return rc;
}

/*
 * cmd_export.c: kbench export: the canonical CSV, or one file per
 * (series, label) for ministat(1).  Files are written beside their final
 * name and renamed into place, so a failed export leaves no half file
 * (outfile, util.h); a device or FIFO named by -o is written, not
 * replaced.
 */
#include <err.h>
#include <errno.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db/csvio.h"
#include "kbench.h"
#include "lib/outdir.h"
#include "lib/strmap.h"

const char export_help[] =
    "usage: kbench export [--format csv|ministat] [--facts all|none|K,K...]\n"
    "                     [-o FILE|DIR] " FILTER_SYNOPSIS "\n"
    "\n"
    "   --format csv     (default) the canonical long CSV, one sample a row:\n"
    "                    run,label,benchmark,status,started,ended,command,\n"
    "                    version,fact.K...,key.K...,unit,better,round,seq,\n"
    "                    value (round: the invocation that made the sample,\n"
    "                    empty when none was recorded); kbench import reads\n"
    "                    it back unchanged\n"
    "   --format ministat   one file per series and label, one value a line,\n"
    "                    named LABEL.KEY-VALUE.KEY-VALUE.txt, into DIR (-o);\n"
    "                    names two series would share take .~HASH before .txt\n"
    "   --facts LIST     which run facts become columns (default: all)\n"
    "   -o FILE|DIR      write there instead of standard output (csv), or\n"
    "                    into this directory (ministat, required); a device,\n"
    "                    FIFO or link of yours is written to, never replaced\n"
    "Filters: as for kbench runs; only complete runs unless --incomplete.\n";

/* One ministat file: the samples of one series under one label. */
struct group {
	char	*id;		/* label and keys, as they are: its identity */
	char	*name;		/* the file name */
	int	 shared;	/* another group makes the same name */
	double	*v;
	size_t	 n, cap;
};

struct groups {
	struct group	**g;
	size_t		 n, cap;
	struct strmap	 by_id;		/* id -> group */
	struct strbuf	 id;
	struct group	*last;		/* the group of the previous sample */
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

static struct group *
group_new(struct groups *gs, const struct sample_row *row)
{
	struct group *g = xcalloc(1, sizeof(*g));
	size_t i;

	if (gs->n == gs->cap) {
		gs->cap = gs->cap ? 2 * gs->cap : 16;
		gs->g = xreallocarray(gs->g, gs->cap, sizeof(*gs->g));
	}
	gs->g[gs->n++] = g;
	g->id = xstrdup(sb_str(&gs->id));
	strmap_put(&gs->by_id, g->id, g);
	sb_reset(&gs->id);
	add_safe(&gs->id, row->run->info.label);
	for (i = 0; i < row->keys->n; i++) {
		sb_add(&gs->id, ".", 1);
		add_safe(&gs->id, row->keys->v[i].key);
		sb_add(&gs->id, "-", 1);
		add_safe(&gs->id, row->keys->v[i].value);
	}
	g->name = xstrdup(sb_str(&gs->id));
	return g;
}

static int
collect_sample(const struct sample_row *row, void *arg)
{
	struct groups *gs = arg;
	struct group *g;

	/* The identity: label and series, apart by a byte no label has. */
	sb_reset(&gs->id);
	sb_adds(&gs->id, row->run->info.label);
	sb_add(&gs->id, "\x1f", 1);
	sb_adds(&gs->id, row->series_name);
	/* Samples come grouped: most of the time it is the last group. */
	if ((g = gs->last) == NULL || strcmp(g->id, sb_str(&gs->id)) != 0) {
		if ((g = strmap_get(&gs->by_id, sb_str(&gs->id))) == NULL)
			g = group_new(gs, row);
		gs->last = g;
	}
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 64;
		g->v = xreallocarray(g->v, g->cap, sizeof(*g->v));
	}
	g->v[g->n++] = row->value;
	return 0;
}

/*
 * Give every group its file name: LABEL.KEY-VALUE...txt, readable, but
 * not one to one ("v6.1" and "v6_1" both give v6_1): names that two
 * groups share take a short hash of their identity, ".~HASH", which no
 * plain name has ('~' is not kept).  0, or -1 when two still meet (a
 * hash collision): no file is written twice in one export.
 */
static int
name_groups(struct groups *gs)
{
	struct strmap seen = STRMAP_INIT;
	struct strbuf sb = STRBUF_INIT;
	struct group *g, *other;
	uint64_t h;
	const char *p;
	size_t i;
	int rc = 0;

	for (i = 0; i < gs->n; i++) {
		g = gs->g[i];
		if ((other = strmap_get(&seen, g->name)) != NULL)
			g->shared = other->shared = 1;
		else
			strmap_put(&seen, g->name, g);
	}
	strmap_free(&seen);
	memset(&seen, 0, sizeof(seen));
	for (i = 0; i < gs->n && rc == 0; i++) {
		g = gs->g[i];
		sb_reset(&sb);
		sb_adds(&sb, g->name);
		if (g->shared) {
			/* FNV-1a of the identity. */
			h = 14695981039346656037ULL;
			for (p = g->id; *p; p++) {
				h ^= (unsigned char)*p;
				h *= 1099511628211ULL;
			}
			sb_addf(&sb, ".~%08llx", (unsigned long long)(h >> 32));
		}
		sb_adds(&sb, ".txt");
		free(g->name);
		g->name = xstrdup(sb_str(&sb));
		if (strmap_get(&seen, g->name) != NULL) {
			warnx("export: two series would share the file %s: "
			    "nothing written", g->name);
			rc = -1;
		}
		strmap_put(&seen, g->name, g);
	}
	strmap_free(&seen);
	sb_free(&sb);
	return rc;
}

static int
export_ministat(struct store *s, const struct filter *f, const char *dir)
{
	struct groups gs;
	struct outfile of;
	struct odir od;
	struct strbuf err = STRBUF_INIT;
	char num[40];
	size_t i, j;
	int rc = KB_EXIT_OK;

	memset(&gs, 0, sizeof(gs));
	memset(&of, 0, sizeof(of));
	od.fd = -1;
	if (odir_open(&od, dir, ODIR_CREATE, NULL, &err) == -1) {
		warnx("export: -o %s (ministat files go into a directory)",
		    sb_str(&err));
		sb_free(&err);
		return KB_EXIT_IO;
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
	if (name_groups(&gs) == -1) {
		rc = KB_EXIT_USAGE;
		goto out;
	}
	for (i = 0; i < gs.n && rc == KB_EXIT_OK; i++) {
		if (odir_create(&od, gs.g[i]->name, &of, &err) == -1) {
			outfile_close(&of, 0, &err);
			rc = KB_EXIT_IO;
			break;
		}
		for (j = 0; j < gs.g[i]->n; j++)
			fprintf(of.fp, "%s\n", format_double(num, sizeof(num),
			    gs.g[i]->v[j]));
		if (outfile_close(&of, 1, &err) == -1)
			rc = KB_EXIT_IO;
	}
	if (rc == KB_EXIT_IO)
		warnx("export: %s", sb_str(&err));
out:
	for (i = 0; i < gs.n; i++) {
		free(gs.g[i]->id);
		free(gs.g[i]->name);
		free(gs.g[i]->v);
		free(gs.g[i]);
	}
	free(gs.g);
	strmap_free(&gs.by_id);
	sb_free(&gs.id);
	odir_close(&od);
	sb_free(&err);
	return rc;
}

static int
export_csv(struct store *s, const struct export_opts *eo, const char *path)
{
	struct outfile of;
	struct strbuf err = STRBUF_INIT;
	enum csv_status st;
	FILE *out = stdout;
	int rc;

	memset(&of, 0, sizeof(of));
	if (path != NULL) {
		if (mkdir_parent(path, &err) == -1 ||
		    outfile_open(&of, path, &err) == -1) {
			warnx("export: %s", sb_str(&err));
			outfile_close(&of, 0, &err);
			sb_free(&err);
			return KB_EXIT_IO;
		}
		out = of.fp;
	}
	st = csv_export(s, eo, out, &err);
	/* A write that failed is named with its file (a full disk). */
	if (st == CSV_ESYS)
		warnx("export: %s: %s", path != NULL ? path : "standard output",
		    sb_str(&err));
	else if (st != CSV_OK)
		warnx("export: %s", sb_str(&err));
	sb_reset(&err);
	if (path != NULL && outfile_close(&of, st == CSV_OK, &err) == -1 &&
	    st == CSV_OK) {
		warnx("export: %s", sb_str(&err));
		st = CSV_ESYS;
	}
	rc = st == CSV_OK ? KB_EXIT_OK : st == CSV_EDB ? KB_EXIT_DB :
	    KB_EXIT_IO;
	sb_free(&err);
	return rc;
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

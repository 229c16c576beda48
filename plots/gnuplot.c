/*
 * gnuplot.c: see gnuplot.h.
 */
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "db/filter.h"
#include "plots/gnuplot.h"
#include "kbench_exit.h"
#include "lib/procs.h"

void
gp_string(struct strbuf *sb, const char *s)
{
	unsigned long c;
	size_t k, n = strlen(s);

	sb_add(sb, "'", 1);
	for (; *s; s++, n--) {
		/*
		 * What gnuplot would write raw into an SVG: an invisible or
		 * reordering code point as its \uXXXX, a C1 control or a
		 * byte that is not UTF-8 (invalid XML) as '?'.
		 */
		if ((unsigned char)*s >= 0x80) {
			if ((k = invisible_seq(s, n, &c)) > 0)
				sb_add_code_point(sb, c);
			else if ((k = utf8_seq(s, n)) == 0 ||
			    ((unsigned char)s[0] == 0xc2 &&
			    (unsigned char)s[1] < 0xa0)) {
				sb_add(sb, "?", 1);
				k = k ? k : 1;
			} else
				sb_add(sb, s, k);
			s += k - 1;
			n -= k - 1;
			continue;
		}
		/*
		 * A quote: the single-quoted string closed, a double-quoted
		 * one of the quote joined (as \047: a quote in it would
		 * confuse gnuplot's @macro scan of quotes), and a new one
		 * opened.  Two quotes inside '...' are gnuplot's own escape,
		 * but 5.4 reads a string that starts with one as empty.
		 */
		if (*s == '\'')
			sb_adds(sb, "'.\"\\047\".'");
		else if ((unsigned char)*s < 0x20 || *s == 0x7f)
			sb_add(sb, " ", 1);	/* a newline would end the command */
		else
			sb_add(sb, s, 1);
	}
	sb_add(sb, "'", 1);
}

void
gp_number(struct strbuf *sb, double v)
{
	char buf[40];

	if (isnan(v) || isinf(v))
		sb_adds(sb, "NaN");
	else
		sb_adds(sb, format_double(buf, sizeof(buf), v));
}

void
chart_begin(struct chart *c, const struct odir *dir, const char *name,
    unsigned formats, const char *what)
{
	c->dir = dir;
	c->name = name;
	c->formats = formats;
	if (c->width == 0)
		c->width = 1200;
	if (c->height == 0)
		c->height = 800;
	sb_reset(&c->gp);
	sb_addf(&c->gp, "# %s\n# Written by kbench %s; run \"gnuplot %s.gp\" to "
	    "draw it again.\n\n", what, KBENCH_VERSION, name);
}

/*
 * How a gnuplot ended: STATUS_OK when well; else err set from what it
 * said and what it ran (what), and STATUS_NO_GNUPLOT when it is not
 * installed.
 */
static enum status
gp_status(const struct proc *p, const char *what, struct strbuf *err)
{
	if (p->status == -1) {
		sb_addf(err, "gnuplot: %s", strerror(p->start_errno));
		return STATUS_SYSTEM;
	}
	if (WIFEXITED(p->status) && WEXITSTATUS(p->status) == 127) {
		sb_adds(err, "gnuplot not found: install it (Debian: apt-get "
		    "install gnuplot-nox; FreeBSD: pkg install gnuplot-lite)");
		return STATUS_NO_GNUPLOT;
	}
	if (!proc_ok(p)) {
		sb_addf(err, "%s%sgnuplot failed on %s", sb_str(&p->out),
		    p->out.len ? "\n" : "", what);
		return STATUS_SYSTEM;
	}
	return STATUS_OK;
}

/*
 * gnuplot writes its charts by name: it runs in a private directory
 * (outdir.h), where nobody else can plant a link, and what it drew is
 * moved into place once all is there.
 */
#define GP_PRIVATE	".kbench-gp."

/*
 * The charts name draws there (NAME.png, NAME.svg, as formats say),
 * each a regular file with something in it (a full disk leaves an
 * empty one): 0, or -1 with err naming the first that is not.
 */
static int
charts_whole(const struct odir *priv, const struct odir *dst,
    const char *name, unsigned formats, struct strbuf *err)
{
	static const struct { unsigned fmt; const char *ext; } out[] = {
		{ CHART_PNG, "png" }, { CHART_SVG, "svg" }
	};
	struct strbuf file = STRBUF_INIT;
	struct stat st;
	size_t i;
	int rc = 0;

	for (i = 0; rc == 0 && i < sizeof(out) / sizeof(out[0]); i++) {
		if (!(formats & out[i].fmt))
			continue;
		sb_reset(&file);
		sb_addf(&file, "%s.%s", name, out[i].ext);
		if (odir_stat(priv, sb_str(&file), &st) == -1 ||
		    !S_ISREG(st.st_mode))
			rc = -1;
		else if (st.st_size == 0)
			rc = -2;
		if (rc != 0)
			sb_addf(err, "%s%s/%s: gnuplot did not write it%s",
			    err->len ? "\n" : "", dst->path, sb_str(&file),
			    rc == -2 ? " whole (0 bytes: is the disk full?)" : "");
	}
	sb_free(&file);
	return rc == 0 ? 0 : -1;
}

/*
 * Write dir/NAME.gp, beside then renamed: no half script, no planted
 * link followed.  0, or -1 with err set.
 */
static int
write_script(const struct odir *dir, const char *name, const char *script,
    struct strbuf *err)
{
	struct strbuf file = STRBUF_INIT;
	struct outfile of;
	int rc;

	sb_addf(&file, "%s.gp", name);
	if ((rc = odir_create(dir, sb_str(&file), &of, err)) == 0)
		fputs(script, of.fp);
	rc = outfile_close(&of, rc == 0, err) == -1 ? -1 : rc;
	sb_free(&file);
	return rc;
}

/* Draw one chart: its script and charts moved into dir when all went well. */
static enum status
run_gnuplot(const struct odir *dir, const char *name, const char *script,
    unsigned formats, struct strbuf *err)
{
	struct strbuf what = STRBUF_INIT, arg = STRBUF_INIT;
	struct odir priv;
	struct proc p;
	char *argv[3];
	enum status rc = STATUS_SYSTEM;

	if (odir_private(dir, GP_PRIVATE, &priv, err) == -1)
		return STATUS_SYSTEM;
	if (write_script(&priv, name, script, err) == -1)
		goto out;
	/* "./": a name is never taken for an option. */
	sb_addf(&arg, "./%s.gp", name);
	argv[0] = "gnuplot";
	argv[1] = arg.buf;
	argv[2] = NULL;
	memset(&p, 0, sizeof(p));
	p.argv = argv;
	p.dir_fd = &priv.fd;
	if (procs_run(&p, 1, 1) == -1)
		sb_addf(err, "waiting for gnuplot: %s", strerror(errno));
	else {
		sb_addf(&what, "%s/%s.gp", dir->path, name);
		rc = gp_status(&p, sb_str(&what), err);
	}
	procs_free(&p, 1);
	if (rc == STATUS_OK && (charts_whole(&priv, dir, name, formats,
	    err) == -1 || odir_adopt(&priv, dir, err) == -1))
		rc = STATUS_SYSTEM;
out:
	odir_discard(&priv);
	sb_free(&what);
	sb_free(&arg);
	return rc;
}

/*
 * Split a script into its datablocks ("$name << EOD" to "EOD"), written
 * once, and the rest, the settings, played once per terminal.
 */
static void
split_script(const char *gp, struct strbuf *data, struct strbuf *settings)
{
	const char *line = gp, *nl;
	size_t len;
	int in_block = 0;

	for (; *line != '\0'; line += len) {
		nl = strchr(line, '\n');
		len = nl != NULL ? (size_t)(nl - line) + 1 : strlen(line);
		if (!in_block && *line == '$' && len > 8 &&
		    memcmp(line + len - 8, " << EOD\n", 8) == 0)
			in_block = 1;
		if (in_block || *line == '#')
			sb_add(data, line, len);
		else
			sb_add(settings, line, len);
		if (in_block && len == 4 && memcmp(line, "EOD\n", 4) == 0)
			in_block = 0;
	}
}

static void
batch_add(struct chart_batch *b, const struct odir *dir, const char *name,
    const char *script, unsigned formats)
{
	struct chart_job *j;

	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->job = xreallocarray(b->job, b->cap, sizeof(*b->job));
	}
	j = &b->job[b->n++];
	memset(j, 0, sizeof(*j));
	j->dir = dir;
	j->formats = formats;
	j->name = xstrdup(name);
	j->script = xstrdup(script);
}

enum status
chart_end(struct chart *c, const char *plot, struct strbuf *err)
{
	/*
	 * The SVG terminal reads sizes as pixels where pngcairo reads points
	 * (at 96 dpi, 4/3 of a pixel), and draws its points about twice as
	 * large: kb_fs and kb_ps (gp_font, gp_ps) even them out, so the two
	 * files look alike.
	 */
	static const struct {
		unsigned	 fmt;
		const char	*term;
		const char	*ext;
		const char	*scales;
	} terms[] = {
		{ CHART_PNG, "pngcairo noenhanced size %d,%d font 'DejaVu Sans,14'",
		  "png", "kb_fs = 1\nkb_ps = 1\n" },
		{ CHART_SVG, "svg noenhanced size %d,%d dynamic font "
		  "'DejaVu Sans,18.67'", "svg", "kb_fs = 4.0 / 3\nkb_ps = 0.55\n" },
	};
	struct strbuf data = STRBUF_INIT, settings = STRBUF_INIT;
	size_t i;

	split_script(sb_str(&c->gp), &data, &settings);
	sb_reset(&c->gp);
	sb_adds(&c->gp, sb_str(&data));
	for (i = 0; i < sizeof(terms) / sizeof(terms[0]); i++) {
		if (!(c->formats & terms[i].fmt))
			continue;
		sb_adds(&c->gp, "\nset terminal ");
		sb_addf(&c->gp, terms[i].term, c->width, c->height);
		sb_addf(&c->gp, "\nset output '%s.%s'\n", c->name, terms[i].ext);
		/*
		 * The settings and the plot again per terminal, from a clean
		 * state: a multiplot cannot be replotted, and its panels
		 * leave settings behind.
		 */
		sb_adds(&c->gp, "reset\n");
		sb_adds(&c->gp, terms[i].scales);
		sb_adds(&c->gp, sb_str(&settings));
		sb_adds(&c->gp, plot);
		sb_adds(&c->gp, "unset multiplot\n");
	}
	sb_free(&data);
	sb_free(&settings);
	sb_adds(&c->gp, "unset output\n");
	if (c->batch != NULL) {
		batch_add(c->batch, c->dir, c->name, sb_str(&c->gp),
		    c->formats);
		return STATUS_OK;
	}
	return run_gnuplot(c->dir, c->name, sb_str(&c->gp), c->formats, err);
}

void
gp_font(struct strbuf *sb, double size)
{
	sb_addf(sb, " font ''.sprintf(',%%g', %g * kb_fs)", size);
}

void
gp_ps(struct strbuf *sb, double size)
{
	sb_addf(sb, " ps %g * kb_ps", size);
}

void
chart_free(struct chart *c)
{
	sb_free(&c->gp);
}

/* One gnuplot of a batch: the jobs it draws, where, its command line. */
struct gp_chunk {
	size_t		 first, n;	/* jobs first .. past the last */
	struct odir	 priv;		/* where it draws */
	struct strlist	 args;
	char		**argv;
};

/* Mark the n jobs of c failed. */
static void
chunk_fail(struct chart_batch *b, const struct gp_chunk *c)
{
	size_t i, j;

	for (i = c->first, j = 0; j < c->n; i++)
		if (!b->job[i].skip && !b->job[i].failed) {
			b->job[i].failed = 1;
			j++;
		}
}

/*
 * The next chunk from job *next on: up to per jobs to draw, all in the
 * first one's directory, their scripts written in a private directory
 * of it, "gnuplot ./a.gp -e 'reset session' ./b.gp ...".  0 when none
 * is left; -1 when its scripts could not be written (err set, its jobs
 * failed).
 */
static int
chunk_next(struct chart_batch *b, size_t *next, size_t per,
    struct gp_chunk *c, struct strbuf *err)
{
	struct strbuf arg = STRBUF_INIT, why = STRBUF_INIT;
	const struct odir *dir = NULL;
	size_t i;
	int rc = 0;

	memset(c, 0, sizeof(*c));
	c->priv.fd = c->priv.up = -1;
	strlist_add(&c->args, "gnuplot");
	for (; *next < b->n && c->n < per; (*next)++) {
		if (b->job[*next].skip || b->job[*next].failed)
			continue;
		if (dir == NULL) {
			dir = b->job[*next].dir;
			c->first = *next;
			if (odir_private(dir, GP_PRIVATE, &c->priv, &why) == -1)
				rc = -1;
		} else if (dir != b->job[*next].dir)
			break;
		if (c->n++ > 0) {
			strlist_add(&c->args, "-e");
			strlist_add(&c->args, "reset session");
		}
		if (rc == 0 && write_script(&c->priv, b->job[*next].name,
		    b->job[*next].script, &why) == -1)
			rc = -1;
		sb_reset(&arg);
		sb_addf(&arg, "./%s.gp", b->job[*next].name);
		strlist_add(&c->args, sb_str(&arg));
	}
	sb_free(&arg);
	c->argv = xcalloc(c->args.n + 1, sizeof(*c->argv));
	for (i = 0; i < c->args.n; i++)
		c->argv[i] = c->args.v[i];
	if (rc == -1) {
		chunk_fail(b, c);
		odir_discard(&c->priv);
		sb_addf(err, "%s%s", err->len > 0 ? "\n" : "", sb_str(&why));
	}
	sb_free(&why);
	return rc == -1 ? -1 : c->n > 0;
}

/* A chunk drawn: its charts moved into place, or its jobs failed. */
static int
chunk_finish(struct chart_batch *b, struct gp_chunk *c, const struct proc *p,
    struct strbuf *err)
{
	struct strbuf what = STRBUF_INIT, why = STRBUF_INIT;
	const struct chart_job *j;
	size_t i, k;
	int rc = 0;

	j = &b->job[c->first];
	sb_addf(&what, "%s/%s.gp", j->dir->path, j->name);
	if (c->n == 2)
		sb_adds(&what, " or the script after it");
	else if (c->n > 2)
		sb_addf(&what, " or one of the %zu scripts after it", c->n - 1);
	if (gp_status(p, sb_str(&what), &why) != STATUS_OK)
		rc = -1;
	for (i = c->first, k = 0; rc == 0 && k < c->n; i++)
		if (!b->job[i].skip && !b->job[i].failed) {
			k++;
			rc = charts_whole(&c->priv, b->job[i].dir,
			    b->job[i].name, b->job[i].formats, &why);
		}
	if (rc == 0)
		rc = odir_adopt(&c->priv, j->dir, &why);
	if (rc == -1) {
		/* Those before the failing script may be drawn: none is
		 * trusted. */
		chunk_fail(b, c);
		sb_addf(err, "%s%s", err->len > 0 ? "\n" : "", sb_str(&why));
	}
	odir_discard(&c->priv);
	sb_free(&what);
	sb_free(&why);
	return rc;
}

int
chart_batch_run(struct chart_batch *b, int jobs, struct strbuf *err)
{
	struct gp_chunk *c = NULL;
	struct proc *p;
	size_t i, k, next = 0, todo = 0, per, nc = 0, cap = 0, nproc;
	int rc = 0, got;

	for (i = 0; i < b->n; i++) {
		b->job[i].failed = 0;
		todo += !b->job[i].skip;
	}
	if (todo == 0)
		return 0;
	nproc = jobs < 1 ? 1 : (size_t)jobs;
	per = (todo + nproc - 1) / nproc;
	if (per > CHART_BATCH_MAX)
		per = CHART_BATCH_MAX;
	for (;;) {
		if (nc == cap) {
			cap = cap ? 2 * cap : 8;
			c = xreallocarray(c, cap, sizeof(*c));
		}
		if ((got = chunk_next(b, &next, per, &c[nc], err)) <= 0) {
			strlist_free(&c[nc].args);
			free(c[nc].argv);
			if (got == 0)
				break;
			rc = -1;
			continue;
		}
		nc++;
	}
	p = xcalloc(nc, sizeof(*p));
	for (k = 0; k < nc; k++) {
		p[k].argv = c[k].argv;
		p[k].dir_fd = &c[k].priv.fd;
	}
	if (procs_run(p, nc, (int)nproc) == -1) {
		sb_addf(err, "waiting for gnuplot: %s", strerror(errno));
		rc = -1;
	}
	for (k = 0; k < nc; k++) {
		if (chunk_finish(b, &c[k], &p[k], err) == -1)
			rc = -1;
		strlist_free(&c[k].args);
		free(c[k].argv);
	}
	procs_free(p, nc);
	free(p);
	free(c);
	return rc;
}

void
chart_batch_free(struct chart_batch *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		free(b->job[i].name);
		free(b->job[i].script);
	}
	free(b->job);
	memset(b, 0, sizeof(*b));
}

/*
 * gnuplot.c: see gnuplot.h.
 */
#include <sys/types.h>
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
chart_begin(struct chart *c, const char *dir, const char *name,
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

/* Run gnuplot on NAME.gp inside dir; its complaints into err. */
static enum status
run_gnuplot(const char *dir, const char *script, struct strbuf *err)
{
	struct strbuf what = STRBUF_INIT;
	struct proc p;
	char *argv[3];
	enum status rc;

	argv[0] = "gnuplot";
	argv[1] = (char *)script;
	argv[2] = NULL;
	memset(&p, 0, sizeof(p));
	p.argv = argv;
	p.dir = dir;
	if (procs_run(&p, 1, 1) == -1) {
		sb_addf(err, "waiting for gnuplot: %s", strerror(errno));
		rc = STATUS_SYSTEM;
	} else {
		sb_addf(&what, "%s/%s", dir, script);
		rc = gp_status(&p, sb_str(&what), err);
	}
	procs_free(&p, 1);
	sb_free(&what);
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

/*
 * Write dir/NAME.gp, beside then renamed: no half script, no planted
 * link followed.  0, or -1 with err set.
 */
static int
write_script(const char *dir, const char *name, const char *script,
    struct strbuf *err)
{
	struct strbuf path = STRBUF_INIT;
	struct outfile of;
	int rc = 0;

	sb_addf(&path, "%s/%s.gp", dir, name);
	if (outfile_open(&of, sb_str(&path), OUTFILE_OURS, err) == -1) {
		outfile_close(&of, 0, err);
		rc = -1;
	} else {
		fputs(script, of.fp);
		rc = outfile_close(&of, 1, err);
	}
	sb_free(&path);
	return rc;
}

static void
batch_add(struct chart_batch *b, const char *dir, const char *name,
    const char *script)
{
	struct chart_job *j;

	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->job = xreallocarray(b->job, b->cap, sizeof(*b->job));
	}
	j = &b->job[b->n++];
	memset(j, 0, sizeof(*j));
	j->dir = xstrdup(dir);
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
	struct strbuf file = STRBUF_INIT;
	size_t i;
	enum status rc;

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
		batch_add(c->batch, c->dir, c->name, sb_str(&c->gp));
		return STATUS_OK;
	}
	if (write_script(c->dir, c->name, sb_str(&c->gp), err) == -1)
		return STATUS_SYSTEM;
	sb_addf(&file, "%s.gp", c->name);
	rc = run_gnuplot(c->dir, sb_str(&file), err);
	sb_free(&file);
	return rc;
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

/* One gnuplot of a batch: the jobs it draws, its command line. */
struct gp_chunk {
	size_t		 first, n;	/* jobs first .. past the last */
	struct strlist	 args;
	char		**argv;
};

/*
 * The next chunk from job *next on: up to per jobs to draw, all in the
 * first one's directory, "gnuplot ./a.gp -e 'reset session' ./b.gp ...".
 * 0 when none is left.
 */
static size_t
chunk_next(struct chart_batch *b, size_t *next, size_t per,
    struct gp_chunk *c)
{
	struct strbuf arg = STRBUF_INIT;
	const char *dir = NULL;
	size_t i;

	memset(c, 0, sizeof(*c));
	strlist_add(&c->args, "gnuplot");
	for (; *next < b->n && c->n < per; (*next)++) {
		if (b->job[*next].skip || b->job[*next].failed)
			continue;
		if (dir == NULL) {
			dir = b->job[*next].dir;
			c->first = *next;
		} else if (strcmp(dir, b->job[*next].dir) != 0)
			break;
		if (c->n++ > 0) {
			strlist_add(&c->args, "-e");
			strlist_add(&c->args, "reset session");
		}
		/* "./": a name is never taken for an option. */
		sb_reset(&arg);
		sb_addf(&arg, "./%s.gp", b->job[*next].name);
		strlist_add(&c->args, sb_str(&arg));
	}
	sb_free(&arg);
	c->argv = xcalloc(c->args.n + 1, sizeof(*c->argv));
	for (i = 0; i < c->args.n; i++)
		c->argv[i] = c->args.v[i];
	return c->n;
}

int
chart_batch_run(struct chart_batch *b, int jobs, struct strbuf *err)
{
	struct strbuf what = STRBUF_INIT, why = STRBUF_INIT;
	struct gp_chunk *c = NULL;
	struct proc *p;
	size_t i, j, k, next = 0, todo = 0, per, nc = 0, cap = 0, nproc;
	int rc = 0;

	for (i = 0; i < b->n; i++) {
		b->job[i].failed = 0;
		if (b->job[i].skip)
			continue;
		if (write_script(b->job[i].dir, b->job[i].name,
		    b->job[i].script, err) == -1) {
			b->job[i].failed = 1;
			rc = -1;
			continue;
		}
		todo++;
	}
	if (todo == 0)
		return rc;
	nproc = jobs < 1 ? 1 : (size_t)jobs;
	per = (todo + nproc - 1) / nproc;
	if (per > CHART_BATCH_MAX)
		per = CHART_BATCH_MAX;
	for (;;) {
		if (nc == cap) {
			cap = cap ? 2 * cap : 8;
			c = xreallocarray(c, cap, sizeof(*c));
		}
		if (chunk_next(b, &next, per, &c[nc]) == 0) {
			strlist_free(&c[nc].args);
			free(c[nc].argv);
			break;
		}
		nc++;
	}
	p = xcalloc(nc, sizeof(*p));
	for (k = 0; k < nc; k++) {
		p[k].argv = c[k].argv;
		p[k].dir = b->job[c[k].first].dir;
	}
	if (procs_run(p, nc, (int)nproc) == -1) {
		sb_addf(err, "waiting for gnuplot: %s", strerror(errno));
		rc = -1;
	}
	for (k = 0; k < nc; k++) {
		sb_reset(&what);
		sb_reset(&why);
		sb_addf(&what, "%s/%s.gp", b->job[c[k].first].dir,
		    b->job[c[k].first].name);
		if (c[k].n > 1)
			sb_addf(&what, " or one of the %zu scripts after it",
			    c[k].n - 1);
		if (gp_status(&p[k], sb_str(&what), &why) != STATUS_OK) {
			/* Those before the failing script may be drawn:
			 * none is trusted. */
			for (i = c[k].first, j = 0; j < c[k].n; i++)
				if (!b->job[i].skip && !b->job[i].failed) {
					b->job[i].failed = 1;
					j++;
				}
			sb_addf(err, "%s%s", err->len > 0 ? "\n" : "",
			    sb_str(&why));
			rc = -1;
		}
		strlist_free(&c[k].args);
		free(c[k].argv);
	}
	procs_free(p, nc);
	free(p);
	free(c);
	sb_free(&what);
	sb_free(&why);
	return rc;
}

void
chart_batch_free(struct chart_batch *b)
{
	size_t i;

	for (i = 0; i < b->n; i++) {
		free(b->job[i].dir);
		free(b->job[i].name);
		free(b->job[i].script);
	}
	free(b->job);
	memset(b, 0, sizeof(*b));
}

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

#include "gnuplot.h"
#include "kbench.h"

void
gp_string(struct strbuf *sb, const char *s)
{
	sb_add(sb, "'", 1);
	for (; *s; s++) {
		if (*s == '\'')
			sb_add(sb, "''", 2);	/* the only escape in '...' */
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

/* Run gnuplot on NAME.gp inside dir; its complaints into err. */
static int
run_gnuplot(const char *dir, const char *script, struct strbuf *err)
{
	int fds[2], status;
	char buf[512];
	ssize_t n;
	pid_t pid;

	if (pipe(fds) == -1) {
		sb_addf(err, "pipe: %s", strerror(errno));
		return -1;
	}
	if ((pid = fork()) == -1) {
		sb_addf(err, "fork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return -1;
	}
	if (pid == 0) {
		close(fds[0]);
		dup2(fds[1], STDERR_FILENO);
		dup2(fds[1], STDOUT_FILENO);
		close(fds[1]);
		if (chdir(dir) == -1)
			_exit(126);
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while ((n = read(fds[0], buf, sizeof(buf))) > 0)
		if (err->len < 4096)
			sb_add(err, buf, (size_t)n);
	close(fds[0]);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		sb_reset(err);
		sb_adds(err, "gnuplot not found: install it (Debian: apt-get "
		    "install gnuplot-nox; FreeBSD: pkg install gnuplot-lite)");
		return -1;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		sb_addf(err, "%sgnuplot failed on %s/%s", err->len ? "\n" : "",
		    dir, script);
		return -1;
	}
	sb_reset(err);
	return 0;
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

int
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
	struct strbuf path = STRBUF_INIT, file = STRBUF_INIT;
	struct strbuf data = STRBUF_INIT, settings = STRBUF_INIT;
	struct outfile of;
	size_t i;
	int rc;

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
	sb_addf(&file, "%s.gp", c->name);
	sb_addf(&path, "%s/%s", c->dir, sb_str(&file));
	/* Beside, then renamed: no half script, no planted link followed. */
	if (outfile_open(&of, sb_str(&path), OUTFILE_OURS, err) == -1) {
		outfile_close(&of, 0, err);
		rc = -1;
		goto out;
	}
	fputs(sb_str(&c->gp), of.fp);
	if (outfile_close(&of, 1, err) == -1) {
		rc = -1;
		goto out;
	}
	rc = run_gnuplot(c->dir, sb_str(&file), err);
out:
	sb_free(&path);
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

/*
 * cmd_ministat.c: "kbench ministat", a drop-in for FreeBSD's ministat(1)
 * that reads plain files and prints through analyze/ministat.c.
 *
 * Input as ministat reads it: one value per line, in column -C of the
 * fields split on any of the -d characters (strtok(3) rules: runs of
 * delimiters are one, leading ones are skipped); a field starting with
 * '#' ends the line; lines with fewer fields are skipped; "-" or no file
 * at all is standard input.  Where ministat crashes or misbehaves, kbench
 * does not: "-" anywhere in the list reads standard input, a width
 * outside 2 .. 10000 is refused (ministat crashes on -w 1 or 0), lines
 * have no length limit (ministat splits them at BUFSIZ), and NaN or
 * infinite values are refused with the file and line.  The output is
 * ministat's, byte for byte.
 */
#include <sys/ioctl.h>

#include <ctype.h>
#include <err.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbench.h"
#include "analyze/ministat.h"
#include "analyze/stats.h"
#include "lib/util.h"

#define MIN_POINTS	3	/* as ministat: fewer is refused */
#define SHOW_TOKEN	40	/* bytes of a bad field quoted back */
#define LINE_MAX_BYTES	65536	/* a longer line is refused, not grown */

struct input {
	const char	*path;		/* as given; "-" is standard input */
	const char	*name;		/* in the legend */
	const char	*where;		/* in diagnostics */
	FILE		*fp;
	double		*v;
	size_t		 n;
	size_t		 cap;
	double		 sum;		/* in input order, as ministat sums */
};

#define USAGE \
    "usage: kbench ministat [-C column] [-c confidence] [-d delimiters] " \
    "[-Anqs]\n" \
    "                       [-w width] [file ...]\n"

const char ministat_help[] =
    USAGE
    "\n"
    "FreeBSD's ministat(1), byte for byte: the statistics of each file\n"
    "(one number a line; \"-\" or no file at all is standard input), an\n"
    "ASCII plot, and Student's t test of every file after the first\n"
    "against the first.\n"
    "   -A               statistics and tests, no plot\n"
    "   -C column        the column holding the numbers (default 1)\n"
    "   -c confidence    80, 90, 95 (default), 98, 99 or 99.5 (where\n"
    "                    ministat's table holds two-sided 99.8%; kept)\n"
    "   -d delimiters    the characters between columns (default space, tab)\n"
    "   -n               statistics only: no plot, no test\n"
    "   -q               no legend, no table header\n"
    "   -s               one avg/median/stddev bar per file in the plot\n"
    "   -w width         the plot's width, 2 to 10000 (default 74, or the\n"
    "                    terminal's)\n"
    "At most 7 files of at least 3 numbers each; '#' starts a comment.\n";

static int
usage(void)
{
	fputs(USAGE, stderr);
	return KB_EXIT_USAGE;
}

/*
 * ministat's default width: 74, or on a terminal $COLUMNS, else the
 * terminal's width less the two frame columns.  ministat takes $COLUMNS
 * as the plot width itself (so the frame is two wider); kept.  A width
 * out of range here falls back to 74 rather than failing.
 */
static int
default_width(void)
{
	struct winsize ws;
	const char *cols;
	long w;

	w = MINISTAT_WIDTH_DEFAULT;
	if (isatty(STDOUT_FILENO)) {
		cols = getenv("COLUMNS");
		if (cols != NULL && *cols != '\0') {
			if (parse_long(cols, MINISTAT_WIDTH_MIN,
			    MINISTAT_WIDTH_MAX, &w) != 0)
				w = MINISTAT_WIDTH_DEFAULT;
		} else if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) != -1 &&
		    ws.ws_col > 0)
			w = ws.ws_col - 2;
	}
	if (w < MINISTAT_WIDTH_MIN || w > MINISTAT_WIDTH_MAX)
		w = MINISTAT_WIDTH_DEFAULT;
	return (int)w;
}

/*
 * The column-th field of line (1-based), NUL-terminated in place; NULL
 * when the line has fewer fields or a comment ('#' starting a field)
 * comes first.
 */
static char *
field(char *line, const char *delim, long column)
{
	char *p, *end;
	long i;

	p = line;
	for (i = 1;; i++) {
		p += strspn(p, delim);
		if (*p == '\0' || *p == '#')
			return NULL;
		end = p + strcspn(p, delim);
		if (i == column) {
			*end = '\0';
			return p;
		}
		p = end;
	}
}

/*
 * A field as ministat takes it: strtod(3) must use it all.  As strtod
 * does, leading white space (possible with -d), hex and exponents are
 * accepted; unlike ministat, "nan", "inf" and overflow are not, since
 * they would sort nowhere and poison every statistic.
 */
static int
parse_value(const char *s, double *out, const char **why)
{
	char *end;
	double d;

	d = strtod(s, &end);
	if (end == s || *end != '\0') {
		*why = "invalid number";
		return -1;
	}
	if (!isfinite(d)) {
		*why = "not a finite number";
		return -1;
	}
	*out = d;
	return 0;
}

static int
read_input(struct input *in, long column, const char *delim)
{
	char *line, *t;
	const char *why;
	size_t size;
	ssize_t len;
	unsigned long lineno;
	double d;
	int rc;

	line = NULL;
	size = 0;
	lineno = 0;
	rc = 0;
	while ((len = getline_max(&line, &size, in->fp, LINE_MAX_BYTES)) != -1) {
		lineno++;
		if (len == -2) {
			warnx("ministat: %s:%lu: line longer than %d bytes",
			    in->where, lineno, LINE_MAX_BYTES);
			rc = KB_EXIT_USAGE;
			break;
		}
		while (len > 0 && isspace((unsigned char)line[len - 1]))
			line[--len] = '\0';
		if ((t = field(line, delim, column)) == NULL)
			continue;
		if (parse_value(t, &d, &why) != 0) {
			warnx("ministat: %s:%lu: %s: \"%.*s%s\"", in->where,
			    lineno, why, SHOW_TOKEN, t,
			    strlen(t) > SHOW_TOKEN ? "..." : "");
			rc = KB_EXIT_USAGE;
			break;
		}
		if (in->n == in->cap) {
			in->cap = in->cap ? in->cap * 2 : 64;
			in->v = xreallocarray(in->v, in->cap, sizeof(*in->v));
		}
		in->v[in->n++] = d;
	}
	free(line);
	if (rc == 0 && ferror(in->fp)) {
		warn("ministat: %s", in->where);
		rc = KB_EXIT_IO;
	}
	if (rc == 0 && in->n < MIN_POINTS) {
		warnx("ministat: %s: at least %d values needed, found %zu",
		    in->where, MIN_POINTS, in->n);
		rc = KB_EXIT_USAGE;
	}
	if (rc == 0) {
		in->sum = stats_plain_sum(in->v, in->n);
		stats_sort(in->v, in->n);
	}
	return rc;
}

/* The options, as ministat(1) takes them: 0, or -1 said. */
static int
parse_options(int argc, char **argv, struct ministat_opts *opts,
    long *column, const char **delim)
{
	double level;
	long width;
	int ch;

	getopt_reset();
	/* The leading ':' makes getopt quiet: the messages are ours. */
	while ((ch = getopt(argc, argv, ":AC:c:d:nqsw:")) != -1) {
		switch (ch) {
		case 'A':
			opts->no_plot = 1;
			break;
		case 'C':
			if (parse_long(optarg, 1, INT_MAX, column) != 0) {
				warnx("ministat: -C %s: the column must be "
				    "a positive integer", optarg);
				return -1;
			}
			break;
		case 'c':
			if (parse_double(optarg, &level) != 0 ||
			    (opts->confidx = ministat_level_index(level)) < 0) {
				warnx("ministat: -c %s: the confidence must "
				    "be one of 80, 90, 95, 98, 99, 99.5",
				    optarg);
				return -1;
			}
			break;
		case 'd':
			if (*optarg == '\0') {
				warnx("ministat: -d: the delimiter string is "
				    "empty");
				return -1;
			}
			*delim = optarg;
			break;
		case 'n':
			opts->stats_only = 1;
			break;
		case 'q':
			opts->quiet = 1;
			break;
		case 's':
			opts->separate = 1;
			break;
		case 'w':
			if (parse_long(optarg, MINISTAT_WIDTH_MIN,
			    MINISTAT_WIDTH_MAX, &width) != 0) {
				warnx("ministat: -w %s: the width must be an "
				    "integer from %d to %d", optarg,
				    MINISTAT_WIDTH_MIN, MINISTAT_WIDTH_MAX);
				return -1;
			}
			opts->width = (int)width;
			break;
		case ':':
			warnx("ministat: option -%c needs an argument",
			    optopt);
			return -1;
		default:
			warnx("ministat: unknown option -%c", optopt);
			return -1;
		}
	}
	return 0;
}

/*
 * Every file opened first, as ministat does (standard input when none):
 * in[0..*nin).  0, or KB_EXIT_IO said.
 */
static int
open_inputs(struct input *in, int argc, char **argv, int *nin)
{
	int i;

	memset(in, 0, sizeof(*in) * MINISTAT_MAX_SETS);
	if (argc == 0) {
		in[0].path = "-";
		in[0].name = "<stdin>";
		*nin = 1;
	} else {
		for (i = 0; i < argc; i++)
			in[i].path = in[i].name = argv[i];
		*nin = argc;
	}
	for (i = 0; i < *nin; i++) {
		if (strcmp(in[i].path, "-") == 0) {
			in[i].fp = stdin;
			in[i].where = "<stdin>";
		} else if ((in[i].fp = fopen(in[i].path, "re")) == NULL) {
			warn("ministat: %s", in[i].path);
			return KB_EXIT_IO;
		} else
			in[i].where = in[i].path;
	}
	return 0;
}

/* The sets read, printed: 0, or KB_EXIT_IO for a failed write. */
static int
print_inputs(const struct input *in, int nin, const struct ministat_opts *opts)
{
	struct ministat_set sets[MINISTAT_MAX_SETS];
	int i;

	for (i = 0; i < nin; i++) {
		sets[i].name = in[i].name;
		sets[i].values = in[i].v;
		sets[i].n = in[i].n;
		sets[i].sum = in[i].sum;
	}
	/* The input is checked before; -1 here is a failed write. */
	return ministat_print(stdout, sets, (size_t)nin, opts) != 0 ?
	    KB_EXIT_IO : 0;
}

int
cmd_ministat(int argc, char **argv, struct kbench_ctx *ctx)
{
	struct input in[MINISTAT_MAX_SETS];
	struct ministat_opts opts = MINISTAT_OPTS_INIT;
	const char *delim = " \t";
	long column = 1;
	int i, nin = 0, rc;

	(void)ctx;
	opts.width = default_width();
	if (parse_options(argc, argv, &opts, &column, &delim) == -1)
		return usage();
	argc -= optind;
	argv += optind;
	if (argc > MINISTAT_MAX_SETS) {
		warnx("ministat: too many data sets: %d, at most %d", argc,
		    MINISTAT_MAX_SETS);
		return usage();
	}
	rc = open_inputs(in, argc, argv, &nin);
	for (i = 0; i < nin && rc == 0; i++)
		rc = read_input(&in[i], column, delim);
	if (rc == 0)
		rc = print_inputs(in, nin, &opts);
	for (i = 0; i < nin; i++) {
		if (in[i].fp != NULL && in[i].fp != stdin)
			fclose(in[i].fp);
		free(in[i].v);
	}
	return rc;
}

/*
 * util.h: small helpers shared by every layer: memory that does not
 * fail quietly, strict number parsing, a growable string.
 */
#ifndef KBENCH_UTIL_H
#define KBENCH_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/* Allocation that exits with status 4 and a message when memory runs out. */
void	*xmalloc(size_t n);
void	*xcalloc(size_t nmemb, size_t size);
void	*xreallocarray(void *p, size_t nmemb, size_t size);
char	*xstrdup(const char *s);
char	*xstrndup(const char *s, size_t n);

/*
 * Strict parsers: the whole string must be the number, no trailing junk,
 * no leading space.  parse_double() refuses NaN and infinities (and
 * overflow such as 1e999).  Return 0, or -1 with *out untouched.
 */
int	parse_double(const char *s, double *out);
int	parse_long(const char *s, long min, long max, long *out);

/*
 * Shortest decimal text that strtod() reads back as exactly v
 * ("55.79", not "55.789999999999999"); buf holds at least 32 bytes.
 */
char	*format_double(char *buf, size_t size, double v);
/*
 * A relative change v (0.05 for 5%) in percent: "+5.12%"; under 1%, two
 * significant digits ("+0.16%", "+0.050%", "-0.0031%"), so that a change
 * a verdict calls a regression never reads "+0.00%"; "+2.12e+279%" from
 * 1e6%, "+3.1e-12%" below 1e-9%; "-" for NaN.  buf holds 32 bytes.
 * Every text output of a change (analyze, trend, the site, the mail).
 */
char	*format_pct(char *buf, size_t size, double v);

/* A growable NUL-terminated string. */
struct strbuf {
	char	*buf;
	size_t	 len;
	size_t	 cap;
};
#define STRBUF_INIT	{ NULL, 0, 0 }
void	 sb_add(struct strbuf *sb, const char *s, size_t n);
void	 sb_adds(struct strbuf *sb, const char *s);
void	 sb_addf(struct strbuf *sb, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
void	 sb_reset(struct strbuf *sb);
void	 sb_free(struct strbuf *sb);
const char *sb_str(const struct strbuf *sb);

/*
 * A directory argument (-o DIR) as it is to be shown: its trailing
 * slashes dropped in place ("review/" is "review", "/" stays), so that
 * "DIR/report.md" never reads "review//report.md".  Returns arg.
 */
char	*dir_arg(char *arg);

/* Make the next getopt_long() call start again at argv[1]. */
void	getopt_reset(void);

/* Flush stdout and report a failed write (a full disk, a closed pipe). */
int	finish_stdout(const char *progname);

/*
 * UTF-8 (RFC 3629): the length of the sequence at s[0 .. n) (1 to 4), or
 * 0 when it is not valid there (overlong, a surrogate, truncated...).
 */
size_t	 utf8_seq(const char *s, size_t n);
/*
 * Does s (n bytes) start an invisible or reordering code point (U+00AD,
 * U+061C, U+200B.., U+202A-202E, U+2066-2069, U+FEFF, tags...)?  Its
 * length, and the code point in *cp; 0 if not.  Shown as \uXXXX (or
 * \UXXXXXXXX: sb_add_code_point), never raw.
 */
size_t	 invisible_seq(const char *s, size_t n, unsigned long *cp);
void	 sb_add_code_point(struct strbuf *sb, unsigned long c);
/* The offset of the first invalid byte of s[0 .. n), or n when valid. */
size_t	 utf8_check(const char *s, size_t n);
/* Append s[0 .. n) with each byte that is not UTF-8 as U+FFFD. */
void	 sb_add_valid_utf8(struct strbuf *sb, const char *s, size_t n);

/*
 * Text for a terminal: does s hold a control character (C0, DEL, or C1
 * as UTF-8), does it need escaping (a control, or bytes that are not
 * UTF-8), and s with each control or bad byte shown as \n, \t or \xNN:
 * a label with a newline keeps its row, and a terminal is sent no
 * escape sequence.
 */
int	 has_control(const char *s);
int	 needs_visible(const char *s);
void	 sb_add_visible(struct strbuf *sb, const char *s);
void	 sb_add_visible_n(struct strbuf *sb, const char *s, size_t n);
/* The same, but newlines and tabs kept: a message's own lines. */
void	 sb_add_terminal_n(struct strbuf *sb, const char *s, size_t n);
/* Write s[0 .. n) to out as sb_add_visible() shows it. */
void	 fput_visible(FILE *out, const char *s, size_t n);
/*
 * The columns UTF-8 text takes on a terminal (a wide CJK character two,
 * a combining mark none, a byte that is not UTF-8 one), whatever the
 * locale; display_prefix(): the bytes of its longest start, cut between
 * characters, within cols columns, and (width) the columns they take.
 */
size_t	 display_width(const char *s, size_t n);
size_t	 display_prefix(const char *s, size_t n, size_t cols, size_t *width);

/*
 * argv as one line that sh(1) splits back into the same words: a word of
 * plain characters as it is, any other in single quotes ('\'' for a
 * quote).  argv is NULL-terminated.
 */
void	 sb_shell_quote(struct strbuf *sb, char *const *argv);
/*
 * Is the process pid of machine host gone: host is this machine and no
 * such process runs?  Then what it marked "running" never ends.
 */
int	 process_gone(const char *host, long pid);
/* Free a NULL-terminated array of strings and the array. */
void	 argv_free(char **v);
/* A copy of a NULL-terminated array of strings, its strings too. */
char	**argv_copy(char *const *v);
/* 1 when a and b hold the same strings in the same order. */
int	 argv_equal(char *const *a, char *const *b);

/*
 * An ISO 8601 date, maybe with a time, as the store writes them
 * (YYYY-MM-DD[THH:MM[:SS[.fff]]][Z]): strings of that shape compare in
 * time order as text.
 */
int	 iso8601_valid(const char *s);

/*
 * getline() that reads no more than max bytes of a line (a line of a
 * file someone else wrote may be a gigabyte): the length, -1 at the end
 * (or an error: ferror), -2 for a longer line.
 */
ssize_t	 getline_max(char **line, size_t *cap, FILE *fp, size_t max);

#endif

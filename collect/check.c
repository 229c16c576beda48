/*
 * check.c: before a collection creates its run, ask each cell's program
 * whether it would run it (PROGRAM --check ARGS).  The program owns its
 * limits (a slack, a count, the kernel module being there): asking it
 * is what keeps the collector's idea of them from drifting.
 */
#include <stdlib.h>
#include <string.h>

#include <err.h>

#include "collect/cell.h"
#include "collect/collector.h"
#include "kbench_exit.h"

/* A check parses its arguments and sets up: seconds are plenty. */
#define CHECK_TIMEOUT_S	30

/*
 * The option in the program's words that the user spelt otherwise, "-s"
 * for --slack: its index in c->aliases, or -1 when the line names none.
 */
static long
alias_of(const struct collection *c, const char *line)
{
	const char *p;
	size_t i, n;

	if (c->aliases == NULL)
		return -1;
	for (i = 0; c->aliases[i] != NULL && c->aliases[i + 1] != NULL;
	    i += 2) {
		n = strlen(c->aliases[i]);
		/* The option as a word: "-s 2000000000: ...", not "-sx". */
		for (p = strstr(line, c->aliases[i]); p != NULL;
		    p = strstr(p + 1, c->aliases[i]))
			if ((p == line || p[-1] == ' ') &&
			    (p[n] == ' ' || p[n] == ':' || p[n] == '\0'))
				return (long)i;
	}
	return -1;
}

/* The argv of the question: PROGRAM --check ARGS. */
static char **
check_argv(char *const *argv)
{
	char **v;
	size_t n, i;

	for (n = 0; argv[n] != NULL; n++)
		;
	v = xcalloc(n + 2, sizeof(*v));
	v[0] = argv[0];
	v[1] = "--check";
	for (i = 1; i < n; i++)
		v[i + 1] = argv[i];
	return v;
}

/* Cells are asked once per distinct command. */
static int
asked_before(const struct collection *c, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++)
		if (argv_equal(c->cells[i].argv, c->cells[k].argv))
			return 1;
	return 0;
}

enum status
collection_check(const struct collection *c, const char *who)
{
	struct cell_result r;
	const char *prog;
	char **argv;
	long a;
	size_t k;
	enum status rc = STATUS_OK;

	for (k = 0; k < c->ncells && rc == STATUS_OK; k++) {
		if (asked_before(c, k))
			continue;
		memset(&r, 0, sizeof(r));
		argv = check_argv(c->cells[k].argv);
		cell_run(argv, CELL_CHECK, CHECK_TIMEOUT_S, NULL, &r);
		/* A program refuses with the usage status, as kbench does. */
		if (r.status == KB_EXIT_USAGE) {
			prog = c->program != NULL ? c->program : argv[0];
			a = alias_of(c, sb_str(&r.said));
			if (a < 0)
				warnx("%s: cell %s: %s refuses it: %s", who,
				    c->cells[k].name, prog, r.said.len > 0 ?
				    sb_str(&r.said) : "(it said nothing)");
			else
				warnx("%s: cell %s: %s refuses it: %s (%s's %s "
				    "is %s here)", who, c->cells[k].name, prog,
				    sb_str(&r.said), prog, c->aliases[a],
				    c->aliases[a + 1]);
			rc = STATUS_BAD_INPUT;
		} else if (r.why.len > 0) {
			warnx("%s: cell %s: cannot ask %s --check whether it "
			    "would run: %s", who, c->cells[k].name, argv[0],
			    sb_str(&r.why));
			rc = STATUS_SYSTEM;
		}
		free(argv);
		cell_result_free(&r);
	}
	return rc;
}

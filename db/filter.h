/*
 * filter.h: the selection options every command that reads samples
 * shares: --label, --run, -b/--benchmark, --where, --incomplete.
 *
 * A filter is plain data; db/filter.c turns it into SQL conditions with
 * bound values (the store is the only user of that).
 */
#ifndef KBENCH_FILTER_H
#define KBENCH_FILTER_H

#include <stddef.h>

#include "lib/strlist.h"
#include "lib/util.h"

/* Long-option codes, above any char, for the commands' getopt tables. */
enum {
	FOPT_LABEL = 256,
	FOPT_RUN,
	FOPT_WHERE,
	FOPT_INCOMPLETE,
	FOPT_BENCHMARK = 'b'
};

/* Spliced into a command's struct option array. */
#define FILTER_LONGOPTS							\
	{ "benchmark",	required_argument, NULL, FOPT_BENCHMARK },	\
	{ "incomplete",	no_argument,	   NULL, FOPT_INCOMPLETE },	\
	{ "label",	required_argument, NULL, FOPT_LABEL },		\
	{ "run",	required_argument, NULL, FOPT_RUN },		\
	{ "where",	required_argument, NULL, FOPT_WHERE }

/* For usage(): the synopsis of the filter options. */
#define FILTER_SYNOPSIS							\
	"[--label L]... [--run ID]... [-b BENCH]... [--where K=V]... [--incomplete]"

/* The most a filter takes: its SQL must stay within SQLite's limits. */
#define FILTER_MAX_VALUES	1000	/* --label, --run, -b, --where values */
#define FILTER_MAX_KEYS		100	/* different --where keys */
#define FILTER_MAX_RUNS		100	/* --run (ids, uuids, prefixes) */

struct filter {
	struct strlist	labels;		/* OR */
	struct strlist	runs;		/* id, uuid or uuid prefix; OR */
	struct strlist	benchmarks;	/* OR */
	struct strlist	where_keys;	/* where_keys.v[i] = where_values.v[i]: */
	struct strlist	where_values;	/* OR within a key, AND across keys */
	int		include_incomplete;	/* running and aborted runs too */
};


/*
 * Take one getopt result: 1 when it was a filter option, 0 when not,
 * -1 when its argument is bad (err says why).
 */
int	filter_option(struct filter *f, int opt, const char *arg,
	    struct strbuf *err);
/*
 * The KEY=VALUE parts of a selection, in order, into keys and values:
 * "hz=1000" one; "label=nightly,head=rw" two when every comma-separated
 * part is KEY=VALUE with KEY a word, no blank in it (a conjunction);
 * otherwise the whole is one KEY=VALUE whose value may hold commas
 * ("cmdline=console=ttyS0,115200 root=/dev/vda1").  "\," is a comma
 * that separates nothing ("key=p\,q=r" is key = "p,q=r").  None when
 * spec has no KEY= (a label or a run).  --where and --compare's sides
 * read their text this one way.
 */
void	filter_spec_parts(const char *spec, struct strlist *keys,
	    struct strlist *values);
/*
 * Narrow f to spec's parts (filter_spec_parts()), within the filter's
 * bounds: how many (0: spec has no KEY=, a label or a run), or -1 with
 * err saying which bound, after opt ("--where").
 */
int	filter_add_spec(struct filter *f, const char *spec, const char *opt,
	    struct strbuf *err);
/*
 * The inverse, for text a user pastes back (the mail's commands, the
 * advice of a message): "KEY=VALUE" appended to sb with each comma of
 * both written "\,", so that filter_spec_parts() reads it as one part.
 */
void	filter_part_text(struct strbuf *sb, const char *key, const char *value);
void	filter_free(struct filter *f);
/* A deep copy of src into dst. */
void	filter_copy(struct filter *dst, const struct filter *src);

/* The SQL a filter becomes is the store backends' (store_impl.h). */

#endif

/*
 * collector.h: run a matrix of benchmark cells, round after round, and
 * store every sample.
 *
 * A cell is one run of a benchmark program (a child process speaking the
 * protocol of protocol.h).  Each round runs every cell once, in an order
 * shuffled anew (slow drift must not bias one cell), and is committed as
 * one transaction when it completes: a crash, a hang, garbage from a
 * child or Ctrl-C loses at most the round in progress, and the run is
 * then marked aborted.  A run killed outright (kill -9, power loss)
 * stays "running", which kbench shows as incomplete.
 */
#ifndef KBENCH_COLLECTOR_H
#define KBENCH_COLLECTOR_H

#include "collect/until.h"
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "lib/kv.h"
#include "lib/status.h"
#include "db/store.h"

struct cell {
	char		**argv;		/* the child's command, NULL-terminated */
	char		 *name;		/* "method=nanosleep,usec=300": messages */
	double		  est_s;	/* expected duration, for the ETA: the
					   kind's guess, then calibrated */
	double		  timeout_s;	/* a child still running then hangs */
	/*
	 * Its cost model (estimate.c): a run takes the program's start-up
	 * plus iters iterations, each costing what its probe measured, plus
	 * request - the probe's request when the probe's iterations took
	 * at least what they asked for (a longer sleep).
	 */
	long		  probe;	/* in the collection's probes; -1: none */
	double		  iters;	/* iterations (of one thread) */
	double		  request;	/* an iteration's, in the probe's unit */
	double		  took_s;	/* its runs so far, in all */
	int		  ran;		/* how many */
};

/* A short run of a cell's program (-m), timed before the collection. */
struct probe {
	char		**argv;
	double		  iters;	/* its iterations (of one thread) */
	double		  request;	/* an iteration's, in unit_s; 0: none */
	double		  unit_s;	/* seconds per unit of its samples */
	int		  slowest;	/* an iteration costs its largest sample
					   (a sample per thread), not the mean */
	double		  per_iter;	/* measured, in unit_s; NaN: not yet */
	double		  spawn_s;	/* its time beyond its iterations */
};

struct collection {
	const char	*benchmark;	/* "sleep", "lock" */
	char		*label;		/* owned */
	int		 label_given;	/* by -l, not the default */
	const char	*command;	/* kbench's command line */
	int		 rounds;
	struct cell	*cells;
	size_t		 ncells;
	struct kvlist	 facts;		/* run facts: host, knobs, --meta */
	unsigned long	 seed;		/* of the shuffles; recorded */
	int		 quiet;		/* no matrix, no progress, no summary */
	int		 verbose;	/* -v: every cell, and the re-estimate */
	int		 busy_cpus;	/* CPUs a cell keeps busy at most */
	int		 check_only;	/* being checked: no notes either */
	char		*shape;		/* "3 methods x 4 usecs" (owned) */
	const char	*program;	/* its name, for messages: "testsleep" */
	/* Options the program spells otherwise: {"-s", "--slack", NULL}. */
	const char *const *aliases;
	struct probe	*probes;
	size_t		 nprobes;
	struct until	 until;		/* --until: stop once answered */
};

/* The options every kind of collection takes, for getopt_long tables. */
enum { COPT_META = 500, COPT_TIMEOUT };
#define COLLECT_LONGOPTS						\
	{ "label",	required_argument, NULL, 'l' },			\
	{ "meta",	required_argument, NULL, COPT_META },		\
	{ "quiet",	no_argument,	   NULL, 'q' },			\
	{ "rounds",	required_argument, NULL, 'r' },			\
	{ "timeout",	required_argument, NULL, COPT_TIMEOUT },	\
	{ "verbose",	no_argument,	   NULL, 'v' },			\
	UNTIL_LONGOPTS

struct collect_opts {
	const char	*label;		/* -l */
	struct kvlist	 meta;		/* --meta K=V */
	double		 timeout;	/* --timeout S; 0: the cell's own */
};

/*
 * Take one getopt result into c (rounds, quiet, verbose) and o: 1 when
 * it was a common option, 0 when not, -1 when its argument is bad (said
 * on stderr, naming who: "collect sleep").
 */
/* Is key a fact the collector records itself (refused from --meta)? */
int	collector_owns(const char *key);
int	collect_option(struct collection *c, struct collect_opts *o, int opt,
	    const char *arg, const char *who);

/*
 * collect_common.c: the option loop of kbench collect NAME (b's): the common
 * options taken into c and co (zeroed first; 5 rounds unless -r), each
 * other one given to take(opts, opt, arg), which answers COLLECT_TAKEN,
 * COLLECT_BAD (it said why on stderr) or COLLECT_UNKNOWN (the usage is
 * shown, unless c->check_only).  0, or -1 when the arguments are refused
 * (said on stderr, "collect NAME: ...").
 */
enum { COLLECT_TAKEN, COLLECT_BAD, COLLECT_UNKNOWN };
typedef int collect_take_fn(void *opts, int opt, const char *arg);
struct option;
struct kbench_ctx;
struct benchmark;
int	collect_parse(struct collection *c, struct collect_opts *co,
	    const struct benchmark *b, int argc, char **argv,
	    const char *shortopts, const struct option *longopts,
	    collect_take_fn *take, void *opts);
/*
 * For a take function: arg as a whole number from lo to hi, kept in *dst
 * as given (COLLECT_TAKEN), else COLLECT_BAD after saying "OPT ARG:
 * expected WHAT" (opt: "collect lock: -w").
 */
int	collect_number(const char **dst, const char *arg, long lo, long hi,
	    const char *opt, const char *what);
/*
 * For a take function: arg, a comma-separated list, appended to l
 * (COLLECT_TAKEN); an empty item or one already in l is COLLECT_BAD,
 * said (opt: "collect lock: -H").
 */
int	collect_list(struct strlist *l, const char *arg, const char *opt);
/*
 * Is s a whole number as it prints ("0", "12"; not "01", "+1", " 1")?
 * A matrix item that is not would run the cell of its value twice.
 */
int	collect_plain_number(const char *s);
/* arg, for a message: its controls escaped, quoted when empty or spaced. */
void	collect_arg_text(struct strbuf *sb, const char *arg);
/*
 * After the checks: collection_setup(), then the program that runs the
 * cells, the options it spells otherwise, and the matrix's shape.
 */
void	collect_begin(struct collection *c, const struct collect_opts *co,
	    const struct kbench_ctx *ctx, const struct benchmark *b,
	    const char *program, const char *const *aliases, const char *shape);

/*
 * What every kind sets alike: the label (-l, else the kernel release),
 * the benchmark's name, the command, the shuffle seed, this machine's
 * facts and the --meta ones.
 */
void	collection_setup(struct collection *c, const struct collect_opts *o,
	    const char *benchmark, const char *command);

/*
 * Add a cell; argv is copied.  name describes it in messages.  Its cost
 * model is none (probe -1) until the kind sets it.
 */
struct cell *collection_add(struct collection *c, char *const *argv,
	    const char *name, double est_s, double timeout_s);
/*
 * A probe (argv copied; an argv already there is shared): its index,
 * for a cell's probe.
 */
long	collection_probe(struct collection *c, char *const *argv,
	    double iters, double request, double unit_s, int slowest);
void	collection_free(struct collection *c);

/*
 * check.c: ask each distinct cell's program whether it would run:
 * PROGRAM --check ARGS (the program owns its limits).  STATUS_OK, or
 * after saying on stderr which cell its program refuses and its own
 * words ("who: cell NAME: PROGRAM refuses it: ..."), STATUS_BAD_INPUT;
 * a check that cannot be made (the program crashed, hung, could not be
 * run) is STATUS_SYSTEM.
 */
enum status	collection_check(const struct collection *c, const char *who);

/*
 * estimate.c: run the probes and set each cell's est_s from them: the
 * start-up measured, iterations times their measured cost.  A probe
 * that fails leaves the kind's guesses.  Then, during the run, the time
 * left: the cells run so far at their own mean, the others at their
 * estimate scaled as the cells run have gone.
 */
void	collection_calibrate(struct collection *c);
double	collection_left(const struct collection *c, const size_t *order,
	    size_t next, int round);
double	collection_total(const struct collection *c);
/* Seconds as "12.3 s", "M:SS" from a minute, "H:MM:SS" from an hour. */
void	collection_fmt_time(char *buf, size_t size, double s);

/*
 * summary.c: after a complete run, on out: how long it took (and what
 * was estimated), and the median of each series, or when there are
 * many, the command that shows them.
 */
int	collection_summary(struct store *s, const struct collection *c,
	    int64_t run_id, double took_s, double est_s, FILE *out);

/*
 * Run it into the store.  The 1-minute load average is read before the
 * first round and at the start and end of every round, and kept as run
 * facts (loadavg_start, loadavg_max, loadavg_rounds "start/end ...",
 * busy_cpus): a machine busy before the run (load above the CPUs the
 * benchmark leaves free) or during it (above ncpu) is said on stderr
 * unless quiet, and kbench analyze says it again.  Returns STATUS_OK;
 * STATUS_INTERRUPTED after SIGINT, SIGTERM or SIGHUP (the run aborted, complete
 * rounds kept); STATUS_SYSTEM when a child failed (crash, hang,
 * garbage); STATUS_DB on a database error.  Messages go to stderr.
 */
enum status	collection_run(struct store *s, struct collection *c);

#endif

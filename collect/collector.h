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

#include <stddef.h>

#include "kv.h"
#include "store.h"

struct cell {
	char		**argv;		/* the child's command, NULL-terminated */
	char		 *name;		/* "method=nanosleep,usec=300": messages */
	double		  est_s;	/* expected duration, for the ETA */
	double		  timeout_s;	/* a child still running then hangs */
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
	int		 quiet;		/* no matrix, no progress */
	int		 busy_cpus;	/* CPUs a cell keeps busy at most */
	int		 check_only;	/* being checked: no notes either */
};

/* The options every kind of collection takes, for getopt_long tables. */
enum { COPT_META = 500, COPT_TIMEOUT };
#define COLLECT_LONGOPTS						\
	{ "label",	required_argument, NULL, 'l' },			\
	{ "meta",	required_argument, NULL, COPT_META },		\
	{ "quiet",	no_argument,	   NULL, 'q' },			\
	{ "rounds",	required_argument, NULL, 'r' },			\
	{ "timeout",	required_argument, NULL, COPT_TIMEOUT }

struct collect_opts {
	const char	*label;		/* -l */
	struct kvlist	 meta;		/* --meta K=V */
	double		 timeout;	/* --timeout S; 0: the cell's own */
};

/*
 * Take one getopt result into c (rounds, quiet) and o: 1 when it was a
 * common option, 0 when not, -1 when its argument is bad (said on
 * stderr, naming who: "collect sleep").
 */
int	collect_option(struct collection *c, struct collect_opts *o, int opt,
	    const char *arg, const char *who);

/*
 * What every kind sets alike: the label (-l, else the kernel release),
 * the benchmark's name, the command, the shuffle seed, this machine's
 * facts and the --meta ones.
 */
void	collection_setup(struct collection *c, const struct collect_opts *o,
	    const char *benchmark, const char *command);

/* Add a cell; argv is copied.  name describes it in messages. */
void	collection_add(struct collection *c, char *const *argv,
	    const char *name, double est_s, double timeout_s);
void	collection_free(struct collection *c);

/*
 * Run it into the store.  The 1-minute load average is read before the
 * first round and at the start and end of every round, and kept as run
 * facts (loadavg_start, loadavg_max, loadavg_rounds "start/end ...",
 * busy_cpus): a machine busy before the run (load above the CPUs the
 * benchmark leaves free) or during it (above ncpu) is said on stderr
 * unless quiet, and kbench analyze says it again.  Returns a kbench exit status: 0; 130 or 143
 * after SIGINT or SIGTERM (the run aborted, complete rounds kept); 4
 * when a child failed (crash, hang, garbage); 3 on a database error.
 * Messages go to stderr.
 */
int	collection_run(struct store *s, struct collection *c);

#endif

/*
 * results.h: pfilbench-ctl's reader of the module's results text
 * (kmod_results(), its lines in kmodctl.h), checked against the run
 * pfilbench_ctl.c configured, into a struct results.  What no run of the
 * module prints ends the program with EXIT_FAIL, naming the line: the
 * reader returns only what it accepts.  Also what both halves show of the
 * module's text: vis() and vis_n(), and pfilbench-ctl's exit statuses.
 */
#ifndef KBENCH_PFILCTL_RESULTS_H
#define KBENCH_PFILCTL_RESULTS_H

#include <stddef.h>

#include "collect/pfilbench-ctl/kmodctl.h"

/* pfilbench-ctl's exit statuses (the top of pfilbench_ctl.c says them). */
#define EXIT_FAIL	1
#define EXIT_USAGE	2

#define MAXFACTS	64		/* fact lines of the module */

struct thread_result {
	unsigned long long	 id;
	long long		 cpu, bound;
	const char		*core;
	unsigned long long	 calls, busywait_ns, nvcsw, nivcsw;
	unsigned long long	 migrations, slow;
	unsigned long long	 at_first_end;	/* walks when the first ended */
	unsigned long long	 yields;	/* FreeBSD's kern_yield() calls */
	int			 has_afe, has_yields;	/* the module said them */
	long long		 start, end;	/* ns since the timed phase began */
	int			 lineno;
};

/* A fact line of the module's, recorded as it stands. */
struct module_fact {
	const char	*key, *value;
	int		 lineno;
};

struct results {
	struct thread_result	*t;
	size_t			 n;
	char			*seen;		/* [id]: a line for thread id */
	int			 has_afe, has_yields;	/* every thread's */
	int			 got_run, got_busywait;
	int			 writer;	/* a writer line was seen */
	long long		 writer_cpu, writer_bound;
	unsigned long long	 writes, write_ns, missed;
	long long		 wstart, wend;
	unsigned long long	 clock_ns, spin_ns;
	/* The run line's test hooks (Linux), or 0 and NULL. */
	unsigned long long	 test_lag_ns;
	const char		*test_fault;
	/* The check line (Linux): exclusion verified, violations found. */
	int			 checked;	/* a check line was seen */
	unsigned long long	 check, violations, viol_readers;
	unsigned long long	 viol_writer, viol_hooks;
	struct module_fact	 facts[MAXFACTS];
	size_t			 nfacts;
	/* The run, from the threads. */
	unsigned long long	 walks, min_calls, max_calls;
	unsigned long long	 nivcsw, migrations, slow;
	unsigned long long	 yields;	/* their sum, if has_yields */
	long long		 first, last;	/* min start, max end */
	double			 busywait;	/* mean measured busy-wait */
	double			 fairness;	/* fewest over most, or -1 */
};

/*
 * The module's results (kmodctl.h) in *r, checked against what c asked
 * for; text is split in place, and r's strings point into it.  The
 * caller frees text, r->t and r->seen.  Exits on what it refuses.
 */
void	parse_results(char *text, const struct kmod_config *c,
	    struct results *r);

/*
 * vis_n(): the first max bytes of s (the module's text) as a terminal
 * may be shown it, controls and bytes that are not UTF-8 as \xNN;
 * vis(): all of s.  Up to four in one message.
 */
const char	*vis_n(const char *s, size_t max);
const char	*vis(const char *s);

#endif

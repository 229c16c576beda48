/*
 * nightly.h: the configuration of "kbench nightly" (nightly_conf.c reads
 * it; cmd_nightly.c carries it out).
 *
 * A plain-text file, a keyword and its value per line:
 *
 *	# comments run from a '#' to the end of the line
 *	name          lab-a
 *	database      /var/db/kbench/kbench.db
 *	label         nightly-%Y-%m-%d
 *	lock          /var/db/kbench/nightly.lock
 *	fact          branch=main
 *	fact-command  kernel_git git -C /usr/src describe --always
 *	collect       sleep -r 3 -m nanosleep,select
 *	collect       lock --backend user -t 1,2
 *	trend         --last 90 --recent 3 --threshold 2
 *
 * Arguments split at blanks, with '...' and "..." quoting and backslash
 * escapes as in sh(1); a line ending in a backslash goes on on the next.
 * Relative paths are relative to the configuration file's directory.
 */
#ifndef KBENCH_NIGHTLY_H
#define KBENCH_NIGHTLY_H

#include "db/filter.h"

/* One "collect" line: kbench collect KIND ARGS... */
struct nightly_collect {
	char		*kind;		/* sleep or lock */
	struct strlist	 args;
	int		 line;
};

/* One "fact" (value) or "fact-command" (command, run by sh -c). */
struct nightly_fact {
	char	*key;
	char	*value;		/* the value, or the command */
	int	 is_command;
	int	 line;
};

struct nightly_conf {
	char			*path;		/* the file, as given */
	char			*name;		/* default: the file's base name */
	char			*database;	/* NULL: kbench's -d */
	char			*label;		/* a strftime(3) pattern */
	int			 label_line;	/* where it was set, or 0 */
	char			*lock;		/* default: DATABASE.nightly.lock */
	struct nightly_fact	*facts;
	size_t			 nfacts;
	struct nightly_collect	*collect;
	size_t			 ncollect;
	struct strlist		 trend_args;	/* after kbench trend */
	int			 trend_line;	/* where, or 0: none */
	char			*site;		/* kbench site's DIR, or NULL */
};

/* The label pattern when the file has none. */
#define NIGHTLY_LABEL	"nightly-%Y-%m-%d"

/* The longest line of a configuration, continued lines joined. */
#define NIGHTLY_LINE_MAX	16384

/*
 * Read and check the configuration at path.  Returns 0, or with the
 * reason in err, -1 when it is refused ("kbench.conf:7: unknown keyword
 * 'colect' (...)"), -2 when it could not be read.
 */
int	nightly_conf_read(const char *path, struct nightly_conf *c,
	    struct strbuf *err);
void	nightly_conf_free(struct nightly_conf *c);

/*
 * The locks of a night (nightly_lock.c): the lock file at path (never
 * the database db, its -wal or -shm, nor the configuration conf, nor a
 * file that holds other than kbench's lock line), and the lock of the
 * database db itself, in the user's lock directory (root's
 * NIGHTLY_LOCK_DIR_ROOT, others' HOME/.kbench-locks, or
 * $KBENCH_LOCK_DIR), named by its device and inode.  Each returns the
 * descriptor, held until the night ends (close-on-exec), or -1 with why
 * set; *busy is 1 when another nightly holds it.  conf is written in
 * the lock, for the one locked out.  The checks, for the dry run, take
 * nothing and make nothing: 0, or -1 with why.
 */
#define NIGHTLY_LOCK_DIR_ROOT	"/var/run/kbench-locks"
int	nightly_lock_file(const char *path, const char *db, const char *conf,
	    struct strbuf *why, int *busy);
int	nightly_lock_check(const char *path, const char *db, const char *conf,
	    struct strbuf *why);
int	nightly_lock_dir_check(struct strbuf *why);
int	nightly_lock_database(const char *db, const char *conf,
	    struct strbuf *why, int *busy);

/*
 * Split s into arguments as sh(1) would, without expansions: blanks
 * separate, '...' is literal, "..." takes \" \\ \$ \` escapes, a backslash
 * outside quotes escapes the next character, '#' at the start of an
 * argument comments out the rest.  Returns 0, or -1 with err set.
 */
int	nightly_split(const char *s, struct strlist *out, struct strbuf *err);

#endif

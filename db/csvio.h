/*
 * csvio.h: CSV in and out of the store.
 *
 * The canonical format (what export writes, import reads back) is one
 * sample a row:
 *
 *   run,label,benchmark,status,started,ended,command,version,
 *   fact.K...,key.K...,unit,better,round,seq,value
 *
 * round is the invocation of the benchmark program that made the sample
 * (a whole number, 0 to STORE_ROUND_MAX), empty when none was recorded.
 * Files of a kbench before rounds end unit,better,seq,value: read too,
 * with no rounds.
 *
 * Any other CSV is read in the mapped form: the caller names the value
 * column, the series-key columns, the run-splitting columns and, if the
 * file has one, the round column.
 *
 * What makes a round an orderable invocation, refused otherwise (in
 * either form): within a run, every sample has a round or none has;
 * within a series, in file order, a round once left never comes back
 * (1,1,2,2,3, not 1,2,1), and a later round's samples have higher seqs
 * than an earlier round's, so that seq order (export's) keeps the rounds
 * in order too.  Different series may be in any order between them.
 */
#ifndef KBENCH_CSVIO_H
#define KBENCH_CSVIO_H

#include <stdint.h>
#include <stdio.h>

#include "db/filter.h"
#include "lib/kv.h"
#include "db/store.h"
#include "db/valid.h"
#include "lib/strmap.h"
#include "lib/util.h"

/* What went wrong, so the command can choose its exit status. */
enum csv_status {
	CSV_OK = 0,
	CSV_EINPUT,	/* the file: malformed, missing column, bad number */
	CSV_EDB,	/* the database */
	CSV_ESYS	/* the system: cannot open or read, out of memory */
};

/* Longest field accepted (a sample value or a label is far shorter). */
#define CSV_MAX_FIELD	VALID_MAX_TEXT
/* Most columns a header may have (kbench's canonical CSV has ~40). */
#define CSV_MAX_COLUMNS	4096

struct import_opts {
	/* Mapped form: value_col set.  Canonical form: value_col NULL. */
	const char	*value_col;
	struct strlist	 key_cols;
	struct strlist	 runby_cols;
	const char	*round_col;	/* --round-by; mapped only, NULL: none */
	const char	*benchmark;	/* -b; default "import" */
	const char	*label;		/* -l; default: the file's base name */
	const char	*unit;		/* --unit; default "" */
	const char	*better;	/* --better lower|higher; default lower */
	struct kvlist	 meta;		/* --meta K=V, facts of every run */
	const char	*command;	/* the command line, for the run table */
	int		 libcsv_only;	/* tests: no plain-line fast path */
	/* Streamed under the write lock: regular files with data only. */
	int		 regular_only;
};

struct import_totals {
	int64_t		runs;
	int64_t		series;
	int64_t		samples;
	/* "FILE:LINE" where each run began, by its id in the store - 1 */
	struct strlist	origins;
	/* uuid -> "FILE:LINE" (malloc'd) of each canonical run it made */
	struct strmap	made;
};
/* What the totals hold, freed (they may be used again, zeroed). */
void	import_totals_free(struct import_totals *t);

/*
 * Import one file (path "-" is standard input) inside the caller's
 * transaction.  On failure err holds "FILE:LINE: ..." and nothing of
 * this file may be committed: the caller rolls back.
 */
enum csv_status	csv_import(struct store *s, const char *path,
		    const struct import_opts *o, struct import_totals *t,
		    struct strbuf *err);

struct export_opts {
	const struct filter	*filter;
	/* Fact columns: all facts when all_facts, else just these. */
	int			 all_facts;
	struct strlist		 facts;
};

/*
 * Write the canonical CSV of the selected samples to out.  CSV_ESYS: a
 * write failed, err says why (strerror), the caller names the file.
 */
enum csv_status	csv_export(struct store *s, const struct export_opts *o,
		    FILE *out, struct strbuf *err);

/* Write a CSV field, quoted when it needs to be. */
void		csv_put_field(FILE *out, const char *s);
/* ,number: the shortest text that reads back the same; just "," for NaN. */
void		csv_put_num(FILE *out, double v);

#endif

/*
 * valid.h: what a run, a fact, a series and a sample may hold.  Import
 * checks each file against these rules and merge each source database,
 * so that a run one of them takes the other takes too, and export's CSV
 * imports back.  Each returns 0, or -1 with why ("WHAT 'VALUE': what
 * was expected", the value shown with its controls escaped).
 */
#ifndef KBENCH_VALID_H
#define KBENCH_VALID_H

#include <stdint.h>

#include "db/store.h"
#include "lib/util.h"

/* The longest text kept: import's longest field (CSV_MAX_FIELD). */
#define VALID_MAX_TEXT	(1024 * 1024)

/* UTF-8, no longer than VALID_MAX_TEXT; what names it in why. */
int	valid_text(const char *what, const char *s, struct strbuf *why);
/*
 * A run's columns: uuid, label, benchmark and started not empty, every
 * text valid, the label printable, a known status, ISO 8601 times.
 */
int	valid_run(const struct run_info *ri, struct strbuf *why);
/* A fact's value valid text, its name without a control character. */
int	valid_fact(const char *key, const char *value, struct strbuf *why);
/*
 * Its keys and their values valid text, the keys' names and its unit
 * without a control character, and better lower or higher.
 */
int	valid_series(const struct series_info *si, struct strbuf *why);
/* seq >= 0, round STORE_NO_ROUND or 0 to STORE_ROUND_MAX, a finite value. */
int	valid_sample(int64_t seq, int64_t round, double v, struct strbuf *why);

#endif

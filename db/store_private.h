/*
 * store_private.h: for the store's own files (db/store*.c) only.
 */
#ifndef KBENCH_STORE_PRIVATE_H
#define KBENCH_STORE_PRIVATE_H

#include <sqlite3.h>

#include "db/store.h"

sqlite3	*store_sqlite(struct store *s);
/* Record "PATH: what: SQLite's message" as the error; -1. */
int	 store_failed(struct store *s, const char *what);

#endif

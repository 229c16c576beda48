/*
 * store_private.h: for the store's own files (db/store*.c) only.
 */
#ifndef KBENCH_STORE_PRIVATE_H
#define KBENCH_STORE_PRIVATE_H

#include <sqlite3.h>

#include "db/store.h"

sqlite3	*store_sqlite(struct store *s);
/* store_sqlite_source.c: store_check_source() of a file. */
int	 sq_check_source(struct store *s, struct strbuf *why);
/* Record "PATH: what: SQLite's message" as the error; -1. */
int	 store_failed(struct store *s, const char *what);

/*
 * store_rocopy.c.  A database's -wal: empty or none (STORE_WAL_NONE),
 * holding commits with its -shm there, or without one.
 */
#define STORE_WAL_NONE		0
#define STORE_WAL_SHM		1
#define STORE_WAL_NO_SHM	2
int	 store_wal_state(const char *path);
struct odir;
/*
 * Copy path and its -wal into a new private directory *dir (in $TMPDIR,
 * mode 0700): 0 and *copy, the copy's path; -1 with err set.
 */
int	 store_private_copy(const char *path, struct odir **dir, char **copy,
	    struct strbuf *err);
/* Remove the copy and dir (and free dir); NULL is none. */
void	 store_private_remove(struct odir *dir);

#endif

/*
 * schema.c: the database schema, as a list of migrations.
 *
 * migrations[i] takes a database from user_version i to i + 1.  Never
 * edit a migration that has shipped: append a new one.  store_open()
 * applies the missing ones in one transaction.
 */
#include <stddef.h>

#include "db/schema.h"

static const char *const migrations[] = {
	/* 0 -> 1: the first schema. */
	"CREATE TABLE run ("
	"  id           INTEGER PRIMARY KEY,"
	"  uuid         TEXT NOT NULL UNIQUE,"
	"  label        TEXT NOT NULL,"
	"  benchmark    TEXT NOT NULL,"
	"  status       TEXT NOT NULL"
	"               CHECK (status IN ('running', 'complete', 'aborted')),"
	"  started_at   TEXT NOT NULL,"		/* ISO 8601 UTC */
	"  ended_at     TEXT,"
	"  command      TEXT NOT NULL DEFAULT '',"
	"  tool_version TEXT NOT NULL DEFAULT ''"
	");"
	"CREATE INDEX run_label ON run (label);"
	"CREATE TABLE run_fact ("
	"  run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,"
	"  key    TEXT NOT NULL,"
	"  value  TEXT NOT NULL,"
	"  PRIMARY KEY (run_id, key)"
	") WITHOUT ROWID;"
	/* name: the keys as "k=v,k=v", sorted: a series' identity across runs. */
	"CREATE TABLE series ("
	"  id     INTEGER PRIMARY KEY,"
	"  run_id INTEGER NOT NULL REFERENCES run (id) ON DELETE CASCADE,"
	"  name   TEXT NOT NULL,"
	"  unit   TEXT NOT NULL DEFAULT '',"
	"  better TEXT NOT NULL CHECK (better IN ('lower', 'higher')),"
	"  UNIQUE (run_id, name)"
	");"
	"CREATE TABLE series_key ("
	"  series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,"
	"  key       TEXT NOT NULL,"
	"  value     TEXT NOT NULL,"
	"  PRIMARY KEY (series_id, key)"
	") WITHOUT ROWID;"
	"CREATE INDEX series_key_kv ON series_key (key, value);"
	/*
	 * One row a sample, raw.  WITHOUT ROWID clusters a series' samples
	 * in seq order and keeps a row near 20 bytes on disk.  No foreign
	 * key here: the writer inserts samples only under a series it just
	 * looked up, and the check would cost a lookup per sample.
	 */
	"CREATE TABLE sample ("
	"  series_id INTEGER NOT NULL,"
	"  seq       INTEGER NOT NULL,"
	"  value     REAL NOT NULL,"
	"  PRIMARY KEY (series_id, seq)"
	") WITHOUT ROWID;",

	/*
	 * 1 -> 2: each series' summary, cached by the first reader of a
	 * finished run (kbench trend), so a history of a year is read as one
	 * row a run; lo and hi (the 95% interval of the median) are NULL
	 * when there are too few samples for one, median too when n is 0.
	 * And the log of "kbench nightly": one row an invocation.
	 */
	"CREATE TABLE series_summary ("
	"  series_id INTEGER PRIMARY KEY"
	"            REFERENCES series (id) ON DELETE CASCADE,"
	"  n         INTEGER NOT NULL,"
	"  median    REAL,"
	"  lo        REAL,"
	"  hi        REAL,"
	"  level     REAL"	/* the interval's exact level, >= 95 */
	");"
	"CREATE TABLE nightly ("
	"  id          INTEGER PRIMARY KEY,"
	"  name        TEXT NOT NULL,"
	"  label       TEXT NOT NULL,"
	"  config      TEXT NOT NULL,"		/* the configuration file */
	"  host        TEXT NOT NULL,"
	"  pid         INTEGER NOT NULL,"
	"  started_at  TEXT NOT NULL,"
	"  ended_at    TEXT,"
	"  status      TEXT NOT NULL CHECK (status IN ('running', 'ok',"
	"              'failed', 'regression', 'interrupted')),"
	"  collections INTEGER NOT NULL DEFAULT 0,"
	"  failed      INTEGER NOT NULL DEFAULT 0,"
	"  trend       INTEGER"	/* the trend check's exit status, or NULL */
	");",

	/*
	 * 2 -> 3: a nightly locked out by another (status 'locked-out'), or
	 * whose configuration was refused ('refused'), is logged too.
	 * SQLite cannot change a CHECK constraint: the table is made anew
	 * and its rows copied, ids kept.
	 */
	"CREATE TABLE nightly_3 ("
	"  id          INTEGER PRIMARY KEY,"
	"  name        TEXT NOT NULL,"
	"  label       TEXT NOT NULL,"
	"  config      TEXT NOT NULL,"
	"  host        TEXT NOT NULL,"
	"  pid         INTEGER NOT NULL,"
	"  started_at  TEXT NOT NULL,"
	"  ended_at    TEXT,"
	"  status      TEXT NOT NULL CHECK (status IN ('running', 'ok',"
	"              'failed', 'regression', 'interrupted', 'locked-out',"
	"              'refused')),"
	"  collections INTEGER NOT NULL DEFAULT 0,"
	"  failed      INTEGER NOT NULL DEFAULT 0,"
	"  trend       INTEGER"
	");"
	"INSERT INTO nightly_3 SELECT id, name, label, config, host, pid,"
	"  started_at, ended_at, status, collections, failed, trend"
	"  FROM nightly;"
	"DROP TABLE nightly;"
	"ALTER TABLE nightly_3 RENAME TO nightly;",

	/*
	 * 3 -> 4: the round each sample came from (one invocation of the
	 * benchmark program: 1, 2, ...), the unit a comparison counts in.
	 * NULL where none was recorded (samples of an older kbench, an
	 * import without one): each such sample is then its own unit.  A
	 * small integer costs a byte or two a row.
	 */
	"ALTER TABLE sample ADD COLUMN round INTEGER;",

	/*
	 * 4 -> 5: what identifies a nightly's process beyond its pid (its
	 * boot and start time, lib/procid.h), so a pid reused after a
	 * reboot is not taken for the nightly still running.  NULL in the
	 * rows of an older kbench: their pid alone is looked at.
	 */
	"ALTER TABLE nightly ADD COLUMN process TEXT;",
};

int
schema_version(void)
{
	return (int)(sizeof(migrations) / sizeof(migrations[0]));
}

const char *
schema_migration(int from)
{
	if (from < 0 || from >= schema_version())
		return NULL;
	return migrations[from];
}

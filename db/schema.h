/*
 * schema.h: the versioned schema (PRAGMA user_version) of the store.
 */
#ifndef KBENCH_SCHEMA_H
#define KBENCH_SCHEMA_H

/* PRAGMA application_id of a kbench database: "kben". */
#define SCHEMA_APPLICATION_ID	0x6b62656e

/* The version this kbench writes: the number of migrations. */
int		 schema_version(void);
/* The SQL that takes version from to from + 1, or NULL. */
const char	*schema_migration(int from);

#endif

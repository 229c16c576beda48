/*
 * store_source.c: is a database one kbench wrote?  A merge's source
 * comes from elsewhere, and SQLite runs what a schema says: a view
 * where kbench has a table is a query its maker chose (an endless
 * recursive one never ends), a trigger or a virtual table is code.  So
 * before anything is read from it, its schema is compared with the one
 * kbench makes (every migration applied to an empty database in memory):
 * the same tables and indexes, each with the same columns, and nothing
 * else.  Then every value is checked against its column's type: SQLite
 * keeps 'nan' as text in a REAL column, and a reader takes it for 0.
 */
#include <stdlib.h>
#include <string.h>

#include "db/schema.h"
#include "db/store_private.h"

#define NOT_KBENCH	": not a database kbench wrote"

/* The schema kbench makes, in a database in memory; NULL if it fails. */
static sqlite3 *
made_schema(void)
{
	sqlite3 *db;
	int v;

	if (sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		sqlite3_close(db);
		return NULL;
	}
	for (v = 0; v < schema_version(); v++)
		if (sqlite3_exec(db, schema_migration(v), NULL, NULL, NULL) !=
		    SQLITE_OK) {
			sqlite3_close(db);
			return NULL;
		}
	return db;
}

/* One text from a query of one bound name; NULL when there is no row. */
static char *
query_text(sqlite3 *db, const char *sql, const char *name, int *err)
{
	sqlite3_stmt *st;
	char *v = NULL;
	int rc;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		*err = 1;
		return NULL;
	}
	sqlite3_bind_text(st, 1, name, -1, SQLITE_STATIC);
	if ((rc = sqlite3_step(st)) == SQLITE_ROW &&
	    sqlite3_column_text(st, 0) != NULL)
		v = xstrdup((const char *)sqlite3_column_text(st, 0));
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		*err = 1;
	sqlite3_finalize(st);
	return v;
}

/*
 * The collations of a table's columns (pragma_table_xinfo does not show
 * them, and a NOCASE uuid would take two runs for one): appended to sig.
 */
static void
add_collations(sqlite3 *db, const char *table, struct strbuf *sig, int *err)
{
	sqlite3_stmt *st;
	const char *type, *coll;
	int notnull, pk, autoinc;

	if (sqlite3_prepare_v2(db, "SELECT name FROM pragma_table_xinfo(?1)",
	    -1, &st, NULL) != SQLITE_OK) {
		*err = 1;
		return;
	}
	sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		if (sqlite3_table_column_metadata(db, "main", table,
		    (const char *)sqlite3_column_text(st, 0), &type, &coll,
		    &notnull, &pk, &autoinc) != SQLITE_OK)
			coll = "?";
		sb_addf(sig, "|%s%s", coll, autoinc ? "+" : "");
	}
	sqlite3_finalize(st);
}

/* A table's or an index's columns, as one text; NULL on an error. */
static char *
columns(sqlite3 *db, const char *type, const char *name, int *err)
{
	static const char table[] = "SELECT coalesce(group_concat(cid || ' ' ||"
	    " name || ' ' || type || ' ' || \"notnull\" || ' ' ||"
	    " coalesce(dflt_value, '-') || ' ' || pk || ' ' || hidden, ';'), '')"
	    " FROM pragma_table_xinfo(?1)";
	static const char index[] = "SELECT coalesce(group_concat(seqno || ' ' ||"
	    " cid || ' ' || coalesce(name, '-') || ' ' || \"desc\" || ' ' ||"
	    " coalesce(coll, '-') || ' ' || \"key\", ';'), '')"
	    " FROM pragma_index_xinfo(?1)";

	struct strbuf sig = STRBUF_INIT;
	char *v;

	if ((v = query_text(db, strcmp(type, "table") == 0 ? table : index,
	    name, err)) == NULL || strcmp(type, "table") != 0)
		return v;
	sb_adds(&sig, v);
	free(v);
	add_collations(db, name, &sig, err);
	return sig.buf;
}

/* "a TYPE 'NAME'" (controls in NAME shown escaped). */
static void
add_object(struct strbuf *why, const char *type, const char *name)
{
	sb_addf(why, "a %s '", type);
	sb_add_visible(why, name);
	sb_adds(why, "'");
}

/*
 * One object of the source against the one of its name kbench makes:
 * 0 when alike, 1 when not (why says how), -1 on an error of src.
 */
static int
object_alike(sqlite3 *src, sqlite3 *made, const char *type, const char *name,
    const char *tbl, const char *sql, struct strbuf *why)
{
	char *mtype, *mtbl = NULL, *a = NULL, *b = NULL;
	int err = 0, rc = 1;

	/* Statistics SQLite's ANALYZE keeps: data, no code. */
	if (strcmp(type, "table") == 0 && (strcmp(name, "sqlite_stat1") == 0 ||
	    strcmp(name, "sqlite_stat4") == 0))
		return 0;
	mtype = query_text(made, "SELECT type FROM sqlite_schema WHERE name = ?1",
	    name, &err);
	if (strcmp(type, "table") == 0 && strncmp(sql, "CREATE VIRTUAL", 14) == 0)
		type = "virtual table";
	add_object(why, type, name);
	if (mtype == NULL || strcmp(type, mtype) != 0) {
		if (mtype == NULL)
			sb_adds(why, ", which kbench never makes" NOT_KBENCH);
		else
			sb_addf(why, ", not the %s kbench makes" NOT_KBENCH, mtype);
		goto out;
	}
	sb_reset(why);
	mtbl = query_text(made, "SELECT tbl_name FROM sqlite_schema WHERE"
	    " name = ?1", name, &err);
	a = columns(src, type, name, &err);
	b = columns(made, type, name, &err);
	if (err) {
		rc = -1;
		goto out;
	}
	if (mtbl == NULL || strcmp(tbl, mtbl) != 0 || a == NULL || b == NULL ||
	    strcmp(a, b) != 0) {
		sb_addf(why, "%s '", type);
		sb_add_visible(why, name);
		sb_adds(why, "': not the columns kbench makes" NOT_KBENCH);
		goto out;
	}
	rc = 0;
out:
	free(mtype);
	free(mtbl);
	free(a);
	free(b);
	return rc;
}

/* Every object of src is one kbench makes: 0, 1 (why), -1. */
static int
objects_alike(struct store *s, sqlite3 *made, struct strbuf *why)
{
	sqlite3 *src = store_sqlite(s);
	sqlite3_stmt *st;
	int rc = 0, step;

	if (sqlite3_prepare_v2(src, "SELECT type, name, tbl_name,"
	    " coalesce(sql, '') FROM sqlite_schema ORDER BY name", -1, &st,
	    NULL) != SQLITE_OK)
		return store_failed(s, "reading the schema");
	while (rc == 0 && (step = sqlite3_step(st)) == SQLITE_ROW)
		rc = object_alike(src, made,
		    (const char *)sqlite3_column_text(st, 0),
		    (const char *)sqlite3_column_text(st, 1),
		    (const char *)sqlite3_column_text(st, 2),
		    (const char *)sqlite3_column_text(st, 3), why);
	if (rc == 0 && step != SQLITE_DONE)
		rc = -1;
	sqlite3_finalize(st);
	return rc == -1 ? store_failed(s, "reading the schema") : rc;
}

/* Every object kbench makes is in src: 0, 1 (why), -1. */
static int
objects_there(struct store *s, sqlite3 *made, struct strbuf *why)
{
	sqlite3_stmt *st;
	char *type;
	int rc = 0, err = 0;

	if (sqlite3_prepare_v2(made, "SELECT type, name FROM sqlite_schema"
	    " ORDER BY name", -1, &st, NULL) != SQLITE_OK)
		return store_failed(s, "making kbench's schema");
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW) {
		const char *name = (const char *)sqlite3_column_text(st, 1);

		type = query_text(store_sqlite(s), "SELECT type FROM sqlite_schema"
		    " WHERE name = ?1", name, &err);
		if (err)
			rc = -1;
		else if (type == NULL) {
			sb_addf(why, "no %s '%s', which kbench makes" NOT_KBENCH,
			    (const char *)sqlite3_column_text(st, 0), name);
			rc = 1;
		}
		free(type);
	}
	sqlite3_finalize(st);
	return rc == -1 ? store_failed(s, "reading the schema") : rc;
}

/* The storage classes a column of this declared type may hold. */
static const char *
classes(const char *decl, int nullable, const char **what)
{
	if (strcmp(decl, "INTEGER") == 0) {
		*what = "a whole number";
		return nullable ? "'integer', 'null'" : "'integer'";
	}
	if (strcmp(decl, "REAL") == 0) {
		*what = "a number";
		return nullable ? "'real', 'integer', 'null'" : "'real', 'integer'";
	}
	*what = "text";
	return nullable ? "'text', 'null'" : "'text'";
}

/*
 * The query for the first value of table that is not of its column's
 * type: its column, the value quoted (SQL's quote()), its type.  One
 * scan of the table, however many columns.
 */
static int
types_query(sqlite3 *made, const char *table, struct strbuf *sql)
{
	struct strbuf k = STRBUF_INIT, v = STRBUF_INIT, r = STRBUF_INIT;
	sqlite3_stmt *st;
	const char *name, *in, *what;
	int n = 0;

	if (sqlite3_prepare_v2(made, "SELECT name, type, \"notnull\" = 0 AND"
	    " pk = 0 FROM pragma_table_info(?1)", -1, &st, NULL) != SQLITE_OK)
		return -1;
	sqlite3_bind_text(st, 1, table, -1, SQLITE_STATIC);
	while (sqlite3_step(st) == SQLITE_ROW) {
		name = (const char *)sqlite3_column_text(st, 0);
		in = classes((const char *)sqlite3_column_text(st, 1),
		    sqlite3_column_int(st, 2), &what);
		sb_addf(&k, " WHEN typeof(\"%s\") NOT IN (%s) THEN '%s'", name,
		    in, name);
		sb_addf(&v, " WHEN typeof(\"%s\") NOT IN (%s) THEN \"%s\"", name,
		    in, name);
		sb_addf(&r, " WHEN typeof(\"%s\") NOT IN (%s) THEN 'type'",
		    name, in);
		/*
		 * A NUL inside a text: C reads it as ending there, so what
		 * follows would be neither checked nor copied.
		 */
		sb_addf(&k, " WHEN typeof(\"%s\") = 'text' AND instr(\"%s\","
		    " char(0)) > 0 THEN '%s'", name, name, name);
		sb_addf(&v, " WHEN typeof(\"%s\") = 'text' AND instr(\"%s\","
		    " char(0)) > 0 THEN replace(\"%s\", char(0), '\\0')", name,
		    name, name);
		sb_addf(&r, " WHEN typeof(\"%s\") = 'text' AND instr(\"%s\","
		    " char(0)) > 0 THEN 'nul'", name, name);
		n++;
	}
	sqlite3_finalize(st);
	sb_reset(sql);
	sb_addf(sql, "SELECT k, substr(quote(v), 1, 60), typeof(v), r FROM"
	    " (SELECT CASE%s END AS k, CASE%s END AS v, CASE%s END AS r FROM"
	    " \"%s\") WHERE k IS NOT NULL LIMIT 1", sb_str(&k), sb_str(&v),
	    sb_str(&r), table);
	sb_free(&k);
	sb_free(&v);
	sb_free(&r);
	return n > 0 ? 0 : -1;
}

/* Is every value of this table of its column's type?  0, 1 (why), -1. */
static int
table_typed(struct store *s, sqlite3 *made, const char *table,
    struct strbuf *why)
{
	struct strbuf sql = STRBUF_INIT;
	sqlite3_stmt *st = NULL;
	const char *col, *what;
	char *decl = NULL;
	int rc = -1, step, err = 0;

	if (types_query(made, table, &sql) == -1)
		goto out;
	if (sqlite3_prepare_v2(store_sqlite(s), sb_str(&sql), -1, &st, NULL) !=
	    SQLITE_OK)
		goto out;
	if ((step = sqlite3_step(st)) == SQLITE_DONE)
		rc = 0;
	else if (step == SQLITE_ROW) {
		col = (const char *)sqlite3_column_text(st, 0);
		if (strcmp((const char *)sqlite3_column_text(st, 3), "nul") == 0) {
			sb_addf(why, "table %s, column %s: ", table, col);
			sb_add_visible(why, (const char *)sqlite3_column_text(st,
			    1));
			sb_adds(why, ": a NUL byte inside a text");
			rc = 1;
			goto out;
		}
		sb_reset(&sql);
		sb_addf(&sql, "SELECT type FROM pragma_table_info('%s') WHERE"
		    " name = ?1", table);
		decl = query_text(made, sb_str(&sql), col, &err);
		classes(decl != NULL ? decl : "", 0, &what);
		sb_addf(why, "table %s, column %s: ", table, col);
		sb_add_visible(why, (const char *)sqlite3_column_text(st, 1));
		sb_addf(why, " (%s) where %s belongs",
		    (const char *)sqlite3_column_text(st, 2), what);
		rc = 1;
	}
out:
	sqlite3_finalize(st);
	sb_free(&sql);
	free(decl);
	return rc == -1 ? store_failed(s, "checking the types of its values") :
	    rc;
}

/* Every table's values of their columns' types: 0, 1 (why), -1. */
static int
values_typed(struct store *s, sqlite3 *made, struct strbuf *why)
{
	sqlite3_stmt *st;
	int rc = 0;

	if (sqlite3_prepare_v2(made, "SELECT name FROM sqlite_schema WHERE"
	    " type = 'table' ORDER BY name", -1, &st, NULL) != SQLITE_OK)
		return store_failed(s, "making kbench's schema");
	while (rc == 0 && sqlite3_step(st) == SQLITE_ROW)
		rc = table_typed(s, made,
		    (const char *)sqlite3_column_text(st, 0), why);
	sqlite3_finalize(st);
	return rc;
}

int
sq_check_source(struct store *s, struct strbuf *why)
{
	sqlite3 *made;
	int rc;

	if ((made = made_schema()) == NULL)
		return store_failed(s, "making kbench's schema to compare");
	if ((rc = objects_alike(s, made, why)) == 0 &&
	    (rc = objects_there(s, made, why)) == 0)
		rc = values_typed(s, made, why);
	sqlite3_close(made);
	return rc;
}

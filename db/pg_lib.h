/*
 * pg_lib.h: libpq, loaded when a PostgreSQL location is first met, not
 * linked.  Linking it made every kbench start map libpq and what it
 * needs (TLS, Kerberos, LDAP): +5.7 MiB and ~6 ms a command, on SQLite
 * too.  The backend calls PQ* as usual; the names below send each call
 * through the table pg_lib_load() fills.
 */
#ifndef KBENCH_PG_LIB_H
#define KBENCH_PG_LIB_H

#include <libpq-fe.h>

#include "lib/util.h"

/* libpq's soname on Linux and FreeBSD alike (libpq 9.x to 17 are .5). */
#define PG_LIB_SONAME	"libpq.so.5"

/* Every libpq function kbench calls. */
#define PG_LIB_FUNCS(X) \
	X(PQclear) X(PQconnectdb) X(PQconninfoFree) X(PQconninfoParse) \
	X(PQerrorMessage) X(PQexec) X(PQexecParams) X(PQexecPrepared) \
	X(PQfinish) X(PQprepare) \
	X(PQfreemem) X(PQgetCopyData) X(PQgetisnull) X(PQgetlength) X(PQgetResult) \
	X(PQgetvalue) X(PQntuples) X(PQputCopyData) X(PQputCopyEnd) \
	X(PQresultErrorField) X(PQresultStatus) X(PQsetNoticeProcessor) \
	X(PQstatus) X(PQtransactionStatus)

struct pg_lib {
/* f is a name declared, not an expression to parenthesize. */
#define PG_LIB_FIELD(f)	__typeof__(f) *f; /* NOLINT(bugprone-macro-parentheses) */
	PG_LIB_FUNCS(PG_LIB_FIELD)
#undef PG_LIB_FIELD
};
extern struct pg_lib pg_lib;

/*
 * Load libpq once (PG_LIB_SONAME): 0, or -1 with why in err ("the
 * PostgreSQL store needs libpq, and it cannot be loaded (...); install
 * it ...", or "FILE has no PQclear: not libpq...").  pg_lib_open() is
 * the same for a library of any name (the tests' missing and wrong ones).
 */
int	pg_lib_load(struct strbuf *err);
int	pg_lib_open(const char *soname, struct strbuf *err);

#define PQclear(...)		pg_lib.PQclear(__VA_ARGS__)
#define PQconnectdb(...)	pg_lib.PQconnectdb(__VA_ARGS__)
#define PQconninfoFree(...)	pg_lib.PQconninfoFree(__VA_ARGS__)
#define PQconninfoParse(...)	pg_lib.PQconninfoParse(__VA_ARGS__)
#define PQerrorMessage(...)	pg_lib.PQerrorMessage(__VA_ARGS__)
#define PQexec(...)		pg_lib.PQexec(__VA_ARGS__)
#define PQexecParams(...)	pg_lib.PQexecParams(__VA_ARGS__)
#define PQexecPrepared(...)	pg_lib.PQexecPrepared(__VA_ARGS__)
#define PQfinish(...)		pg_lib.PQfinish(__VA_ARGS__)
#define PQfreemem(...)		pg_lib.PQfreemem(__VA_ARGS__)
#define PQgetCopyData(...)	pg_lib.PQgetCopyData(__VA_ARGS__)
#define PQgetisnull(...)	pg_lib.PQgetisnull(__VA_ARGS__)
#define PQgetlength(...)	pg_lib.PQgetlength(__VA_ARGS__)
#define PQgetResult(...)	pg_lib.PQgetResult(__VA_ARGS__)
#define PQgetvalue(...)		pg_lib.PQgetvalue(__VA_ARGS__)
#define PQntuples(...)		pg_lib.PQntuples(__VA_ARGS__)
#define PQprepare(...)		pg_lib.PQprepare(__VA_ARGS__)
#define PQputCopyData(...)	pg_lib.PQputCopyData(__VA_ARGS__)
#define PQputCopyEnd(...)	pg_lib.PQputCopyEnd(__VA_ARGS__)
#define PQresultErrorField(...)	pg_lib.PQresultErrorField(__VA_ARGS__)
#define PQresultStatus(...)	pg_lib.PQresultStatus(__VA_ARGS__)
#define PQsetNoticeProcessor(...) pg_lib.PQsetNoticeProcessor(__VA_ARGS__)
#define PQstatus(...)		pg_lib.PQstatus(__VA_ARGS__)
#define PQtransactionStatus(...) pg_lib.PQtransactionStatus(__VA_ARGS__)

#endif

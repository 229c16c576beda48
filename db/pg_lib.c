/*
 * pg_lib.c: libpq loaded on first need (pg_lib.h says why).  The
 * soname is fixed, never taken from the environment or a command line:
 * the loader's own search (LD_LIBRARY_PATH, the cache) is the one a
 * linked libpq would have had.
 */
#include <dlfcn.h>
#include <link.h>
#include <pthread.h>
#include <string.h>

#include "db/pg_lib.h"

struct pg_lib pg_lib;

static pthread_mutex_t pg_lib_mutex = PTHREAD_MUTEX_INITIALIZER;
static int pg_lib_loaded;

/* The file the loader found for soname (LD_LIBRARY_PATH may say). */
static const char *
pg_lib_file(void *handle, const char *soname)
{
	struct link_map *lm;

	if (dlinfo(handle, RTLD_DI_LINKMAP, &lm) == 0 && lm != NULL &&
	    lm->l_name != NULL && lm->l_name[0] != '\0')
		return lm->l_name;
	return soname;
}

/* Every function of the table from handle into t; 0, or -1 said. */
static int
pg_lib_resolve(void *handle, const char *soname, struct pg_lib *t,
    struct strbuf *err)
{
	void *f;

	soname = pg_lib_file(handle, soname);

#define PG_LIB_RESOLVE(name)						\
	if ((f = dlsym(handle, #name)) == NULL) {			\
		sb_addf(err, "%s has no %s: not libpq, or one older "	\
		    "than kbench needs (9.0)", soname, #name);		\
		return -1;						\
	}								\
	memcpy(&t->name, &f, sizeof(t->name));
	PG_LIB_FUNCS(PG_LIB_RESOLVE)
#undef PG_LIB_RESOLVE
	return 0;
}

int
pg_lib_open(const char *soname, struct strbuf *err)
{
	struct pg_lib t;
	void *handle;
	int rc = 0;

	pthread_mutex_lock(&pg_lib_mutex);
	if (pg_lib_loaded)
		goto out;
	if ((handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		const char *why = dlerror();

		sb_addf(err, "the PostgreSQL store needs libpq, and it cannot "
		    "be loaded (%s); install it (Debian: libpq5, FreeBSD: "
		    "postgresql15-client)", why != NULL ? why : soname);
		rc = -1;
		goto out;
	}
	if (pg_lib_resolve(handle, soname, &t, err) == -1) {
		dlclose(handle);
		rc = -1;
		goto out;
	}
	pg_lib = t;
	pg_lib_loaded = 1;
out:
	pthread_mutex_unlock(&pg_lib_mutex);
	return rc;
}

int
pg_lib_load(struct strbuf *err)
{
	return pg_lib_open(PG_LIB_SONAME, err);
}

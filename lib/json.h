/*
 * json.h: writing JSON strings safely.
 */
#ifndef KBENCH_JSON_H
#define KBENCH_JSON_H

#include <stdio.h>

#include "lib/kv.h"
#include "lib/util.h"

/* Write s as a JSON string literal: quoted, with escapes. */
void	json_string(FILE *out, const char *s);
void	sb_json_string(struct strbuf *sb, const char *s);
/*
 * A command line as the run table stores it: its argv as a JSON array of
 * strings, so that it is shown again exactly, quoted for a shell.
 */
void	json_argv(struct strbuf *sb, int argc, char *const *argv);
/* The argv of such an array (NULL-terminated; argv_free()), or NULL. */
char	**json_argv_parse(const char *s);
/*
 * A stored command as one line for sh(1) to run as it was (POSIX single
 * quotes); the text of an older kbench (argv joined by blanks, which no
 * shell splits back safely) as a comment, "# ...", its controls shown.
 */
void	command_for_shell(struct strbuf *sb, const char *stored);
/* A JSON number in buf (shortest exact form), or "null" for NaN, inf. */
const char *json_numtext(char *buf, size_t size, double v);
/* ,"name":number (or null): a member after the first. */
void	json_num(FILE *out, const char *name, double v);
/* ,"name":"string", or null when s is NULL. */
void	json_str(FILE *out, const char *name, const char *s);
/* {"key":"value",...}: a key/value list as an object. */
void	json_kv_object(FILE *out, const struct kvlist *l);

#endif

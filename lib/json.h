/*
 * json.h: writing JSON strings safely.
 */
#ifndef KBENCH_JSON_H
#define KBENCH_JSON_H

#include <stdio.h>

#include "kv.h"

/* Write s as a JSON string literal: quoted, with escapes. */
void	json_string(FILE *out, const char *s);
/* A JSON number in buf (shortest exact form), or "null" for NaN, inf. */
const char *json_numtext(char *buf, size_t size, double v);
/* ,"name":number (or null): a member after the first. */
void	json_num(FILE *out, const char *name, double v);
/* ,"name":"string", or null when s is NULL. */
void	json_str(FILE *out, const char *name, const char *s);
/* {"key":"value",...}: a key/value list as an object. */
void	json_kv_object(FILE *out, const struct kvlist *l);

#endif

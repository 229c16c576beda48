/*
 * json.h: writing JSON strings safely.
 */
#ifndef KBENCH_JSON_H
#define KBENCH_JSON_H

#include <stdio.h>

/* Write s as a JSON string literal: quoted, with escapes. */
void	json_string(FILE *out, const char *s);

#endif

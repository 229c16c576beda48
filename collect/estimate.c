/*
 * estimate.c: how long a collection will take.  A kind's guess from its
 * options is often off by half (a sleep's overshoot, a lock's contention
 * on this machine), so each program is timed on a short probe first and
 * the cells are costed from what it measured; during the run, the cells
 * run so far correct the rest.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "collect/cell.h"
#include "collect/collector.h"

/* A probe is a few hundred iterations: a second is a hang. */
#define PROBE_TIMEOUT_S	30

/*
 * What an iteration of the probe cost, in its unit: the mean of its
 * samples, or with slowest (a sample per thread, the threads running
 * side by side) the largest.  NaN when it gave none.
 */
static double
probe_cost(const struct probe *p, const struct proto_output *out)
{
	double sum = 0, max = -INFINITY;
	size_t i, j, n = 0;

	for (i = 0; i < out->nseries; i++)
		for (j = 0; j < out->series[i].n; j++) {
			sum += out->series[i].v[j];
			max = fmax(max, out->series[i].v[j]);
			n++;
		}
	if (n == 0)
		return NAN;
	return p->slowest ? max : sum / (double)n;
}

static void
run_probe(struct probe *p)
{
	struct cell_result r;
	double per;

	memset(&r, 0, sizeof(r));
	cell_run(p->argv, CELL_PROTOCOL, PROBE_TIMEOUT_S, NULL, &r);
	if (r.why.len == 0 && !isnan(per = probe_cost(p, &r.out)) &&
	    per >= 0) {
		p->per_iter = per;
		/* Start-up, calibration, exit: what the iterations were not. */
		p->spawn_s = fmax(0, r.wall_s - p->iters * per * p->unit_s);
	}
	cell_result_free(&r);
}

/* A cell's time from its probe; NaN when the probe measured nothing. */
static double
cell_cost(const struct cell *cell, const struct probe *p)
{
	double per = p->per_iter;

	if (isnan(per))
		return NAN;
	/*
	 * A sleep costs what was asked plus an overshoot: the probe's
	 * overshoot carries over to the cell's request.  A probe that took
	 * less than it asked for (a method that ignores the duration) costs
	 * the same whatever is asked.
	 */
	if (per >= p->request)
		per += cell->request - p->request;
	return p->spawn_s + cell->iters * fmax(per, 0) * p->unit_s;
}

void
collection_calibrate(struct collection *c)
{
	struct cell *cell;
	double est;
	size_t i;

	for (i = 0; i < c->nprobes; i++)
		run_probe(&c->probes[i]);
	for (i = 0; i < c->ncells; i++) {
		cell = &c->cells[i];
		if (cell->probe < 0 || (size_t)cell->probe >= c->nprobes)
			continue;
		est = cell_cost(cell, &c->probes[cell->probe]);
		if (!isnan(est))
			cell->est_s = est;
	}
}

void
collection_fmt_time(char *buf, size_t size, double s)
{
	long t = s < 0 ? 0 : (long)(s + 0.5);

	/* Under a minute the tenths tell a short run's estimate apart. */
	if (s < 59.95)
		snprintf(buf, size, "%.1f s", s < 0 ? 0 : s);
	else if (t >= 3600)
		snprintf(buf, size, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60,
		    t % 60);
	else
		snprintf(buf, size, "%ld:%02ld", t / 60, t % 60);
}

double
collection_total(const struct collection *c)
{
	double total = 0;
	size_t i;

	for (i = 0; i < c->ncells; i++)
		total += c->cells[i].est_s;
	return total * c->rounds;
}

/*
 * The time left before cell order[next] of round (0-based) starts: a
 * cell already run costs its own mean, another its estimate scaled by
 * how the cells run so far compared with theirs.
 */
double
collection_left(const struct collection *c, const size_t *order,
    size_t next, int round)
{
	const struct cell *cell;
	double took = 0, guessed = 0, scale = 1, left = 0, each;
	size_t i;

	for (i = 0; i < c->ncells; i++)
		if (c->cells[i].ran > 0) {
			took += c->cells[i].took_s / c->cells[i].ran;
			guessed += c->cells[i].est_s;
		}
	if (guessed > 0 && took > 0)
		scale = took / guessed;
	for (i = 0; i < c->ncells; i++) {
		cell = &c->cells[i];
		each = cell->ran > 0 ? cell->took_s / cell->ran :
		    cell->est_s * scale;
		/* The rounds after this one, all of it. */
		left += each * (c->rounds - round - 1);
	}
	for (i = next; i < c->ncells; i++) {
		cell = &c->cells[order[i]];
		left += cell->ran > 0 ? cell->took_s / cell->ran :
		    cell->est_s * scale;
	}
	return left;
}

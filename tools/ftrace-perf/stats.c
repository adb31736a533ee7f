// SPDX-License-Identifier: GPL-2.0
/*
 * The tables of sites (functions, event pairs, folded stacks) and the
 * figures of their deltas.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void __attribute__((noreturn)) ftp_out_of_memory(void)
{
	fprintf(stderr, "ftrace-perf-report: out of memory\n");
	exit(1);
}

void *ftp_alloc(size_t size)
{
	void *p = calloc(1, size);

	if (!p)
		ftp_out_of_memory();
	return p;
}

char *ftp_strdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		ftp_out_of_memory();
	return p;
}

/* @p, an array of @old_nr elements of @size, grown to @new_nr zeroed ones */
void *ftp_grow(void *p, size_t old_nr, size_t new_nr, size_t size)
{
	char *grown = realloc(p, new_nr * size);

	if (!grown)
		ftp_out_of_memory();
	memset(grown + old_nr * size, 0, (new_nr - old_nr) * size);
	return grown;
}

/*
 * @p, an array of @nr elements of @size with room for *@cap: room for one
 * more, doubling *@cap when it is full
 */
void *ftp_grow_one(void *p, size_t nr, size_t *cap, size_t size)
{
	size_t want;

	if (nr < *cap)
		return p;
	want = *cap ? 2 * *cap : 16;
	p = ftp_grow(p, *cap, want, size);
	*cap = want;
	return p;
}

static size_t ftp_hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

static void ftp_table_grow(struct ftp_table *t)
{
	size_t nr = t->nr_buckets ? t->nr_buckets * 2 : 256;
	struct ftp_site **buckets = ftp_alloc(nr * sizeof(*buckets));
	struct ftp_site *site, *next;
	size_t i, h;

	for (i = 0; i < t->nr_buckets; i++) {
		for (site = t->buckets[i]; site; site = next) {
			next = site->next;
			h = ftp_hash(site->name) % nr;
			site->next = buckets[h];
			buckets[h] = site;
		}
	}
	free(t->buckets);
	t->buckets = buckets;
	t->nr_buckets = nr;
}

/* The site named @name, created if new */
struct ftp_site *ftp_table_get(struct ftp_table *t, const char *name)
{
	struct ftp_site *site;
	size_t h;

	if (t->nr_buckets) {
		h = ftp_hash(name) % t->nr_buckets;
		for (site = t->buckets[h]; site; site = site->next)
			if (!strcmp(site->name, name))
				return site;
	}
	if (t->nr >= t->nr_buckets)
		ftp_table_grow(t);
	site = ftp_alloc(sizeof(*site));
	site->name = ftp_strdup(name);
	h = ftp_hash(name) % t->nr_buckets;
	site->next = t->buckets[h];
	t->buckets[h] = site;
	t->nr++;
	return site;
}

void ftp_table_free(struct ftp_table *t)
{
	struct ftp_site *site, *next;
	size_t i;
	int c;

	for (i = 0; i < t->nr_buckets; i++) {
		for (site = t->buckets[i]; site; site = next) {
			next = site->next;
			for (c = 0; c < FTP_MAX_TRACKED; c++)
				free(site->stat[c].v);
			free(site->name);
			free(site);
		}
	}
	free(t->buckets);
	memset(t, 0, sizeof(*t));
}

static int ftp_sort_idx;

/* Largest total first, then by name, so that the order is stable */
static int ftp_site_cmp(const void *a, const void *b)
{
	const struct ftp_site *x = *(const struct ftp_site * const *)a;
	const struct ftp_site *y = *(const struct ftp_site * const *)b;
	uint64_t tx = ftp_sort_idx >= 0 ? x->stat[ftp_sort_idx].total : x->weight;
	uint64_t ty = ftp_sort_idx >= 0 ? y->stat[ftp_sort_idx].total : y->weight;

	if (tx != ty)
		return tx < ty ? 1 : -1;
	return strcmp(x->name, y->name);
}

/* @idx < 0: by weight */
struct ftp_site **ftp_table_sorted(struct ftp_table *t, int idx)
{
	struct ftp_site **all = ftp_alloc((t->nr + 1) * sizeof(*all));
	struct ftp_site *site;
	size_t i, n = 0;

	for (i = 0; i < t->nr_buckets; i++)
		for (site = t->buckets[i]; site; site = site->next)
			all[n++] = site;
	ftp_sort_idx = idx;
	qsort(all, n, sizeof(*all), ftp_site_cmp);
	return all;
}

/* Sort the deltas of every site, for the figures */
void ftp_table_finish(struct ftp_table *t)
{
	struct ftp_site *site;
	size_t i;
	int c;

	for (i = 0; i < t->nr_buckets; i++)
		for (site = t->buckets[i]; site; site = site->next)
			for (c = 0; c < FTP_MAX_TRACKED; c++)
				ftp_stat_finish(&site->stat[c]);
}

/* The figures of sorted deltas */
void ftp_stat_figures(const struct ftp_stat *s, struct ftp_figures *fig)
{
	fig->total = s->total;
	fig->mean = ftp_stat_mean(s);
	fig->min = s->n ? s->v[0] : 0;
	fig->max = s->n ? s->v[s->n - 1] : 0;
	fig->p50 = ftp_stat_percentile(s, 50);
	fig->p99 = ftp_stat_percentile(s, 99);
}

int ftp_stat_add(struct ftp_stat *s, uint64_t v)
{
	s->v = ftp_grow_one(s->v, s->n, &s->cap, sizeof(*s->v));
	s->v[s->n++] = v;
	s->total += v;
	return 0;
}

static int ftp_u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

void ftp_stat_finish(struct ftp_stat *s)
{
	if (s->n)
		qsort(s->v, s->n, sizeof(*s->v), ftp_u64_cmp);
}

/* Nearest-rank percentile of the sorted deltas */
uint64_t ftp_stat_percentile(const struct ftp_stat *s, unsigned int pct)
{
	size_t rank;

	if (!s->n)
		return 0;
	rank = (s->n * pct + 99) / 100;
	return s->v[rank ? rank - 1 : 0];
}

double ftp_stat_mean(const struct ftp_stat *s)
{
	return s->n ? (double)s->total / s->n : 0;
}

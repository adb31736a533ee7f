/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ftrace-perf-report: what the perf counter records of a trace.dat say,
 * per function (function_graph) and per pair of events.
 */
#ifndef FTP_REPORT_H
#define FTP_REPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <trace-cmd.h>

#include "ftp-record.h"

/* Counters of one trace that the report tracks (ids seen, in order) */
#define FTP_MAX_TRACKED		16
/* function_graph depths followed */
#define FTP_MAX_DEPTH		256

/* The deltas of one counter at one place */
struct ftp_stat {
	uint64_t	*v;
	size_t		n;
	size_t		cap;
	uint64_t	total;
};

/* One function (function_graph) or one pair of events */
struct ftp_site {
	struct ftp_site	*next;		/* hash chain */
	char		*name;
	unsigned long	calls;
	unsigned long	invalid;	/* calls without a valid delta */
	unsigned long	leaf_calls;	/* valid calls that called nothing traced */
	uint64_t	weight;		/* folded stacks: the stack's weight */
	struct ftp_stat	stat[FTP_MAX_TRACKED];
};

/* What the report says of one counter at one site */
struct ftp_figures {
	unsigned long long	total;
	double			mean;
	unsigned long long	min;
	unsigned long long	max;
	unsigned long long	p50;
	unsigned long long	p99;
};

struct ftp_table {
	struct ftp_site	**buckets;
	size_t		nr_buckets;
	size_t		nr;
};

struct ftp_report {
	/* input */
	struct tracecmd_input	*handle;
	struct tep_handle	*tep;
	struct tep_event	*perf_event;
	struct tep_event	*graph_entry;
	struct tep_event	*graph_exit;
	struct ftp_names	names;
	const char		*file;

	/* options */
	int			sort;		/* tracked index, -1: the first */
	const char		*sort_name;
	bool			compensate;
	const char		*flame_counter;
	int			flame_id;	/* its counter id, -1: the first */
	char			**pairs;	/* "START,END" */
	int			nr_pairs;

	/* counters seen: tracked index -> id */
	unsigned int		ids[FTP_MAX_TRACKED];
	int			nr_ids;

	/* what was read */
	unsigned long		nr_records;
	unsigned long		nr_perf;
	unsigned long		unknown_ids;
	unsigned int		unknown_id;
	unsigned long		bad_records;
	const char		*bad_reason;

	struct ftp_table	functions;
	struct ftp_table	event_pairs;
	struct ftp_table	folds;		/* "comm;f0;f1" -> self weight */
	uint64_t		bias[FTP_MAX_TRACKED];
	bool			have_bias;
	char			*bias_from[FTP_MAX_TRACKED];

	void			*graph;		/* graph.c's per-CPU state */
	void			*events;	/* pairs.c's state */
};

/* stats.c */
struct ftp_site *ftp_table_get(struct ftp_table *t, const char *name);
void ftp_table_free(struct ftp_table *t);
/* The sites of @t in an array, sorted by the total of tracked counter @idx */
struct ftp_site **ftp_table_sorted(struct ftp_table *t, int idx);
int ftp_stat_add(struct ftp_stat *s, uint64_t v);
void ftp_stat_finish(struct ftp_stat *s);	/* sorts: call before the figures */
void ftp_table_finish(struct ftp_table *t);	/* ftp_stat_finish() on every site */
uint64_t ftp_stat_percentile(const struct ftp_stat *s, unsigned int pct);
double ftp_stat_mean(const struct ftp_stat *s);
void ftp_stat_figures(const struct ftp_stat *s, struct ftp_figures *fig);
void *ftp_alloc(size_t size);
char *ftp_strdup(const char *s);
void *ftp_grow(void *p, size_t old_nr, size_t new_nr, size_t size);
void *ftp_grow_one(void *p, size_t nr, size_t *cap, size_t size);

/* ftrace-perf-report.c */
int ftp_tracked(struct ftp_report *r, unsigned int id);
int ftp_flame_index(struct ftp_report *r);
const char *ftp_counter_name(struct ftp_report *r, int idx, char *buf, size_t size);
int ftp_find_tracked(struct ftp_report *r, const char *name);

/* graph.c: function_graph entries and exits with their counters */
int ftp_graph_init(struct ftp_report *r);
void ftp_graph_record(struct ftp_report *r, struct tep_event *event,
		      struct tep_record *record, int cpu);
void ftp_graph_perf(struct ftp_report *r, const struct ftp_record *rec,
		    int pid, int cpu);
void ftp_graph_finish(struct ftp_report *r);
void ftp_graph_free(struct ftp_report *r);

/* pairs.c: trace events with perf records, paired start -> end */
int ftp_pairs_init(struct ftp_report *r);
void ftp_pairs_event(struct ftp_report *r, struct tep_event *event,
		     struct tep_record *record, int cpu);
void ftp_pairs_perf(struct ftp_report *r, const struct ftp_record *rec,
		    struct tep_record *record, int cpu);
void ftp_pairs_finish(struct ftp_report *r);
void ftp_pairs_free(struct ftp_report *r);

/* output.c */
void ftp_print_table(struct ftp_report *r, FILE *f);
void ftp_print_csv(struct ftp_report *r, FILE *f);
void ftp_print_json(struct ftp_report *r, FILE *f);

/* flame.c */
int ftp_fold_add(struct ftp_report *r, const char *stack, uint64_t weight);
int ftp_write_folded(struct ftp_report *r, const char *path);
int ftp_write_svg(struct ftp_report *r, const char *path);

#endif

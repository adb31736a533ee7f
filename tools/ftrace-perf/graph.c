// SPDX-License-Identifier: GPL-2.0
/*
 * function_graph traces: the counters read at a function's entry (the
 * perf record after its funcgraph_entry) and at its exit (the one before
 * its funcgraph_exit) give the function's inclusive cost.
 *
 * A delta is valid only if both records exist, belong to the same task
 * and enclose no context switch (equal ctx_switches).  Both are on the
 * CPU of the entry and exit records by construction, and the graph is
 * followed per CPU, so a task that migrated has no matching frame.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"

struct ftp_frame {
	unsigned long long	func;
	int			pid;
	bool			open;
	bool			have_entry;
	bool			have_exit;
	struct ftp_record	entry;
	struct ftp_record	exit;
	/* Traced calls below this one, for --compensate */
	unsigned long		descendants;
	/* The children's inclusive deltas, for the self cost */
	uint64_t		children[FTP_MAX_TRACKED];
};

/* A flame graph stack whose outermost call has not returned yet */
struct ftp_fold {
	char			*stack;
	uint64_t		weight;
	int			depth;
};

struct ftp_graph_cpu {
	struct ftp_frame	frames[FTP_MAX_DEPTH];
	struct ftp_fold		*folds;
	size_t			nr_folds, alloc_folds;
};

struct ftp_graph {
	struct ftp_graph_cpu	**cpus;
	int			nr_cpus;
	struct tep_format_field	*entry_func, *entry_depth;
	struct tep_format_field	*exit_func, *exit_depth;
};

static struct ftp_graph_cpu *ftp_graph_cpu(struct ftp_graph *g, int cpu)
{
	if (cpu < 0)
		return NULL;
	if (cpu >= g->nr_cpus) {
		g->cpus = ftp_grow(g->cpus, g->nr_cpus, cpu + 1, sizeof(*g->cpus));
		g->nr_cpus = cpu + 1;
	}
	if (!g->cpus[cpu])
		g->cpus[cpu] = ftp_alloc(sizeof(*g->cpus[cpu]));
	return g->cpus[cpu];
}

int ftp_graph_init(struct ftp_report *r)
{
	struct ftp_graph *g = ftp_alloc(sizeof(*g));

	r->graph = g;
	if (!r->graph_entry || !r->graph_exit)
		return 0;
	g->entry_func = tep_find_field(r->graph_entry, "func");
	g->entry_depth = tep_find_field(r->graph_entry, "depth");
	g->exit_func = tep_find_field(r->graph_exit, "func");
	g->exit_depth = tep_find_field(r->graph_exit, "depth");
	if (!g->entry_func || !g->entry_depth || !g->exit_func || !g->exit_depth) {
		fprintf(stderr, "ftrace-perf-report: %s: funcgraph_entry/exit formats lack func or depth\n",
			r->file);
		return -1;
	}
	return 0;
}

static const char *ftp_func_name(struct ftp_report *r, unsigned long long func,
				 char *buf, size_t size)
{
	const char *name = tep_find_function(r->tep, func);

	if (name)
		return name;
	snprintf(buf, size, "0x%llx", func);
	return buf;
}

/* @delta[] of each tracked counter between @entry and @exit; false if the ids differ */
static bool ftp_deltas(struct ftp_report *r, const struct ftp_record *entry,
		       const struct ftp_record *exit, uint64_t *delta, bool *has)
{
	unsigned int i;
	int idx;

	if (entry->nr != exit->nr)
		return false;
	for (i = 0; i < entry->nr; i++) {
		if (entry->ids[i] != exit->ids[i])
			return false;
		idx = ftp_tracked(r, entry->ids[i]);
		if (idx < 0)
			continue;
		delta[idx] = ftp_delta(entry->values[i], exit->values[i]);
		has[idx] = true;
	}
	return true;
}

/*
 * The flame graph adds up to the outermost calls' totals: a call's self
 * cost is its delta minus those of its valid children (the time of an
 * invalid child stays in it), and the stacks of one outermost call wait
 * on its CPU until it returns.  They go to the flame graph if it was
 * valid; a call that is not valid drops those of its children.  A call
 * deeper than 0 with no caller open on its CPU (the trace began inside
 * its callers, or they entered on another CPU before a migration) has no
 * known outermost call: its stacks are dropped too.
 */
static void ftp_graph_drop_folds(struct ftp_graph_cpu *gc, int depth)
{
	while (gc->nr_folds && gc->folds[gc->nr_folds - 1].depth > depth)
		free(gc->folds[--gc->nr_folds].stack);
}

static void ftp_graph_commit_folds(struct ftp_report *r, struct ftp_graph_cpu *gc)
{
	size_t i;

	for (i = 0; i < gc->nr_folds; i++) {
		ftp_table_get(&r->folds, gc->folds[i].stack)->weight += gc->folds[i].weight;
		free(gc->folds[i].stack);
	}
	gc->nr_folds = 0;
}

/* "comm;outer;...;func" for the frames 0..@depth of one CPU, pending */
static void ftp_graph_fold(struct ftp_report *r, struct ftp_graph_cpu *gc,
			   int depth, int pid, uint64_t weight)
{
	struct ftp_fold *fold;
	char stack[8192], name[32];
	size_t len;
	int d;

	len = snprintf(stack, sizeof(stack), "%s", tep_data_comm_from_pid(r->tep, pid));
	for (d = 0; d <= depth && len < sizeof(stack); d++) {
		const struct ftp_frame *f = &gc->frames[d];

		len += snprintf(stack + len, sizeof(stack) - len, ";%s",
				f->open && f->pid == pid ?
				ftp_func_name(r, f->func, name, sizeof(name)) : "[unknown]");
	}
	if (len >= sizeof(stack))
		return;
	gc->folds = ftp_grow_one(gc->folds, gc->nr_folds, &gc->alloc_folds,
				 sizeof(*gc->folds));
	fold = &gc->folds[gc->nr_folds++];
	fold->stack = ftp_strdup(stack);
	fold->weight = weight;
	fold->depth = depth;
}

/*
 * The innermost open call of @pid below @depth.  Usually the frame right
 * below; an interrupt's functions sit a level or more above the call they
 * interrupted, over a frame that was never traced (its entry code), and
 * their cost is part of that call's delta.
 */
static struct ftp_frame *ftp_graph_parent(struct ftp_graph_cpu *gc,
					  int depth, int pid)
{
	while (--depth >= 0) {
		struct ftp_frame *p = &gc->frames[depth];

		if (p->open && p->pid == pid)
			return p;
	}
	return NULL;
}

static void ftp_graph_exit(struct ftp_report *r, struct ftp_graph_cpu *gc,
			   unsigned long long func, int depth, int pid)
{
	struct ftp_frame *f = &gc->frames[depth];
	struct ftp_frame *parent = ftp_graph_parent(gc, depth, pid);
	uint64_t delta[FTP_MAX_TRACKED] = { 0 };
	bool has[FTP_MAX_TRACKED] = { false };
	int flame = ftp_flame_index(r);
	struct ftp_site *site;
	char name[32];
	bool valid;
	int i;

	site = ftp_table_get(&r->functions, ftp_func_name(r, func, name, sizeof(name)));
	site->calls++;
	valid = f->open && f->func == func && f->pid == pid &&
		f->have_entry && f->have_exit &&
		f->entry.ctx_switches == f->exit.ctx_switches &&
		ftp_deltas(r, &f->entry, &f->exit, delta, has);
	if (valid) {
		for (i = 0; i < r->nr_ids; i++) {
			if (!has[i])
				continue;
			if (r->compensate && r->have_bias) {
				uint64_t bias = r->bias[i] * (1 + f->descendants);

				delta[i] = delta[i] > bias ? delta[i] - bias : 0;
			}
			ftp_stat_add(&site->stat[i], delta[i]);
		}
		if (!f->descendants)
			site->leaf_calls++;
		if (flame >= 0 && has[flame])
			ftp_graph_fold(r, gc, depth, pid,
				       delta[flame] > f->children[flame] ?
				       delta[flame] - f->children[flame] : 0);
	} else {
		site->invalid++;
		ftp_graph_drop_folds(gc, depth);
	}
	if (parent) {
		parent->descendants += 1 + f->descendants;
		for (i = 0; valid && i < r->nr_ids; i++)
			parent->children[i] += delta[i];
	} else {
		if (valid && depth == 0)
			ftp_graph_commit_folds(r, gc);
		ftp_graph_drop_folds(gc, -1);
	}
	f->open = false;
}

void ftp_graph_record(struct ftp_report *r, struct tep_event *event,
		      struct tep_record *record, int cpu)
{
	struct ftp_graph *g = r->graph;
	struct ftp_graph_cpu *gc = ftp_graph_cpu(g, cpu);
	unsigned long long func, depth;
	int pid = tep_data_pid(r->tep, record);
	struct ftp_frame *f;
	bool entry = event == r->graph_entry;

	if (!gc)
		return;
	if (tep_read_number_field(entry ? g->entry_func : g->exit_func,
				  record->data, &func) ||
	    tep_read_number_field(entry ? g->entry_depth : g->exit_depth,
				  record->data, &depth))
		return;
	if (depth >= FTP_MAX_DEPTH)
		return;
	if (!entry) {
		ftp_graph_exit(r, gc, func, depth, pid);
		return;
	}
	f = &gc->frames[depth];
	memset(f, 0, sizeof(*f));
	f->func = func;
	f->pid = pid;
	f->open = true;
	/* A new outermost call: what is left waiting can no longer count */
	if (!ftp_graph_parent(gc, depth, pid))
		ftp_graph_drop_folds(gc, -1);
}

void ftp_graph_perf(struct ftp_report *r, const struct ftp_record *rec,
		    int pid, int cpu)
{
	struct ftp_graph_cpu *gc = ftp_graph_cpu(r->graph, cpu);
	struct ftp_frame *f;

	if (!gc || rec->depth >= FTP_MAX_DEPTH)
		return;
	f = &gc->frames[rec->depth];
	if (!f->open || f->pid != pid)
		return;
	if (rec->origin == FTP_ORIGIN_GRAPH_ENTRY && !f->have_entry) {
		f->entry = *rec;
		f->have_entry = true;
	} else if (rec->origin == FTP_ORIGIN_GRAPH_EXIT && f->have_entry) {
		f->exit = *rec;
		f->have_exit = true;
	}
}

/*
 * The tracer's own cost in every delta: the median delta of the
 * cheapest leaf, a function that called nothing traced in any of its
 * (at least three) valid calls.  An empty function costs less than
 * that; a deeper delta carries it once per traced call in it.
 */
static void ftp_graph_bias(struct ftp_report *r)
{
	struct ftp_site **all = ftp_table_sorted(&r->functions, 0);
	size_t n;
	int i;

	for (n = 0; all[n]; n++) {
		struct ftp_site *s = all[n];

		for (i = 0; i < r->nr_ids; i++) {
			uint64_t p50;

			if (s->stat[i].n < 3 || s->leaf_calls != s->stat[i].n)
				continue;
			p50 = ftp_stat_percentile(&s->stat[i], 50);
			if (!r->bias_from[i] || p50 < r->bias[i]) {
				free(r->bias_from[i]);
				r->bias[i] = p50;
				r->bias_from[i] = ftp_strdup(s->name);
				r->have_bias = true;
			}
		}
	}
	free(all);
}

void ftp_graph_finish(struct ftp_report *r)
{
	ftp_table_finish(&r->functions);
	if (!r->compensate)
		ftp_graph_bias(r);
	ftp_graph_free(r);
}

void ftp_graph_free(struct ftp_report *r)
{
	struct ftp_graph *g = r->graph;
	int i;

	if (!g)
		return;
	for (i = 0; i < g->nr_cpus; i++) {
		if (!g->cpus[i])
			continue;
		ftp_graph_drop_folds(g->cpus[i], -1);
		free(g->cpus[i]->folds);
		free(g->cpus[i]);
	}
	free(g->cpus);
	free(g);
	r->graph = NULL;
}

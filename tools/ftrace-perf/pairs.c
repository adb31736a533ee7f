// SPDX-License-Identifier: GPL-2.0
/*
 * Traces of events with perf triggers or event_* options: each event is
 * followed on its CPU by the perf record of the same task and context
 * (the records of an NMI may come in between).  The cost of
 * what lies between two events of a task (sys_enter_NAME -> sys_exit_NAME,
 * or pairs given with --pair START,END) is the delta of their counters,
 * valid when both were read on the same CPU with no context switch of
 * the task in between.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define FTP_SYS_ENTER	"sys_enter_"
#define FTP_SYS_EXIT	"sys_exit_"
#define FTP_OPEN_BUCKETS 1024

/*
 * The interrupt context of a record, from its flags.  libtraceevent 1.7
 * does not name the kernel's NMI flag.
 */
#define FTP_FLAG_HARDIRQ	0x08
#define FTP_FLAG_SOFTIRQ	0x10
#define FTP_FLAG_NMI		0x40

enum ftp_context {
	FTP_CTX_TASK,
	FTP_CTX_SOFTIRQ,
	FTP_CTX_HARDIRQ,
	FTP_CTX_NMI,
	FTP_NR_CTX
};

/*
 * The last event written on a CPU in one context, which a perf record of
 * that context annotates.  The kernel writes an event's perf record with
 * interrupts off since the event was committed, with the event's flags:
 * only an NMI can write its own records (and their counters) in between.
 */
struct ftp_last_event {
	const struct tep_event	*event;
	int			pid;
};

/* A start event of a task that waits for its end */
struct ftp_open {
	struct ftp_open		*next;
	int			pid;
	char			*pair;		/* "START -> END" */
	int			cpu;
	struct ftp_record	rec;
};

struct ftp_pairs {
	struct ftp_last_event	(*last)[FTP_NR_CTX];
	int			nr_cpus;
	struct ftp_open		*open[FTP_OPEN_BUCKETS];
};

int ftp_pairs_init(struct ftp_report *r)
{
	int i;

	r->events = ftp_alloc(sizeof(struct ftp_pairs));
	for (i = 0; i < r->nr_pairs; i++) {
		if (!strchr(r->pairs[i], ',')) {
			fprintf(stderr, "ftrace-perf-report: --pair %s: want START,END\n",
				r->pairs[i]);
			return -1;
		}
	}
	return 0;
}

static enum ftp_context ftp_context(struct ftp_report *r,
				    struct tep_record *record)
{
	int flags = tep_data_flags(r->tep, record);

	if (flags < 0)
		return FTP_CTX_TASK;
	if (flags & FTP_FLAG_NMI)
		return FTP_CTX_NMI;
	if (flags & FTP_FLAG_HARDIRQ)
		return FTP_CTX_HARDIRQ;
	if (flags & FTP_FLAG_SOFTIRQ)
		return FTP_CTX_SOFTIRQ;
	return FTP_CTX_TASK;
}

/* The last event of @record's CPU and context */
static struct ftp_last_event *ftp_last(struct ftp_report *r,
				       struct tep_record *record, int cpu)
{
	struct ftp_pairs *p = r->events;

	if (cpu < 0)
		return NULL;
	if (cpu >= p->nr_cpus) {
		p->last = ftp_grow(p->last, p->nr_cpus, cpu + 1, sizeof(*p->last));
		p->nr_cpus = cpu + 1;
	}
	return &p->last[cpu][ftp_context(r, record)];
}

void ftp_pairs_event(struct ftp_report *r, struct tep_event *event,
		     struct tep_record *record, int cpu)
{
	struct ftp_last_event *last = ftp_last(r, record, cpu);

	if (last) {
		last->event = event;
		last->pid = tep_data_pid(r->tep, record);
	}
}

/*
 * The pair that event @name starts (@start true) or ends, as
 * "START -> END" in @buf; false if it is in none.
 */
static bool ftp_pair_of(struct ftp_report *r, const char *name, bool *start,
			char *buf, size_t size)
{
	const char *comma;
	int i;

	for (i = 0; i < r->nr_pairs; i++) {
		comma = strchr(r->pairs[i], ',');
		if (!strncmp(r->pairs[i], name, comma - r->pairs[i]) &&
		    !name[comma - r->pairs[i]])
			*start = true;
		else if (!strcmp(comma + 1, name))
			*start = false;
		else
			continue;
		snprintf(buf, size, "%.*s -> %s", (int)(comma - r->pairs[i]),
			 r->pairs[i], comma + 1);
		return true;
	}
	if (!strncmp(name, FTP_SYS_ENTER, strlen(FTP_SYS_ENTER))) {
		*start = true;
		snprintf(buf, size, "%s -> " FTP_SYS_EXIT "%s", name,
			 name + strlen(FTP_SYS_ENTER));
		return true;
	}
	if (!strncmp(name, FTP_SYS_EXIT, strlen(FTP_SYS_EXIT))) {
		*start = false;
		snprintf(buf, size, FTP_SYS_ENTER "%s -> %s",
			 name + strlen(FTP_SYS_EXIT), name);
		return true;
	}
	return false;
}

/* Take the open start of @pair for @pid out of the table */
static struct ftp_open *ftp_open_take(struct ftp_pairs *p, int pid, const char *pair)
{
	struct ftp_open **o, *found;

	for (o = &p->open[(unsigned int)pid % FTP_OPEN_BUCKETS]; *o; o = &(*o)->next) {
		if ((*o)->pid == pid && !strcmp((*o)->pair, pair)) {
			found = *o;
			*o = found->next;
			return found;
		}
	}
	return NULL;
}

static void ftp_pair_end(struct ftp_report *r, struct ftp_open *start,
			 const struct ftp_record *end, int cpu, const char *pair)
{
	struct ftp_site *site = ftp_table_get(&r->event_pairs, pair);
	unsigned int i;
	int idx;

	site->calls++;
	if (!start || start->cpu != cpu || start->rec.ctx_switches != end->ctx_switches ||
	    start->rec.nr != end->nr) {
		site->invalid++;
		return;
	}
	for (i = 0; i < end->nr; i++) {
		if (start->rec.ids[i] != end->ids[i]) {
			site->invalid++;
			return;
		}
	}
	for (i = 0; i < end->nr; i++) {
		idx = ftp_tracked(r, end->ids[i]);
		if (idx >= 0)
			ftp_stat_add(&site->stat[idx],
				     ftp_delta(start->rec.values[i], end->values[i]));
	}
}

void ftp_pairs_perf(struct ftp_report *r, const struct ftp_record *rec,
		    struct tep_record *record, int cpu)
{
	struct ftp_pairs *p = r->events;
	struct ftp_last_event *last = ftp_last(r, record, cpu);
	int pid = tep_data_pid(r->tep, record);
	struct ftp_open *o;
	char pair[512];
	bool start;

	if (!last || !last->event || last->pid != pid)
		return;
	if (!ftp_pair_of(r, last->event->name, &start, pair, sizeof(pair))) {
		last->event = NULL;
		return;
	}
	last->event = NULL;
	o = ftp_open_take(p, pid, pair);
	if (!start) {
		ftp_pair_end(r, o, rec, cpu, pair);
	} else {
		if (o) {
			/* A start without its end: that pair is lost */
			struct ftp_site *site = ftp_table_get(&r->event_pairs, pair);

			site->calls++;
			site->invalid++;
		} else {
			o = ftp_alloc(sizeof(*o));
		}
		free(o->pair);
		o->pid = pid;
		o->pair = ftp_strdup(pair);
		o->cpu = cpu;
		o->rec = *rec;
		o->next = p->open[(unsigned int)pid % FTP_OPEN_BUCKETS];
		p->open[(unsigned int)pid % FTP_OPEN_BUCKETS] = o;
		return;
	}
	if (o) {
		free(o->pair);
		free(o);
	}
}

void ftp_pairs_finish(struct ftp_report *r)
{
	ftp_table_finish(&r->event_pairs);
	ftp_pairs_free(r);
}

void ftp_pairs_free(struct ftp_report *r)
{
	struct ftp_pairs *p = r->events;
	struct ftp_open *o;
	int i;

	if (!p)
		return;
	for (i = 0; i < FTP_OPEN_BUCKETS; i++) {
		while ((o = p->open[i])) {
			p->open[i] = o->next;
			free(o->pair);
			free(o);
		}
	}
	free(p->last);
	free(p);
	r->events = NULL;
}

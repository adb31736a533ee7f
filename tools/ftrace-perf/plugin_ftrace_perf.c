// SPDX-License-Identifier: GPL-2.0
/*
 * libtraceevent plugin for the ftrace perf_event records: prints them as
 * the kernel's trace file does,
 *
 *   cpu_cycles: 1557241774 cache_misses: 449901166
 *   --> cpu_cycles: 2947481793         (at a function_graph entry)
 *   <-- cpu_cycles: 2947550459         (at a function_graph exit)
 *
 * with the counter names from the trace's own perf_event format, so that
 * a trace reported on another machine names its counters.
 */
#include <stdlib.h>

#include <event-parse.h>
#include <trace-seq.h>

#include "ftp-record.h"

/*
 * The names of one perf_event format, built on its first record.  One
 * cache per tep handle: each handle has its own format.
 */
struct ftp_plugin_cache {
	struct ftp_plugin_cache	*next;
	const struct tep_event	*event;
	struct ftp_names	names;
};

static struct ftp_plugin_cache *ftp_caches;

static const struct ftp_names *ftp_plugin_names(struct tep_event *event)
{
	struct ftp_plugin_cache *c;

	for (c = ftp_caches; c; c = c->next)
		if (c->event == event)
			return &c->names;
	c = calloc(1, sizeof(*c));
	if (!c)
		return NULL;
	c->event = event;
	ftp_names_init(&c->names, event);
	c->next = ftp_caches;
	ftp_caches = c;
	return &c->names;
}

static int ftp_perf_event_handler(struct trace_seq *s, struct tep_record *record,
				  struct tep_event *event, void *context)
{
	const struct ftp_names *names = ftp_plugin_names(event);
	struct ftp_record rec;
	const char *name;
	const char *err;
	unsigned int i;

	if (!names) {
		trace_seq_puts(s, "[perf_event: out of memory]");
		return 0;
	}
	if (ftp_record_decode(event, record, &rec, &err)) {
		trace_seq_printf(s, "[%s]", err);
		return 0;
	}
	if (rec.origin == FTP_ORIGIN_GRAPH_ENTRY)
		trace_seq_puts(s, "--> ");
	else if (rec.origin == FTP_ORIGIN_GRAPH_EXIT)
		trace_seq_puts(s, "<-- ");
	for (i = 0; i < rec.nr; i++) {
		if (i)
			trace_seq_putc(s, ' ');
		name = ftp_name(names, rec.ids[i]);
		if (name)
			trace_seq_printf(s, "%s: %llu", name,
					 (unsigned long long)rec.values[i]);
		else
			trace_seq_printf(s, "unknown(%u): %llu", rec.ids[i],
					 (unsigned long long)rec.values[i]);
	}
	return 0;
}

int TEP_PLUGIN_LOADER(struct tep_handle *tep)
{
	return tep_register_event_handler(tep, -1, "ftrace", "perf_event",
					  ftp_perf_event_handler, NULL);
}

void TEP_PLUGIN_UNLOADER(struct tep_handle *tep)
{
	struct ftp_plugin_cache *c;

	tep_unregister_event_handler(tep, -1, "ftrace", "perf_event",
				     ftp_perf_event_handler, NULL);
	while (ftp_caches) {
		c = ftp_caches;
		ftp_caches = c->next;
		free(c);
	}
}

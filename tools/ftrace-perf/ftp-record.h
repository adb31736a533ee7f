/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Decoding of the ftrace perf_event records (Documentation/trace/
 * ftrace-perf.rst in the kernel tree): shared by the libtraceevent
 * plugin and ftrace-perf-report.
 */
#ifndef FTP_RECORD_H
#define FTP_RECORD_H

#include <stdbool.h>
#include <stdint.h>
#include <event-parse.h>

#define FTP_VALUE_BITS		56
#define FTP_VALUE_MASK		((1ULL << FTP_VALUE_BITS) - 1)
#define FTP_NR_IDS		256
/* A record holds at most this many counters. */
#define FTP_MAX_COUNTERS	8

/* perf_event_entry::origin: what the record annotates */
enum ftp_origin {
	FTP_ORIGIN_EVENT,	/* a trace event */
	FTP_ORIGIN_FUNC,	/* a function tracer entry */
	FTP_ORIGIN_GRAPH_ENTRY,	/* a function_graph entry */
	FTP_ORIGIN_GRAPH_EXIT,	/* a function_graph exit */
};

struct ftp_record {
	unsigned int	origin;
	unsigned int	depth;
	uint32_t	ctx_switches;
	unsigned int	nr;
	unsigned int	ids[FTP_MAX_COUNTERS];
	uint64_t	values[FTP_MAX_COUNTERS];
};

/* The id -> name table of one perf_event format. */
struct ftp_names {
	const char	*names[FTP_NR_IDS];
	/* The format carried a table (else only the built-in names) */
	bool		from_format;
};

/* Is @event the ftrace perf_event record? */
bool ftp_is_perf_event(const struct tep_event *event);

/*
 * Fill @names from the table in @event's print format, or with the
 * fixed built-in ids if the format has none.  The strings belong to
 * @event.
 */
void ftp_names_init(struct ftp_names *names, const struct tep_event *event);

/* The name of @id, or NULL */
const char *ftp_name(const struct ftp_names *names, unsigned int id);

/*
 * Decode @record of @event into @rec.  Returns 0, or -1 with @err set to
 * what is wrong (a field missing from the format, a record shorter than
 * it says).
 */
int ftp_record_decode(struct tep_event *event, struct tep_record *record,
		      struct ftp_record *rec, const char **err);

/* (@end - @start) modulo 2^56: right across one wrap of the values */
static inline uint64_t ftp_delta(uint64_t start, uint64_t end)
{
	return (end - start) & FTP_VALUE_MASK;
}

#endif

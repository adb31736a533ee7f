// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace-perf-report: per-function and per-event-pair statistics of the
 * perf counter records in a trace.dat (trace-cmd record/extract), IPC,
 * and counter-weighted flame graphs.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: ftrace-perf-report [-i FILE] [-s COUNTER] [--csv | --json]\n"
		"                          [--folded FILE] [--svg FILE] [--flame-counter COUNTER]\n"
		"                          [--compensate] [--pair START,END]...\n"
		"\n"
		"Statistics of the perf counter records of a trace.dat:\n"
		"  function_graph traces: per function, the inclusive delta of each counter\n"
		"  between its entry and exit records; event traces: the delta between the\n"
		"  records of paired events of a task (sys_enter_NAME -> sys_exit_NAME).\n"
		"\n"
		"  -i, --input FILE          the trace (default trace.dat)\n"
		"  -s, --sort COUNTER        sort by this counter's total (default: the first)\n"
		"      --csv                 CSV instead of the table\n"
		"      --json                JSON instead of the table\n"
		"      --folded FILE         write folded stacks (\"comm;f1;f2 weight\")\n"
		"      --svg FILE            write a flame graph (self-contained SVG)\n"
		"      --flame-counter NAME  the flame graph's weight (default: the sort counter)\n"
		"      --compensate          subtract the tracer's bias, once per traced call\n"
		"      --pair START,END      also pair these events of a task\n"
		"  -h, --help                this text\n");
}

/* The tracked index of counter @id, which becomes tracked if new; -1 if full */
int ftp_tracked(struct ftp_report *r, unsigned int id)
{
	int i;

	for (i = 0; i < r->nr_ids; i++)
		if (r->ids[i] == id)
			return i;
	if (r->nr_ids == FTP_MAX_TRACKED)
		return -1;
	r->ids[r->nr_ids] = id;
	return r->nr_ids++;
}

/* The tracked index of the flame graph's counter, or -1 if not seen yet */
int ftp_flame_index(struct ftp_report *r)
{
	int i;

	if (r->flame_id < 0)
		return r->nr_ids ? 0 : -1;
	for (i = 0; i < r->nr_ids; i++)
		if (r->ids[i] == (unsigned int)r->flame_id)
			return i;
	return -1;
}

const char *ftp_counter_name(struct ftp_report *r, int idx, char *buf, size_t size)
{
	const char *name = ftp_name(&r->names, r->ids[idx]);

	if (name)
		return name;
	snprintf(buf, size, "unknown(%u)", r->ids[idx]);
	return buf;
}

int ftp_find_tracked(struct ftp_report *r, const char *name)
{
	char buf[64];
	int i;

	for (i = 0; i < r->nr_ids; i++)
		if (!strcmp(ftp_counter_name(r, i, buf, sizeof(buf)), name))
			return i;
	return -1;
}

/* The id of counter @name in the trace's table, or -1 */
static int ftp_id_of(struct ftp_report *r, const char *name)
{
	unsigned int id;

	for (id = 0; id < FTP_NR_IDS; id++)
		if (r->names.names[id] && !strcmp(r->names.names[id], name))
			return id;
	return -1;
}

static void ftp_perf_record(struct ftp_report *r, struct tep_record *record, int cpu)
{
	struct ftp_record rec;
	const char *err;
	unsigned int i;

	if (ftp_record_decode(r->perf_event, record, &rec, &err)) {
		if (!r->bad_records++)
			r->bad_reason = err;
		return;
	}
	r->nr_perf++;
	for (i = 0; i < rec.nr; i++) {
		if (!ftp_name(&r->names, rec.ids[i]) && !r->unknown_ids++)
			r->unknown_id = rec.ids[i];
		ftp_tracked(r, rec.ids[i]);
	}
	switch (rec.origin) {
	case FTP_ORIGIN_GRAPH_ENTRY:
	case FTP_ORIGIN_GRAPH_EXIT:
		ftp_graph_perf(r, &rec, tep_data_pid(r->tep, record), cpu);
		break;
	case FTP_ORIGIN_EVENT:
		ftp_pairs_perf(r, &rec, record, cpu);
		break;
	default:
		break;
	}
}

static int ftp_record(struct tracecmd_input *handle, struct tep_record *record,
		      int cpu, void *data)
{
	struct ftp_report *r = data;
	struct tep_event *event;

	r->nr_records++;
	event = tep_find_event(r->tep, tep_data_type(r->tep, record));
	if (!event)
		return 0;
	if (event == r->perf_event)
		ftp_perf_record(r, record, cpu);
	else if (event == r->graph_entry || event == r->graph_exit)
		ftp_graph_record(r, event, record, cpu);
	else
		ftp_pairs_event(r, event, record, cpu);
	return 0;
}

static int ftp_open(struct ftp_report *r)
{
	errno = 0;
	r->handle = tracecmd_open(r->file, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!r->handle) {
		fprintf(stderr, "ftrace-perf-report: cannot read %s: %s\n", r->file,
			errno ? strerror(errno) : "not a trace-cmd data file, or truncated");
		return -1;
	}
	r->tep = tracecmd_get_tep(r->handle);
	r->perf_event = tep_find_event_by_name(r->tep, "ftrace", "perf_event");
	if (!r->perf_event) {
		fprintf(stderr, "ftrace-perf-report: %s: no ftrace/perf_event format: not traced by a kernel with perf counter records\n",
			r->file);
		return -1;
	}
	ftp_names_init(&r->names, r->perf_event);
	r->graph_entry = tep_find_event_by_name(r->tep, "ftrace", "funcgraph_entry");
	r->graph_exit = tep_find_event_by_name(r->tep, "ftrace", "funcgraph_exit");
	return 0;
}

static void ftp_close(struct ftp_report *r)
{
	ftp_graph_free(r);
	ftp_pairs_free(r);
	ftp_table_free(&r->functions);
	ftp_table_free(&r->event_pairs);
	ftp_table_free(&r->folds);
	if (r->handle)
		tracecmd_close(r->handle);
	r->handle = NULL;
	r->nr_ids = 0;
	r->nr_records = r->nr_perf = r->unknown_ids = r->bad_records = 0;
}

/* Read the whole trace into the tables */
static int ftp_pass(struct ftp_report *r)
{
	int id;

	if (ftp_open(r))
		return -1;
	r->flame_id = -1;
	if (r->flame_counter) {
		id = ftp_id_of(r, r->flame_counter);
		if (id < 0) {
			fprintf(stderr, "ftrace-perf-report: %s: no counter named %s in the trace\n",
				r->file, r->flame_counter);
			return -1;
		}
		r->flame_id = id;
	}
	if (ftp_graph_init(r) || ftp_pairs_init(r))
		return -1;
	if (tracecmd_iterate_events(r->handle, NULL, 0, ftp_record, r) < 0) {
		fprintf(stderr, "ftrace-perf-report: %s: cannot read the records\n", r->file);
		return -1;
	}
	ftp_graph_finish(r);
	ftp_pairs_finish(r);

	if (r->bad_records) {
		fprintf(stderr, "ftrace-perf-report: %s: %lu malformed perf_event records (%s)\n",
			r->file, r->bad_records, r->bad_reason);
		return -1;
	}
	if (!r->nr_perf) {
		fprintf(stderr, "ftrace-perf-report: %s: no perf counter records in %lu records\n",
			r->file, r->nr_records);
		return -1;
	}
	if (r->unknown_ids) {
		fprintf(stderr, "ftrace-perf-report: %s: %lu values of counters that the trace does not name (id %u): defined after the recording started?\n",
			r->file, r->unknown_ids, r->unknown_id);
		return -1;
	}
	return 0;
}

static int ftp_outputs(struct ftp_report *r, const char *format,
		       const char *folded, const char *svg)
{
	if (r->sort_name) {
		r->sort = ftp_find_tracked(r, r->sort_name);
		if (r->sort < 0) {
			fprintf(stderr, "ftrace-perf-report: %s: no values of counter %s\n",
				r->file, r->sort_name);
			return -1;
		}
		if (!r->flame_counter)
			r->flame_counter = r->sort_name;
	}
	if (!format)
		ftp_print_table(r, stdout);
	else if (!strcmp(format, "csv"))
		ftp_print_csv(r, stdout);
	else
		ftp_print_json(r, stdout);
	if (folded && ftp_write_folded(r, folded))
		return -1;
	if (svg && ftp_write_svg(r, svg))
		return -1;
	if (fflush(stdout)) {
		fprintf(stderr, "ftrace-perf-report: cannot write the report: %s\n",
			strerror(errno));
		return -1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option options[] = {
		{ "input", required_argument, NULL, 'i' },
		{ "sort", required_argument, NULL, 's' },
		{ "csv", no_argument, NULL, 'c' },
		{ "json", no_argument, NULL, 'j' },
		{ "folded", required_argument, NULL, 'f' },
		{ "svg", required_argument, NULL, 'g' },
		{ "flame-counter", required_argument, NULL, 'w' },
		{ "compensate", no_argument, NULL, 'C' },
		{ "pair", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct ftp_report r = { .file = "trace.dat", .sort = -1 };
	const char *format = NULL, *folded = NULL, *svg = NULL;
	int c, ret = 1, i;

	r.pairs = ftp_alloc(argc * sizeof(*r.pairs));
	while ((c = getopt_long(argc, argv, "i:s:h", options, NULL)) != -1) {
		switch (c) {
		case 'i':
			r.file = optarg;
			break;
		case 's':
			r.sort_name = optarg;
			break;
		case 'c':
		case 'j':
			if (format) {
				fprintf(stderr, "ftrace-perf-report: --csv and --json exclude each other\n");
				goto out;
			}
			format = c == 'c' ? "csv" : "json";
			break;
		case 'f':
			folded = optarg;
			break;
		case 'g':
			svg = optarg;
			break;
		case 'w':
			r.flame_counter = optarg;
			break;
		case 'C':
			r.compensate = true;
			break;
		case 'p':
			r.pairs[r.nr_pairs++] = optarg;
			break;
		case 'h':
			usage(stdout);
			ret = 0;
			goto out;
		default:
			usage(stderr);
			goto out;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "ftrace-perf-report: unexpected argument '%s'\n", argv[optind]);
		usage(stderr);
		goto out;
	}
	if (!r.flame_counter)
		r.flame_counter = r.sort_name;

	/* --compensate: a first pass measures the bias, the second subtracts it */
	if (r.compensate) {
		r.compensate = false;
		if (ftp_pass(&r))
			goto out;
		if (!r.have_bias) {
			fprintf(stderr, "ftrace-perf-report: %s: --compensate: no leaf function with 3 valid calls to measure the tracer's bias on\n",
				r.file);
			goto out;
		}
		ftp_close(&r);
		r.compensate = true;
	}
	if (ftp_pass(&r) || ftp_outputs(&r, format, folded, svg))
		goto out;
	ret = 0;
out:
	ftp_close(&r);
	for (i = 0; i < FTP_MAX_TRACKED; i++)
		free(r.bias_from[i]);
	free(r.pairs);
	return ret;
}

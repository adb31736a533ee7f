// SPDX-License-Identifier: GPL-2.0
/*
 * The report: a table to read, CSV and JSON to process.  Sites are
 * sorted by the total of the --sort counter, largest first.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* Instructions per cycle over the valid calls of @s; < 0 if not recorded */
static double ftp_ipc(struct ftp_report *r, const struct ftp_site *s)
{
	int cyc = ftp_find_tracked(r, "cpu_cycles");
	int ins = ftp_find_tracked(r, "instructions");

	if (cyc < 0 || ins < 0 || !s->stat[cyc].total)
		return -1;
	return (double)s->stat[ins].total / s->stat[cyc].total;
}

static int ftp_sort_index(struct ftp_report *r)
{
	return r->sort >= 0 ? r->sort : 0;
}

static void ftp_table_section(struct ftp_report *r, FILE *f, struct ftp_table *t,
			      const char *title, const char *what)
{
	struct ftp_site **all = ftp_table_sorted(t, ftp_sort_index(r));
	unsigned long calls = 0, invalid = 0;
	char name[64];
	size_t n;
	int i;

	for (n = 0; all[n]; n++) {
		calls += all[n]->calls;
		invalid += all[n]->invalid;
	}
	fprintf(f, "\n%s: %zu %s, %lu calls, %lu without a valid delta\n\n",
		title, n, what, calls, invalid);
	fprintf(f, "%-32s %7s %7s  %-14s %13s %12s %10s %10s %10s %10s\n",
		what[0] == 'f' ? "FUNCTION" : "PAIR", "CALLS", "INVALID", "COUNTER",
		"TOTAL", "MEAN", "MIN", "MAX", "P50", "P99");
	for (n = 0; all[n]; n++) {
		const struct ftp_site *s = all[n];
		double ipc = ftp_ipc(r, s);

		for (i = 0; i < r->nr_ids; i++) {
			struct ftp_figures fig;

			ftp_stat_figures(&s->stat[i], &fig);
			if (!i)
				fprintf(f, "%-32s %7lu %7lu  ", s->name, s->calls, s->invalid);
			else
				fprintf(f, "%-32s %7s %7s  ", "", "", "");
			fprintf(f, "%-14s %13llu %12.1f %10llu %10llu %10llu %10llu\n",
				ftp_counter_name(r, i, name, sizeof(name)), fig.total,
				fig.mean, fig.min, fig.max, fig.p50, fig.p99);
		}
		if (ipc >= 0)
			fprintf(f, "%-32s %7s %7s  %-14s %13.3f\n", "", "", "", "IPC", ipc);
	}
	free(all);
}

static void ftp_print_bias(struct ftp_report *r, FILE *f)
{
	char name[64];
	int i;

	if (!r->have_bias)
		return;
	fprintf(f, "# tracer bias, the median delta of the cheapest leaf function (%s):\n",
		r->compensate ? "subtracted, once per traced call" : "not subtracted; --compensate does");
	for (i = 0; i < r->nr_ids; i++)
		if (r->bias_from[i])
			fprintf(f, "#   %s: %llu (%s)\n",
				ftp_counter_name(r, i, name, sizeof(name)),
				(unsigned long long)r->bias[i], r->bias_from[i]);
}

void ftp_print_table(struct ftp_report *r, FILE *f)
{
	char name[64];
	int i;

	fprintf(f, "# ftrace-perf-report: %s: %lu records, %lu perf records\n# counters:",
		r->file, r->nr_records, r->nr_perf);
	for (i = 0; i < r->nr_ids; i++)
		fprintf(f, " %s", ftp_counter_name(r, i, name, sizeof(name)));
	fprintf(f, "\n");
	ftp_print_bias(r, f);
	if (r->functions.nr)
		ftp_table_section(r, f, &r->functions, "function_graph", "functions");
	if (r->event_pairs.nr)
		ftp_table_section(r, f, &r->event_pairs, "event pairs", "pairs");
}

static void ftp_csv_section(struct ftp_report *r, FILE *f, struct ftp_table *t,
			    const char *kind)
{
	struct ftp_site **all = ftp_table_sorted(t, ftp_sort_index(r));
	char name[64];
	size_t n;
	int i;

	for (n = 0; all[n]; n++) {
		const struct ftp_site *s = all[n];
		double ipc = ftp_ipc(r, s);

		for (i = 0; i < r->nr_ids; i++) {
			struct ftp_figures fig;

			ftp_stat_figures(&s->stat[i], &fig);
			fprintf(f, "%s,\"%s\",%lu,%lu,%s,%zu,%llu,%.1f,%llu,%llu,%llu,%llu,",
				kind, s->name, s->calls, s->invalid,
				ftp_counter_name(r, i, name, sizeof(name)), s->stat[i].n,
				fig.total, fig.mean, fig.min, fig.max, fig.p50, fig.p99);
			if (ipc >= 0)
				fprintf(f, "%.3f", ipc);
			fprintf(f, "\n");
		}
	}
	free(all);
}

void ftp_print_csv(struct ftp_report *r, FILE *f)
{
	fprintf(f, "kind,name,calls,invalid,counter,valid,total,mean,min,max,p50,p99,ipc\n");
	ftp_csv_section(r, f, &r->functions, "function");
	ftp_csv_section(r, f, &r->event_pairs, "pair");
}

static void ftp_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

static void ftp_json_section(struct ftp_report *r, FILE *f, struct ftp_table *t)
{
	struct ftp_site **all = ftp_table_sorted(t, ftp_sort_index(r));
	char name[64];
	size_t n;
	int i;

	fprintf(f, "[");
	for (n = 0; all[n]; n++) {
		const struct ftp_site *s = all[n];
		double ipc = ftp_ipc(r, s);

		fprintf(f, "%s\n    {\"name\": ", n ? "," : "");
		ftp_json_string(f, s->name);
		fprintf(f, ", \"calls\": %lu, \"invalid\": %lu, \"ipc\": ",
			s->calls, s->invalid);
		if (ipc >= 0)
			fprintf(f, "%.3f", ipc);
		else
			fprintf(f, "null");
		fprintf(f, ", \"counters\": {");
		for (i = 0; i < r->nr_ids; i++) {
			struct ftp_figures fig;

			ftp_stat_figures(&s->stat[i], &fig);
			fprintf(f, "%s", i ? ", " : "");
			ftp_json_string(f, ftp_counter_name(r, i, name, sizeof(name)));
			fprintf(f, ": {\"valid\": %zu, \"total\": %llu, \"mean\": %.1f, "
				"\"min\": %llu, \"max\": %llu, \"p50\": %llu, \"p99\": %llu}",
				s->stat[i].n, fig.total, fig.mean, fig.min, fig.max,
				fig.p50, fig.p99);
		}
		fprintf(f, "}}");
	}
	fprintf(f, "%s]", n ? "\n  " : "");
	free(all);
}

void ftp_print_json(struct ftp_report *r, FILE *f)
{
	char name[64];
	int i;

	fprintf(f, "{\n  \"file\": ");
	ftp_json_string(f, r->file);
	fprintf(f, ",\n  \"records\": %lu,\n  \"perf_records\": %lu,\n  \"counters\": [",
		r->nr_records, r->nr_perf);
	for (i = 0; i < r->nr_ids; i++) {
		fprintf(f, "%s", i ? ", " : "");
		ftp_json_string(f, ftp_counter_name(r, i, name, sizeof(name)));
	}
	fprintf(f, "],\n  \"bias\": {\"compensated\": %s", r->compensate ? "true" : "false");
	for (i = 0; i < r->nr_ids; i++) {
		if (!r->bias_from[i])
			continue;
		fprintf(f, ", ");
		ftp_json_string(f, ftp_counter_name(r, i, name, sizeof(name)));
		fprintf(f, ": {\"value\": %llu, \"function\": ", (unsigned long long)r->bias[i]);
		ftp_json_string(f, r->bias_from[i]);
		fprintf(f, "}");
	}
	fprintf(f, "},\n  \"functions\": ");
	ftp_json_section(r, f, &r->functions);
	fprintf(f, ",\n  \"pairs\": ");
	ftp_json_section(r, f, &r->event_pairs);
	fprintf(f, "\n}\n");
}

// SPDX-License-Identifier: GPL-2.0
/*
 * Decoding of the ftrace perf_event records: the fields, and the names of
 * the counters, which the record's print format carries.
 */
#include <stdlib.h>
#include <string.h>

#include "ftp-record.h"

/*
 * The fixed ids of the kernel's built-in counters, for formats that do
 * not carry the table.  They never change (ftrace-perf.rst).
 */
static const char *const ftp_builtin_names[] = {
	[0x00] = "cpu_cycles",
	[0x01] = "instructions",
	[0x02] = "cache_references",
	[0x03] = "cache_misses",
	[0x04] = "branch_instructions",
	[0x05] = "branch_misses",
	[0x06] = "bus_cycles",
	[0x07] = "stalled_cycles_frontend",
	[0x08] = "stalled_cycles_backend",
	[0x09] = "ref_cpu_cycles",
	[0x10] = "cpu_clock",
	[0x11] = "task_clock",
	[0x12] = "page_faults",
	[0x13] = "context_switches",
	[0x14] = "cpu_migrations",
	[0x15] = "minor_faults",
	[0x16] = "major_faults",
	[0x17] = "alignment_faults",
	[0x18] = "emulation_faults",
	[0x20] = "L1_dcache_loads",
	[0x21] = "L1_dcache_load_misses",
	[0x22] = "L1_dcache_stores",
	[0x23] = "L1_icache_load_misses",
	[0x24] = "LLC_loads",
	[0x25] = "LLC_load_misses",
	[0x26] = "dTLB_loads",
	[0x27] = "dTLB_load_misses",
	[0x28] = "iTLB_loads",
	[0x29] = "iTLB_load_misses",
	[0x2a] = "branch_loads",
	[0x2b] = "branch_load_misses",
};

bool ftp_is_perf_event(const struct tep_event *event)
{
	return event && event->system && event->name &&
	       !strcmp(event->system, "ftrace") &&
	       !strcmp(event->name, "perf_event");
}

/*
 * The table is the __print_symbolic() over REC->nr in the print
 * format's last argument (a condition that never holds, so that it
 * prints nothing): search the argument trees for it.
 */
static const struct tep_print_flag_sym *
ftp_find_table(const struct tep_print_arg *arg)
{
	const struct tep_print_flag_sym *sym;
	const struct tep_print_arg *field;

	for (; arg; arg = arg->next) {
		switch (arg->type) {
		case TEP_PRINT_SYMBOL:
			field = arg->symbol.field;
			if (field && field->type == TEP_PRINT_FIELD &&
			    field->field.name && !strcmp(field->field.name, "nr"))
				return arg->symbol.symbols;
			break;
		case TEP_PRINT_OP:
			sym = ftp_find_table(arg->op.left);
			if (!sym)
				sym = ftp_find_table(arg->op.right);
			if (sym)
				return sym;
			break;
		default:
			break;
		}
	}
	return NULL;
}

void ftp_names_init(struct ftp_names *names, const struct tep_event *event)
{
	const struct tep_print_flag_sym *sym;
	unsigned long id;
	char *end;
	size_t i;

	memset(names, 0, sizeof(*names));
	sym = event ? ftp_find_table(event->print_fmt.args) : NULL;
	if (!sym) {
		for (i = 0; i < sizeof(ftp_builtin_names) / sizeof(ftp_builtin_names[0]); i++)
			names->names[i] = ftp_builtin_names[i];
		return;
	}
	names->from_format = true;
	for (; sym; sym = sym->next) {
		id = strtoul(sym->value, &end, 0);
		if (*end || id >= FTP_NR_IDS)
			continue;
		names->names[id] = sym->str;
	}
}

const char *ftp_name(const struct ftp_names *names, unsigned int id)
{
	return id < FTP_NR_IDS ? names->names[id] : NULL;
}

static int ftp_field(struct tep_event *event, struct tep_record *record,
		     const char *name, unsigned long long *val)
{
	struct tep_format_field *field = tep_find_field(event, name);

	if (!field)
		return -1;
	return tep_read_number_field(field, record->data, val);
}

int ftp_record_decode(struct tep_event *event, struct tep_record *record,
		      struct ftp_record *rec, const char **err)
{
	const unsigned char *data = record->data;
	unsigned int loc, offset, len, i;
	struct tep_format_field *field;
	unsigned long long val[4];

	field = tep_find_field(event, "values");
	if (!field || !(field->flags & TEP_FIELD_IS_DYNAMIC) || field->size != 4) {
		*err = "perf_event format has no __data_loc values field";
		return -1;
	}
	/* The fixed fields all come before the values' location word. */
	if (field->offset < 0 || record->size < field->offset + 4) {
		*err = "perf_event record shorter than its fields";
		return -1;
	}
	if (ftp_field(event, record, "origin", &val[0]) ||
	    ftp_field(event, record, "nr", &val[1]) ||
	    ftp_field(event, record, "depth", &val[2]) ||
	    ftp_field(event, record, "ctx_switches", &val[3])) {
		*err = "perf_event format lacks origin, nr, depth or ctx_switches";
		return -1;
	}
	loc = tep_read_number(event->tep, data + field->offset, 4);
	offset = loc & 0xffff;
	len = loc >> 16;
	if (val[1] > FTP_MAX_COUNTERS || len != val[1] * 8 ||
	    offset + len > (unsigned int)record->size) {
		*err = "perf_event record values do not fit the record";
		return -1;
	}
	rec->origin = val[0];
	rec->nr = val[1];
	rec->depth = val[2];
	rec->ctx_switches = val[3];
	for (i = 0; i < rec->nr; i++) {
		uint64_t word = tep_read_number(event->tep, data + offset + 8 * i, 8);

		rec->ids[i] = word >> FTP_VALUE_BITS;
		rec->values[i] = word & FTP_VALUE_MASK;
	}
	return 0;
}

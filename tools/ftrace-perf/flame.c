// SPDX-License-Identifier: GPL-2.0
/*
 * Counter-weighted flame graphs: each completed call adds its self cost
 * (its inclusive delta minus its children's) to its stack, "comm;outer;
 * ...;function".  Written as folded stacks (one "stack weight" line
 * each, the input of the usual flame graph tools) and as a
 * self-contained SVG that a browser opens: no script, a tooltip per
 * frame.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define FTP_SVG_WIDTH		1200
#define FTP_SVG_FRAME		16
#define FTP_SVG_TOP		40
#define FTP_SVG_CHAR		7	/* pixels per character of the labels */

struct ftp_node {
	char		*name;
	uint64_t	value;
	struct ftp_node	*child;		/* first child */
	struct ftp_node	*sibling;
};

static int ftp_fold_cmp(const void *a, const void *b)
{
	return strcmp((*(struct ftp_site * const *)a)->name,
		      (*(struct ftp_site * const *)b)->name);
}

/* The folded stacks sorted by stack, so that the output is stable */
static struct ftp_site **ftp_folds(struct ftp_report *r)
{
	struct ftp_site **all = ftp_table_sorted(&r->folds, -1);

	qsort(all, r->folds.nr, sizeof(*all), ftp_fold_cmp);
	return all;
}

int ftp_write_folded(struct ftp_report *r, const char *path)
{
	struct ftp_site **all = ftp_folds(r);
	FILE *f = fopen(path, "w");
	size_t n;

	if (!f) {
		fprintf(stderr, "ftrace-perf-report: cannot write %s: %s\n", path, strerror(errno));
		free(all);
		return -1;
	}
	for (n = 0; all[n]; n++)
		if (all[n]->weight)
			fprintf(f, "%s %llu\n", all[n]->name, (unsigned long long)all[n]->weight);
	free(all);
	if (fclose(f)) {
		fprintf(stderr, "ftrace-perf-report: cannot write %s: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

static struct ftp_node *ftp_node_child(struct ftp_node *parent, const char *name, size_t len)
{
	struct ftp_node **c;

	for (c = &parent->child; *c; c = &(*c)->sibling)
		if (!strncmp((*c)->name, name, len) && !(*c)->name[len])
			return *c;
	*c = ftp_alloc(sizeof(**c));
	(*c)->name = ftp_alloc(len + 1);
	memcpy((*c)->name, name, len);
	return *c;
}

static void ftp_node_add(struct ftp_node *root, const char *stack, uint64_t weight)
{
	struct ftp_node *node = root;
	const char *end;

	root->value += weight;
	while (*stack) {
		end = strchr(stack, ';');
		if (!end)
			end = stack + strlen(stack);
		node = ftp_node_child(node, stack, end - stack);
		node->value += weight;
		stack = *end ? end + 1 : end;
	}
}

static int ftp_node_depth(const struct ftp_node *node)
{
	const struct ftp_node *c;
	int max = 0, d;

	for (c = node->child; c; c = c->sibling) {
		d = ftp_node_depth(c);
		if (d > max)
			max = d;
	}
	return max + 1;
}

static void ftp_node_free(struct ftp_node *node)
{
	struct ftp_node *c, *next;

	for (c = node->child; c; c = next) {
		next = c->sibling;
		ftp_node_free(c);
	}
	free(node->name);
	free(node);
}

static void ftp_xml(FILE *f, const char *s, size_t max)
{
	size_t n;

	for (n = 0; *s && n < max; s++, n++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		default:
			fputc(*s, f);
		}
	}
}

static void ftp_svg_node(FILE *f, const struct ftp_node *node, uint64_t total,
			 double x, int level, int height, const char *unit)
{
	double w = (double)node->value * FTP_SVG_WIDTH / total;
	int y = height - (level + 1) * FTP_SVG_FRAME;
	const struct ftp_node *c;
	unsigned int h = 0;
	const char *p;
	size_t chars;

	if (w < 0.1)
		return;
	for (p = node->name; *p; p++)
		h = h * 31 + (unsigned char)*p;
	fprintf(f, "<g><title>");
	ftp_xml(f, node->name, (size_t)-1);
	fprintf(f, " (%llu %s, %.2f%%)</title>", (unsigned long long)node->value, unit,
		100.0 * node->value / total);
	fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"%d\" fill=\"rgb(%u,%u,%u)\"/>",
		x, y, w, FTP_SVG_FRAME - 1, 205 + h % 50, 80 + (h >> 8) % 130, 40 + (h >> 16) % 40);
	chars = w > 3 * FTP_SVG_CHAR ? (size_t)(w / FTP_SVG_CHAR) - 1 : 0;
	if (chars) {
		fprintf(f, "<text x=\"%.2f\" y=\"%d\">", x + 3, y + FTP_SVG_FRAME - 4);
		ftp_xml(f, node->name, chars);
		fprintf(f, "</text>");
	}
	fprintf(f, "</g>\n");
	for (c = node->child; c; c = c->sibling) {
		ftp_svg_node(f, c, total, x, level + 1, height, unit);
		x += (double)c->value * FTP_SVG_WIDTH / total;
	}
}

int ftp_write_svg(struct ftp_report *r, const char *path)
{
	struct ftp_site **all = ftp_folds(r);
	struct ftp_node *root = ftp_alloc(sizeof(*root));
	const char *unit;
	char buf[64];
	int height, ret = 0;
	FILE *f;
	size_t n;

	root->name = ftp_strdup("all");
	for (n = 0; all[n]; n++)
		ftp_node_add(root, all[n]->name, all[n]->weight);
	free(all);
	if (ftp_flame_index(r) < 0) {
		fprintf(stderr, "ftrace-perf-report: %s: no values of %s for the flame graph\n",
			r->file, r->flame_counter);
		ftp_node_free(root);
		return -1;
	}
	unit = ftp_counter_name(r, ftp_flame_index(r), buf, sizeof(buf));
	height = FTP_SVG_TOP + ftp_node_depth(root) * FTP_SVG_FRAME;

	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "ftrace-perf-report: cannot write %s: %s\n", path, strerror(errno));
		ftp_node_free(root);
		return -1;
	}
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\">\n"
		"<style>text { font-family: monospace; font-size: 11px; } "
		"rect { stroke: white; stroke-width: 0.5; }</style>\n"
		"<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#f8f8f0\"/>\n"
		"<text x=\"%d\" y=\"20\">%s flame graph: ",
		FTP_SVG_WIDTH, height, FTP_SVG_WIDTH, height, FTP_SVG_WIDTH, height, 10, unit);
	ftp_xml(f, r->file, (size_t)-1);
	fprintf(f, " (%llu %s)</text>\n", (unsigned long long)root->value, unit);
	if (root->value)
		ftp_svg_node(f, root, root->value, 0, 0, height, unit);
	fprintf(f, "</svg>\n");
	if (fclose(f)) {
		fprintf(stderr, "ftrace-perf-report: cannot write %s: %s\n", path, strerror(errno));
		ret = -1;
	}
	ftp_node_free(root);
	return ret;
}

/*
 * defer-demo: sample this program with defer_callchain and show one
 * sample stitched: the kernel part from the sample, the user part from
 * the PERF_RECORD_CALLCHAIN_DEFERRED record that carries its cookie.
 * Kernel addresses are named from /proc/kallsyms, the program's own
 * functions from a table (the guest has no symbolizer).  The C library's
 * read() wrapper keeps no frame pointer: the walk starts in it and finds
 * level_5 next, as any frame-pointer unwinder would (read_zero's return
 * address is on the stack, not in a frame record).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <linux/perf_event.h>

#define RB_PAGES	256
#define BIG_READ	(1 << 20)

static int zero_fd;
static char *buf;

static __attribute__((noinline)) void read_zero(void)
{
	int i;

	for (i = 0; i < 30; i++)
		if (read(zero_fd, buf, BIG_READ) < 0)
			exit(1);
}

#define LEVEL(n, callee)						\
static __attribute__((noinline)) void level_##n(void)		\
{									\
	callee();							\
	asm volatile("" : : : "memory");				\
}
LEVEL(5, read_zero) LEVEL(4, level_5) LEVEL(3, level_4)
LEVEL(2, level_3) LEVEL(1, level_2) LEVEL(0, level_1)

static int perf_fd;

/* The sampled part of the program, called from main */
static __attribute__((noinline)) void sampled(void)
{
	ioctl(perf_fd, PERF_EVENT_IOC_ENABLE, 0);
	level_0();
	ioctl(perf_fd, PERF_EVENT_IOC_DISABLE, 0);
}

static const struct { const char *name; void (*fn)(void); } funcs[] = {
	{ "read_zero", read_zero }, { "level_5", level_5 },
	{ "level_4", level_4 }, { "level_3", level_3 }, { "level_2", level_2 },
	{ "level_1", level_1 }, { "level_0", level_0 },
	{ "sampled", sampled },
};

/* The program's own functions; "?" for the C library's, unnamed here */
static const char *user_name(uint64_t ip)
{
	const char *name = "?";
	uint64_t best = 0;
	size_t i;

	for (i = 0; i < sizeof(funcs) / sizeof(funcs[0]); i++) {
		uint64_t start = (uint64_t)funcs[i].fn;

		if (start <= ip && ip - start < 256 && start > best) {
			best = start;
			name = funcs[i].name;
		}
	}
	return name;
}

static void kernel_name(uint64_t ip, char *name, size_t len)
{
	char line[256], sym[200], best[200] = "?";
	unsigned long long addr, best_addr = 0;
	FILE *f = fopen("/proc/kallsyms", "r");
	char type;

	while (f && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %199s", &addr, &type, sym) != 3)
			continue;
		if (addr <= ip && addr > best_addr) {
			best_addr = addr;
			strcpy(best, sym);
		}
	}
	if (f)
		fclose(f);
	snprintf(name, len, "%s+0x%llx", best,
		 (unsigned long long)(ip - best_addr));
}

#define MAX_SAMPLES	256
#define MAX_IPS		128

static struct {
	uint64_t	nr;
	uint64_t	ips[MAX_IPS];
} kept[MAX_SAMPLES];

/* A user call chain of the read() loop names level_0 */
static int in_read_loop(const uint64_t *ips, uint64_t nr)
{
	uint64_t i;

	for (i = 0; i < nr; i++)
		if (!strcmp(user_name(ips[i]), "level_0"))
			return 1;
	return 0;
}

static void show_kernel_part(uint64_t *ips, uint64_t nr)
{
	char name[256];
	uint64_t i;

	for (i = 0; i < nr; i++) {
		if (ips[i] == PERF_CONTEXT_KERNEL)
			strcpy(name, "PERF_CONTEXT_KERNEL");
		else if (ips[i] == PERF_CONTEXT_USER_DEFERRED)
			strcpy(name, "PERF_CONTEXT_USER_DEFERRED");
		else if (i == nr - 1 && i && ips[i - 1] == PERF_CONTEXT_USER_DEFERRED)
			strcpy(name, "(cookie)");
		else
			kernel_name(ips[i], name, sizeof(name));
		printf("  %016llx %s\n", (unsigned long long)ips[i], name);
	}
}

/* The first kept sample with @cookie, then the record's user frames. */
static int show(uint64_t cookie, uint64_t *ips, uint64_t nr, int samples)
{
	int s, n = 0, first = -1;
	uint64_t i;

	for (s = 0; s < samples && s < MAX_SAMPLES; s++) {
		uint64_t k = kept[s].nr;

		if (k >= 2 && kept[s].ips[k - 2] == PERF_CONTEXT_USER_DEFERRED &&
		    kept[s].ips[k - 1] == cookie) {
			n++;
			if (first < 0)
				first = s;
		}
	}
	if (first < 0)
		return 0;
	printf("a sample taken in read(), callchain as written (%d samples carry this cookie):\n",
	       n);
	show_kernel_part(kept[first].ips, kept[first].nr);
	printf("PERF_RECORD_CALLCHAIN_DEFERRED cookie %llx, %llu user frames, stitched in place of the marker:\n",
	       (unsigned long long)cookie, (unsigned long long)nr);
	for (i = 0; i < nr; i++)
		printf("  %016llx %s\n", (unsigned long long)ips[i],
		       user_name(ips[i]));
	return 1;
}

int main(void)
{
	struct perf_event_attr attr = {
		.size = sizeof(attr),
		.type = PERF_TYPE_SOFTWARE,
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_period = 500000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			       PERF_SAMPLE_CALLCHAIN,
		.sample_id_all = 1,
		.exclude_idle = 1,
		.disabled = 1,
		.defer_callchain = 1,
		.defer_output = 1,
	};
	long page = sysconf(_SC_PAGESIZE);
	uint64_t size = RB_PAGES * page, tail = 0, head;
	int samples = 0, records = 0, shown = 0;
	struct perf_event_mmap_page *meta;
	static char rec[65536];
	char *data;

	zero_fd = open("/dev/zero", O_RDONLY);
	buf = malloc(BIG_READ);
	perf_fd = syscall(__NR_perf_event_open, &attr, 0, -1, -1, 0);
	if (perf_fd < 0) {
		perror("perf_event_open(defer_callchain)");
		return 1;
	}
	meta = mmap(NULL, (RB_PAGES + 1) * page, PROT_READ | PROT_WRITE,
		    MAP_SHARED, perf_fd, 0);
	if (meta == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	data = (char *)meta + page;
	sampled();

	/*
	 * Keep the samples (their callchains) until a record of the read()
	 * loop comes, then show it with the first sample of its cookie.
	 */
	head = __atomic_load_n(&meta->data_head, __ATOMIC_ACQUIRE);
	while (tail < head) {
		struct perf_event_header *hdr = (void *)rec;
		uint64_t *w = (uint64_t *)(hdr + 1), i, nr;

		for (i = 0; i < sizeof(*hdr); i++)
			rec[i] = data[(tail + i) % size];
		for (i = 0; i < hdr->size && i < sizeof(rec); i++)
			rec[i] = data[(tail + i) % size];
		tail += hdr->size;
		if (hdr->type == PERF_RECORD_SAMPLE) {
			/* ip, pid/tid, nr, ips[nr] */
			nr = w[2];
			if (samples < MAX_SAMPLES && nr <= MAX_IPS) {
				kept[samples].nr = nr;
				memcpy(kept[samples].ips, &w[3], nr * sizeof(uint64_t));
			}
			samples++;
		} else if (hdr->type == PERF_RECORD_CALLCHAIN_DEFERRED) {
			/* cookie, nr, ips[nr] */
			records++;
			if (!shown && in_read_loop(&w[2], w[1]))
				shown = show(w[0], &w[2], w[1], samples);
		}
	}
	printf("%d samples, %d deferred records: one walk of the user stack per stay in the kernel\n",
	       samples, records);
	return shown ? 0 : 1;
}

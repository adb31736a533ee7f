// SPDX-License-Identifier: GPL-2.0
/*
 * getppid-bench: instructions retired per getppid(2) call, user and
 * kernel, counted by perf for this task on CPU 0.
 *
 * Under QEMU's -icount the instruction count of a code path is exact.
 * What varies between batches is what interrupts (the tick) add, and
 * where the ring buffer crosses a page; the smallest batch is the cost
 * of the calls themselves.  An empty batch measures the cost of turning
 * the counter on and off, which is subtracted.
 *
 * With SAMPLER, a perf event samples every getppid() call (the
 * syscalls:sys_enter_getppid tracepoint, period 1) with its user
 * callchain: "immediate" copies the user frames in the sample, "deferred"
 * (defer_callchain, a kernel with the deferred callchain series) walks
 * them when the call returns to user space.  The calls are made DEPTH
 * frames deep (frame pointers), so that there is a user stack to walk.
 * The ring buffer is emptied after each batch.
 *
 * With NR, the calls are syscall(NR) instead of getppid(): the
 * function_graph bias row calls a number that no system call has, which
 * runs the arch's sys_ni_syscall(), a function that does nothing.
 *
 * usage: getppid-bench LABEL [CALLS [BATCHES [none|immediate|deferred [DEPTH [NR]]]]]
 * prints: "FTP-BENCH LABEL INSTRUCTIONS-PER-CALL" (two decimals)
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <inttypes.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int open_instructions(void)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_INSTRUCTIONS;
	attr.disabled = 1;
	attr.pinned = 1;
	/* this task, any CPU */
	return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

#define RB_PAGES	256

static struct perf_event_mmap_page *sampler_rb;
static long call_nr = SYS_getppid;

static int tracepoint_id(const char *event)
{
	char path[256];
	FILE *f;
	int id;

	snprintf(path, sizeof(path), "/sys/kernel/tracing/events/%s/id", event);
	f = fopen(path, "r");
	if (!f || fscanf(f, "%d", &id) != 1) {
		perror(path);
		exit(1);
	}
	fclose(f);
	return id;
}

/* A sample of every getppid() call, with its user callchain. */
static void open_sampler(const char *how)
{
	struct perf_event_attr attr;
	long page = sysconf(_SC_PAGESIZE);
	void *rb;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.config = tracepoint_id("syscalls/sys_enter_getppid");
	attr.sample_period = 1;
	attr.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_CALLCHAIN;
	attr.exclude_callchain_kernel = 1;
	attr.sample_id_all = 1;
	if (!strcmp(how, "deferred")) {
#ifdef HAVE_DEFER_CALLCHAIN
		attr.defer_callchain = 1;
		attr.defer_output = 1;
#else
		fprintf(stderr, "built without deferred callchains\n");
		exit(1);
#endif
	} else if (strcmp(how, "immediate")) {
		fprintf(stderr, "unknown sampler '%s'\n", how);
		exit(2);
	}
	fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
	if (fd < 0) {
		perror("perf_event_open(sampler)");
		exit(1);
	}
	rb = mmap(NULL, (RB_PAGES + 1) * page, PROT_READ | PROT_WRITE,
		  MAP_SHARED, fd, 0);
	if (rb == MAP_FAILED) {
		perror("mmap(sampler)");
		exit(1);
	}
	sampler_rb = rb;
}

/* Drop what the sampler wrote: the next batch writes to an empty buffer. */
static void empty_sampler(void)
{
	uint64_t head;

	if (!sampler_rb)
		return;
	head = __atomic_load_n(&sampler_rb->data_head, __ATOMIC_ACQUIRE);
	__atomic_store_n(&sampler_rb->data_tail, head, __ATOMIC_RELEASE);
}

/* The instructions of one batch of @calls calls (getppid() or call_nr). */
static uint64_t batch(int fd, long calls)
{
	uint64_t count;
	long i;

	empty_sampler();

	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < calls; i++)
		syscall(call_nr);
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count)) {
		perror("read");
		exit(1);
	}
	return count;
}

static uint64_t min_batch(int fd, long calls, long batches)
{
	uint64_t best = UINT64_MAX, count;
	long b;

	for (b = 0; b < batches; b++) {
		count = batch(fd, calls);
		if (count < best)
			best = count;
	}
	return best;
}

struct run {
	int		fd;
	long		calls;
	long		batches;
	uint64_t	empty;
	uint64_t	full;
};

/* The batches, @depth frames below the caller. */
static __attribute__((noinline)) void run_at_depth(struct run *r, int depth)
{
	if (depth > 0) {
		run_at_depth(r, depth - 1);
		/* no tail call: each level keeps its frame */
		asm volatile("" : : : "memory");
		return;
	}
	r->empty = min_batch(r->fd, 0, r->batches);
	r->full = min_batch(r->fd, r->calls, r->batches);
}

int main(int argc, char **argv)
{
	long calls = argc > 2 ? atol(argv[2]) : 200;
	long batches = argc > 3 ? atol(argv[3]) : 40;
	const char *sampler = argc > 4 ? argv[4] : "none";
	int depth = argc > 5 ? atoi(argv[5]) : 0;
	uint64_t empty, full, hundredths;
	struct run r;
	cpu_set_t cpu0;
	int fd;

	if (argc > 6)
		call_nr = atol(argv[6]);
	if (argc < 2 || calls <= 0 || batches <= 0 || depth < 0 || call_nr < 0) {
		fprintf(stderr, "usage: %s LABEL [CALLS [BATCHES [none|immediate|deferred [DEPTH [NR]]]]]\n",
			argv[0]);
		return 2;
	}
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0)) {
		perror("sched_setaffinity");
		return 1;
	}
	fd = open_instructions();
	if (fd < 0) {
		perror("perf_event_open(instructions)");
		return 1;
	}

	if (strcmp(sampler, "none"))
		open_sampler(sampler);

	r = (struct run){ .fd = fd, .calls = calls, .batches = batches };
	run_at_depth(&r, depth);
	empty = r.empty;
	full = r.full;
	hundredths = ((full - empty) * 100 + calls / 2) / calls;
	printf("FTP-BENCH %s %" PRIu64 ".%02" PRIu64 "\n", argv[1],
	       hundredths / 100, hundredths % 100);
	return 0;
}

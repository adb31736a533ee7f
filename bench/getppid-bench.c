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
 * usage: getppid-bench LABEL [CALLS [BATCHES]]
 * prints: "FTP-BENCH LABEL INSTRUCTIONS-PER-CALL" (two decimals)
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <sys/ioctl.h>
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

/* The instructions of one batch of @calls getppid() calls. */
static uint64_t batch(int fd, long calls)
{
	uint64_t count;
	long i;

	ioctl(fd, PERF_EVENT_IOC_RESET, 0);
	ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
	for (i = 0; i < calls; i++)
		syscall(SYS_getppid);
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

int main(int argc, char **argv)
{
	long calls = argc > 2 ? atol(argv[2]) : 200;
	long batches = argc > 3 ? atol(argv[3]) : 40;
	uint64_t empty, full, hundredths;
	cpu_set_t cpu0;
	int fd;

	if (argc < 2 || calls <= 0 || batches <= 0) {
		fprintf(stderr, "usage: %s LABEL [CALLS [BATCHES]]\n", argv[0]);
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

	empty = min_batch(fd, 0, batches);
	full = min_batch(fd, calls, batches);
	hundredths = ((full - empty) * 100 + calls / 2) / calls;
	printf("FTP-BENCH %s %" PRIu64 ".%02" PRIu64 "\n", argv[1],
	       hundredths / 100, hundredths % 100);
	return 0;
}

// SPDX-License-Identifier: GPL-2.0
/*
 * perf-sample: make the PMU raise overflow interrupts for a while.
 *
 *   perf-sample SECONDS PERIOD [getppid]
 *
 * Opens a cycles counter of this task that overflows every PERIOD
 * cycles, spins for SECONDS, and prints how many cycles it counted.
 * With "getppid", each turn of the loop is a getppid() system call
 * instead of 100000 increments: the interrupts then also come in while
 * the kernel traces the system call's events.
 * The samples themselves are not read (no ring buffer): the point is
 * the PMU interrupt, which the tests trace.  Where the PMU interrupt is
 * an NMI (arm64 with pseudo-NMI), this exercises tracing in NMI context.
 */
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <sys/ioctl.h>
#include <string.h>
#include <stdbool.h>
#include <stdlib.h>
#include <stdint.h>
#include <unistd.h>
#include <errno.h>
#include <stdio.h>
#include <time.h>

static int open_cycles(unsigned long period)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.sample_period = period;
	attr.sample_type = PERF_SAMPLE_IP;
	attr.disabled = 1;
	return syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	volatile unsigned long spin = 0;
	unsigned long period, calls = 0;
	bool syscalls = false;
	double seconds, end;
	uint64_t count;
	char *p;
	int fd;

	if (argc == 4 && !strcmp(argv[3], "getppid")) {
		syscalls = true;
	} else if (argc != 3) {
		fprintf(stderr, "usage: perf-sample SECONDS PERIOD [getppid]\n");
		return 2;
	}
	seconds = strtod(argv[1], &p);
	if (*p || seconds <= 0) {
		fprintf(stderr, "perf-sample: bad SECONDS '%s'\n", argv[1]);
		return 2;
	}
	period = strtoul(argv[2], &p, 0);
	if (*p || !period) {
		fprintf(stderr, "perf-sample: bad PERIOD '%s'\n", argv[2]);
		return 2;
	}

	fd = open_cycles(period);
	if (fd < 0) {
		fprintf(stderr, "perf-sample: perf_event_open(cycles): %s\n",
			strerror(errno));
		return 1;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		fprintf(stderr, "perf-sample: enable: %s\n", strerror(errno));
		return 1;
	}
	end = now() + seconds;
	while (now() < end) {
		if (syscalls) {
			syscall(SYS_getppid);
			calls++;
			continue;
		}
		for (int i = 0; i < 100000; i++)
			spin++;
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(fd, &count, sizeof(count)) != sizeof(count)) {
		fprintf(stderr, "perf-sample: read: %s\n", strerror(errno));
		return 1;
	}
	printf("cycles %llu period %lu getppid %lu\n",
	       (unsigned long long)count, period, calls);
	return 0;
}

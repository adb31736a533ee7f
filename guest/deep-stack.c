/*
 * deep-stack [-k] [ROUNDS [MIB]]: a program with a known user call chain,
 * for perf record --call-graph fp and fp,defer (guest/perftool.sh).
 *
 * main -> chain_entry -> frame_0 -> ... -> frame_23 -> chain_leaf, which
 * reads /dev/zero ROUNDS times, MIB (4) MiB at a time: a cpu-clock sample in
 * the kernel's copy has that chain as its user part.  The chain runs on
 * a stack of its own, backed by a memory file; before each read the leaf
 * drops the page table entries of the outer frames (MADV_DONTNEED keeps
 * a shared mapping's data), so that an unwinder that cannot fault (the
 * sample's immediate one, in interrupt context) stops at the first
 * missing page, while the deferred one, at the return to user space,
 * faults them back in.  Each frame holds 1 KiB of locals: the 24 frames
 * span several pages.  Built with frame pointers (scripts/initramfs.sh).
 *
 * With -k the program dies in the kernel: after the ROUNDS reads, the
 * leaf arms a profiling timer (ITIMER_PROF, 20 ms of its CPU time) and
 * reads 64 times MIB in one readv(2); the timer's SIGPROF, fatal, comes
 * inside that read, so the samples of its last stay in the kernel never
 * see a return to user space.  It exits with status 1 if it survives.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>

#define noinline	__attribute__((noinline))
#define CHAIN_STACK	(256 * 1024)
#define FRAME_PAD	1024

static char *chain_stack;
static char *read_buf;
static int zero_fd;
static int rounds = 50;
static size_t read_size = 4 << 20;
static int die_in_read;

/* The frames above the leaf's own two pages are not present any more. */
static noinline void drop_outer_frames(void)
{
	unsigned long fp = (unsigned long)__builtin_frame_address(0);
	unsigned long start = (fp & ~4095UL) + 2 * 4096;
	unsigned long end = (unsigned long)chain_stack + CHAIN_STACK;

	if (start < end && madvise((void *)start, end - start, MADV_DONTNEED)) {
		perror("deep-stack: madvise");
		exit(1);
	}
}

/*
 * One read of 64 times the buffer, longer than 20 ms of CPU time
 * everywhere this runs, with the timer that kills the task inside it.
 */
static noinline void die_reading(void)
{
	struct itimerval timer = { .it_value.tv_usec = 20000 };
	struct iovec iov[64];
	int i;

	for (i = 0; i < 64; i++) {
		iov[i].iov_base = read_buf;
		iov[i].iov_len = read_size;
	}
	drop_outer_frames();
	if (setitimer(ITIMER_PROF, &timer, NULL)) {
		perror("deep-stack: setitimer");
		exit(1);
	}
	if (readv(zero_fd, iov, 64) < 0)
		perror("deep-stack: readv /dev/zero");
	fprintf(stderr, "deep-stack: still alive after the timer\n");
	exit(1);
}

static noinline void chain_leaf(void)
{
	int i;

	for (i = 0; i < rounds; i++) {
		drop_outer_frames();
		if (read(zero_fd, read_buf, read_size) < 0) {
			perror("deep-stack: read /dev/zero");
			exit(1);
		}
	}
	if (die_in_read)
		die_reading();
}

#define FRAME(n, callee)						\
static noinline void frame_##n(void)					\
{									\
	char pad[FRAME_PAD];						\
									\
	pad[0] = n;							\
	callee();							\
	asm volatile("" : : "r"(pad) : "memory");			\
}

FRAME(23, chain_leaf)
FRAME(22, frame_23) FRAME(21, frame_22) FRAME(20, frame_21)
FRAME(19, frame_20) FRAME(18, frame_19) FRAME(17, frame_18)
FRAME(16, frame_17) FRAME(15, frame_16) FRAME(14, frame_15)
FRAME(13, frame_14) FRAME(12, frame_13) FRAME(11, frame_12)
FRAME(10, frame_11) FRAME(9, frame_10) FRAME(8, frame_9)
FRAME(7, frame_8) FRAME(6, frame_7) FRAME(5, frame_6)
FRAME(4, frame_5) FRAME(3, frame_4) FRAME(2, frame_3)
FRAME(1, frame_2) FRAME(0, frame_1)

static noinline void chain_entry(void)
{
	frame_0();
	asm volatile("" : : : "memory");
}

static void setup(void)
{
	int memfd = memfd_create("deep-stack", 0);

	if (memfd < 0 || ftruncate(memfd, CHAIN_STACK)) {
		perror("deep-stack: memfd");
		exit(1);
	}
	chain_stack = mmap(NULL, CHAIN_STACK, PROT_READ | PROT_WRITE,
			   MAP_SHARED, memfd, 0);
	close(memfd);
	read_buf = malloc(read_size);
	zero_fd = open("/dev/zero", O_RDONLY);
	if (chain_stack == MAP_FAILED || !read_buf || zero_fd < 0) {
		perror("deep-stack: setup");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	ucontext_t main_uc, chain_uc;

	if (argc > 1 && !strcmp(argv[1], "-k")) {
		die_in_read = 1;
		argc--;
		argv++;
	}
	if (argc > 1)
		rounds = atoi(argv[1]);
	if (argc > 2)
		read_size = (size_t)atoi(argv[2]) << 20;
	if (rounds < 1 || !read_size) {
		fprintf(stderr, "usage: deep-stack [-k] [ROUNDS [MIB]]\n");
		return 1;
	}
	setup();
	if (getcontext(&chain_uc)) {
		perror("deep-stack: getcontext");
		return 1;
	}
	chain_uc.uc_stack.ss_sp = chain_stack;
	chain_uc.uc_stack.ss_size = CHAIN_STACK;
	chain_uc.uc_link = &main_uc;
	makecontext(&chain_uc, chain_entry, 0);
	if (swapcontext(&main_uc, &chain_uc)) {
		perror("deep-stack: swapcontext");
		return 1;
	}
	return 0;
}

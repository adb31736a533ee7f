# ftrace-perf workbench.  See README.md.
ARCH ?= arm64
T ?= perf

.PHONY: all demo check check-debug deps tree export checkpatch run shell \
	series-build series-alone check-configs bench clean

all: check

deps:
	@scripts/deps.sh

tree: deps
	@scripts/tree.sh $(if $(FORCE),force)

# Boot the patched kernel and show the feature.
demo: tree
	@scripts/build.sh $(ARCH) && scripts/perf-build.sh $(ARCH) && \
		scripts/initramfs.sh $(ARCH) && \
		scripts/boot.sh $(ARCH) "" demo && scripts/demo-tracecmd.sh $(ARCH)

# Build, boot and test both arches; the last line is the verdict.
check: tree
	@scripts/check.sh

check-debug: tree
	@scripts/check.sh debug

# Contributor loop: build build/linux as it is (no sync with patches/),
# boot it and run test T (a test.d directory or file) on ARCH.
run:
	@scripts/build.sh $(ARCH) $(VARIANT) && \
		scripts/initramfs.sh $(ARCH) $(VARIANT) && \
		scripts/boot.sh $(ARCH) "$(VARIANT)" test "$(T)" >/dev/null; \
		scripts/analyze.sh $(ARCH) "$(VARIANT)" \
			build/obj-$(ARCH)$(if $(VARIANT),-$(VARIANT))/test.log

shell:
	@scripts/build.sh $(ARCH) && scripts/initramfs.sh $(ARCH) && \
		scripts/boot.sh $(ARCH) "" shell

# Instructions per getppid(2) under each tracing configuration, arm64
# -icount, patched against unpatched; writes build/bench-arm64.txt.
bench: tree
	@scripts/bench.sh

export:
	@scripts/export.sh

checkpatch:
	@scripts/checkpatch.sh

series-build:
	@scripts/series-build.sh $(ARCH)

# The series built in the configurations make check does not boot:
# without perf events, function_graph or dynamic ftrace, and 32-bit x86.
check-configs: tree
	@scripts/check-configs.sh

# Each series applied alone to the base, and built.
series-alone: tree
	@scripts/series-alone.sh $(ARCH)

clean:
	rm -rf build/obj-*

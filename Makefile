# polycover — build, test, bench, install.
#   make            ./polycover and libpolycover.a
#   make test       the Criterion suite (warnings are errors here, and with WERROR=1)
#   make SAN=1 test the suite under address and undefined sanitizers
#   make lint       layers include only downwards, functions of 60 lines at most
#   make MPI=1      build-mpi/polycover against Open MPI (solve --mpi)
#   make check-long the long enumerations (minutes)
#   make TSAN=1 check-threads  the threaded commands under ThreadSanitizer
#   make bench      measured speed, printed and written into docs/speed.md
#   make install PREFIX=/usr/local   (DESTDIR too); make uninstall likewise
#   make check-install  install in a temporary folder, build a user of it, uninstall

CC      ?= cc
PREFIX  ?= /usr/local
PKGS    := yaml-0.1 cairo
OPT     ?= -O2
CFLAGS  ?= $(OPT) -g
CFLAGS  += -std=c11 -D_GNU_SOURCE -Wall -Wextra -pthread -Isrc -I. \
           $(shell pkg-config --cflags $(PKGS))
# A plane lattice's cell is written {c, r}: the layer it leaves out is 0
# (poly/grid.h), which this -Wextra warning would refuse.
CFLAGS  += -Wno-missing-field-initializers
# The popcount instruction (every x86-64 processor since 2008): the bits
# engine counts bits in its hot loop, which gcc otherwise leaves to a
# libgcc routine (docs/speed.md). ARCH_FLAGS= builds without it.
ARCH_FLAGS ?= $(if $(filter x86_64,$(shell uname -m)),-mpopcnt)
CFLAGS  += $(ARCH_FLAGS)
# Warnings are errors for the tests and CI, not in a user's build (a newer
# compiler's new warning must not stop `make`): `make test` and check-long
# build with -Werror, and WERROR=1 (which .ci/run sets) does for every target.
ifeq ($(WERROR),1)
CFLAGS  += -Werror
endif
# The data folder the program was built for: only the last place it looks
# (poly/datapath.h); an installed program finds its data from where it runs.
DATADIR_FLAG := -DPC_DATADIR='"$(PREFIX)/share/polycover"'
# cairo is not linked: render/cairo_lazy.c opens it on the first drawing.
# The tests call it themselves.
LDLIBS  := $(shell pkg-config --libs yaml-0.1) -lm -pthread
TESTLIBS := $(shell pkg-config --libs criterion cairo)

# MPI=1: the same program built with mpicc, plus the MPI-only sources
# (src/mpi_*.c), in a tree of its own.
ifeq ($(MPI),1)
CC      := mpicc
CFLAGS  += -DPC_MPI
BUILD   ?= build-mpi$(if $(filter 1,$(SAN)),-san)
endif

# TSAN=1: the program under ThreadSanitizer, for check-threads (Criterion
# cannot start under it, so the suite itself is not built this way).
ifeq ($(TSAN),1)
BUILD   ?= build-tsan
CFLAGS  += -fsanitize=thread
LDFLAGS += -fsanitize=thread
endif

# BUILD may be set on the command line to keep separate trees apart.
ifeq ($(SAN),1)
BUILD   ?= build-san
CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
LDFLAGS += -fsanitize=address,undefined
else
BUILD   ?= build
endif

# The library: core, poly, run (MPI's sources only in the MPI build) and
# render. The program adds cli/.
LIB_SRC  := $(filter-out $(if $(filter 1,$(MPI)),,src/run/mpi_%.c),\
              $(wildcard src/core/*.c src/poly/*.c src/run/*.c render/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(BUILD)/%.o)
CLI_SRC  := $(filter-out src/cli/main.c,$(wildcard src/cli/*.c))
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/%.o)
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
DEPS     := $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(BUILD)/src/cli/main.d \
            $(BUILD)/bench/bench.d

# The default build puts the program at the top; others keep it in BUILD.
BIN := $(if $(filter build,$(BUILD)),polycover,$(BUILD)/polycover)

.PHONY: all test lint check-long check-threads bench fuzz install uninstall check-install clean
all: $(BIN) $(BUILD)/libpolycover.a

# V=1 shows the whole commands.
Q := $(if $(filter 1,$(V)),,@)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@$(if $(Q),echo "  CC $<")
	$(Q)$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

$(BUILD)/src/poly/datapath.o: CFLAGS += $(DATADIR_FLAG)

$(BUILD)/libpolycover.a: $(LIB_OBJ)
	$(Q)$(AR) rcs $@ $^

$(BIN): $(BUILD)/src/cli/main.o $(CLI_OBJ) $(BUILD)/libpolycover.a
	@$(if $(Q),echo "  LD $@")
	$(Q)$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(BUILD)/tests/run: $(TEST_OBJ) $(CLI_OBJ) $(BUILD)/libpolycover.a
	@$(if $(Q),echo "  LD $@")
	$(Q)$(CC) $(LDFLAGS) $^ $(TESTLIBS) $(LDLIBS) -o $@

# The tests run the program too (exit codes, messages): POLYCOVER names it.
# fontconfig's caches are never freed: tests/lsan.supp keeps them out of
# the sanitizer's leak report.
test check-long check-threads: CFLAGS += -Werror
test: $(BUILD)/tests/run $(BIN)
	LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 POLYCOVER=./$(BIN) ./$(BUILD)/tests/run $(TESTFLAGS)

# The house rules that a compiler does not check (tests/lint/).
lint:
	bash tests/lint/layers.sh
	bash tests/lint/functions.sh

check-long: $(BUILD)/tests/run $(BIN)
	POLYCOVER_LONG=1 POLYCOVER=./$(BIN) ./$(BUILD)/tests/run --filter 'long/*' $(TESTFLAGS)

# The threaded commands under ThreadSanitizer: make TSAN=1 check-threads.
check-threads: $(BIN)
	bash tests/threads.sh ./$(BIN)

$(BUILD)/bench/bench: $(BUILD)/bench/bench.o $(BUILD)/libpolycover.a
	$(CC) $(LDFLAGS) $^ $(LDLIBS) -o $@

bench: $(BUILD)/bench/bench $(BIN)
	POLYCOVER=./$(BIN) ./$(BUILD)/bench/bench

# Fuzzing with libFuzzer (clang): a target per reader, FUZZ_SECONDS each,
# corpora seeded from files the program writes and the test data
# (tests/fuzz/seed.sh); crashes land in build-fuzz/crash-TARGET-*.
FUZZ_SECONDS ?= 60
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -Isrc -I. $(DATADIR_FLAG) \
               $(shell pkg-config --cflags $(PKGS)) -fsanitize=address,undefined
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=build-fuzz/obj/%.o)
.PRECIOUS: build-fuzz/obj/%.o
build-fuzz/obj/%.o: %.c
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@
build-fuzz/%: tests/fuzz/%.c tests/fuzz/fuzz_file.h $(FUZZ_LIB_OBJ)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $(filter-out %.h,$^) $(LDLIBS) -o $@

FUZZ_TARGETS := yaml dlx1 checkpoint job result solfile census
fuzz: $(FUZZ_TARGETS:%=build-fuzz/fuzz_%) $(BIN)
	bash tests/fuzz/seed.sh
	for t in $(FUZZ_TARGETS); do \
	  ./build-fuzz/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -timeout=10 -max_len=16384 \
	    -artifact_prefix=build-fuzz/crash-$$t- build-fuzz/corpus-$$t || exit 1; \
	done

# `make install` (PREFIX, and DESTDIR before it when staging): the program,
# libpolycover.a, polycover.h and the library's headers in their folders
# under include/polycover (so "core/xc.h" resolves there), polycover.pc,
# the shipped pieces and boards (which the program finds from where it is:
# no rebuild for another PREFIX), the man page and the bash and zsh
# completions. Nothing of src/cli. MPI's header only with the MPI build,
# like its source.
VERSION  := $(shell sed -n 's/^\#define PC_VERSION "\(.*\)"/\1/p' src/cli/main.c)
DEST     := $(DESTDIR)$(PREFIX)
INC_DIR  := $(DEST)/include/polycover
DATA_DIR := $(DEST)/share/polycover
HDR_DIRS := src/core src/poly src/run render
ALL_HDR  := $(foreach d,$(HDR_DIRS),$(wildcard $(d)/*.h))
HEADERS  := $(filter-out $(if $(filter 1,$(MPI)),,src/run/mpi_%.h),$(ALL_HDR))
DATA     := $(wildcard pieces/*.yaml boards/*.yaml)
MAN_DIR  := $(DEST)/share/man/man1
BASH_DIR := $(DEST)/share/bash-completion/completions
ZSH_DIR  := $(DEST)/share/zsh/site-functions

install: $(BIN) $(BUILD)/libpolycover.a
	install -d $(DEST)/bin $(DEST)/lib/pkgconfig $(DATA_DIR)/pieces $(DATA_DIR)/boards \
	  $(foreach d,$(HDR_DIRS),$(INC_DIR)/$(notdir $(d))) $(MAN_DIR) $(BASH_DIR) $(ZSH_DIR)
	install -m 755 $(BIN) $(DEST)/bin/polycover
	install -m 644 $(BUILD)/libpolycover.a $(DEST)/lib/
	install -m 644 src/polycover.h $(INC_DIR)/
	$(foreach d,$(HDR_DIRS),install -m 644 $(filter $(d)/%,$(HEADERS)) $(INC_DIR)/$(notdir $(d))/ && ) :
	install -m 644 $(filter pieces/%,$(DATA)) $(DATA_DIR)/pieces/
	install -m 644 $(filter boards/%,$(DATA)) $(DATA_DIR)/boards/
	install -m 644 docs/polycover.1 $(MAN_DIR)/polycover.1
	install -m 644 docs/completion/polycover.bash $(BASH_DIR)/polycover
	install -m 644 docs/completion/_polycover $(ZSH_DIR)/_polycover
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' polycover.pc.in \
	  > $(DEST)/lib/pkgconfig/polycover.pc
	chmod 644 $(DEST)/lib/pkgconfig/polycover.pc

# Exactly what install put there, with or without MPI=1; then our own
# folders, if nothing else is in them (bin, lib and the like are shared).
uninstall:
	rm -f $(DEST)/bin/polycover $(DEST)/lib/libpolycover.a $(DEST)/lib/pkgconfig/polycover.pc \
	  $(INC_DIR)/polycover.h $(addprefix $(INC_DIR)/,$(ALL_HDR:src/%=%)) \
	  $(addprefix $(DATA_DIR)/,$(DATA)) $(MAN_DIR)/polycover.1 $(BASH_DIR)/polycover \
	  $(ZSH_DIR)/_polycover
	for d in $(foreach d,$(HDR_DIRS),$(INC_DIR)/$(notdir $(d))) $(INC_DIR) \
	         $(DATA_DIR)/pieces $(DATA_DIR)/boards $(DATA_DIR); do \
	  if [ -d "$$d" ]; then rmdir "$$d" || true; fi; \
	done

# Installs into a temporary folder, builds tests/install/scott.c against
# what was installed with pkg-config, runs it, uninstalls (check.sh).
check-install: $(BIN) $(BUILD)/libpolycover.a
	MAKE="$(MAKE)" CC="$(CC)" LDFLAGS="$(LDFLAGS)" \
	  LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  sh tests/install/check.sh

clean:
	rm -rf build build-* polycover

-include $(DEPS)

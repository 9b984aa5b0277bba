/* bench.c — `make bench`: the enumerations of the shipped boards as
   `polycover solve` runs them, puzzles with copies beside the same ones
   with their copies named apart, then the DLX engine on every matrix in
   tests/data, one thread (file, solutions, nodes, updates, seconds,
   million updates per second), then the leftmost rule on one matrix, then
   every engine and `xc`'s default on each matrix beside Knuth's dlx1,
   dance and ssxcc (when KNUTH_BIN names a folder with them), then `auto`
   against each bitset engine on the smaller shipped boards (the whole
   `solve` command, trial included), then the counting methods beside the
   search (issue #20), then `polycover challenge` as issue #19 asks for
   (the program $POLYCOVER, by default ./polycover). Run from the
   repository root.

   It prints the tables and writes them into docs/speed.md between the
   lines BENCH_BEGIN and BENCH_END, keeping the prose around them (BENCH_DOC
   names another file; BENCH_DOC= with nothing writes none). A run of some
   boards only (BENCH_BOARDS) writes no file unless BENCH_DOC names one. */
#include <glob.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "core/atomic.h"
#include "core/clock.h"
#include "core/dlx.h"
#include "core/dlx1.h"
#include "core/engines.h"
#include "core/lines.h"
#include "poly/frontier.h"
#include "poly/solver.h"
#include "run/runner.h"

/* O'Beirne's hexagon has far too many solutions to enumerate here. */
#define OBEIRNE_LIMIT 2000000000ull

/* Short searches are repeated until this much time has passed, and the
   fastest run is reported, so the timer's grain and stray interruptions
   matter less. */
#define MIN_SECONDS 0.5

#define BENCH_BEGIN "<!-- make bench: begin (generated, do not edit) -->"
#define BENCH_END "<!-- make bench: end -->"

/* Where the tables go: stdout as they are measured, and a copy in memory
   for the document. */
typedef struct report {
  FILE *copy;
  char *text;
  size_t size;
} report;

static void say(report *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(report *r, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  fflush(stdout);
  if (!r->copy) return;
  va_start(ap, fmt);
  vfprintf(r->copy, fmt, ap);
  va_end(ap);
}

/* v with commas between groups of three digits. */
static const char *grouped(uint64_t v, char buf[32])
{
  char digits[24];
  int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v), k = 0;
  for (int i = 0; i < n; i++) {
    if (i && (n - i) % 3 == 0) buf[k++] = ',';
    buf[k++] = digits[i];
  }
  buf[k] = '\0';
  return buf;
}

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The machine's load over the last minute, as /proc/loadavg gives it. */
static const char *load_average(char *buf, size_t size)
{
  FILE *f = fopen("/proc/loadavg", "r");
  bool ok = f && fgets(buf, (int)size, f);
  if (f) fclose(f);
  if (!ok) return "unknown";
  buf[strcspn(buf, " \n")] = '\0';
  return buf;
}

static void print_machine(report *r)
{
  char line[256], model[256] = "unknown";
  int cores = 0;
  FILE *f = fopen("/proc/cpuinfo", "r");
  if (f) {
    while (fgets(line, sizeof line, f)) {
      char *colon = strchr(line, ':');
      if (!colon) continue;
      if (!strncmp(line, "processor", 9)) cores++;
      if (!strncmp(line, "model name", 10) && !strcmp(model, "unknown")) {
        snprintf(model, sizeof model, "%s", colon + 2);
        model[strcspn(model, "\n")] = '\0';
      }
    }
    fclose(f);
  }
  char date[64];
  time_t t = time(NULL);
  strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&t));
#if defined(__clang__)
  const char *compiler = "clang " __clang_version__;
#elif defined(__GNUC__)
  const char *compiler = "gcc " __VERSION__;
#else
  const char *compiler = "an unknown compiler";
#endif
  say(r, "Measured by `make bench` on %s: %s, %d cores, %s; load average %s at the start "
         "(other work on the machine slows the figures down).\n\n",
      date, model, cores, compiler, load_average(line, sizeof line));
}

/* Solves `path` and prints one row. Returns false if it cannot be read. */
static bool bench_one(report *r, const char *path, const pc_dlx_config *cfg, const char *note)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "bench: cannot open %s\n", path);
    return false;
  }
  pc_xc xc;
  pc_error err = {0};
  pc_status s = pc_dlx1_read(f, &xc, NULL, &err);
  fclose(f);
  if (s) {
    fprintf(stderr, "bench: %s:%d:%d: %s\n", path, err.line, err.column, err.msg);
    return false;
  }
  pc_dlx *d = pc_dlx_new(&xc);
  if (!d) {
    fprintf(stderr, "bench: out of memory\n");
    pc_xc_free(&xc);
    return false;
  }
  pc_dlx_stats st;
  double best = 1e300, total = 0;
  do {
    double t0 = now();
    pc_dlx_search(d, cfg, &st);
    double t = now() - t0;
    total += t;
    if (t < best) best = t;
  } while (total < MIN_SECONDS);
  const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  char b1[32], b2[32], b3[32];
  say(r, "| %-22s | %9s | %10s | %13s | %7.3f | %6.1f | %s |\n", name,
      grouped(st.solutions, b1), grouped(st.nodes, b2), grouped(st.updates, b3), best,
      (double)st.updates / best / 1e6, note);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  return true;
}

/* ---- boards: what `polycover solve` runs ---- */

static bool take(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub;
  pc_census_add(ctx, options, n);
  return false;
}

/* One row of the boards' table. */
static void board_row(report *r, const char *board, bool all, const pc_census *census,
                      const pc_engine *engine, const pc_engine *picked,
                      const pc_runner_result *res)
{
  const pc_dlx_stats *st = &res->stats;
  char work[64], b1[32], b2[32];
  if (st->no_updates)
    snprintf(work, sizeof work, "%13s nodes   | %7.1f Mnodes/s", grouped(st->nodes, b1),
             (double)st->nodes / res->seconds / 1e6);
  else
    snprintf(work, sizeof work, "%13s updates | %7.1f Mupd/s  ", grouped(st->updates, b1),
             (double)st->updates / res->seconds / 1e6);
  say(r, "| %-14s | %-6s | %9s | %7s | %-6s%s | %7d | %8.3f | %s |\n", board,
      all ? "all" : "unique", grouped(census->solutions, b1), grouped(census->unique, b2),
      engine->name, engine == picked ? "*" : " ", res->threads, res->seconds, work);
}

/* A board file solved as `solve` does (all: every solution, no
   reduction), with `engine` on `threads`. */
typedef struct solved {
  pc_puzzle pz;
  pc_solver sv;
  pc_runner_result res;
} solved;

static bool solve_file(const char *path, bool all, const pc_engine *engine, int threads,
                       solved *out)
{
  pc_error err = {0};
  if (pc_puzzle_load(path, &out->pz, &err)) {
    fprintf(stderr, "bench: %s:%d:%d: %s\n", path, err.line, err.column, err.msg);
    return false;
  }
  if (pc_solver_init(&out->sv, &out->pz, all, false, 0, &err)) {
    fprintf(stderr, "bench: %s: %s\n", path, err.msg);
    pc_puzzle_free(&out->pz);
    return false;
  }
  pc_runner_config cfg = {.engine = engine, .choose = PC_CHOOSE_MRV, .threads = threads,
                          .visit = take, .ctx = &out->sv.census};
  pc_status s = pc_runner_run(&out->sv.matrix.xc, &cfg, &out->res, &err);
  if (!s && out->res.ran) return true;
  fprintf(stderr, "bench: %s: %s\n", path, err.msg);
  pc_runner_result_free(&out->res);
  pc_solver_free(&out->sv);
  pc_puzzle_free(&out->pz);
  return false;
}

static void solved_free(solved *x)
{
  pc_runner_result_free(&x->res);
  pc_solver_free(&x->sv);
  pc_puzzle_free(&x->pz);
}

/* Solves a shipped board as `solve` does, with `engine`, and prints one
   row; seconds are wall time here (several threads), the fastest of
   BOARD_RUNS when a run takes less than BOARD_REPEAT_SECONDS (one run on
   this shared machine can take a third longer). `picked` marks the
   engine auto takes. */
#define BOARD_RUNS 3
#define BOARD_REPEAT_SECONDS 3.0

static bool bench_board(report *r, const char *board, bool all, const pc_engine *engine,
                        int threads, const pc_engine *picked)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", board);
  solved x;
  double fastest = 1e300;
  for (int run = 0; run < BOARD_RUNS; run++) {
    if (!solve_file(path, all, engine, threads, &x)) return false;
    if (x.res.seconds < fastest) fastest = x.res.seconds;
    if (run + 1 == BOARD_RUNS || fastest >= BOARD_REPEAT_SECONDS) break;
    solved_free(&x);
  }
  pc_runner_result shown = x.res;
  shown.seconds = fastest;
  board_row(r, board, all, &x.sv.census, engine, picked, &shown);
  solved_free(&x);
  return true;
}

/* The engine auto takes for a board's default search. */
static const pc_engine *auto_choice(const char *board)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", board);
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  const pc_engine *e = &pc_engine_dlx;
  if (pc_puzzle_load(path, &pz, &err)) return e;
  if (!pc_solver_init(&sv, &pz, false, false, 0, &err)) {
    e = pc_engine_auto(&sv.matrix.xc, PC_CHOOSE_MRV);
    pc_solver_free(&sv);
  }
  pc_puzzle_free(&pz);
  return e;
}

/* One board's rows: DLX on one thread, auto's choice (marked *) on one
   thread too, to show what the second thread gives, and both bitset
   engines on two. */
static bool bench_board_rows(report *r, const char *b)
{
  const pc_engine *picked = auto_choice(b);
  /* O'Beirne's hexagon takes minutes: only the engine auto picks. */
  bool huge = !strcmp(b, "obeirne");
  bool ok = true;
  /* The full search beside the reduced one shows what symmetry saves. */
  if (!strcmp(b, "scott") || !strcmp(b, "pent6x10"))
    ok &= bench_board(r, b, true, &pc_engine_dlx, 1, picked);
  if (!huge) ok &= bench_board(r, b, false, &pc_engine_dlx, 1, picked);
  if (!huge) ok &= bench_board(r, b, false, picked, 1, picked);
  if (!huge || picked == &pc_engine_bitsweep)
    ok &= bench_board(r, b, false, &pc_engine_bitsweep, 2, picked);
  if (!huge || picked == &pc_engine_bitdlx)
    ok &= bench_board(r, b, false, &pc_engine_bitdlx, 2, picked);
  return ok;
}

/* The long enumerations of the shipped boards; BENCH_BOARDS=name,name...
   picks some ("copies" the copies table). */
static bool bench_boards(report *r)
{
  static const char *const boards[] = {
      "scott",        "pent6x10",     "kanoodle",    "dudeney",         "y45",
      "tetra5x5-noL", "obeirne",      "soma",        "planar2x3x10",    "planar2x5x6",
      "planar3x4x5",  "kanoodle-pyramid"};
  const char *only = getenv("BENCH_BOARDS");
  say(r, "Boards, as `polycover solve` runs them (seconds: wall time, the fastest of "
         "three runs under 3 s; * the engine `auto` takes):\n\n");
  say(r, "| %-14s | %-6s | %9s | %7s | %-7s | %7s | %8s | %21s | %16s |\n", "board", "search",
      "solutions", "unique", "engine", "threads", "seconds", "work", "rate");
  say(r, "|----------------|--------|----------:|--------:|---------|--------:|---------:|"
         "----------------------:|-----------------:|\n");
  bool ok = true;
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++)
    if (!only || strstr(only, boards[i])) ok &= bench_board_rows(r, boards[i]);
  say(r, "\n");
  return ok;
}

/* The DLX engine alone on every matrix in tests/data. */
static bool bench_matrices(report *r)
{
  glob_t g;
  if (glob("tests/data/*.dlx", 0, NULL, &g) != 0) {
    fprintf(stderr, "bench: no tests/data/*.dlx here: run it from the repository root\n");
    return false;
  }
  say(r, "The DLX engine on every matrix in tests/data, one thread (seconds: CPU time of "
         "the search thread, the fastest of repeats over %.1f s):\n\n", MIN_SECONDS);
  say(r, "| %-22s | %9s | %10s | %13s | %7s | %6s | note |\n", "file", "solutions", "nodes",
      "updates", "seconds", "Mupd/s");
  say(r, "|%s|%s|%s|%s|%s|%s|------|\n", "------------------------", "----------:",
      "-----------:", "--------------:", "--------:", "-------:");
  bool ok = true;
  for (size_t i = 0; i < g.gl_pathc; i++) {
    pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
    const char *note = "";
    if (strstr(g.gl_pathv[i], "obeirne")) {
      cfg.max_updates = OBEIRNE_LIMIT;
      note = "stopped at 2e9 updates";
    }
    ok &= bench_one(r, g.gl_pathv[i], &cfg, note);
  }
  globfree(&g);
  pc_dlx_config left = {.choose = PC_CHOOSE_LEFTMOST};
  ok &= bench_one(r, "tests/data/scott_x23_xfirst.dlx", &left, "leftmost rule");
  return ok;
}

/* ---- copies: one item with bounds beside pieces named apart ---- */

/* Knuth's dlx3 on the matrix of x, when KNUTH_BIN names a folder that has
   it: its wall seconds, and its count and nodes from its last line; false
   when it is not there or did not run. */
static bool knuth_dlx3(const solved *x, double *seconds, uint64_t *count, uint64_t *nodes)
{
  const char *dir = getenv("KNUTH_BIN");
  char program[512], line[512], tmp[] = "/tmp/pc-bench-XXXXXX";
  snprintf(program, sizeof program, "%s/dlx3", dir ? dir : "");
  int fd = dir ? mkstemp(tmp) : -1;
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  bool ok = f && !pc_dlx1_write(f, &x->sv.matrix.xc, NULL);
  if (f) fclose(f);
  char command[1200];
  snprintf(command, sizeof command, "%s < %s 2>&1 >/dev/null", program, tmp);
  double start = pc_now();
  FILE *out = ok ? popen(command, "r") : NULL;
  ok = false;
  while (out && fgets(line, sizeof line, out)) {
    unsigned long long c, n;
    const char *at = strstr(line, "bytes, ");
    if (sscanf(line, "Altogether %llu solution", &c) == 1 && at &&
        sscanf(at, "bytes, %llu nodes", &n) == 1)
      *count = c, *nodes = n, ok = true;
  }
  if (out) ok = pclose(out) == 0 && ok;
  *seconds = pc_now() - start;
  if (fd >= 0) remove(tmp);
  return ok;
}

static void copies_row(report *r, const char *label, const char *engine, int threads,
                       uint64_t solutions, uint64_t nodes, double seconds)
{
  char b1[32], b2[32];
  say(r, "| %-28s | %-10s | %7d | %9s | %11s | %8.3f |\n", label, engine, threads,
      grouped(solutions, b1), grouped(nodes, b2), seconds);
}

/* One puzzle with copies, all solutions, on DLX (DLX3 here) and bitdlx
   (DLX3's tree on masks) with 1 and 2 threads and Knuth's dlx3 if built;
   then, when given, the same puzzle with its copies named apart, on DLX
   and on bits. */
static bool bench_copies_puzzle(report *r, const char *label, const char *path,
                                const char *named)
{
  solved x;
  const pc_engine *bounded[] = {&pc_engine_dlx, &pc_engine_bitdlx};
  for (int threads = 1; threads <= 2; threads++)
    for (size_t i = 0; i < 2; i++) {
      if (!solve_file(path, true, bounded[i], threads, &x)) return false;
      copies_row(r, label, bounded[i]->name, threads, x.sv.census.solutions, x.res.stats.nodes,
                 x.res.seconds);
      double seconds = 0;
      uint64_t count = 0, nodes = 0;
      if (threads == 1 && i == 0 && knuth_dlx3(&x, &seconds, &count, &nodes))
        copies_row(r, label, "knuth dlx3", 1, count, nodes, seconds);
      solved_free(&x);
    }
  if (!named) return true;
  const pc_engine *engines[] = {&pc_engine_dlx, &pc_engine_bitsweep};
  for (size_t i = 0; i < 2; i++) {
    if (!solve_file(named, true, engines[i], 1, &x)) return false;
    copies_row(r, "  the same, named apart", engines[i]->name, 1, x.sv.census.solutions,
               x.res.stats.nodes, x.res.seconds);
    solved_free(&x);
  }
  return true;
}

static bool bench_copies(report *r)
{
  say(r, "Copies, all solutions (seconds: wall time; a piece with copies is one item "
         "with bounds, run by DLX as Knuth's DLX3 and by bitdlx as DLX3's tree on masks; "
         "named apart, each tiling is met once per naming; knuth dlx3 when KNUTH_BIN names a "
         "folder with his program):\n\n");
  say(r, "| %-28s | %-10s | %7s | %9s | %11s | %8s |\n", "puzzle", "engine", "threads",
      "solutions", "nodes", "seconds");
  say(r, "|------------------------------|------------|--------:|----------:|------------:|"
         "---------:|\n");
  bool ok = bench_copies_puzzle(r, "8 L trominoes, 4x6", "tests/data/boards/copies_l8.yaml",
                                "bench/copies/l8-named.yaml");
  ok &= bench_copies_puzzle(r, "2 sets of tetrominoes, 5x8", "boards/tetra2x5x8.yaml",
                            "bench/copies/tetra2-named.yaml");
  ok &= bench_copies_puzzle(r, "2 one-sided sets, 7x8", "boards/onesided-tetra2x7x8.yaml",
                            NULL);
  say(r, "\n");
  return ok;
}

/* Seconds of CPU that finished children used so far. */
static double children_cpu(void)
{
  struct rusage u;
  getrusage(RUSAGE_CHILDREN, &u);
  return (double)u.ru_utime.tv_sec + 1e-6 * (double)u.ru_utime.tv_usec +
         (double)u.ru_stime.tv_sec + 1e-6 * (double)u.ru_stime.tv_usec;
}

/* The program the commands run: $POLYCOVER, by default ./polycover. */
static const char *program(void)
{
  const char *prog = getenv("POLYCOVER");
  return prog ? prog : "./polycover";
}

/* 100 Kanoodle challenges with their boards and booklet on two threads,
   the whole command timed (wall and CPU), files written to a scratch
   folder. */
static bool bench_challenge(report *r)
{
  const char *prog = program();
  char dir[] = "/tmp/pc-bench-XXXXXX", cmd[1024];
  if (!mkdtemp(dir)) {
    fprintf(stderr, "bench: cannot make a scratch folder\n");
    return false;
  }
  snprintf(cmd, sizeof cmd,
           "%s challenge boards/kanoodle.yaml --count 100 --booklet %s/kanoodle.pdf --out %s "
           "-j 2 > /dev/null",
           prog, dir, dir);
  double cpu = children_cpu(), t = pc_now();
  int status = system(cmd);
  t = pc_now() - t;
  cpu = children_cpu() - cpu;
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  if (system(cmd)) fprintf(stderr, "bench: could not remove %s\n", dir);
  if (status) {
    fprintf(stderr, "bench: polycover challenge failed (%s)\n", prog);
    return false;
  }
  say(r, "\n`polycover challenge kanoodle --count 100 --booklet kanoodle.pdf --out DIR -j 2`: "
         "%.2f s wall time, %.2f s CPU.\n\n", t, cpu);
  return true;
}

/* ---- counting without a search (issue #20, docs/counting.md) ---- */

/* A `solve --count -j2` run: wall and CPU seconds, the counts and the
   programme's tables (MiB, 0 for the search). */
typedef struct count_run {
  double wall, cpu, mib;
  uint64_t solutions, unique;
} count_run;

static bool run_count(const char *prog, const char *method, const char *board, count_run *c)
{
  char command[1200], line[1024];
  snprintf(command, sizeof command, "%s solve --count -j2 --method %s boards/%s.yaml", prog,
           method, board);
  *c = (count_run){0};
  double cpu = children_cpu(), t = pc_now();
  FILE *out = popen(command, "r");
  bool counted = false;
  while (out && fgets(line, sizeof line, out)) {
    unsigned long long v;
    const char *tables = strstr(line, "at once, ");
    if (sscanf(line, "solutions: %llu", &v) == 1) c->solutions = v, counted = true;
    if (sscanf(line, "unique: %llu", &v) == 1) c->unique = v;
    if (!strncmp(line, "frontier:", 9) && tables) sscanf(tables, "at once, %lf", &c->mib);
  }
  bool ok = out && pclose(out) == 0 && counted;
  c->wall = pc_now() - t;
  c->cpu = children_cpu() - cpu;
  if (!ok) fprintf(stderr, "bench: %s failed\n", command);
  return ok;
}

/* Why the programme cannot count the board, or NULL. */
static const char *frontier_unfit(const char *board, char why[256])
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", board);
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  if (pc_puzzle_load(path, &pz, &err)) return strcpy(why, "the board does not load");
  const char *reason = NULL;
  if (!pc_solver_init(&sv, &pz, true, false, 0, &err)) {
    reason = pc_frontier_unfit(&pz, &sv.full);
    if (reason) snprintf(why, 256, "%s", reason);
    pc_solver_free(&sv);
  }
  pc_puzzle_free(&pz);
  return reason ? why : NULL;
}

static bool bench_counting_board(report *r, const char *prog, const char *board, bool search)
{
  static const char *const methods[] = {"search", "frontier", "meet"};
  char why[256], b1[32], b2[32];
  if (frontier_unfit(board, why)) {
    say(r, "| %-14s | %-8s | the programme does not apply: %s |||||\n", board, "—", why);
    return true;
  }
  for (int m = search ? 0 : 1; m < 3; m++) {
    count_run c;
    if (!run_count(prog, methods[m], board, &c)) return false;
    char mib[16] = "—";
    if (c.mib > 0) snprintf(mib, sizeof mib, "%.0f", c.mib);
    say(r, "| %-14s | %-8s | %10s | %9s | %8.2f | %8.2f | %6s |\n", board, methods[m],
        grouped(c.solutions, b1), grouped(c.unique, b2), c.wall, c.cpu, mib);
  }
  return true;
}

/* The counting methods beside the search, both counts, two threads. */
static bool bench_counting(report *r)
{
  static const struct {
    const char *board;
    bool search; /* the search within minutes */
  } boards[] = {{"pent6x10", true},      {"kanoodle", true},      {"onesided3x30", true},
                {"onesided5x18", false}, {"onesided6x15", false}, {"obeirne", false}};
  const char *prog = program();
  say(r, "Counting without a search (docs/counting.md): `solve --count -j2 --method M`, "
         "both counts (seconds of the whole command; tables: the programme's at their "
         "largest; the search not run where it takes tens of minutes or more):\n\n");
  say(r, "| %-14s | %-8s | %10s | %9s | %8s | %8s | %6s |\n", "board", "method", "solutions",
      "unique", "wall s", "CPU s", "MiB");
  say(r, "|----------------|----------|-----------:|----------:|---------:|---------:|-------:|\n");
  bool ok = true;
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++)
    ok &= bench_counting_board(r, prog, boards[i].board, boards[i].search);
  say(r, "\n");
  return ok;
}

/* ---- every engine on the bench matrices, as `xc` runs them ---- */

/* A command's run: the seconds its processes took of CPU and of the
   clock, the count it printed and (polycover) the engine it names. */
typedef struct timed {
  double seconds, wall; /* CPU of its processes, and wall */
  uint64_t count;
  char engine[16];
} timed;

/* Runs `command` once: its CPU time and what it printed: Knuth's
   "Altogether N solutions", or polycover's JSON. */
static bool run_timed(const char *command, timed *t)
{
  double cpu = children_cpu(), wall = pc_now();
  FILE *out = popen(command, "r");
  char line[1024];
  bool counted = false;
  while (out && fgets(line, sizeof line, out)) {
    unsigned long long c;
    const char *at = strstr(line, "\"solutions\": "), *e = strstr(line, "\"engine\": \"");
    if (sscanf(line, "Altogether %llu solution", &c) == 1 ||
        (at && sscanf(at, "\"solutions\": %llu", &c) == 1))
      t->count = c, counted = true;
    if (e) sscanf(e, "\"engine\": \"%15[^\"]", t->engine);
  }
  if (!out || pclose(out) != 0 || !counted) return false;
  t->seconds = children_cpu() - cpu;
  t->wall = pc_now() - wall;
  return true;
}

/* A row's commands are run in turns, round after round (a drift of the
   machine's speed falls on all of them alike), at least ROW_ROUNDS rounds
   and more while the rounds so far took under ROW_SECONDS of CPU, up to
   ROW_ROUNDS_MOST: the fastest of three runs of a 0.02 s command is
   noise, where the row's ratios matter, and so is that of a command of
   a second on a shared machine, whose speed drifts by tens of per cent
   from one second to the next. */
#define ROW_ROUNDS 3
#define ROW_ROUNDS_MOST 21
#define ROW_SECONDS 10.0
_Static_assert(ROW_ROUNDS <= ROW_ROUNDS_MOST, "a row keeps each round's figure");

/* A command of a row: the fastest run (by CPU time, or by wall time for
   `by_wall`: several threads) and each round's figure (0: not run);
   `optional` (Knuth's programs, bits on a board with copies) is left out
   when it fails, the row fails otherwise. */
typedef struct row_command {
  char line[1200];
  bool optional, failed, by_wall;
  timed best;
  double round[ROW_ROUNDS_MOST];
} row_command;

static double figure(const row_command *c, const timed *t)
{
  return c->by_wall ? t->wall : t->seconds;
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median over the rounds of a's figure over b's in the same round:
   beside the ratio of the fastest runs, a figure that one lucky or
   unlucky run does not move (0 when no round ran both). */
static double median_ratio(const row_command *a, const row_command *b)
{
  double ratio[ROW_ROUNDS_MOST];
  int n = 0;
  for (int i = 0; i < ROW_ROUNDS_MOST; i++)
    if (a->round[i] > 0 && b->round[i] > 0) ratio[n++] = a->round[i] / b->round[i];
  if (!n) return 0;
  qsort(ratio, (size_t)n, sizeof *ratio, by_value);
  return n % 2 ? ratio[n / 2] : (ratio[n / 2 - 1] + ratio[n / 2]) / 2;
}

static bool run_rounds(row_command *c, int n)
{
  double spent = 0;
  for (int i = 0; i < n; i++) {
    c[i].best = (timed){.seconds = 1e300, .wall = 1e300};
    memset(c[i].round, 0, sizeof c[i].round);
  }
  for (int round = 0; round < ROW_ROUNDS || (spent < ROW_SECONDS && round < ROW_ROUNDS_MOST);
       round++)
    for (int i = 0; i < n; i++) {
      timed one = {0};
      if (c[i].failed) continue;
      if (!run_timed(c[i].line, &one)) {
        if (!c[i].optional) return false;
        c[i].failed = true;
        continue;
      }
      spent += one.seconds;
      c[i].round[round] = figure(&c[i], &one);
      if (figure(&c[i], &one) < figure(&c[i], &c[i].best)) c[i].best = one;
    }
  return true;
}

/* Knuth's program `name` on a matrix, from the folder `dir`. His dance
   (the paper's program) reads the same lines but no comments: they are
   left out. */
static void knuth_command(const char *dir, const char *name, const char *path, row_command *c)
{
  *c = (row_command){.optional = true};
  if (!strcmp(name, "dance"))
    snprintf(c->line, sizeof c->line, "grep -v '^|' %s | %s/dance", path, dir);
  else
    snprintf(c->line, sizeof c->line, "%s/%s < %s 2>&1 >/dev/null", dir, name, path);
}

/* A Knuth program's cell: its seconds, or empty when it did not run. */
static void knuth_cell(const row_command *c, int n_knuth, int i, char cell[16])
{
  cell[0] = '\0';
  if (i < n_knuth && !c[i].failed) snprintf(cell, 16, "%.3f", c[i].best.seconds);
}

/* One matrix: Knuth's dlx1, dance and ssxcc (when KNUTH_BIN names their
   folder), then xc with each engine and with its default (auto: the trial
   included), all solutions, one thread; the ratios issue #17 asks
   about. */
static bool bench_engines_on(report *r, const char *prog, const char *path)
{
  static const char *const knuth[] = {"dlx1", "dance", "ssxcc"};
  static const char *const engines[] = {"dlx", "bitdlx", "bits"};
  const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
  const char *dir = getenv("KNUTH_BIN");
  row_command c[7];
  int n_knuth = dir ? 3 : 0, n = n_knuth;
  for (int k = 0; k < n_knuth; k++) knuth_command(dir, knuth[k], path, &c[k]);
  for (int e = 0; e < 4; e++, n++) {
    c[n] = (row_command){.optional = false};
    snprintf(c[n].line, sizeof c[n].line, "%s xc --json --quiet -j1%s%s %s", prog,
             e < 3 ? " --engine " : "", e < 3 ? engines[e] : "", path);
  }
  if (!run_rounds(c, n)) return false;
  char cells[3][16], ratio[16] = "", b1[32];
  for (int k = 0; k < 3; k++) knuth_cell(c, n_knuth, k, cells[k]);
  say(r, "| %-20s | %6s | %6s | %6s |", name, cells[0], cells[1], cells[2]);
  const row_command *best = &c[n_knuth];
  for (int e = 0; e < 3; e++) {
    const row_command *x = &c[n_knuth + e];
    say(r, " %6.3f |", x->best.seconds);
    if (x->best.seconds < best->best.seconds) best = x;
  }
  const timed *t = &c[n - 1].best;
  if (n_knuth && !c[2].failed) /* c[2]: ssxcc */
    snprintf(ratio, sizeof ratio, "%.1f", c[2].best.seconds / t->seconds);
  say(r, " %6.3f %-6s | %5.2f | %5.2f | %5s | %9s |\n", t->seconds, t->engine,
      t->seconds / best->best.seconds, median_ratio(&c[n - 1], best), ratio,
      grouped(t->count, b1));
  return true;
}

static bool bench_engines(report *r)
{
  const char *prog = program();
  glob_t g;
  if (glob("tests/data/*.dlx", 0, NULL, &g) != 0) return false;
  say(r, "Every engine on the bench matrices, all solutions, one thread (CPU seconds of "
         "the whole command, the fastest of runs in turns: at least three rounds, more while "
         "the row took under ten seconds; Knuth's dlx1, dance (his paper's "
         "program) and ssxcc when KNUTH_BIN names a folder with them; default: "
         "`polycover xc` without --engine, its trial included, and the engine it took; "
         "/best: the default's time over the fastest "
         "engine's; med: the median over the rounds of the same ratio within a round; "
         "ssxcc/: how many times faster than ssxcc the default is; "
         "obeirne.dlx left out, where every engine needs a minute or more):\n\n");
  say(r, "| %-20s | %6s | %6s | %6s | %6s | %6s | %6s | %13s | %5s | %5s | %5s | %9s |\n",
      "matrix", "dlx1", "dance", "ssxcc", "dlx", "bitdlx", "bits", "default", "/best", "med",
      "ssxcc/", "solutions");
  say(r, "|----------------------|-------:|-------:|-------:|-------:|-------:|-------:|"
         "---------------|------:|------:|------:|----------:|\n");
  bool ok = true;
  for (size_t i = 0; i < g.gl_pathc; i++)
    if (!strstr(g.gl_pathv[i], "obeirne") && !strstr(g.gl_pathv[i], "xfirst"))
      ok &= bench_engines_on(r, prog, g.gl_pathv[i]);
  globfree(&g);
  say(r, "\n");
  return ok;
}

/* ---- `auto` against each bitset engine on the boards, whole command ---- */

/* The shipped boards whose search takes a second or less, where what
   `auto` pays for its choice (bitdlx's estimate, the trial) shows beside
   the search: all but onesided-tetra2x7x8, planar3x4x5, y45, obeirne and
   the one-sided pentominoes past 3x30. */
static const char *const auto_boards[] = {
    "kanoodle-start1", "kanoodle-start2", "pent5x5-any",  "soma",         "tetrahex4x7",
    "tetrahex3x10",    "pent3x20",        "tetra2x5x8",   "scott",        "mutilated",
    "planar2x3x10",    "pent4x15",        "pent5x12",     "hexrhombus",   "onesided3x30",
    "kanoodle-pyramid", "planar2x5x6",    "pent6x10",     "tetra5x5-noH", "tetra5x5-noY",
    "tetra5x5-noJ",    "tetra5x5-noL",    "tetra5x5-noN", "dudeney",      "kanoodle"};

/* A cell's figure, or a dash where the engine refused the board. */
static void auto_cell(report *r, const row_command *c)
{
  if (c->failed) say(r, "      — |"); /* the dash is one column, three bytes */
  else say(r, " %6.3f |", figure(c, &c->best));
}

/* One board on `threads` threads: bits, bitdlx and the default, in turns;
   the cells after the board's name. bits may refuse the board (it takes
   no bounds: copies); the default is then measured against bitdlx. */
static bool auto_cells(report *r, const char *prog, const char *board, int threads)
{
  static const char *const engine[] = {" --engine bits", " --engine bitdlx", ""};
  row_command c[3];
  for (int e = 0; e < 3; e++) {
    c[e] = (row_command){.by_wall = threads > 1, .optional = e == 0};
    snprintf(c[e].line, sizeof c[e].line,
             "%s solve --count --json --quiet --method search --no-precheck -j%d%s "
             "boards/%s.yaml%s",
             prog, threads, engine[e], board, e == 0 ? " 2>/dev/null" : "");
  }
  if (!run_rounds(c, 3)) return false;
  const row_command *best = &c[1];
  if (!c[0].failed && figure(&c[0], &c[0].best) < figure(&c[1], &c[1].best)) best = &c[0];
  double by_default = figure(&c[2], &c[2].best);
  auto_cell(r, &c[0]);
  auto_cell(r, &c[1]);
  say(r, " %6.3f %-6s | %5.2f | %5.2f |", by_default, c[2].best.engine,
      by_default / figure(best, &best->best), median_ratio(&c[2], best));
  return true;
}

static bool bench_auto(report *r)
{
  const char *prog = program();
  say(r, "`auto` on the boards, the whole command (`solve --count --method search "
         "--no-precheck`): one thread, CPU seconds; two threads, wall seconds; each the "
         "fastest run, the three commands of a cell run in turns as above; default: "
         "without --engine, bitdlx's estimate and the trial included, and the engine it "
         "took; /best: the default over the faster engine; med: the median over the "
         "rounds of that ratio within a round; —: bits takes no copies (bounds):\n\n");
  say(r, "| %-16s | %6s | %6s | %13s | %5s | %5s | %6s | %6s | %13s | %5s | %5s |\n",
      "board", "bits", "bitdlx", "default -j1", "/best", "med", "bits", "bitdlx",
      "default -j2", "/best", "med");
  say(r, "|------------------|-------:|-------:|---------------|------:|------:|-------:|"
         "-------:|---------------|------:|------:|\n");
  for (size_t i = 0; i < sizeof auto_boards / sizeof *auto_boards; i++) {
    say(r, "| %-16s |", auto_boards[i]);
    if (!auto_cells(r, prog, auto_boards[i], 1) || !auto_cells(r, prog, auto_boards[i], 2))
      return false;
    say(r, "\n");
  }
  say(r, "\n");
  return true;
}

/* Reads `in` up to the line `marker`, copying the lines before it to `out`
   unless NULL; false if it never comes. */
static bool read_to(pc_lines *in, FILE *out, const char *marker)
{
  while (pc_lines_next(in)) {
    if (!strcmp(in->line, marker)) return true;
    if (out) fprintf(out, "%s\n", in->line);
  }
  return false;
}

/* Writes `text` into `path` between the marker lines, atomically. */
static pc_status write_doc(const char *path, const char *text, pc_error *err)
{
  pc_lines in = {0};
  FILE *out = NULL;
  char *tmp = NULL;
  pc_status status = pc_lines_open(&in, path, err);
  if (status) goto done;
  status = pc_atomic_open(path, &out, &tmp, err);
  if (status) goto done;
  if (!read_to(&in, out, BENCH_BEGIN) || !read_to(&in, NULL, BENCH_END)) {
    status = pc_error_set(err, PC_ERR_INPUT, 0, 0, "no lines '%s' ... '%s'", BENCH_BEGIN,
                          BENCH_END);
    goto done;
  }
  fprintf(out, "%s\n\n%s%s\n", BENCH_BEGIN, text, BENCH_END);
  while (pc_lines_next(&in)) fprintf(out, "%s\n", in.line);
  status = pc_atomic_commit(out, tmp, path, err);
  out = NULL;
done:
  if (out) pc_atomic_abort(out, tmp);
  free(tmp);
  pc_lines_close(&in);
  return status;
}

/* The document to write: BENCH_DOC, else docs/speed.md for a run of every
   board; NULL for none. */
static const char *doc_path(void)
{
  const char *doc = getenv("BENCH_DOC");
  if (doc) return *doc ? doc : NULL;
  return getenv("BENCH_BOARDS") ? NULL : "docs/speed.md";
}

int main(void)
{
  const char *doc = doc_path();
  report r = {0};
  if (doc && !(r.copy = open_memstream(&r.text, &r.size))) {
    fprintf(stderr, "bench: out of memory\n");
    return 1;
  }
  print_machine(&r);
  bool ok = bench_boards(&r);
  const char *only = getenv("BENCH_BOARDS");
  if (!only || strstr(only, "copies")) ok &= bench_copies(&r);
  ok &= bench_matrices(&r);
  if (!only || strstr(only, "engines")) ok &= bench_engines(&r);
  if (!only || strstr(only, "auto")) ok &= bench_auto(&r);
  if (!only || strstr(only, "counting")) ok &= bench_counting(&r);
  if (!only || strstr(only, "challenge")) ok &= bench_challenge(&r);
  if (doc) {
    fclose(r.copy);
    pc_error err = {0};
    if (write_doc(doc, r.text, &err)) {
      char msg[1200];
      pc_error_format(&err, msg, sizeof msg);
      fprintf(stderr, "bench: %s\n", msg);
      ok = false;
    } else {
      fprintf(stderr, "bench: the tables are in %s\n", doc);
    }
    free(r.text);
  }
  return ok ? 0 : 1;
}

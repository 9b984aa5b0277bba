/* bench.c — `make bench`: the DLX engine on every matrix in tests/data, one
   thread, one table (file, solutions, nodes, updates, seconds, million
   updates per second), then the leftmost rule on one matrix. Run from the
   repository root. Only the search is timed, not reading the file, and by
   the CPU time of this thread: the machines are shared, and wall time then
   counts other people's work (on an idle machine the two agree). */
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/dlx.h"
#include "core/dlx1.h"
#include "core/engines.h"
#include "poly/solver.h"
#include "run/runner.h"

/* O'Beirne's hexagon has far too many solutions to enumerate here. */
#define OBEIRNE_LIMIT 2000000000ull

/* Short searches are repeated until this much time has passed, and the
   fastest run is reported, so the timer's grain and stray interruptions
   matter less. */
#define MIN_SECONDS 0.5

static double now(void)
{
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void print_machine(void)
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
  printf("date:     %s\nmachine:  %s, %d cores\n", date, model, cores);
#if defined(__clang__)
  printf("compiler: clang %s\n", __clang_version__);
#elif defined(__GNUC__)
  printf("compiler: gcc %s\n", __VERSION__);
#endif
  printf("\n");
}

/* Solves `path` and prints one row. Returns false if it cannot be read. */
static bool bench_one(const char *path, const pc_dlx_config *cfg, const char *note)
{
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "bench: cannot open %s\n", path);
    return false;
  }
  pc_xc xc;
  pc_error err = {0};
  pc_status s = pc_dlx1_read(f, &xc, &err);
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
  printf("| %-22s | %9llu | %10llu | %13llu | %7.3f | %6.1f |%s\n", name,
         (unsigned long long)st.solutions, (unsigned long long)st.nodes,
         (unsigned long long)st.updates, best, (double)st.updates / best / 1e6,
         note);
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

/* Solves a shipped board as `solve` does, with `engine` (NULL: auto's
   choice), and prints one row; seconds are wall time here (several
   threads). `picked` marks the engine auto takes. */
static bool bench_board(const char *board, bool all, const pc_engine *engine, int threads,
                        const pc_engine *picked)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", board);
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  if (pc_puzzle_load(path, &pz, &err)) {
    fprintf(stderr, "bench: %s:%d:%d: %s\n", path, err.line, err.column, err.msg);
    return false;
  }
  if (pc_solver_init(&sv, &pz, all, false, 0, &err)) {
    fprintf(stderr, "bench: %s: %s\n", path, err.msg);
    pc_puzzle_free(&pz);
    return false;
  }
  pc_runner_config cfg = {.engine = engine, .choose = PC_CHOOSE_MRV, .threads = threads,
                       .visit = take, .ctx = &sv.census};
  pc_runner_result res;
  pc_status s = pc_runner_run(&sv.matrix.xc, &cfg, &res, &err);
  bool ok = !s && res.ran;
  if (ok) {
    const pc_dlx_stats *st = &res.stats;
    char work[64];
    if (st->no_updates)
      snprintf(work, sizeof work, "%13llu nodes  | %7.1f Mnodes/s", (unsigned long long)st->nodes,
               (double)st->nodes / res.seconds / 1e6);
    else
      snprintf(work, sizeof work, "%13llu updates | %7.1f Mupd/s  ",
               (unsigned long long)st->updates, (double)st->updates / res.seconds / 1e6);
    printf("| %-14s | %-6s | %9llu | %7llu | %-6s%s | %7d | %8.3f | %s |\n", board,
           all ? "all" : "unique", (unsigned long long)sv.census.solutions,
           (unsigned long long)sv.census.unique, engine->name, engine == picked ? "*" : " ",
           res.threads, res.seconds, work);
    fflush(stdout);
  } else {
    fprintf(stderr, "bench: %s: %s\n", path, err.msg);
  }
  pc_runner_result_free(&res);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  return ok;
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

/* The enumerations of issue #6; BENCH_BOARDS=name,name... picks some. Each
   board: DLX on one thread, both bitset engines on two, and auto's choice
   (marked *) on one thread too, to show what the second thread gives. */
static bool bench_boards(void)
{
  static const char *const boards[] = {"scott",   "pent6x10",     "kanoodle", "dudeney",
                                       "y45",     "tetra5x5-noL", "obeirne"};
  const char *only = getenv("BENCH_BOARDS");
  printf("Boards, as `polycover solve` runs them (seconds: wall time; * auto's choice)\n\n");
  printf("| %-14s | %-6s | %9s | %7s | %-7s | %7s | %8s | %29s | %16s |\n", "board", "search",
         "solutions", "unique", "engine", "threads", "seconds", "work", "rate");
  printf("|----------------|--------|----------:|--------:|---------|--------:|---------:|"
         "------------------------------:|-----------------:|\n");
  bool ok = true;
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
    const char *b = boards[i];
    if (only && !strstr(only, b)) continue;
    const pc_engine *picked = auto_choice(b);
    /* O'Beirne's hexagon takes minutes: only the engine auto picks. */
    bool huge = !strcmp(b, "obeirne");
    /* The full search beside the reduced one shows what symmetry saves. */
    if (!strcmp(b, "scott") || !strcmp(b, "pent6x10"))
      ok &= bench_board(b, true, &pc_engine_dlx, 1, picked);
    if (!huge) ok &= bench_board(b, false, &pc_engine_dlx, 1, picked);
    if (!huge) ok &= bench_board(b, false, picked, 1, picked);
    if (!huge || picked == &pc_engine_bitsweep) ok &= bench_board(b, false, &pc_engine_bitsweep, 2, picked);
    if (!huge || picked == &pc_engine_bitdlx)
      ok &= bench_board(b, false, &pc_engine_bitdlx, 2, picked);
  }
  printf("\n");
  return ok;
}

int main(void)
{
  print_machine();
  bool boards_ok = bench_boards();
  printf("The DLX engine on every matrix in tests/data, one thread\n\n");
  glob_t g;
  if (glob("tests/data/*.dlx", 0, NULL, &g) != 0) {
    fprintf(stderr, "bench: no tests/data/*.dlx here: run it from the repository root\n");
    return 1;
  }
  printf("seconds: CPU time of the search thread (best of repeats under %.1f s)\n\n",
         MIN_SECONDS);
  printf("| %-22s | %9s | %10s | %13s | %7s | %6s |\n", "file", "solutions", "nodes",
         "updates", "seconds", "Mupd/s");
  printf("|%s|%s|%s|%s|%s|%s|\n", "------------------------", "----------:",
         "-----------:", "--------------:", "--------:", "-------:");
  bool ok = true;
  for (size_t i = 0; i < g.gl_pathc; i++) {
    pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
    const char *note = "";
    if (strstr(g.gl_pathv[i], "obeirne")) {
      cfg.max_updates = OBEIRNE_LIMIT;
      note = " stopped at 2e9 updates";
    }
    ok &= bench_one(g.gl_pathv[i], &cfg, note);
  }
  globfree(&g);
  pc_dlx_config left = {.choose = PC_CHOOSE_LEFTMOST};
  ok &= bench_one("tests/data/scott_x23_xfirst.dlx", &left, " leftmost rule");
  return ok && boards_ok ? 0 : 1;
}

/* scott.c — a library user, built by tests/install/check.sh against the
   installed polycover.h and libpolycover.a with pkg-config, never against
   the source tree. It solves a board through the API twice and prints
   what it found; the script compares the figures with Knuth's.

     scott BOARD PICTURE

   First one solution per class, scored, with the engine `auto` picks, on
   two threads, counting finished subproblems with the `done` callback and
   taking the last progress report;
   then every solution with DLX, named, on one thread. Prints
     engine NAME
     unique U
     solutions S
     subproblems DONE of N
     progress 1.0
     all A
   and draws the most symmetric solution to PICTURE. */
#include <stdio.h>

#include "polycover.h"

typedef struct tally {
  pc_census *census;
  int64_t done;
  double fraction;        /* the last progress report's, once it said last */
} tally;

static bool take(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub;
  tally *t = ctx;
  pc_census_add(t->census, options, n);
  return false;
}

static void finished(void *ctx, int64_t sub)
{
  (void)sub;
  ((tally *)ctx)->done++;
}

static void progressed(void *ctx, const pc_runner_progress *p)
{
  if (p->last) ((tally *)ctx)->fraction = p->fraction;
}

/* Searches sv's matrix with the engine named `engine` ("auto" included).
   The result is res's to free when it ran. */
static pc_status search(pc_solver *sv, const char *engine, int threads, tally *t,
                        pc_runner_result *res, pc_error *err)
{
  pc_runner_config cfg = {.choose = PC_CHOOSE_MRV, .threads = threads, .visit = take,
                          .done = finished, .on_progress = progressed, .ctx = t};
  pc_status s = pc_engine_select(engine, &sv->matrix.xc, cfg.choose, NULL, &cfg.engine, err);
  if (s) return s;
  *t = (tally){.census = &sv->census};
  s = pc_runner_run(&sv->matrix.xc, &cfg, res, err);
  if (!s) printf("engine %s\n", cfg.engine->name);
  return s;
}

/* One solution per class, scored: the counts, and the best one drawn. */
static pc_status unique(const pc_puzzle *pz, const char *picture, pc_error *err)
{
  pc_solver sv;
  pc_runner_result res = {0};
  tally t;
  pc_status s = pc_solver_init(&sv, pz, false, true, 1, err);
  if (s) return s;
  if (!(s = search(&sv, "auto", 2, &t, &res, err))) {
    printf("unique %llu\nsolutions %llu\nsubproblems %lld of %lld\nprogress %.1f\n",
           (unsigned long long)sv.census.unique, (unsigned long long)sv.census.solutions,
           (long long)t.done, (long long)res.subproblems, t.fraction);
    if (sv.census.n_best < 1) s = pc_error_set(err, PC_ERR_INPUT, 0, 0, "no solution");
    else s = pc_render_solution(picture, pz, &sv.census.best_tilings[0], NULL, err);
  }
  pc_runner_result_free(&res);
  pc_solver_free(&sv);
  return s;
}

/* Every solution, no reduction. */
static pc_status every(const pc_puzzle *pz, pc_error *err)
{
  pc_solver sv;
  pc_runner_result res = {0};
  tally t;
  pc_status s = pc_solver_init(&sv, pz, true, false, 0, err);
  if (s) return s;
  if (!(s = search(&sv, "dlx", 1, &t, &res, err)))
    printf("all %llu\n", (unsigned long long)sv.census.solutions);
  pc_runner_result_free(&res);
  pc_solver_free(&sv);
  return s;
}

int main(int argc, char **argv)
{
  if (argc != 3) {
    fprintf(stderr, "usage: scott BOARD PICTURE\n");
    return 2;
  }
  pc_error err = {0};
  pc_puzzle pz;
  pc_status s = pc_puzzle_load(argv[1], &pz, &err);
  if (!s) {
    if (!(s = unique(&pz, argv[2], &err))) s = every(&pz, &err);
    pc_puzzle_free(&pz);
  }
  if (s) {
    char msg[1200];
    pc_error_format(&err, msg, sizeof msg);
    fprintf(stderr, "scott: %s\n", msg);
    return s == PC_ERR_INPUT ? 2 : 1;
  }
  return 0;
}

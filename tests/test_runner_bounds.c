/* test_runner_bounds.c — the runner's work and memory stay bounded: the
   split of a narrow tree takes a few probes, not one search per depth; a
   stop ends the split too; a subproblem's solutions past the buffer wait
   in a temporary file and come back whole; the progress callback sees the
   end. */
#include <criterion/criterion.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/engines.h"
#include "run/runner.h"
#include "support.h"

/* DLX, counting every node of every search the runner makes. */
static atomic_ullong all_nodes;

static void *counting_create(const pc_engine *self, const pc_xc *xc)
{
  return pc_engine_dlx.create(self, xc);
}

static void counting_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_engine_dlx.search(e, cfg, st);
  atomic_fetch_add(&all_nodes, st->nodes);
}

/* A strip of n cells, each covered by one option: a tree of one path. */
static void strip(pc_xc *xc, int32_t n)
{
  pc_xc_init(xc);
  char name[16];
  for (int32_t i = 0; i < n; i++) {
    snprintf(name, sizeof name, "c%d", i);
    cr_assert_eq(pc_xc_add_item(xc, name, false, NULL, NULL), PC_OK);
  }
  for (int32_t i = 0; i < n; i++) cr_assert_eq(pc_xc_add_option(xc, &i, 1, NULL), PC_OK);
}

/* Trying every split depth in turn searched 1 + 2 + ... + n nodes (about
   2,000,000 here); doubling and halving the depth takes a few probes of at
   most n nodes each. */
Test(runner_bounds, narrow_tree_split)
{
  enum { N = 2000 };
  pc_engine counting = pc_engine_dlx;
  counting.create = counting_create;
  counting.search = counting_search;
  pc_xc xc;
  strip(&xc, N);
  atomic_store(&all_nodes, 0);
  pc_runner_config cfg = {.engine = &counting, .choose = PC_CHOOSE_MRV, .threads = 1};
  pc_runner_result res;
  pc_error err = {0};
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
  cr_expect(res.stats.complete);
  cr_expect_eq(res.stats.solutions, 1);
  cr_expect_eq(res.stats.nodes, N + 1); /* the root and one node per cell */
  uint64_t searched = atomic_load(&all_nodes);
  cr_expect_leq(searched, 20 * N * 11, "%llu nodes searched to split a tree of %d",
                (unsigned long long)searched, N + 1);
  pc_runner_result_free(&res);
  pc_xc_free(&xc);
}

/* A stop that comes while the split is made ends the run there: nothing
   searched, nothing to carry on from, so no checkpoint. */
Test(runner_bounds, stop_during_split)
{
  char dir[] = "/tmp/pc-bounds-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char ckpt[64];
  snprintf(ckpt, sizeof ckpt, "%s/c.ckpt", dir);
  pc_xc xc;
  strip(&xc, 500);
  atomic_int stop = 1;
  pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                          .stop = &stop, .checkpoint = ckpt};
  pc_runner_result res;
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, NULL), PC_OK);
  cr_expect(res.ran);
  cr_expect(res.interrupted);
  cr_expect_not(res.stats.complete);
  cr_expect_null(res.checkpoint);
  cr_expect_neq(access(ckpt, F_OK), 0, "a checkpoint of a search that never began");
  pc_runner_result_free(&res);
  pc_xc_free(&xc);
  pc_remove_tree(dir);
}

/* What a visitor saw: how many solutions and a sum of their hashes (the
   same multiset in any order); the last progress report. */
typedef struct seen {
  uint64_t count, hash;
  pc_runner_progress last;
  int progress_calls;
} seen;

static bool take(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  seen *s = ctx;
  (void)sub;
  uint64_t h = 1469598103934665603ull;
  for (int32_t i = 0; i < n; i++) h = (h ^ (uint64_t)options[i]) * 1099511628211ull;
  s->count++;
  s->hash += h;
  return false;
}

static void note_progress(void *ctx, const pc_runner_progress *p)
{
  seen *s = ctx;
  s->last = *p;
  s->progress_calls++;
}

static seen run_pent6x10(size_t buffer_bytes, pc_status expected, pc_error *err)
{
  pc_xc xc;
  pc_load_dlx1("pent6x10.dlx", &xc);
  seen s = {0};
  /* A fixed shallow split leaves subproblems of hundreds of solutions. */
  pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                          .visit = take, .ctx = &s, .on_progress = note_progress,
                          .split_depth = 1, .buffer_bytes = buffer_bytes};
  pc_runner_result res;
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, err), expected, "%s", err->msg);
  pc_runner_result_free(&res);
  pc_xc_free(&xc);
  return s;
}

/* Knuth's figure: 2,339 x 4 = 9,356 solutions of the 6x10 rectangle. */
Test(runner_bounds, spilled_solutions_come_back_whole)
{
  pc_error err = {0};
  seen whole = run_pent6x10(0, PC_OK, &err);
  seen spilled = run_pent6x10(64, PC_OK, &err);
  cr_expect_eq(whole.count, 9356);
  cr_expect_eq(spilled.count, whole.count);
  cr_expect_eq(spilled.hash, whole.hash);
}

/* With nowhere to spill to, the run fails with the reason. */
Test(runner_bounds, spill_failure_is_an_error)
{
  const char *old = getenv("TMPDIR");
  char *saved = old ? strdup(old) : NULL;
  setenv("TMPDIR", "/nonexistent/pc-spill", 1);
  pc_error err = {0};
  run_pent6x10(64, PC_ERR_IO, &err);
  cr_expect(strstr(err.msg, "temporary file"), "%s", err.msg);
  if (saved) setenv("TMPDIR", saved, 1);
  else unsetenv("TMPDIR");
  free(saved);
}

Test(runner_bounds, progress_callback_sees_the_end)
{
  pc_error err = {0};
  seen s = run_pent6x10(0, PC_OK, &err);
  cr_assert_gt(s.progress_calls, 0);
  cr_expect(s.last.last);
  cr_expect_eq(s.last.fraction, 1.0);
  cr_expect_eq(s.last.done, s.last.subproblems);
  cr_expect_eq(s.last.solutions, 9356);
  cr_expect(s.last.in_updates);
}

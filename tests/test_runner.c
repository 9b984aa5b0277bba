/* test_parallel.c — the split search on threads: the counts of one search
   whatever the number of threads; solutions handed over a subproblem at a
   time; runs interrupted at random moments and resumed end with the counts
   and the solutions of an uninterrupted run; foreign checkpoints refused;
   the progress line. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run/checkpoint.h"
#include "core/bitdlx.h"
#include "core/engines.h"
#include "run/runner.h"
#include "support.h"

/* What the visitor and done callbacks saw. */
typedef struct seen {
  int64_t current;  /* the subproblem whose solutions are being handed over */
  uint64_t visits, dones;
  bool *done;
  int64_t n;
} seen;

static bool visit(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  seen *s = ctx;
  (void)options;
  cr_assert(n > 0);
  /* A subproblem's solutions come together, before its done(). */
  if (s->current < 0) s->current = sub;
  cr_assert_eq(s->current, sub);
  s->visits++;
  return false;
}

static void done(void *ctx, int64_t sub)
{
  seen *s = ctx;
  cr_assert(s->current < 0 || s->current == sub);
  s->current = -1;
  cr_assert(sub >= 0 && sub < s->n);
  cr_assert(!s->done[sub], "subproblem %lld done twice", (long long)sub);
  s->done[sub] = true;
  s->dones++;
}

static void same_as_one_search(const char *file)
{
  pc_xc xc;
  pc_load_dlx1(file, &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_dlx_config one = {.choose = PC_CHOOSE_MRV};
  pc_dlx_stats st;
  pc_dlx_search(d, &one, &st);
  for (int threads = 1; threads <= 3; threads++) {
    seen s = {.current = -1, .done = calloc(100000, sizeof(bool)), .n = 100000};
    pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = threads,
                            .visit = visit, .done = done, .ctx = &s};
    pc_runner_result res;
    pc_error err = {0};
    cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
    cr_expect_eq(res.stats.solutions, st.solutions, "%s -j%d", file, threads);
    cr_expect_eq(res.stats.nodes, st.nodes, "%s -j%d", file, threads);
    cr_expect_eq(res.stats.updates, st.updates, "%s -j%d", file, threads);
    cr_expect(res.stats.complete);
    cr_expect_eq(res.stats.levels, st.levels);
    for (int32_t l = 0; l < st.levels && l < res.stats.levels; l++) {
      cr_expect_eq(res.stats.level_nodes[l], st.level_nodes[l], "%s level %d", file, l);
      cr_expect_eq(res.stats.level_updates[l], st.level_updates[l], "%s level %d", file, l);
    }
    cr_expect_eq(s.visits, st.solutions);
    cr_expect_eq((int64_t)s.dones, res.subproblems);
    cr_expect_eq(res.done, res.subproblems);
    cr_expect(res.subproblems >= 64 * threads || res.split_depth >= 1);
    free(s.done);
    pc_runner_result_free(&res);
  }
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

Test(parallel, knuth3_any_threads) { same_as_one_search("knuth3.dlx"); }
Test(parallel, scott_x23_any_threads) { same_as_one_search("scott_x23.dlx"); }
Test(parallel, hexi_rhombus_any_threads) { same_as_one_search("hexi_rhombus.dlx"); }
Test(parallel, scott_any_threads) { same_as_one_search("scott.dlx"); }

/* bitdlx, its instances counted as they are made. */
static pc_engine counted;
static int made_here;

static void *count_create(const pc_engine *self, const pc_xc *xc)
{
  made_here++;
  return pc_engine_bitdlx.create(self, xc);
}

/* An instance made already (auto's) is the first thread's: the run makes
   none, the other threads sharing its tables, and counts as with fresh
   ones (the search alone); one of another engine is left alone (the run
   makes the first thread's, the others share it). */
Test(parallel, made_instance_searches)
{
  pc_xc xc;
  pc_load_dlx1("scott_x23.dlx", &xc);
  counted = pc_engine_bitdlx;
  counted.create = count_create;
  void *fresh = pc_engine_bitdlx.create(&pc_engine_bitdlx, &xc);
  pc_dlx_stats st;
  pc_engine_bitdlx.search(fresh, &(pc_dlx_config){.choose = PC_CHOOSE_MRV}, &st);
  pc_engine_bitdlx.destroy(fresh);
  pc_engine_made made = {&counted, pc_engine_bitdlx.create(&pc_engine_bitdlx, &xc)};
  pc_engine_made other = {&pc_engine_bitdlx, made.instance}; /* not the run's engine */
  pc_bitdlx_estimate(made.instance, 256, 1); /* used before, as auto uses it */
  for (int threads = 1; threads <= 2; threads++)
    for (int mine = 0; mine < 2; mine++) {
      made_here = 0;
      pc_runner_config cfg = {.engine = &counted, .choose = PC_CHOOSE_MRV, .threads = threads,
                              .made = mine ? made : other};
      pc_runner_result res;
      pc_error err = {0};
      cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
      cr_expect_eq(res.stats.solutions, st.solutions);
      cr_expect_eq(res.stats.nodes, st.nodes);
      cr_expect_eq(made_here, 1 - mine, "-j%d, made %s", threads, mine ? "mine" : "other");
      pc_runner_result_free(&res);
    }
  pc_engine_made_free(&made);
  pc_xc_free(&xc);
}

/* A search auto calls small (pc_engine_made.small, as it calls
   scott_x23.dlx) is split into fewer parts than the 256 at least of any
   other, with the same counts. */
Test(parallel, small_search_few_parts)
{
  pc_xc xc;
  pc_load_dlx1("scott_x23.dlx", &xc);
  pc_engine_made chosen;
  pc_error err = {0};
  cr_assert_eq(pc_engine_select_made("auto", &xc, PC_CHOOSE_MRV, NULL, &chosen, &err), PC_OK);
  cr_expect(chosen.small, "auto's estimate puts scott_x23.dlx under its bar");
  pc_engine_made_free(&chosen);
  uint64_t nodes[2];
  for (int small = 0; small < 2; small++) {
    pc_runner_config cfg = {.engine = &pc_engine_bitdlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                            .made = {&pc_engine_bitdlx, NULL, small}};
    pc_runner_result res;
    cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
    cr_expect_eq(res.stats.solutions, 19); /* bench/README.md, Knuth's DLX */
    cr_expect(small ? res.subproblems < 256 : res.subproblems >= 256, "small %d: %lld parts",
              small, (long long)res.subproblems);
    nodes[small] = res.stats.nodes;
    pc_runner_result_free(&res);
  }
  cr_expect_eq(nodes[0], 10422); /* bench/README.md, Knuth's DLX */
  cr_expect_eq(nodes[1], nodes[0]);
  pc_xc_free(&xc);
}

/* A limit counts solutions over all threads. */
/* Hands out every other subproblem of a plan, from a given one. */
typedef struct share {
  const pc_runner_plan *plan;
  int64_t at;
  uint64_t given;
} share;

static bool next_of_share(void *ctx, int64_t *sub)
{
  share *h = ctx;
  if (h->at >= h->plan->subproblems) return false;
  *sub = h->plan->order[h->at];
  h->at += 2;
  h->given++;
  return true;
}

/* A fixed split depth numbers the subproblems alike in every run, so two
   processes searching a share each (cfg.next) add up to one search. */
Test(parallel, shares_add_up)
{
  pc_xc xc;
  pc_load_dlx1("scott.dlx", &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_dlx_config one = {.choose = PC_CHOOSE_MRV};
  pc_dlx_stats st;
  pc_dlx_search(d, &one, &st);
  pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                          .split_depth = 3};
  pc_runner_plan plan;
  pc_error err = {0};
  cr_assert_eq(pc_runner_plan_make(&xc, &cfg, 2, &plan, &err), PC_OK, "%s", err.msg);
  cr_expect_eq(plan.depth, 3);
  cr_assert_gt(plan.subproblems, 2);
  for (int64_t i = 1; i < plan.subproblems; i++)
    cr_expect_geq(plan.weights[plan.order[i - 1]], plan.weights[plan.order[i]]);
  uint64_t solutions = 0, nodes = 0, updates = 0, given = 0;
  for (int half = 0; half < 2; half++) {
    share h = {&plan, half, 0};
    cfg.next = next_of_share;
    cfg.ctx = &h;
    pc_runner_result res;
    cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
    cr_expect(res.stats.complete);
    cr_expect_eq(res.subproblems, plan.subproblems);
    cr_expect_eq((uint64_t)res.done, h.given);
    solutions += res.stats.solutions;
    /* Each run counts the split search's own nodes once. */
    nodes += res.stats.nodes;
    updates += res.stats.updates;
    given += h.given;
    pc_runner_result_free(&res);
  }
  cr_expect_eq(given, (uint64_t)plan.subproblems);
  cr_expect_eq(solutions, st.solutions);
  cr_expect_gt(nodes, st.nodes);
  cr_expect_gt(updates, st.updates);
  pc_runner_plan_free(&plan);
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

Test(parallel, limit)
{
  pc_xc xc;
  pc_load_dlx1("scott.dlx", &xc);
  seen s = {.current = -1, .done = calloc(100000, sizeof(bool)), .n = 100000};
  pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                          .max_solutions = 7, .visit = visit, .done = done, .ctx = &s};
  pc_runner_result res;
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, NULL), PC_OK);
  cr_expect_eq(res.stats.solutions, 7);
  cr_expect_eq(s.visits, 7);
  cr_expect(!res.stats.complete);
  free(s.done);
  pc_runner_result_free(&res);
  pc_xc_free(&xc);
}

/* A node limit stops the run near it, incomplete; one past the whole
   search's nodes (scott.dlx: 289,327 with DLX, 1 thread) stops nothing. */
Test(parallel, node_limit)
{
  pc_xc xc;
  pc_load_dlx1("scott.dlx", &xc);
  pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                          .max_nodes = 20000};
  pc_runner_result res;
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, NULL), PC_OK);
  cr_expect(!res.stats.complete);
  cr_expect(!res.interrupted);
  cr_expect(res.stats.nodes >= 20000 && res.stats.nodes < 40000, "%llu",
            (unsigned long long)res.stats.nodes);
  pc_runner_result_free(&res);
  cfg.max_nodes = 289328;
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, NULL), PC_OK);
  cr_expect(res.stats.complete);
  cr_expect_eq(res.stats.solutions, 520);
  pc_runner_result_free(&res);
  pc_xc_free(&xc);
}

/* A visitor that stops the run at its third solution. */
static bool visit_three(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub, (void)options, (void)n;
  uint64_t *visits = ctx;
  return ++*visits >= 3;
}

/* Once the visitor has said stop, no thread hands it another solution,
   even one whose subproblem ends after the stop (solve --limit printed
   one solution too many on two threads). */
Test(parallel, nothing_after_the_visitor_stops)
{
  pc_xc xc;
  pc_load_dlx1("scott_x23.dlx", &xc);
  for (int run = 0; run < 20; run++) {
    uint64_t visits = 0;
    pc_runner_config cfg = {.engine = &pc_engine_dlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                            .visit = visit_three, .ctx = &visits};
    pc_runner_result res;
    cr_assert_eq(pc_runner_run(&xc, &cfg, &res, NULL), PC_OK);
    cr_expect_eq(visits, 3, "run %d: %llu solutions handed over", run,
                 (unsigned long long)visits);
    cr_expect(!res.stats.complete);
    pc_runner_result_free(&res);
  }
  pc_xc_free(&xc);
}

/* ---- the program ---- */

Test(parallel, program_threads_agree)
{
  static const char *files[] = {"tests/data/knuth3.dlx", "tests/data/scott_x23.dlx",
                                "tests/data/hexi_rhombus.dlx"};
  for (int f = 0; f < 3; f++) {
    uint64_t first[3] = {0};
    for (int j = 1; j <= 3; j++) {
      char threads[8];
      snprintf(threads, sizeof threads, "-j%d", j);
      const char *args[] = {"xc", threads, "--engine", "dlx", "--json", "--quiet", files[f], NULL};
      pc_run r = pc_run_program(NULL, args);
      cr_assert_eq(r.status, 0, "%s", r.err);
      uint64_t got[3] = {pc_json_get_u64(r.out, "solutions"), pc_json_get_u64(r.out, "nodes"),
                         pc_json_get_u64(r.out, "updates")};
      cr_expect_eq(pc_json_get_u64(r.out, "threads"), (uint64_t)j);
      if (j == 1) memcpy(first, got, sizeof got);
      else cr_expect(!memcmp(first, got, sizeof got), "%s -j%d differs", files[f], j);
      pc_run_free(&r);
    }
  }
}

/* The printed solutions: each block's option lines, numbered in order
   (the numbers must run 1, 2, ... across the runs). Appends to `all`. */
typedef struct blocks {
  char **text;
  size_t n, cap;
} blocks;

/* The solutions of xc --print --json's document, in order: each one's
   option lines (the JSON text of its "options" array), numbered on. */
static void add_blocks(blocks *b, const char *out)
{
  static const char number[] = "{\"number\": ", options[] = "\"options\": [";
  for (const char *p = out; (p = strstr(p, number));) {
    unsigned long long k = strtoull(p + strlen(number), NULL, 10);
    cr_assert_eq(k, b->n + 1, "solution %llu printed after %zu", k, b->n);
    const char *body = strstr(p, options), *end = body ? strchr(body, ']') : NULL;
    cr_assert(end, "%s", p);
    body += strlen(options);
    if (b->n == b->cap)
      b->text = realloc(b->text, (b->cap = b->cap ? 2 * b->cap : 256) * sizeof *b->text);
    b->text[b->n++] = strndup(body, (size_t)(end - body));
    p = end;
  }
}

static int cmp_str(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static void free_blocks(blocks *b)
{
  for (size_t i = 0; i < b->n; i++) free(b->text[i]);
  free(b->text);
}

#define MATRIX "tests/data/pent6x10_xq.dlx"

/* Interrupting with SIGINT at random moments, then resuming (interrupted
   again, then to the end), gives the counts and the very solutions of an
   uninterrupted run, each printed once, numbered on. */
Test(parallel, interrupt_and_resume)
{
  char dir[] = "/tmp/pc-par-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char ckpt[64], out[64];
  snprintf(ckpt, sizeof ckpt, "%s/ckpt", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  const char *whole[] = {"xc", "-j2", "--engine", "dlx", "--quiet", "--print", "--json", MATRIX,
                         NULL};
  cr_assert_eq(pc_wait_program(pc_start_program(out, whole)), 0);
  char *ref = pc_slurp_file(out);
  blocks expected = {0};
  add_blocks(&expected, ref);
  uint64_t counts[3] = {pc_json_get_u64(ref, "solutions"), pc_json_get_u64(ref, "nodes"),
                        pc_json_get_u64(ref, "updates")};
  cr_assert_eq(expected.n, counts[0]);
  srand((unsigned)time(NULL));
  int interrupted = 0;
  for (int trial = 0; trial < 3; trial++) {
    blocks got = {0};
    unlink(ckpt);
    char *last = NULL;
    for (int run = 0;; run++) {
      bool resume = access(ckpt, F_OK) == 0;
      const char *args[14] = {"xc",     "-j2",    "--engine", "dlx",        "--quiet",
                              "--print", "--json", "--checkpoint", ckpt};
      int k = 9;
      if (resume) {
        args[k++] = "--resume";
        args[k++] = ckpt;
      }
      args[k++] = MATRIX;
      args[k] = NULL;
      pid_t pid = pc_start_program(out, args);
      if (run < 2) {
        usleep(50000 + (useconds_t)(rand() % 500000));
        kill(pid, SIGINT);
      }
      int status = pc_wait_program(pid);
      free(last);
      last = pc_slurp_file(out);
      add_blocks(&got, last);
      if (status == 0) break;
      if (status == -1) continue; /* the signal came before the program caught it */
      cr_assert_eq(status, 1, "interrupted run exits %d", status);
      cr_assert(strstr(last, "\"interrupted\": true"));
      interrupted++;
      /* Stopped before the split was made (a slow machine): nothing done,
         nothing to carry on from, and the next run starts afresh. */
      if (!resume && access(ckpt, F_OK) != 0) {
        cr_assert_eq(pc_json_get_u64(last, "solutions"), 0, "%s", last);
        cr_assert_eq(pc_json_get_u64(last, "subproblems"), 0, "%s", last);
        continue;
      }
      cr_assert_eq(access(ckpt, F_OK), 0, "no checkpoint after SIGINT");
    }
    cr_expect_eq(pc_json_get_u64(last, "solutions"), counts[0], "trial %d", trial);
    cr_expect_eq(pc_json_get_u64(last, "nodes"), counts[1], "trial %d", trial);
    cr_expect_eq(pc_json_get_u64(last, "updates"), counts[2], "trial %d", trial);
    cr_assert_eq(got.n, expected.n, "trial %d: %zu solutions printed", trial, got.n);
    qsort(got.text, got.n, sizeof *got.text, cmp_str);
    qsort(expected.text, expected.n, sizeof *expected.text, cmp_str);
    for (size_t i = 0; i < got.n; i++) cr_assert_str_eq(got.text[i], expected.text[i]);
    free(last);
    free_blocks(&got);
  }
  cr_expect(interrupted > 0, "no run was interrupted");
  free_blocks(&expected);
  free(ref);
  unlink(ckpt);
  unlink(out);
  rmdir(dir);
}

/* A finished run's checkpoint resumes to the same counts at once (auto,
   the default, carries on with the checkpoint's engine: DLX), and is
   refused for another problem. */
Test(parallel, foreign_checkpoint)
{
  char ckpt[] = "/tmp/pc-ckpt-XXXXXX";
  int fd = mkstemp(ckpt);
  cr_assert(fd >= 0);
  close(fd);
  const char *make[] = {"xc", "--quiet", "--engine", "dlx", "--checkpoint", ckpt,
                        "tests/data/knuth3.dlx", NULL};
  pc_run r = pc_run_program(NULL, make);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  const char *again[] = {"xc", "--quiet", "--json", "--resume", ckpt, "tests/data/knuth3.dlx", NULL};
  r = pc_run_program(NULL, again);
  cr_expect_eq(r.status, 0);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 1);
  cr_expect_eq(pc_json_get_u64(r.out, "nodes"), 6);
  cr_expect_eq(pc_json_get_u64(r.out, "updates"), 30);
  pc_run_free(&r);
  const char *other[] = {"xc", "--quiet", "--resume", ckpt, "tests/data/scott_x23.dlx", NULL};
  r = pc_run_program(NULL, other);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, ckpt) && strstr(r.err, "another problem"), "%s", r.err);
  pc_run_free(&r);
  const char *rule[] = {"xc", "--quiet", "--leftmost", "--resume", ckpt, "tests/data/knuth3.dlx", NULL};
  r = pc_run_program(NULL, rule);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "leftmost") != NULL, "%s", r.err);
  pc_run_free(&r);
  FILE *f = fopen(ckpt, "w");
  fputs("polycover-checkpoint 2\nproblem zz\n", f);
  fclose(f);
  r = pc_run_program(NULL, other);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, ":2:9: not a polycover checkpoint") != NULL, "%s", r.err);
  pc_run_free(&r);
  unlink(ckpt);
}

/* The file format reads back what it wrote. */
Test(parallel, checkpoint_round_trip)
{
  char path[] = "/tmp/pc-ckpt-XXXXXX";
  int fd = mkstemp(path);
  close(fd);
  uint64_t ln[] = {1, 5, 9}, lu[] = {10, 20, 30};
  bool done[] = {true, false, true, true, false, true};
  uint64_t handed[] = {0, 0, 0, 0, 7, 0};
  char caller[] = "a\nb";
  pc_checkpoint c = {.problem = 0xfeedbeef12345678ull, .engine = "dlx", .rule = "mrv",
                     .split_depth = 2, .subproblems = 6, .solutions = 3, .nodes = 15,
                     .updates = 60, .levels = 3, .level_nodes = ln, .level_updates = lu,
                     .done = done, .handed = handed, .caller = caller, .caller_size = 3};
  cr_assert_eq(pc_checkpoint_write(path, &c, NULL), PC_OK);
  pc_checkpoint d;
  pc_error err = {0};
  cr_assert_eq(pc_checkpoint_read(path, &d, &err), PC_OK, "%s", err.msg);
  cr_expect_eq(d.problem, c.problem);
  cr_expect_str_eq(d.engine, "dlx");
  cr_expect_eq(d.subproblems, 6);
  cr_expect_eq(d.updates, 60);
  for (int i = 0; i < 6; i++) cr_expect_eq(d.done[i], done[i]);
  for (int i = 0; i < 6; i++) cr_expect_eq(d.handed[i], handed[i]);
  for (int i = 0; i < 3; i++) cr_expect_eq(d.level_updates[i], lu[i]);
  cr_expect_eq(d.caller_size, 3);
  cr_expect(!memcmp(d.caller, "a\nb", 3));
  pc_checkpoint_free(&d);
  unlink(path);
}

/* The progress line ends at 100% with every part done, its speed in what
   the engine counts: updates for DLX, nodes for the bitset engines. */
Test(parallel, progress_line)
{
  static const struct {
    const pc_engine *engine;
    const char *unit;
  } runs[] = {{&pc_engine_dlx, "M updates/s"},
              {&pc_engine_bitsweep, "M nodes/s"},
              {&pc_engine_bitdlx, "M nodes/s"}};
  pc_xc xc;
  pc_load_dlx1("scott_x23.dlx", &xc);
  for (size_t i = 0; i < sizeof runs / sizeof *runs; i++) {
    FILE *out = tmpfile();
    cr_assert_not_null(out);
    pc_runner_config cfg = {.engine = runs[i].engine, .choose = PC_CHOOSE_MRV, .threads = 2,
                         .progress = out};
    pc_runner_result res;
    pc_error err = {0};
    cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
    cr_expect_eq(res.stats.solutions, 19);
    char text[4096] = "", parts[64];
    rewind(out);
    size_t n = fread(text, 1, sizeof text - 1, out);
    text[n] = '\0';
    fclose(out);
    const char *last = strrchr(text, '\r');
    cr_assert_not_null(last, "%s: no progress line", runs[i].engine->name);
    snprintf(parts, sizeof parts, " %lld/%lld parts, 19 solutions, ", (long long)res.subproblems,
             (long long)res.subproblems);
    cr_expect(strstr(last, "100.0%") && strstr(last, parts), "%s: %s", runs[i].engine->name, last);
    cr_expect(strstr(last, runs[i].unit), "%s: %s", runs[i].engine->name, last);
    cr_expect_eq(last[strlen(last) - 1], '\n');
    pc_runner_result_free(&res);
  }
  pc_xc_free(&xc);
}

/* test_solve_run.c — `solve` on the split search: any number of threads and
   any engine give the same counts; the branching rule; interrupted and
   resumed, it ends with the counts and the solution file of an
   uninterrupted run. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "poly/solfile.h"
#include "support.h"

static pc_run solve(const char *board, const char *engine, const char *threads, bool all)
{
  const char *args[] = {"solve", "--json", "--quiet", "--engine", engine, "-j", threads,
                        all ? "--all" : "--unique", board, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s %s: %s", board, engine, r.err);
  return r;
}

/* DLX's counters do not depend on the threads; bitdlx has DLX's nodes
   too; bits finds the same solutions and classes. */
Test(solve_run, threads_and_engines_agree, .timeout = 300)
{
  const char *boards[] = {"boards/scott.yaml", "boards/hexrhombus.yaml",
                          "boards/kanoodle-start1.yaml", "boards/pent4x15.yaml"};
  for (int b = 0; b < 4; b++)
    for (int all = 0; all < 2; all++) {
      pc_run one = solve(boards[b], "dlx", "1", all);
      uint64_t solutions = pc_json_get_u64(one.out, "solutions"), unique = pc_json_get_u64(one.out, "unique");
      uint64_t nodes = pc_json_get_u64(one.out, "nodes"), updates = pc_json_get_u64(one.out, "updates");
      pc_run two = solve(boards[b], "dlx", "2", all), bits = solve(boards[b], "bits", "2", all);
      pc_run bitdlx = solve(boards[b], "bitdlx", "2", all);
      cr_expect_eq(pc_json_get_u64(two.out, "solutions"), solutions, "%s", boards[b]);
      cr_expect_eq(pc_json_get_u64(two.out, "unique"), unique, "%s", boards[b]);
      cr_expect_eq(pc_json_get_u64(two.out, "nodes"), nodes, "%s", boards[b]);
      cr_expect_eq(pc_json_get_u64(two.out, "updates"), updates, "%s", boards[b]);
      cr_expect_eq(pc_json_get_u64(bits.out, "solutions"), solutions, "%s bits", boards[b]);
      cr_expect_eq(pc_json_get_u64(bits.out, "unique"), unique, "%s bits", boards[b]);
      cr_expect(!strstr(bits.out, "\"updates\""), "bits counts no updates: %s", bits.out);
      cr_expect_eq(pc_json_get_u64(bitdlx.out, "solutions"), solutions, "%s bitdlx", boards[b]);
      cr_expect_eq(pc_json_get_u64(bitdlx.out, "unique"), unique, "%s bitdlx", boards[b]);
      cr_expect_eq(pc_json_get_u64(bitdlx.out, "nodes"), nodes, "%s bitdlx", boards[b]);
      cr_expect(!strstr(bitdlx.out, "\"updates\""), "bitdlx counts no updates: %s", bitdlx.out);
      pc_run_free(&one);
      pc_run_free(&two);
      pc_run_free(&bits);
      pc_run_free(&bitdlx);
    }
}

/* --leftmost is Knuth's other rule: auto takes bitdlx, which follows it
   (DLX's nodes); bits, which has an order of its own, is refused. */
Test(solve_run, leftmost_rule)
{
  const char *dlx[] = {"solve", "--json", "--quiet", "--leftmost", "--engine", "dlx",
                       "boards/scott.yaml", NULL};
  const char *automatic[] = {"solve", "--count", "--quiet", "--leftmost", "boards/scott.yaml",
                             NULL};
  const char *bits[] = {"solve", "--count", "--leftmost", "--engine", "bits",
                        "boards/scott.yaml", NULL};
  pc_run d = pc_run_program(NULL, dlx), a = pc_run_program(NULL, automatic);
  pc_run b = pc_run_program(NULL, bits);
  cr_assert_eq(d.status, 0, "%s", d.err);
  cr_assert_eq(a.status, 0, "%s", a.err);
  cr_expect(strstr(a.out, "engine: bitdlx"), "%s", a.out);
  char nodes[64];
  snprintf(nodes, sizeof nodes, "nodes: %llu\n",
           (unsigned long long)pc_json_get_u64(d.out, "nodes"));
  cr_expect(strstr(a.out, nodes), "%s, not %s", a.out, nodes);
  cr_expect_eq(b.status, 2);
  cr_expect(strstr(b.err, "--leftmost is a rule of the dlx and bitdlx engines"), "%s", b.err);
  pc_run_free(&d);
  pc_run_free(&a);
  pc_run_free(&b);
}

#define BOARD "boards/pent5x12.yaml"

/* Whether the child has not exited yet (it is left to be waited for). */
static bool running(pid_t pid)
{
  siginfo_t info = {0};
  return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && !info.si_pid;
}

/* SIGINT at random moments, then --resume until done: the counts of an
   uninterrupted run (1,010 classes of 4,040), and a solution file holding
   each representative once. */
Test(solve_run, interrupt_and_resume, .timeout = 300)
{
  char dir[] = "/tmp/pc-solve-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char ckpt[64], out[64], sol[64], ref[64];
  snprintf(ckpt, sizeof ckpt, "%s/ckpt", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  snprintf(sol, sizeof sol, "%s/sol", dir);
  snprintf(ref, sizeof ref, "%s/ref", dir);
  const char *whole[] = {"solve", "-j2", "--engine", "dlx", "--quiet", "--json", "--output",
                         ref, BOARD, NULL};
  cr_assert_eq(pc_wait_program(pc_start_program(out, whole)), 0);
  pc_solfile expected;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(ref, &expected, &err), PC_OK, "%s", err.msg);
  cr_assert_eq(expected.n_solutions, 1010);
  srand((unsigned)time(NULL));
  int interrupted = 0;
  for (int trial = 0; trial < 2; trial++) {
    unlink(ckpt);
    char *last = NULL;
    for (int run = 0;; run++) {
      bool resume = access(ckpt, F_OK) == 0;
      const char *args[16] = {"solve", "-j2", "--engine", "dlx", "--quiet", "--json",
                              "--output", sol, "--checkpoint", ckpt, "--every", "0.2"};
      int k = 12;
      if (resume) args[k++] = "--resume", args[k++] = ckpt;
      args[k++] = BOARD;
      args[k] = NULL;
      pid_t pid = pc_start_program(out, args);
      if (run < 3) {
        /* A signal before the split leaves nothing to carry on from (the
           program says so, and writes no checkpoint): a first run is
           interrupted once its first checkpoint shows it has split. */
        while (!resume && access(ckpt, F_OK) && running(pid)) usleep(10000);
        usleep((useconds_t)(rand() % 500000));
        kill(pid, SIGINT);
      }
      int status = pc_wait_program(pid);
      free(last);
      last = pc_slurp_file(out);
      if (status == 0) break;
      if (status == -1) continue; /* the signal came before the program caught it */
      cr_assert_eq(status, 1, "interrupted run exits %d: %s", status, last);
      interrupted++;
      cr_assert_eq(access(ckpt, F_OK), 0, "no checkpoint after SIGINT");
      /* What the interrupted run saved is a whole solution file. */
      pc_solfile part;
      cr_assert_eq(pc_solfile_read(sol, &part, &err), PC_OK, "%s:%d: %s", err.file, err.line,
                   err.msg);
      pc_solfile_free(&part);
    }
    cr_expect_eq(pc_json_get_u64(last, "solutions"), 4040, "trial %d", trial);
    cr_expect_eq(pc_json_get_u64(last, "unique"), 1010, "trial %d", trial);
    pc_solfile got;
    cr_assert_eq(pc_solfile_read(sol, &got, &err), PC_OK, "%s", err.msg);
    cr_assert_eq(got.n_solutions, 1010, "trial %d", trial);
    /* The same representatives, in whatever order: each found once. */
    for (int32_t i = 0; i < got.n_solutions; i++) {
      int found = 0;
      for (int32_t j = 0; j < expected.n_solutions; j++)
        found += !pc_tiling_cmp(&got.solutions[i], &expected.solutions[j]);
      cr_assert_eq(found, 1, "trial %d: solution %d", trial, (int)i + 1);
    }
    pc_solfile_free(&got);
    free(last);
  }
  cr_expect(interrupted > 0, "no run was interrupted");
  pc_solfile_free(&expected);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  cr_expect_eq(system(cmd), 0);
}

/* --resume with auto carries on with the checkpoint's engine, not with the
   trial's choice (bitdlx on Scott's puzzle: leftmost_rule above). */
Test(solve_run, resume_keeps_the_engine)
{
  char dir[] = "/tmp/pc-solve-XXXXXX";
  cr_assert_not_null(mkdtemp(dir));
  char ckpt[64];
  snprintf(ckpt, sizeof ckpt, "%s/ckpt", dir);
  const char *first[] = {"solve", "--count", "--quiet", "--engine", "bits", "--checkpoint", ckpt,
                         "--every", "1000", "boards/scott.yaml", NULL};
  const char *again[] = {"solve", "--count", "--quiet", "--resume", ckpt, "boards/scott.yaml",
                         NULL};
  pc_run a = pc_run_program(NULL, first);
  cr_assert_eq(a.status, 0, "%s", a.err);
  pc_run b = pc_run_program(NULL, again);
  cr_expect_eq(b.status, 0, "%s", b.err);
  cr_expect(strstr(b.out, "engine: bits,"), "%s", b.out);
  const char *counts = strstr(a.out, "solutions: ");
  cr_assert_not_null(counts, "%s", a.out);
  const char *resumed = strstr(b.out, "solutions: ");
  cr_assert_not_null(resumed, "%s", b.out);
  cr_expect(!strncmp(resumed, counts, strcspn(counts, "\n") + 1), "%s", b.out);
  pc_run_free(&a);
  pc_run_free(&b);
  pc_remove_tree(dir);
}

/* The program run with args, which must succeed. */
static pc_run run_ok(const char *const *args)
{
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s: %s", args[0], r.err);
  return r;
}

/* A run stopped by --limit, then resumed: the counts of an uninterrupted
   run (pent5x12: 1,010 classes of 4,040), whether its classes or every
   solution are reported, and a solution file with each representative
   once. The limit stops the run partway through a subproblem whose first
   solutions were counted already; the resumed run counted them again. */
Test(solve_run, limit_then_resume)
{
  char *dir = pc_scratch_dir("/tmp/pc-solve-XXXXXX");
  char *ckpt = pc_path_in(dir, "ckpt"), *sol = pc_path_in(dir, "sol");
  for (int all = 0; all < 2; all++) {
    unlink(ckpt);
    unlink(sol);
    const char *mode = all ? "--all" : "--unique";
    const char *first[] = {"solve", "--quiet", mode, "-n", "3", "-o", sol,
                           "--checkpoint", ckpt, BOARD, NULL};
    const char *again[] = {"solve", "--quiet", "--json", mode, "-o", sol,
                           "--resume", ckpt, BOARD, NULL};
    pc_run a = run_ok(first), b = run_ok(again);
    cr_expect_eq(pc_json_get_u64(b.out, "solutions"), 4040, "%s: %s", mode, b.out);
    cr_expect_eq(pc_json_get_u64(b.out, "unique"), 1010, "%s: %s", mode, b.out);
    pc_solfile got;
    pc_error err = {0};
    cr_assert_eq(pc_solfile_read(sol, &got, &err), PC_OK, "%s", err.msg);
    cr_expect_eq(got.n_solutions, all ? 4040 : 1010, "%s", mode);
    pc_solfile_free(&got);
    pc_run_free(&a);
    pc_run_free(&b);
  }
  free(ckpt);
  free(sol);
  pc_remove_tree(dir);
  free(dir);
}

/* The same for xc, whose counts never depended on it: the resumed run
   prints the solutions the first did not, once each (pent6x10.dlx:
   9,356, every one printed as "solution K:" and its options). */
Test(solve_run, xc_limit_then_resume)
{
  char *dir = pc_scratch_dir("/tmp/pc-solve-XXXXXX"), *ckpt = pc_path_in(dir, "ckpt");
  const char *first[] = {"xc", "--quiet", "-p", "-n", "3", "--checkpoint", ckpt,
                         "tests/data/pent6x10.dlx", NULL};
  const char *again[] = {"xc", "--quiet", "-p", "--resume", ckpt, "tests/data/pent6x10.dlx",
                         NULL};
  pc_run a = run_ok(first), b = run_ok(again);
  cr_expect(strstr(b.out, "solutions: 9356\n"), "%s", b.out);
  int printed = 0;
  for (const char *p = b.out; (p = strstr(p, "solution ")); p++) printed++;
  cr_expect_eq(printed, 9356 - 3, "printed again or missed");
  cr_expect(strstr(b.out, "solution 4:\n") && !strstr(b.out, "solution 3:\n"), "numbering");
  pc_run_free(&a);
  pc_run_free(&b);
  free(ckpt);
  pc_remove_tree(dir);
  free(dir);
}

/* solve -n stops where the limit is met, not at the end of the
   subproblem that met it (which on a large board can take hours): on one
   thread with DLX, `solve --all -n 1` walks the tree `xc -n 1` walks on
   the same matrix (`rows`), node for node. */
Test(solve_run, limit_stops_at_once)
{
  char *dir = pc_scratch_dir("/tmp/pc-solve-XXXXXX"), *matrix = pc_path_in(dir, "m.dlx");
  const char *rows[] = {"rows", BOARD, NULL};
  pc_run m = run_ok(rows);
  FILE *f = fopen(matrix, "w");
  cr_assert_not_null(f);
  fputs(m.out, f);
  fclose(f);
  const char *solve[] = {"solve", "--json", "--quiet", "--all", "-n", "1", "-j1", "--engine",
                         "dlx", BOARD, NULL};
  const char *xc[] = {"xc", "--json", "--quiet", "-n", "1", "-j1", "--engine", "dlx", matrix,
                      NULL};
  pc_run s = run_ok(solve), x = run_ok(xc);
  cr_expect_eq(pc_json_get_u64(s.out, "solutions"), 1, "%s", s.out);
  cr_expect_eq(pc_json_get_u64(s.out, "nodes"), pc_json_get_u64(x.out, "nodes"), "%s\n%s",
               s.out, x.out);
  cr_expect_eq(pc_json_get_u64(s.out, "updates"), pc_json_get_u64(x.out, "updates"));
  pc_run_free(&m);
  pc_run_free(&s);
  pc_run_free(&x);
  free(matrix);
  pc_remove_tree(dir);
  free(dir);
}

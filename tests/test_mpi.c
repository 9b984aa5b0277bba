/* test_mpi.c — `solve --mpi` under mpirun (a build with make MPI=1):
   three processes find the counts and the solution file of one; a rank
   killed mid-run loses nothing, its subproblems searched by another rank
   (mpirun --enable-recovery) or the run resumed from its checkpoint. */
#include <criterion/criterion.h>
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "poly/solfile.h"
#include "support.h"

#define BOARD_LONG "boards/pent6x10.yaml" /* --all with dlx: some seconds */

/* Skips the test unless this is an MPI build with mpirun at hand. */
static void need_mpi(void)
{
#ifndef PC_MPI
  cr_skip_test("built without MPI (make MPI=1)");
#endif
  if (system("command -v mpirun >/dev/null 2>&1"))
    cr_skip_test("no mpirun (apt-get install openmpi-bin)");
  /* CI may run as root. */
  setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 0);
  setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 0);
}

static const char *const mpirun3[] = {"mpirun", "--oversubscribe", "-np", "3", NULL};
static const char *const mpirun3_recovery[] = {"mpirun", "--oversubscribe", "--enable-recovery",
                                               "-np", "3", NULL};

/* `solve ARGS... BOARD --json --quiet`, alone or with --mpi under mpirun. */
static pc_run solve(bool mpi, const char *board, const char *const *opts)
{
  const char *args[24] = {"solve", "--json", "--quiet"};
  int k = 3;
  if (mpi) args[k++] = "--mpi";
  for (int i = 0; opts[i]; i++) args[k++] = opts[i];
  args[k++] = board;
  args[k] = NULL;
  pc_run r = pc_run_launched(NULL, mpi ? mpirun3 : NULL, args);
  cr_assert_eq(r.status, 0, "%s (mpi %d): %s%s", board, mpi, r.out, r.err);
  return r;
}

static int by_tiling(const void *a, const void *b) { return pc_tiling_cmp(a, b); }

/* The two solution files hold the same solutions, each once. */
static void same_solutions(const char *got_path, const char *want_path)
{
  pc_solfile got, want;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(got_path, &got, &err), PC_OK, "%s: %s", got_path, err.msg);
  cr_assert_eq(pc_solfile_read(want_path, &want, &err), PC_OK, "%s: %s", want_path, err.msg);
  cr_assert_eq(got.n_solutions, want.n_solutions);
  qsort(got.solutions, (size_t)got.n_solutions, sizeof *got.solutions, by_tiling);
  qsort(want.solutions, (size_t)want.n_solutions, sizeof *want.solutions, by_tiling);
  for (int32_t i = 0; i < got.n_solutions; i++) {
    cr_assert_eq(pc_tiling_cmp(&got.solutions[i], &want.solutions[i]), 0, "solution %d", (int)i);
    if (i) cr_assert_neq(pc_tiling_cmp(&got.solutions[i - 1], &got.solutions[i]), 0, "twice");
  }
  pc_solfile_free(&got);
  pc_solfile_free(&want);
}

static void temp_dir(char *dir) { cr_assert_not_null(mkdtemp(dir)); }


/* Counts and solution files of three processes are those of one: the
   reduced search and --all, both engines, square cells, triangles,
   sticks, cubes and spheres. */
Test(mpi, three_processes_agree_with_one, .timeout = 300)
{
  need_mpi();
  char dir[] = "/tmp/pc-mpi-XXXXXX";
  temp_dir(dir);
  char one[64], three[64];
  snprintf(one, sizeof one, "%s/one.sol", dir);
  snprintf(three, sizeof three, "%s/three.sol", dir);
  const struct {
    const char *board;
    const char *all, *engine;
  } cases[] = {
      {"boards/scott.yaml", "--unique", "auto"},
      {"boards/scott.yaml", "--all", "dlx"},
      {"boards/pent6x10.yaml", "--all", "auto"},
      {"boards/hexrhombus.yaml", "--unique", "auto"},
      {"boards/hexrhombus.yaml", "--all", "dlx"},
      {"boards/tetra5x5-noH.yaml", "--unique", "auto"},
      {"boards/soma.yaml", "--unique", "auto"},
      {"boards/kanoodle-pyramid.yaml", "--unique", "dlx"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
    const char *opts1[] = {cases[c].all, "--engine", cases[c].engine, "-o", one, NULL};
    const char *opts3[] = {cases[c].all, "--engine", cases[c].engine, "-o", three, "-j2", NULL};
    pc_run a = solve(false, cases[c].board, opts1), b = solve(true, cases[c].board, opts3);
    const char *keys[] = {"solutions", "unique", "complete", "subproblems", "nodes"};
    for (int k = 0; k < 5; k++)
      cr_expect_eq(pc_json_get_u64(b.out, keys[k]), pc_json_get_u64(a.out, keys[k]), "%s %s: %s",
                   cases[c].board, keys[k], b.out);
    /* DLX counts updates; they add up across processes as across threads. */
    if (!strcmp(cases[c].engine, "dlx"))
      cr_expect_eq(pc_json_get_u64(b.out, "updates"), pc_json_get_u64(a.out, "updates"));
    /* Two ranks of two threads serve. */
    cr_expect_eq(pc_json_get_u64(b.out, "threads"), 4, "%s", b.out);
    same_solutions(three, one);
    pc_run_free(&a);
    pc_run_free(&b);
  }
  pc_remove_tree(dir);
}

/* --best and --sym-table are rank 0's, from every solution once. */
Test(mpi, best_and_sym_table, .timeout = 120)
{
  need_mpi();
  const char *opts[] = {"--best", "--sym-table", NULL};
  pc_run a = solve(false, "boards/scott.yaml", opts), b = solve(true, "boards/scott.yaml", opts);
  const char *keys[] = {"solutions", "best_horizontal", "best_vertical", "best_count"};
  for (int k = 0; k < 4; k++)
    cr_expect_eq(pc_json_get_u64(b.out, keys[k]), pc_json_get_u64(a.out, keys[k]), "%s", keys[k]);
  /* The table is in the JSON document (sym_table): the same rows. */
  const char *ta = strstr(a.out, "\"sym_table\""), *tb = strstr(b.out, "\"sym_table\"");
  cr_assert(ta && tb, "%s", b.out);
  const char *end = strchr(ta, ']');
  cr_assert(end, "%s", ta);
  cr_expect_eq(strncmp(ta, tb, (size_t)(end - ta) + 1), 0, "%s\n---\n%s", ta, tb);
  pc_run_free(&a);
  pc_run_free(&b);
}

/* The pid of the rank `rank` started by the mpirun `launcher`. */
static pid_t rank_pid(pid_t launcher, int rank)
{
  char want[64], path[320];
  snprintf(want, sizeof want, "OMPI_COMM_WORLD_RANK=%d", rank);
  for (int tries = 0; tries < 200; tries++) {
    snprintf(path, sizeof path, "/proc/%d/task", (int)launcher);
    DIR *d = opendir(path);
    cr_assert_not_null(d);
    struct dirent *e;
    pid_t found = 0;
    while ((e = readdir(d)) && !found) {
      snprintf(path, sizeof path, "/proc/%d/task/%s/children", (int)launcher, e->d_name);
      FILE *f = fopen(path, "r");
      int child;
      while (f && !found && fscanf(f, "%d", &child) == 1) {
        snprintf(path, sizeof path, "/proc/%d/environ", child);
        FILE *env = fopen(path, "r");
        char var[4096];
        size_t n = env ? fread(var, 1, sizeof var - 1, env) : 0;
        for (size_t at = 0; at < n; at += strlen(var + at) + 1) {
          var[n] = '\0';
          if (!strcmp(var + at, want)) found = child;
        }
        if (env) fclose(env);
      }
      if (f) fclose(f);
    }
    closedir(d);
    if (found) return found;
    usleep(50000);
  }
  cr_assert_fail("no rank %d under mpirun", rank);
  return 0;
}

/* Starts the long run on three processes with a checkpoint every 0.2 s,
   waits for the first one (the search is under way), kills rank 1 with
   SIGKILL, and returns mpirun's exit status. */
static int run_and_kill(const char *const *launcher, const char *dir)
{
  char ckpt[64], sol[64], out[64];
  snprintf(ckpt, sizeof ckpt, "%s/ckpt", dir);
  snprintf(sol, sizeof sol, "%s/mpi.sol", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  const char *args[] = {"solve", "--mpi", "--json", "--quiet", "--all", "--engine", "dlx",
                        "-j1", "--checkpoint", ckpt, "--every", "0.2", "-o", sol, BOARD_LONG,
                        NULL};
  pid_t pid = pc_start_launched(out, launcher, args);
  while (access(ckpt, F_OK)) usleep(20000);
  cr_assert_eq(kill(rank_pid(pid, 1), SIGKILL), 0);
  return pc_wait_program(pid);
}

/* mpirun --enable-recovery lets the others go on: rank 1's subproblems
   are searched by rank 2 and the run ends as if nothing happened. */
Test(mpi, killed_rank_reassigned, .timeout = 300)
{
  need_mpi();
  char dir[] = "/tmp/pc-mpi-XXXXXX", ref[64], sol[64], out[64];
  temp_dir(dir);
  snprintf(ref, sizeof ref, "%s/one.sol", dir);
  snprintf(sol, sizeof sol, "%s/mpi.sol", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  const char *opts[] = {"--all", "--engine", "dlx", "-o", ref, NULL};
  pc_run one = solve(false, BOARD_LONG, opts);
  cr_assert_eq(run_and_kill(mpirun3_recovery, dir), 0);
  char *got = pc_slurp_file(out);
  cr_expect_eq(pc_json_get_u64(got, "solutions"), pc_json_get_u64(one.out, "solutions"), "%s", got);
  cr_expect_eq(pc_json_get_u64(got, "unique"), pc_json_get_u64(one.out, "unique"));
  cr_expect_eq(pc_json_get_u64(got, "nodes"), pc_json_get_u64(one.out, "nodes"));
  cr_expect_eq(pc_json_get_u64(got, "updates"), pc_json_get_u64(one.out, "updates"));
  same_solutions(sol, ref);
  free(got);
  pc_run_free(&one);
  pc_remove_tree(dir);
}

/* Plain mpirun ends the whole job when a rank dies; the last periodic
   checkpoint and its solution file carry on with --resume, here on three
   processes again. */
Test(mpi, killed_run_resumed, .timeout = 300)
{
  need_mpi();
  char dir[] = "/tmp/pc-mpi-XXXXXX", ref[64], sol[64], ckpt[64];
  temp_dir(dir);
  snprintf(ref, sizeof ref, "%s/one.sol", dir);
  snprintf(sol, sizeof sol, "%s/mpi.sol", dir);
  snprintf(ckpt, sizeof ckpt, "%s/ckpt", dir);
  const char *opts[] = {"--all", "--engine", "dlx", "-o", ref, NULL};
  pc_run one = solve(false, BOARD_LONG, opts);
  cr_assert_neq(run_and_kill(mpirun3, dir), 0, "mpirun went on without rank 1");
  const char *again[] = {"--all", "--engine", "dlx", "-j1", "--resume", ckpt, "-o", sol, NULL};
  pc_run resumed = solve(true, BOARD_LONG, again);
  const char *keys[] = {"solutions", "unique", "nodes", "updates"};
  for (int k = 0; k < 4; k++)
    cr_expect_eq(pc_json_get_u64(resumed.out, keys[k]), pc_json_get_u64(one.out, keys[k]), "%s: %s",
                 keys[k], resumed.out);
  same_solutions(sol, ref);
  pc_run_free(&resumed);
  pc_run_free(&one);
  pc_remove_tree(dir);
}

/* Starts the long run on three processes under --enable-recovery and
   waits for its first checkpoint (the search is under way); returns
   mpirun's pid. */
static pid_t start_recoverable(const char *dir)
{
  char ckpt[64], out[64];
  snprintf(ckpt, sizeof ckpt, "%s/ckpt", dir);
  snprintf(out, sizeof out, "%s/out", dir);
  const char *args[] = {"solve", "--mpi", "--json", "--quiet", "--all", "--engine", "dlx",
                        "-j1", "--checkpoint", ckpt, "--every", "0.2", BOARD_LONG, NULL};
  pid_t pid = pc_start_launched(out, mpirun3_recovery, args);
  while (access(ckpt, F_OK)) usleep(20000);
  return pid;
}

/* A rank stopped for longer than the silence that makes it lost (SIGSTOP,
   8 s, then SIGCONT) is taken for lost, and when it wakes it finds the
   run over: every process exits (it used to spin in a send to rank 0
   forever), and the count is that of one process. */
Test(mpi, stopped_rank_exits, .timeout = 300)
{
  need_mpi();
  char dir[] = "/tmp/pc-mpi-XXXXXX", out[64];
  temp_dir(dir);
  snprintf(out, sizeof out, "%s/out", dir);
  const char *opts[] = {"--all", "--engine", "dlx", NULL};
  pc_run one = solve(false, BOARD_LONG, opts);
  pid_t pid = start_recoverable(dir);
  pid_t rank1 = rank_pid(pid, 1);
  cr_assert_eq(kill(rank1, SIGSTOP), 0);
  sleep(8);
  cr_assert_eq(kill(rank1, SIGCONT), 0);
  pc_wait_program(pid);
  char *got = pc_slurp_file(out);
  cr_expect_eq(pc_json_get_u64(got, "solutions"), pc_json_get_u64(one.out, "solutions"), "%s", got);
  cr_expect_neq(kill(rank1, 0), 0, "rank 1 is still running");
  free(got);
  pc_run_free(&one);
  pc_remove_tree(dir);
}

/* When rank 0 is killed, the other ranks notice its silence and exit
   (they used to spin forever), so mpirun returns. */
Test(mpi, leader_killed_others_exit, .timeout = 300)
{
  need_mpi();
  char dir[] = "/tmp/pc-mpi-XXXXXX";
  temp_dir(dir);
  pid_t pid = start_recoverable(dir);
  pid_t rank1 = rank_pid(pid, 1), rank2 = rank_pid(pid, 2);
  cr_assert_eq(kill(rank_pid(pid, 0), SIGKILL), 0);
  pc_wait_program(pid);
  cr_expect_neq(kill(rank1, 0), 0, "rank 1 is still running");
  cr_expect_neq(kill(rank2, 0), 0, "rank 2 is still running");
  pc_remove_tree(dir);
}

/* Without MPI built in, --mpi is refused as bad usage. */
Test(mpi, refused_without_mpi)
{
#ifdef PC_MPI
  cr_skip_test("built with MPI");
#endif
  const char *args[] = {"solve", "--mpi", "boards/scott.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "built without MPI (make MPI=1)"), "%s", r.err);
  pc_run_free(&r);
}

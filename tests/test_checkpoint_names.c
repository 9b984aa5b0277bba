/* test_checkpoint_names.c — a checkpoint the user did not name never
   replaces a file: it goes to the first free one of polycover.checkpoint,
   polycover-2.checkpoint, ... (pc_checkpoint_write_new), and the run that
   wrote it says where, in its result and on stderr. */
#include <criterion/criterion.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/run_options.h"
#include "core/engines.h"
#include "run/checkpoint.h"
#include "run/runner.h"
#include "support.h"

/* A small checkpoint to write. */
static const pc_checkpoint one = {.problem = 42, .engine = "dlx", .rule = "mrv",
                                  .split_depth = 1, .subproblems = 1, .done = (bool[]){true}};

/* Writes `one` to a new name from `path`, which must be `expected`. */
static void expect_written_to(const char *dir, const char *path, const char *expected)
{
  char *from = pc_path_in(dir, path), *want = pc_path_in(dir, expected), *written = NULL;
  pc_error err = {0};
  cr_assert_eq(pc_checkpoint_write_new(from, &one, &written, &err), PC_OK, "%s", err.msg);
  cr_expect_str_eq(written, want);
  pc_checkpoint back;
  cr_assert_eq(pc_checkpoint_read(written, &back, &err), PC_OK, "%s: %s", written, err.msg);
  cr_expect_eq(back.problem, 42);
  pc_checkpoint_free(&back);
  free(written);
  free(from);
  free(want);
}

/* The number goes before the extension of the file's name, not into a
   folder's name nor after a leading dot; a file already there is kept. */
Test(checkpoint_names, numbered_past_the_taken_ones)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX"), *sub = pc_path_in(dir, "a.b");
  char *taken = pc_path_in(dir, "polycover.checkpoint");
  cr_assert_eq(mkdir(sub, 0777), 0);
  pc_write_file(taken, "someone's\n", 10);
  expect_written_to(dir, "polycover.checkpoint", "polycover-2.checkpoint");
  expect_written_to(dir, "polycover.checkpoint", "polycover-3.checkpoint");
  expect_written_to(dir, "a.b/ckpt", "a.b/ckpt");
  expect_written_to(dir, "a.b/ckpt", "a.b/ckpt-2");
  expect_written_to(dir, ".ckpt", ".ckpt");
  expect_written_to(dir, ".ckpt", ".ckpt-2");
  char *text = pc_slurp_file(taken);
  cr_expect_str_eq(text, "someone's\n");
  free(text);
  pc_remove_tree(dir);
  free(taken);
  free(sub);
  free(dir);
}

/* A folder that is not there: an error naming the file, nothing
   written. */
Test(checkpoint_names, missing_folder)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX"), *path = pc_path_in(dir, "no/x.checkpoint");
  char *written = NULL;
  pc_error err = {0};
  cr_expect_eq(pc_checkpoint_write_new(path, &one, &written, &err), PC_ERR_IO);
  cr_expect_null(written);
  cr_expect(strstr(err.file, "no/x.checkpoint") != NULL, "%s", err.file);
  cr_expect(strstr(err.msg, "cannot write a checkpoint here") != NULL, "%s", err.msg);
  pc_remove_tree(dir);
  free(path);
  free(dir);
}

/* Stops the run at its first solution, as a signal would. */
static bool stop_at_first(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub, (void)options, (void)n;
  atomic_store((atomic_int *)ctx, 1);
  return false;
}

/* An interrupted run under the default name beside another run's
   checkpoint writes a numbered one, names it in its result, and carries
   on from it to the whole search's counts (pent6x10.dlx: 9,356 solutions,
   as Knuth's paper and DLX alone count, tests/test_dlx.c). A search of
   a second or so: the stop is seen within the runner's tick, long before
   its end. */
Test(checkpoint_names, interrupted_run_beside_another)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX");
  char *taken = pc_path_in(dir, "polycover.checkpoint");
  char *second = pc_path_in(dir, "polycover-2.checkpoint");
  pc_write_file(taken, "someone's\n", 10);
  pc_xc xc;
  pc_load_dlx1("pent6x10.dlx", &xc);
  atomic_int stop = 0;
  pc_runner_config cfg = {.engine = &pc_engine_bitdlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                          .visit = stop_at_first, .ctx = &stop, .stop = &stop,
                          .checkpoint = taken, .checkpoint_unnamed = true};
  pc_runner_result res;
  pc_error err = {0};
  cr_assert_eq(pc_runner_run(&xc, &cfg, &res, &err), PC_OK, "%s", err.msg);
  cr_assert(res.interrupted);
  cr_assert_not_null(res.checkpoint);
  cr_expect_str_eq(res.checkpoint, second);
  char *text = pc_slurp_file(taken);
  cr_expect_str_eq(text, "someone's\n");
  free(text);
  pc_runner_result_free(&res);
  pc_runner_config again = {.engine = &pc_engine_bitdlx, .choose = PC_CHOOSE_MRV, .threads = 2,
                            .checkpoint = second, .resume = second};
  cr_assert_eq(pc_runner_run(&xc, &again, &res, &err), PC_OK, "%s", err.msg);
  cr_expect(res.stats.complete);
  cr_expect_eq(res.stats.solutions, 9356);
  pc_runner_result_free(&res);
  pc_xc_free(&xc);
  pc_remove_tree(dir);
  free(second);
  free(taken);
  free(dir);
}

/* The program, run in a folder that holds a polycover.checkpoint already
   and stopped by SIGTERM once it shows progress: it writes
   polycover-2.checkpoint, says so, and leaves the other file alone. */
Test(checkpoint_names, program_says_where, .timeout = 60)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX"), *out = pc_path_in(dir, "out");
  char *log = pc_path_in(dir, "log"), *taken = pc_path_in(dir, "polycover.checkpoint");
  char matrix[PATH_MAX];
  cr_assert_not_null(realpath("tests/data/pent6x10.dlx", matrix));
  pc_program_absolute();
  pc_write_file(taken, "someone's\n", 10);
  const char *launcher[] = {"env", "-C", dir, NULL};
  const char *args[] = {"xc", "--engine", "dlx", "-j2", "--progress", matrix, NULL};
  pid_t pid = pc_start_logged(out, log, launcher, args);
  pc_wait_for_log(pid, log); /* its progress: searching, its handler in place */
  kill(pid, SIGTERM);
  cr_expect_eq(pc_wait_program(pid), 1);
  char *text = pc_slurp_file(log);
  cr_expect(strstr(text, "checkpoint written to polycover-2.checkpoint (carry on with --resume "
                         "polycover-2.checkpoint)"),
            "%s", text);
  free(text);
  text = pc_slurp_file(taken);
  cr_expect_str_eq(text, "someone's\n");
  free(text);
  char *second = pc_path_in(dir, "polycover-2.checkpoint");
  cr_expect_eq(access(second, F_OK), 0);
  pc_remove_tree(dir);
  free(second);
  free(taken);
  free(log);
  free(out);
  free(dir);
}

/* pc_run_finish's words on a run stopped while nothing was split: fresh,
   nothing to carry on from; resumed (stopped before the checkpoint was
   taken up, which a signal a few milliseconds in does), the checkpoint
   is as it was and --resume carries on. It said "nothing to carry on
   from" for both. */
static char *finish_says(const char *resume)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX"), *path = pc_path_in(dir, "err");
  fflush(stderr);
  int saved = dup(2), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  cr_assert(saved >= 0 && fd >= 0);
  dup2(fd, 2);
  pc_run_options o;
  pc_run_options_init(&o);
  o.resume = resume;
  pc_runner_result res = {.interrupted = true};
  pc_error err = {0};
  cr_expect_eq(pc_run_finish("xc", PC_OK, &res, &o, &err), PC_ERR_IO);
  fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(fd);
  char *text = pc_slurp_file(path);
  pc_remove_tree(dir);
  free(path);
  free(dir);
  return text;
}

Test(checkpoint_names, stopped_before_any_split)
{
  char *fresh = finish_says(NULL), *resumed = finish_says("run.ck");
  cr_expect(strstr(fresh, "interrupted before the search was split; nothing to carry on from"),
            "%s", fresh);
  cr_expect(strstr(resumed, "interrupted before the search carried on; checkpoint run.ck is as "
                            "it was (carry on with --resume run.ck)"),
            "%s", resumed);
  free(fresh);
  free(resumed);
}

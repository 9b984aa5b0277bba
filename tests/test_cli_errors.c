/* test_cli_errors.c — the program's failures say so: a search stopped by
   an error exits non-zero and keeps its partial solution file apart, a
   checkpoint that cannot be written is refused before the search, write
   errors on stdout are caught, engines that cannot take a problem are
   refused, signals stop a search cleanly (twice: at once). */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "poly/solfile.h"
#include "support.h"

static bool exists(const char *path) { return access(path, F_OK) == 0; }

/* Issue #21's reproducer: the checkpoint's folder does not exist. Refused
   before the search: no count, no solution file. */
Test(cli_errors, checkpoint_in_missing_folder)
{
  char *dir = pc_scratch_dir("/tmp/pc-cli-XXXXXX"), *out = pc_path_in(dir, "o.sol");
  const char *args[] = {"solve", "boards/dudeney.yaml", "--count", "--output", out,
                        "--checkpoint", "/nonexistent/dir/x.ckpt", "--every", "1", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 1, "%s", r.err);
  cr_expect(strstr(r.err, "/nonexistent/dir/x.ckpt: cannot write a checkpoint in the folder "
                          "/nonexistent/dir"),
            "%s", r.err);
  cr_expect(!strstr(r.out, "solutions:"), "%s", r.out);
  cr_expect(!exists(out), "a solution file was committed");
  pc_run_free(&r);
  free(out);
  pc_remove_tree(dir);
  free(dir);
}

/* A checkpoint that fails after the search (its temporary file's name is
   too long, its own is not): exit 1 with the error, the solution file
   kept apart as FILE.partial with what was found, FILE not made. */
Test(cli_errors, checkpoint_fails_at_the_end)
{
  char *dir = pc_scratch_dir("/tmp/pc-cli-XXXXXX"), *out = pc_path_in(dir, "o.sol"), *partial = pc_path_in(dir, "o.sol.partial");
  char name[246];
  memset(name, 'x', sizeof name - 1);
  name[sizeof name - 1] = '\0';
  char *ckpt = pc_path_in(dir, name);
  const char *args[] = {"solve", "boards/scott.yaml", "--count", "--quiet", "--output", out,
                        "--checkpoint", ckpt, "--every", "1000", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 1, "%s", r.err);
  cr_expect(strstr(r.err, "cannot write: File name too long"), "%s", r.err);
  /* Every class's representative: the search itself was complete. */
  uint64_t unique = pc_solve_board_as("boards/scott.yaml", false).unique;
  char want[64];
  snprintf(want, sizeof want, "the %llu solutions written are in ", (unsigned long long)unique);
  cr_expect(strstr(r.err, want), "%s", r.err);
  cr_expect(!exists(out), "a solution file was committed");
  pc_solfile f;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(partial, &f, &err), PC_OK, "%s", err.msg);
  cr_expect_eq((uint64_t)f.n_solutions, unique);
  pc_solfile_free(&f);
  pc_run_free(&r);
  free(out);
  free(partial);
  free(ckpt);
  pc_remove_tree(dir);
  free(dir);
}

/* A folder and a device are no places for a checkpoint. */
Test(cli_errors, checkpoint_at_folder_or_device)
{
  char *dir = pc_scratch_dir("/tmp/pc-cli-XXXXXX");
  const char *at_dir[] = {"solve", "boards/scott.yaml", "--count", "--checkpoint", dir, NULL};
  const char *at_dev[] = {"solve", "boards/scott.yaml", "--count", "--checkpoint", "/dev/null",
                          NULL};
  pc_run a = pc_run_program(NULL, at_dir), b = pc_run_program(NULL, at_dev);
  cr_expect_eq(a.status, 1, "%s", a.err);
  cr_expect(strstr(a.err, "cannot write a checkpoint here: it is a folder"), "%s", a.err);
  cr_expect_eq(b.status, 1, "%s", b.err);
  cr_expect(strstr(b.err, "/dev/null: cannot write a checkpoint here: it is not a regular file"),
            "%s", b.err);
  cr_expect(!strstr(a.out, "solutions:") && !strstr(b.out, "solutions:"), "%s%s", a.out, b.out);
  struct stat st;
  cr_expect(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode), "/dev/null was replaced");
  pc_run_free(&a);
  pc_run_free(&b);
  pc_remove_tree(dir);
  free(dir);
}

/* Out of memory at any point: never a count with exit status 0 unless the
   search was complete. The limits are below and around what a search of
   Scott's puzzle needs (some too low even to start the program: fine). */
Test(cli_errors, out_of_memory_is_no_success, .timeout = 120)
{
  static const char *const limits[] = {"16000", "20000", "24000", "28000", "32000"};
  char counts[64];
  snprintf(counts, sizeof counts, "solutions: %llu\n",
           (unsigned long long)pc_solve_board("boards/scott.yaml").solutions);
  for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
    const char *launcher[] = {"sh", "-c", "ulimit -v $0 && exec \"$@\"", limits[i], NULL};
    const char *args[] = {"solve", "boards/scott.yaml", "--count", "--quiet", NULL};
    pc_run r = pc_run_launched(NULL, launcher, args);
    if (r.status == 0)
      cr_expect(strstr(r.out, counts), "ulimit -v %s: %s", limits[i], r.out);
    else
      cr_expect(r.err[0], "ulimit -v %s: exit %d and no message", limits[i], r.status);
    pc_run_free(&r);
  }
}

/* Each of the n commands (under `launcher`, if not NULL) exits with
   `status`, saying "polycover COMMAND: " and then `message`. */
static void expect_each_says(const char *const *const *commands, size_t n,
                             const char *const *launcher, int status, const char *message)
{
  for (size_t i = 0; i < n; i++) {
    pc_run r = launcher ? pc_run_launched(NULL, launcher, commands[i])
                        : pc_run_program(NULL, commands[i]);
    char want[160];
    snprintf(want, sizeof want, "polycover %s: %s", commands[i][0], message);
    cr_expect_eq(r.status, status, "%s: exit %d: %s", commands[i][0], r.status, r.err);
    cr_expect(strstr(r.err, want), "%s: %s", commands[i][0], r.err);
    pc_run_free(&r);
  }
}

/* Each command with stdout on a full device: exit 1 and a message. */
Test(cli_errors, stdout_write_errors, .timeout = 120)
{
  const char *launcher[] = {"sh", "-c", "exec \"$@\" > /dev/full", "sh", NULL};
  const char *solve[] = {"solve", "boards/scott.yaml", "--quiet", NULL};
  const char *xc[] = {"xc", "--print", "--quiet", "tests/data/knuth3.dlx", NULL};
  const char *queens[] = {"queens", "--print", "6", NULL};
  const char *list[] = {"list", NULL};
  const char *estimate[] = {"estimate", "boards/scott.yaml", NULL};
  const char *sudoku[] = {"sudoku", "tests/data/sudoku_good.txt", NULL};
  const char *help[] = {"rows", "--help", NULL};
  const char *rows[] = {"rows", "boards/scott.yaml", NULL}; /* not the board's error */
  const char *pieces[] = {"pieces", "--size", "7", NULL};
  const char *const *commands[] = {solve, xc, queens, list, estimate, sudoku, help, rows, pieces};
  expect_each_says(commands, sizeof commands / sizeof *commands, launcher, 1,
                   "cannot write to standard output: ");
}

/* --index past the last solution, or none at all: nothing to draw is an
   error (2). */
Test(cli_errors, render_index_past_the_last)
{
  char *dir = pc_scratch_dir("/tmp/pc-cli-XXXXXX"), *png = pc_path_in(dir, "a.png");
  const char *args[] = {"solve", "boards/scott.yaml", "--count", "--quiet", "--index", "99999",
                        "--render", png, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, "polycover solve: no solution 99999 to draw"), "%s", r.err);
  cr_expect(!exists(png));
  pc_run_free(&r);
  /* A puzzle with no solution (the coloring proves it) says so. */
  const char *none[] = {"solve", "boards/mutilated.yaml", "--render", png, NULL};
  r = pc_run_program(NULL, none);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, "polycover solve: no solution to draw: the puzzle has none"), "%s",
            r.err);
  cr_expect(!exists(png));
  pc_run_free(&r);
  free(png);
  pc_remove_tree(dir);
  free(dir);
}

/* A folder given as input, to any reader: named, bad input (2), not a
   read error (1). */
Test(cli_errors, input_is_a_folder)
{
  const char *sudoku[] = {"sudoku", "tests/data", NULL};
  const char *xc[] = {"xc", "tests/data", NULL};
  const char *resume[] = {"solve", "boards/scott.yaml", "--count", "--resume", "tests/data", NULL};
  const char *job[] = {"solve", "--job", "tests/data", NULL};
  const char *merge[] = {"merge", "tests/data", NULL};
  const char *score[] = {"score", "tests/data", NULL};
  const char *solve[] = {"solve", "tests/data", NULL};
  const char *const *commands[] = {sudoku, xc, resume, job, merge, score, solve};
  expect_each_says(commands, sizeof commands / sizeof *commands, NULL, 2,
                   "tests/data: is a folder, not a file");
}

/* A DLX1 problem of n items, each its own option: one solution. */
static char *singletons(int n)
{
  size_t cap = (size_t)n * 16 + 16, len = 0;
  char *text = malloc(cap);
  cr_assert_not_null(text);
  for (int i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, " i%d", i);
  len += (size_t)snprintf(text + len, cap - len, "\n");
  for (int i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, "i%d\n", i);
  return text;
}

/* bits and bitdlx take any number of items (300 here: DLX's solution);
   past the size of their tables, a clear usage of the input (2), not "out
   of memory" (5,000 items are too many for bitdlx's state), and auto
   takes DLX, not bits, which nothing weighs against DLX there (engines.c:
   settled_engine). */
static char *two_halves(int n)
{
  size_t cap = (size_t)n * 32 + 16, len = 0;
  char *text = malloc(cap);
  cr_assert_not_null(text);
  for (int i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, " i%d", i);
  for (int i = 0; i < n; i++)
    len += (size_t)snprintf(text + len, cap - len, "%si%d", i % (n / 2) ? " " : "\n", i);
  snprintf(text + len, cap - len, "\n");
  return text;
}

Test(cli_errors, engines_beyond_256_items)
{
  char *text = singletons(300), *big = two_halves(5000);
  const char *bits[] = {"xc", "--engine", "bits", "--quiet", "--json", "-", NULL};
  const char *bitdlx[] = {"xc", "--engine", "bitdlx", "--quiet", "--json", "-", NULL};
  const char *automatic[] = {"xc", "--engine", "auto", "--quiet", "--json", "-", NULL};
  pc_run a = pc_run_program(text, bits), b = pc_run_program(text, bitdlx);
  pc_run c = pc_run_program(big, bitdlx), d = pc_run_program(big, automatic);
  cr_expect_eq(a.status, 0, "%s", a.err);
  cr_expect_eq(pc_json_get_u64(a.out, "solutions"), 1);
  cr_expect_eq(b.status, 0, "%s", b.err);
  cr_expect_eq(pc_json_get_u64(b.out, "solutions"), 1);
  cr_expect_eq(pc_json_get_u64(b.out, "nodes"), 301, "DLX's nodes: %s", b.out);
  cr_expect_eq(c.status, 2, "%s", c.err);
  cr_expect(strstr(c.err, "engine bitdlx cannot take this problem: its 5000 items and 2 "
                          "options need more than"),
            "%s", c.err);
  cr_expect_eq(d.status, 0, "%s", d.err);
  cr_expect_eq(pc_json_get_u64(d.out, "solutions"), 1);
  cr_expect(strstr(d.out, "\"engine\": \"dlx\""), "auto is not DLX there: %s", d.out);
  pc_run_free(&a);
  pc_run_free(&b);
  pc_run_free(&c);
  pc_run_free(&d);
  free(text);
  free(big);
}

/* xc's default is auto, which takes a bitset engine on a plain problem
   (no updates counted); --engine dlx gives DLX (Knuth's updates), with the
   same solutions. */
Test(cli_errors, xc_auto)
{
  const char *plain[] = {"xc", "--json", "--quiet", "--engine", "dlx", "tests/data/knuth3.dlx",
                         NULL};
  const char *automatic[] = {"xc", "--json", "--quiet", "tests/data/knuth3.dlx", NULL};
  pc_run a = pc_run_program(NULL, plain), b = pc_run_program(NULL, automatic);
  cr_assert_eq(a.status, 0, "%s", a.err);
  cr_assert_eq(b.status, 0, "%s", b.err);
  cr_expect(strstr(a.out, "\"updates\""), "%s", a.out);
  cr_expect(!strstr(b.out, "\"updates\""), "%s", b.out);
  cr_expect(strstr(a.out, "\"engine\": \"dlx\""), "%s", a.out);
  cr_expect(strstr(b.out, "\"engine\": \"bits\"") || strstr(b.out, "\"engine\": \"bitdlx\""),
            "%s", b.out);
  cr_expect_eq(pc_json_get_u64(a.out, "solutions"), pc_json_get_u64(b.out, "solutions"));
  pc_run_free(&a);
  pc_run_free(&b);
}

/* Starts a long search that shows its progress, and waits until it has
   shown some: it is searching, its signal handler in place. */
static pid_t start_long_search(const char *out, const char *log, const char *ckpt)
{
  const char *args[] = {"solve", "boards/onesided6x15.yaml", "--all", "--engine", "dlx", "-j2",
                        "--progress", "--checkpoint", ckpt, NULL};
  pid_t pid = pc_start_logged(out, log, NULL, args);
  pc_wait_for_log(pid, log);
  return pid;
}

/* One SIGTERM: a clean stop with a checkpoint (exit 1); SIGINT then
   SIGTERM: the second ends the program at once, by its signal. */
Test(cli_errors, signals, .timeout = 120)
{
  char *dir = pc_scratch_dir("/tmp/pc-cli-XXXXXX"), *out = pc_path_in(dir, "out"), *log = pc_path_in(dir, "log"),
       *ckpt = pc_path_in(dir, "x.ckpt");
  pid_t pid = start_long_search(out, log, ckpt);
  kill(pid, SIGTERM);
  cr_expect_eq(pc_wait_program(pid), 1);
  char *text = pc_slurp_file(log);
  cr_expect(strstr(text, "polycover solve: interrupted after ") &&
                strstr(text, "checkpoint written to"),
            "%s", text);
  free(text);
  cr_expect(exists(ckpt));
  unlink(log);
  unlink(ckpt);
  pid = start_long_search(out, log, ckpt);
  kill(pid, SIGINT);
  kill(pid, SIGTERM);
  cr_expect_eq(pc_wait_program(pid), -1, "the second signal did not end the program");
  free(out);
  free(log);
  free(ckpt);
  pc_remove_tree(dir);
  free(dir);
}

/* Only DLX counts updates: --max-updates makes xc's auto take DLX (its
   updates in the counts, the search cut short), and is refused with a
   bitset engine, which would never stop. */
Test(cli_errors, xc_max_updates_takes_dlx)
{
  const char *automatic[] = {"xc", "--json", "--quiet", "--max-updates", "100000",
                             "tests/data/scott_x23.dlx", NULL};
  const char *bits[] = {"xc", "--quiet", "--engine", "bits", "--max-updates", "100000",
                        "tests/data/scott_x23.dlx", NULL};
  pc_run a = pc_run_program(NULL, automatic), b = pc_run_program(NULL, bits);
  cr_expect_eq(a.status, 0, "%s", a.err);
  cr_expect(strstr(a.out, "\"updates\""), "%s", a.out);
  cr_expect(strstr(a.out, "\"complete\": false"), "%s", a.out);
  cr_expect_eq(b.status, 2, "%s", b.err);
  cr_expect(strstr(b.err, "--max-updates counts DLX's updates: engine dlx, not bits"), "%s",
            b.err);
  pc_run_free(&a);
  pc_run_free(&b);
}

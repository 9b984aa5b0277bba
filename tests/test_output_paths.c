/* test_output_paths.c — nothing a user asked to save is lost: two outputs
   that name one file, or an output that names a file being read, are
   refused with exit status 2 before anything is searched, and the files
   are left as they were; --checkpoint F --resume F, one file by design,
   still works. A job's --result is checked before the search, as a
   checkpoint is. An option naming a file is given once, with a name. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/paths.h"
#include "support.h"

#define KEPT "a file the user keeps\n"

/* DIR/NAME holding KEPT (malloc'd path). */
static char *kept_file(const char *dir, const char *name)
{
  char *path = pc_path_in(dir, name);
  pc_write_file(path, KEPT, strlen(KEPT));
  return path;
}

static void expect_kept(const char *path)
{
  char *text = pc_slurp_file(path);
  cr_expect_str_eq(text, KEPT, "%s was overwritten", path);
  free(text);
}

/* Exit status 2, "polycover CMD: " + message on stderr, nothing searched. */
static void expect_refused(const char *const *args, const char *message)
{
  pc_run r = pc_run_program(NULL, args);
  char *said;
  cr_assert(asprintf(&said, "polycover %s: %s\n", args[0], message) > 0);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, said), "wanted: %s got: %s", said, r.err);
  cr_expect(!strstr(r.out, "solutions:"), "%s", r.out);
  free(said);
  pc_run_free(&r);
}

/* x and ./x, a link and its target: one file; two files still to be
   made are one when their folder and last name are. */
Test(output_paths, same_file)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX");
  char *x = kept_file(dir, "x"), *y = kept_file(dir, "y"), *link = pc_path_in(dir, "l");
  char *dotted = pc_path_in(dir, "./x"), *sub = pc_path_in(dir, "sub");
  char *new_a = pc_path_in(dir, "new"), *new_b = pc_path_in(dir, "sub/../new");
  cr_assert_eq(symlink(x, link), 0);
  cr_assert_eq(mkdir(sub, 0700), 0);
  cr_expect(pc_same_file(x, dotted));
  cr_expect(pc_same_file(link, x));
  cr_expect(!pc_same_file(x, y));
  cr_expect(pc_same_file(new_a, new_b));
  cr_expect(!pc_same_file(new_a, x));
  free(x), free(y), free(link), free(dotted), free(sub), free(new_a), free(new_b);
  pc_remove_tree(dir);
  free(dir);
}

/* QA's first case: the solution file and the checkpoint, one file. */
Test(output_paths, output_is_checkpoint)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX"), *same = kept_file(dir, "same.x");
  char *dotted = pc_path_in(dir, "./same.x"), *message;
  const char *args[] = {"solve", "boards/scott.yaml", "--quiet", "-o", same,
                        "--checkpoint", dotted, NULL};
  cr_assert(asprintf(&message, "--checkpoint %s is also the solution file (-o %s)", dotted,
                     same) > 0);
  expect_refused(args, message);
  expect_kept(same);
  free(message), free(same), free(dotted);
  pc_remove_tree(dir);
  free(dir);
}

/* The solution file and the picture, neither there yet: neither made. */
Test(output_paths, output_is_picture)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX"), *sub = pc_path_in(dir, "sub");
  char *same = pc_path_in(dir, "same.svg"), *other = pc_path_in(dir, "sub/../same.svg");
  char *message;
  cr_assert_eq(mkdir(sub, 0700), 0);
  const char *args[] = {"solve", "boards/scott.yaml", "-o", same, "--render", other, NULL};
  cr_assert(asprintf(&message, "--render %s is also the solution file (-o %s)", other, same) > 0);
  expect_refused(args, message);
  cr_expect(access(same, F_OK) != 0, "%s was written", same);
  free(message), free(same), free(other), free(sub);
  pc_remove_tree(dir);
  free(dir);
}

/* The command `cmd read OPTION read` refused: "OPTION read is also
   ROLE", and the file kept. */
static void expect_read_not_written(const char *cmd, const char *read, const char *option,
                                    const char *role)
{
  char *message;
  cr_assert(asprintf(&message, "%s %s is also %s", option, read, role) > 0);
  const char *args[] = {cmd, read, option, read, NULL};
  expect_refused(args, message);
  expect_kept(read);
  free(message);
}

/* The board being read, as solve's checkpoint or solution file; the file
   render draws or challenge reads, as the picture or the booklet. */
Test(output_paths, read_not_written)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX"), *board = kept_file(dir, "b.yaml");
  char *file = kept_file(dir, "f.svg");
  expect_read_not_written("solve", board, "--checkpoint", "the board being read");
  expect_read_not_written("solve", board, "-o", "the board being read");
  expect_read_not_written("render", file, "-o", "the solution file being read");
  expect_read_not_written("challenge", file, "--booklet", "the board being read");
  free(board), free(file);
  pc_remove_tree(dir);
  free(dir);
}

/* QA's second case: xc's checkpoint over its matrix, here by a link. */
Test(output_paths, matrix_is_checkpoint)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX"), *matrix = kept_file(dir, "m.dlx");
  char *link = pc_path_in(dir, "l.dlx"), *message;
  cr_assert_eq(symlink(matrix, link), 0);
  const char *args[] = {"xc", matrix, "--quiet", "--checkpoint", link, NULL};
  cr_assert(asprintf(&message, "--checkpoint %s is also the matrix being read", link) > 0);
  expect_refused(args, message);
  expect_kept(matrix);
  expect_kept(link);
  free(message), free(matrix), free(link);
  pc_remove_tree(dir);
  free(dir);
}

/* A challenge made from a challenge of the folder it writes: refused
   before the folder is written, the board kept. */
Test(output_paths, challenge_board_in_out)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX");
  char *first = pc_path_in(dir, "challenge-001.yaml");
  const char *make[] = {"challenge", "boards/kanoodle.yaml", "--count", "2", "--out", dir, NULL};
  pc_run r = pc_run_program(NULL, make);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char *before = pc_slurp_file(first), *message;
  cr_assert(asprintf(&message,
                     "--out %s would write over the board being read (%s): write the "
                     "challenges in another folder",
                     dir, first) > 0);
  const char *again[] = {"challenge", first, "--count", "2", "--out", dir, NULL};
  expect_refused(again, message);
  char *after = pc_slurp_file(first);
  cr_expect_str_eq(after, before);
  free(message), free(before), free(after), free(first);
  pc_remove_tree(dir);
  free(dir);
}

/* A job file, split from scott.yaml into dir: DIR/scott-1.job. */
static char *split_job(const char *dir)
{
  const char *args[] = {"solve", "boards/scott.yaml", "--split-only", "3", "--jobs", "4",
                        "--dir", dir, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  return pc_path_in(dir, "scott-1.job");
}

/* The result over its job file or the solution file (by its default
   name); a result whose folder is missing is
   refused before the job runs, not after (exit status 1, as for a
   checkpoint). */
Test(output_paths, job_result)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX"), *job = split_job(dir);
  char *before = pc_slurp_file(job), *message, *missing = pc_path_in(dir, "nod/x.result");
  const char *over[] = {"solve", "--job", job, "--result", job, NULL};
  cr_assert(asprintf(&message, "--result %s is also the job file being read (--job %s)", job,
                     job) > 0);
  expect_refused(over, message);
  char *after = pc_slurp_file(job);
  cr_expect_str_eq(after, before);
  free(message);
  char *result = pc_path_in(dir, "scott-1.result"); /* the default */
  const char *output[] = {"solve", "--job", job, "-o", result, NULL};
  cr_assert(asprintf(&message, "%s is also the solution file (-o %s)", result, result) > 0);
  expect_refused(output, message);
  cr_expect(access(result, F_OK) != 0, "%s was written", result);
  free(result);
  const char *args[] = {"solve", "--job", job, "--quiet", "--result", missing, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 1, "%s", r.err);
  cr_expect(strstr(r.err, "cannot write a result in the folder"), "%s", r.err);
  cr_expect(!strstr(r.out, "solutions:") && !strstr(r.out, "unique:"), "%s", r.out);
  pc_run_free(&r);
  free(message), free(before), free(after), free(missing), free(job);
  pc_remove_tree(dir);
  free(dir);
}

/* --resume F --checkpoint F: the checkpoint read and kept up to date. */
Test(output_paths, resume_and_checkpoint_one_file)
{
  char *dir = pc_scratch_dir("/tmp/pc-outpaths-XXXXXX"), *ck = pc_path_in(dir, "c.ck");
  char *dotted = pc_path_in(dir, "./c.ck");
  const char *first[] = {"solve", "boards/scott.yaml", "--count", "--quiet", "--checkpoint", ck,
                         NULL};
  pc_run r = pc_run_program(NULL, first);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  const char *again[] = {"solve", "boards/scott.yaml", "--count", "--quiet", "--checkpoint",
                         dotted, "--resume", ck, NULL};
  r = pc_run_program(NULL, again);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "unique: 65"), "%s", r.out);
  pc_run_free(&r);
  free(ck), free(dotted);
  pc_remove_tree(dir);
  free(dir);
}

/* A file option given twice would keep only the second name, and an
   empty name fails only when the search is over: both refused first. */
Test(output_paths, file_option_once)
{
  char *dir = pc_scratch_dir("/tmp/pc-once-XXXXXX");
  char *a = kept_file(dir, "a.sol"), *b = pc_path_in(dir, "b.sol");
  char twice[1200];
  snprintf(twice, sizeof twice, "--output is given twice ('%s' and '%s'): give it once", a, b);
  expect_refused((const char *[]){"solve", "boards/scott.yaml", "-o", a, "--output", b, NULL},
                 twice);
  snprintf(twice, sizeof twice, "--booklet is given twice ('%s' and '%s'): give it once", a, b);
  expect_refused((const char *[]){"challenge", "--booklet", a, "--booklet", b,
                                  "boards/scott.yaml", NULL}, twice);
  snprintf(twice, sizeof twice, "--resume is given twice ('%s' and '%s'): give it once", a, b);
  expect_refused((const char *[]){"xc", "--resume", a, "--resume", b, "x.dlx", NULL}, twice);
  expect_refused((const char *[]){"render", "-g", "a.svg", "-g", "b.svg", "x.sol", NULL},
                 "--gallery is given twice ('a.svg' and 'b.svg'): give it once");
  expect_refused((const char *[]){"solve", "-c", "--checkpoint", "", "boards/scott.yaml", NULL},
                 "--checkpoint wants a file name, not ''");
  expect_refused((const char *[]){"solve", "-c", "-o", "", "boards/scott.yaml", NULL},
                 "--output wants a file name, not ''");
  expect_refused((const char *[]){"solve", "--split-only", "2", "--dir", "", "boards/scott.yaml",
                                  NULL}, "--dir wants a folder name, not ''");
  expect_refused((const char *[]){"challenge", "--out", "", "boards/scott.yaml", NULL},
                 "--out wants a folder name, not ''");
  expect_refused((const char *[]){"merge", "--board", "", "x.result", NULL},
                 "--board wants a file name, not ''");
  expect_kept(a);
  cr_expect(access(b, F_OK) != 0, "%s was written", b);
  pc_remove_tree(dir);
  free(a);
  free(b);
  free(dir);
}

/* "-" is standard input or output where the docs say so (solve -o, a
   board); a checkpoint, a job, its result and the folders of jobs and
   challenges are files or folders: "-" made a file or folder named "-"
   in the current folder, or was looked for as one. */
Test(output_paths, dash_only_where_it_means_a_stream)
{
  char *dir = pc_scratch_dir("/tmp/pc-dash-XXXXXX");
  pc_program_absolute();
  char *cwd = getcwd(NULL, 0);
  cr_assert(cwd && chdir(dir) == 0);
  static const char *const refused[][2] = {
      {"--checkpoint", "file"}, {"--resume", "file"}, {"--job", "file"},
      {"--result", "file"},     {"--dir", "folder"},  {"--out", "folder"}};
  for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
    const char *cmd = !strcmp(refused[i][0], "--out") ? "challenge" : "solve";
    char board[1200], message[200];
    snprintf(board, sizeof board, "%s/boards/scott.yaml", cwd);
    snprintf(message, sizeof message,
             "%s wants a %s name: - (standard input or output) is none here", refused[i][0],
             refused[i][1]);
    expect_refused((const char *[]){cmd, refused[i][0], "-", board, NULL}, message);
    cr_expect(access("-", F_OK) != 0, "%s - made a file named -", refused[i][0]);
    remove("-");
  }
  cr_assert(chdir(cwd) == 0);
  pc_remove_tree(dir);
  free(cwd);
  free(dir);
}

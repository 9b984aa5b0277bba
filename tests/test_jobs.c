/* test_jobs.c — batch jobs (jobfile.h, solve_jobs.h, merge): a search
   split into job files, each run, then merged, counts exactly what one
   `solve` counts; missing, doubled, foreign and malformed files are
   reported with file:line and exit status 2. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"

static void remove_all(char *dir)
{
  pc_remove_tree(dir);
  free(dir);
}

static pc_run run(const char *const *args)
{
  return pc_run_program(NULL, args);
}

/* Splits `board` into `jobs` job files in dir, with `extra` options;
   expects `warned` among the messages, or no warning when NULL. */
static void split_warned(const char *board, const char *depth, const char *jobs,
                         const char *dir, const char *extra, const char *warned)
{
  const char *args[] = {"solve", board, "--split-only", depth, "--jobs", jobs, "--dir", dir,
                        extra, NULL};
  pc_run r = run(args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char listed[32];
  snprintf(listed, sizeof listed, ", %s job%s:\n", jobs, strcmp(jobs, "1") ? "s" : "");
  cr_expect(strstr(r.out, listed) != NULL, "%s", r.out);
  cr_expect((strstr(r.err, warned ? warned : "warning") != NULL) == (warned != NULL), "%s",
            r.err);
  pc_run_free(&r);
}

static void split(const char *board, const char *depth, const char *jobs, const char *dir,
                  const char *extra)
{
  split_warned(board, depth, jobs, dir, extra, NULL);
}

/* Runs job K of the board's jobs (named NAME-K.job) on two threads. */
static void run_job(const char *dir, const char *name, int k)
{
  char file[64];
  snprintf(file, sizeof file, "%s-%d.job", name, k);
  char *job = pc_path_in(dir, file);
  const char *args[] = {"solve", "--job", job, "--count", "-j2", "--quiet", NULL};
  pc_run r = run(args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.err, ".result") != NULL, "%s", r.err);
  pc_run_free(&r);
  free(job);
}

/* merge --json of the named results. */
static pc_run merge(const char *dir, const char *name, const int *ks, int n)
{
  char *paths[16];
  const char *args[20] = {"merge", "--json"};
  for (int i = 0; i < n; i++) {
    char file[64];
    snprintf(file, sizeof file, "%s-%d.result", name, ks[i]);
    args[2 + i] = paths[i] = pc_path_in(dir, file);
  }
  args[2 + n] = NULL;
  pc_run r = run(args);
  for (int i = 0; i < n; i++) free(paths[i]);
  return r;
}

static void expect_same(const char *merged, const char *whole, const char *key)
{
  cr_expect_eq(pc_json_get_u64(merged, key), pc_json_get_u64(whole, key), "%s: %s vs %s", key,
               merged, whole);
}

/* A job's report counts the subproblems it searched, those its file
   lists ("ids N"), not the whole split's. */
Test(jobs, report_counts_the_jobs_subproblems)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  split("boards/pent6x10.yaml", "3", "3", dir, NULL);
  char *job = pc_path_in(dir, "pent6x10-1.job"), *text = pc_slurp_file(job);
  const char *ids = text ? strstr(text, "\nids ") : NULL;
  long long listed = 0;
  cr_assert(ids && sscanf(ids, "\nids %lld", &listed) == 1, "%s", text ? text : job);
  const char *args[] = {"solve", "--job", job, "--json", "-j2", "--quiet", NULL};
  pc_run r = run(args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "subproblems"), (uint64_t)listed, "%s", r.out);
  pc_run_free(&r);
  free(text);
  free(job);
  remove_all(dir);
}

/* Split at `depth` in three jobs, run, merged: the figures of one solve. */
static void jobs_at_depth_equal_solve(const char *board, const char *name, const char *depth,
                                      const char *extra)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  split(board, depth, "3", dir, extra);
  for (int k = 1; k <= 3; k++) run_job(dir, name, k);
  int all3[] = {1, 2, 3};
  pc_run m = merge(dir, name, all3, 3);
  cr_assert_eq(m.status, 0, "%s", m.err);
  const char *args[] = {"solve", board, "--json", "-j2", "--quiet", extra, NULL};
  pc_run w = run(args);
  cr_assert_eq(w.status, 0, "%s", w.err);
  expect_same(m.out, w.out, "solutions");
  expect_same(m.out, w.out, "unique");
  expect_same(m.out, w.out, "nodes");
  cr_expect(strstr(m.out, "\"complete\": true") != NULL, "%s", m.out);
  if (strstr(w.out, "\"updates\"")) expect_same(m.out, w.out, "updates");
  if (extra && !strcmp(extra, "--best")) {
    expect_same(m.out, w.out, "best_horizontal");
    expect_same(m.out, w.out, "best_vertical");
    expect_same(m.out, w.out, "best_count");
  }
  pc_run_free(&m);
  pc_run_free(&w);
  remove_all(dir);
}

static void jobs_equal_solve(const char *board, const char *name, const char *extra)
{
  jobs_at_depth_equal_solve(board, name, "3", extra);
}

/* A count met in the middle, split into its 16 shares over 3 jobs
   (docs/counting.md): merged, the search's counts, the classes by
   Burnside's lemma; a missing job is reported; a split by more pieces
   than the puzzle has or than 20, or given twice, is refused. */
/* --progress: a line per share, in order, whose solutions add up to the job's. */
static void expect_share_lines(const char *err, int shares, uint64_t solutions)
{
  uint64_t sum = 0;
  int lines = 0;
  for (const char *at = strstr(err, "share "); at; at = strstr(at + 1, "share ")) {
    unsigned long long share, ways;
    int k, n;
    if (sscanf(at, "share %llu (%d of %d): %llu solutions", &share, &k, &n, &ways) != 4) continue;
    cr_expect_eq(k, ++lines, "%s", err);
    cr_expect_eq(n, shares, "%s", err);
    sum += ways;
  }
  cr_expect_eq(lines, shares, "%s", err);
  cr_expect_eq(sum, solutions, "%s", err);
}

/* A scratch directory with pent5x12's count split into 16 meet shares in
   the given number of job files. */
static char *split_meet(const char *jobs)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  const char *args[] = {"solve", "boards/pent5x12.yaml", "--count", "--method", "meet",
                        "--split-only", "4", "--jobs", jobs, "--dir", dir, NULL};
  pc_run r = run(args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char *line;
  cr_assert(asprintf(&line, "16 subproblems (engine meet, rule shares, all), %s jobs:", jobs) > 0);
  cr_expect(strstr(r.out, line), "%s", r.out);
  free(line);
  pc_run_free(&r);
  return dir;
}

Test(jobs, meet_shares)
{
  char *dir = split_meet("3");
  for (int k = 1; k <= 3; k++) run_job(dir, "pent5x12", k);
  char *job = pc_path_in(dir, "pent5x12-1.job"), *again = pc_path_in(dir, "again.result");
  const char *json[] = {"solve", "--job", job, "--json", "--progress", "--result", again, NULL};
  pc_run r = run(json);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_gt(pc_json_get_u64(r.out, "solutions"), 0, "%s", r.out);
  cr_expect_eq(pc_json_get_u64(r.out, "shares"), 6, "%s", r.out); /* 16 shares over 3 jobs */
  expect_share_lines(r.err, 6, pc_json_get_u64(r.out, "solutions"));
  pc_run_free(&r);
  unlink(again);
  free(job);
  free(again);
  int all3[] = {1, 2, 3}, two[] = {1, 3};
  pc_run m = merge(dir, "pent5x12", all3, 3);
  cr_assert_eq(m.status, 0, "%s", m.err);
  const char *search[] = {"solve", "boards/pent5x12.yaml", "--count", "--json", "--method",
                          "search", "-j2", NULL};
  pc_run w = run(search);
  cr_assert_eq(w.status, 0, "%s", w.err);
  expect_same(m.out, w.out, "solutions");
  expect_same(m.out, w.out, "unique");
  cr_expect(strstr(m.out, "\"complete\": true") != NULL, "%s", m.out);
  /* the shares' states add up to those of the count by the same shares */
  const char *shares[] = {"solve", "boards/pent5x12.yaml", "--count", "--json", "--method",
                          "meet", "--meet-split", "4", NULL};
  pc_run c = run(shares);
  cr_assert_eq(c.status, 0, "%s", c.err);
  expect_same(m.out, c.out, "states");
  expect_same(m.out, c.out, "shares");
  cr_expect(!strstr(m.out, "\"nodes\""), "%s", m.out);
  pc_run_free(&c);
  pc_run_free(&m);
  pc_run_free(&w);
  m = merge(dir, "pent5x12", two, 2);
  cr_expect_eq(m.status, 2, "%s", m.err);
  cr_expect(strstr(m.err, "missing jobs (of 3): 2"), "%s", m.err);
  pc_run_free(&m);
  const char *many[] = {"solve", "boards/pent5x12.yaml", "--count", "--method", "meet",
                        "--split-only", "13", "--dir", dir, NULL};
  const char *twice[] = {"solve", "boards/pent5x12.yaml", "--count", "--method", "meet",
                         "--split-only", "2", "--meet-split", "2", "--dir", dir, NULL};
  const char *past[] = {"solve", "boards/pent5x12.yaml", "--count", "--method", "meet",
                        "--meet-split", "30", NULL};
  const char *const *bad[] = {many, twice, past};
  const char *why[] = {"splits by 1 to 12 of this puzzle's single pieces (each placed once), "
                       "not 13",
                       "no --meet-split",
                       "--meet-split wants a whole number from 1 to 20, not '30'"};
  for (int i = 0; i < 3; i++) {
    r = run(bad[i]);
    cr_expect_eq(r.status, 2, "case %d: %s", i, r.err);
    cr_expect(strstr(r.err, why[i]), "%d: %s", i, r.err);
    pc_run_free(&r);
  }
  remove_all(dir);
}

/* The first `lines` lines of text, as a new string. */
static char *first_lines(const char *text, int lines)
{
  const char *end = text;
  for (int k = 0; k < lines && *end; k++) end = strchr(end, '\n') + 1;
  return strndup(text, (size_t)(end - text));
}

/* A meet job stopped after two shares resumes from its checkpoint: it
   counts the other shares only (the progress lines go on from 3), and its
   result and checkpoint are the uninterrupted run's; another job's
   checkpoint, or one with a share twice, is refused at its line. */
Test(jobs, meet_checkpoint)
{
  char *dir = split_meet("2");
  char *job = pc_path_in(dir, "pent5x12-1.job"), *ck = pc_path_in(dir, "c.ck");
  char *whole = pc_path_in(dir, "whole.result"), *resumed = pc_path_in(dir, "resumed.result");
  const char *first[] = {"solve", "--job", job, "--checkpoint", ck, "--result", whole, NULL};
  pc_run r = run(first);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char *full = pc_slurp_file(ck), *part = first_lines(full, 4 + 2); /* header, 2 shares */
  pc_write_file(ck, part, strlen(part));
  const char *again[] = {"solve", "--job", job, "--resume", ck, "--progress", "--result",
                         resumed, NULL};
  r = run(again);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.err, "(3 of 8)") && !strstr(r.err, "(2 of 8)"), "%s", r.err);
  pc_run_free(&r);
  char *a = pc_slurp_file(whole), *b = pc_slurp_file(resumed), *after = pc_slurp_file(ck);
  char *counts_a = strstr(a, "counts"), *counts_b = strstr(b, "counts");
  cr_assert(counts_a && counts_b);
  *strchr(counts_a, '\n') = *strchr(counts_b, '\n') = '\0';
  cr_expect_str_eq(counts_a, counts_b);
  cr_expect_str_eq(after, full);
  char *twice = first_lines(full, 4 + 1), *doubled = NULL;
  cr_assert(asprintf(&doubled, "%s%s", twice, twice + strlen(first_lines(full, 4))) > 0);
  const char *bad[] = {doubled, "polycover-shares 1\nproblem 1\n"};
  const char *why[] = {":6:7: share", ":2: this checkpoint is not the job's"};
  for (int i = 0; i < 2; i++) {
    pc_write_file(ck, bad[i], strlen(bad[i]));
    r = run(again);
    cr_expect_eq(r.status, 2, "case %d: %s", i, r.err);
    cr_expect(strstr(r.err, why[i]), "case %d: %s", i, r.err);
    pc_run_free(&r);
  }
  free(full), free(part), free(a), free(b), free(after), free(twice), free(doubled);
  free(job), free(ck), free(whole), free(resumed);
  remove_all(dir);
}

/* Ctrl-C stops a meet job within its share under way (the one-sided
   5x18's two shares take seconds each): exit status 1, a message saying
   what its checkpoint keeps, and no share in it that was not counted to
   its end (a stopped share is no share of 0 solutions). */
Test(jobs, meet_interrupted, .timeout = 60)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  const char *split[] = {"solve", "boards/onesided5x18.yaml", "--count", "--method", "meet",
                         "--split-only", "1", "--jobs", "1", "--dir", dir, NULL};
  pc_run r = run(split);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char *job = pc_path_in(dir, "onesided5x18-1.job"), *ck = pc_path_in(dir, "c.ck");
  char *out = pc_path_in(dir, "out"), *log = pc_path_in(dir, "log");
  const char *args[] = {"solve", "--job", job, "--checkpoint", ck, "-j1", NULL};
  pid_t pid = pc_start_logged(out, log, NULL, args);
  pc_wait_for_handler(pid);
  usleep(200000); /* into the first share's steps */
  kill(pid, SIGINT);
  cr_expect_eq(pc_wait_program(pid), 1);
  char *text = pc_slurp_file(log), *kept = pc_slurp_file(ck), *want = NULL;
  cr_assert(asprintf(&want, "interrupted; 0 of 2 shares counted, kept in %s: --resume %s "
                            "carries on", ck, ck) > 0);
  cr_expect(strstr(text, want), "%s", text);
  cr_expect(strstr(kept, "job 1 1\n") && !strstr(kept, "share "), "%s", kept);
  free(text), free(kept), free(want), free(job), free(ck), free(out), free(log);
  remove_all(dir);
}

Test(jobs, scott_best) { jobs_equal_solve("boards/scott.yaml", "scott", "--best"); }
/* A split deeper than any search goes is the deepest one (each
   subproblem once kept room for all the depth asked: "out of memory"). */
Test(jobs, split_past_the_deepest)
{
  jobs_at_depth_equal_solve("boards/scott.yaml", "scott", "2147483647", "--all");
}
Test(jobs, scott_dlx_updates) { jobs_equal_solve("boards/scott.yaml", "scott", "--engine=dlx"); }
Test(jobs, pent6x10) { jobs_equal_solve("boards/pent6x10.yaml", "pent6x10", "--sym-table"); }
Test(jobs, hexrhombus_all) { jobs_equal_solve("boards/hexrhombus.yaml", "hexrhombus", "--all"); }
/* The third dimension: cubes (with the scores) and spheres. */
Test(jobs, soma_best) { jobs_equal_solve("boards/soma.yaml", "soma", "--best"); }
Test(jobs, kanoodle_pyramid_dlx)
{
  jobs_equal_solve("boards/kanoodle-pyramid.yaml", "kanoodle-pyramid", "--engine=dlx");
}

/* Copies: DLX3's split leaves (null choices included) replayed in jobs,
   on bitdlx (auto's engine for bounds) and on DLX. */
Test(jobs, copies_all)
{
  jobs_equal_solve("boards/pent5x5-any.yaml", "pent5x5-any", "--all");
}
Test(jobs, copies_dlx)
{
  jobs_equal_solve("boards/pent5x5-any.yaml", "pent5x5-any", "--engine=dlx");
}

/* Missing and doubled results, and a job of another board. */
Test(jobs, missing_doubled_foreign)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  split("boards/scott.yaml", "2", "3", dir, "--best");
  run_job(dir, "scott", 1);
  run_job(dir, "scott", 3);
  int two[] = {1, 3};
  pc_run m = merge(dir, "scott", two, 2);
  cr_expect_eq(m.status, 2);
  cr_expect(strstr(m.err, "missing jobs (of 3): 2") != NULL, "%s", m.err);
  cr_expect(strstr(m.out, "\"complete\": false") != NULL, "%s", m.out);
  pc_run_free(&m);
  int twice[] = {1, 3, 1};
  m = merge(dir, "scott", twice, 3);
  cr_expect_eq(m.status, 2);
  cr_expect(strstr(m.err, "scott-1.result:7: subproblem") != NULL, "%s", m.err);
  pc_run_free(&m);

  char *job = pc_path_in(dir, "scott-2.job");
  const char *other[] = {"solve", "boards/pent6x10.yaml", "--job", job, "--count", NULL};
  pc_run r = run(other);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "scott-2.job:3: this job is for another problem") != NULL, "%s",
            r.err);
  pc_run_free(&r);
  const char *shaped[] = {"solve", "--job", job, "--all", NULL};
  r = run(shaped);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "options it was split with") != NULL, "%s", r.err);
  pc_run_free(&r);

  /* A result of another board's search; the split names the files
     beside its own, which a merge of all the folder's results takes too. */
  split_warned("boards/pent6x10.yaml", "2", "3", dir, "--best",
               "also holds scott-1.job, scott-1.result, scott-2.job and 2 more (files not "
               "written by this run, left as they are)");
  run_job(dir, "pent6x10", 2);
  char *a = pc_path_in(dir, "scott-1.result"), *b = pc_path_in(dir, "pent6x10-2.result");
  const char *mixed[] = {"merge", a, b, NULL};
  r = run(mixed);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "pent6x10-2.result:3: is of another problem") != NULL, "%s", r.err);
  pc_run_free(&r);
  free(a);
  free(b);
  free(job);
  remove_all(dir);
}

/* Writes `text` to dir/name and runs args with that path in place of
   "FILE"; expects exit 2 and `where` in the message. */
static void malformed(const char *dir, const char *name, const char *text, const char *cmd,
                      const char *where)
{
  char *path = pc_path_in(dir, name);
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f);
  fputs(text, f);
  fclose(f);
  const char *solve[] = {"solve", "--job", path, NULL}, *merge_args[] = {"merge", path, NULL};
  pc_run r = run(strcmp(cmd, "solve") ? merge_args : solve);
  cr_expect_eq(r.status, 2, "%s", r.err);
  char *expected;
  cr_assert(asprintf(&expected, "%s:%s", path, where) > 0);
  cr_expect(strstr(r.err, expected) != NULL, "%s wanted in %s", expected, r.err);
  free(expected);
  pc_run_free(&r);
  free(path);
}

Test(jobs, malformed_files)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  const char *head = "polycover-job 2\nboard boards/scott.yaml\nproblem 12ab\n"
                     "search bits mrv\noptions unique\n";
  char *text;
  malformed(dir, "a.job", "hello\n", "solve", "1: not a polycover job file");
  cr_assert(asprintf(&text, "%ssplit 3\n", head) > 0);
  malformed(dir, "b.job", text, "solve", "6:8: not a polycover job file: expected 'split");
  free(text);
  cr_assert(asprintf(&text, "%ssplit 3 10\njob 1 2\nids 3\n1 2 99\nend\n", head) > 0);
  malformed(dir, "c.job", text, "solve", "9:5: not a polycover job file");
  free(text);
  cr_assert(asprintf(&text, "%soptions unique\n", head) > 0);
  malformed(dir, "d.result", "polycover-job 2\n", "merge", "1: not a polycover result file");
  free(text);
  /* A real result with a line slipped in before its census: reported at
     its line. */
  split_warned("boards/scott.yaml", "2", "1", dir, "--best",
               "also holds a.job, b.job, c.job and 1 more");
  run_job(dir, "scott", 1);
  char *path = pc_path_in(dir, "scott-1.result");
  text = pc_slurp_file(path);
  char *census = strstr(text, "\ncensus ");
  cr_assert_not_null(census);
  int line = 2;
  for (const char *at = text; at < census; at++) line += *at == '\n';
  char *spoilt, where[64];
  cr_assert(asprintf(&spoilt, "%.*s\ntable x%s", (int)(census - text), text, census) > 0);
  snprintf(where, sizeof where, "%d:1: not a polycover result file: expected 'census", line);
  malformed(dir, "scott-1.result", spoilt, "merge", where);
  free(spoilt);
  free(text);
  free(path);
  remove_all(dir);
}

/* A job whose 'split' line does not match the split made here is refused
   before its search: no counts printed, no result written. */
Test(jobs, split_mismatch_before_search)
{
  char *dir = pc_scratch_dir("/tmp/polycover-jobs-XXXXXX");
  split("boards/scott.yaml", "2", "1", dir, "--best");
  char *job = pc_path_in(dir, "scott-1.job"), *result = pc_path_in(dir, "scott-1.result");
  char *text = pc_slurp_file(job), *line = strstr(text, "\nsplit ");
  cr_assert_not_null(line);
  int depth;
  long long subproblems;
  cr_assert_eq(sscanf(line, "\nsplit %d %lld", &depth, &subproblems), 2);
  char old[64], new[64];
  snprintf(old, sizeof old, "\nsplit %d %lld", depth, subproblems);
  snprintf(new, sizeof new, "\nsplit %d %lld", depth, subproblems + 1);
  /* The checksum made right, as a deliberate edit would: the split's
     check is what must refuse it. */
  pc_edit_file(job, old, new, true);
  const char *args[] = {"solve", "--job", job, "--quiet", NULL};
  pc_run r = run(args);
  char want[96];
  snprintf(want, sizeof want, "the split has %lld subproblems here, not %lld as in the job",
           subproblems, subproblems + 1);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, want), "%s", r.err);
  cr_expect(!strstr(r.out, "solutions:"), "the job ran: %s", r.out);
  cr_expect_neq(access(result, F_OK), 0, "a result was written");
  pc_run_free(&r);
  free(text);
  free(job);
  free(result);
  remove_all(dir);
}

/* test_readers.c — the readers of our own formats (checkpoints, job and
   result files, solution files, census sections) and of text input (DLX1,
   sudoku) refuse what does not add up with file:line and exit status 2:
   the reproducers of the reliability defects of issue #21, and every
   input kept in tests/data/regress/ (what the fuzz targets found). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dlx1.h"
#include "core/lines.h"
#include "poly/census.h"
#include "poly/matrix.h"
#include "poly/solfile.h"
#include "poly/solver.h"
#include "run/checkpoint.h"
#include "run/jobfile.h"
#include "support.h"

static void write_text(const char *path, const char *text)
{
  pc_write_file(path, text, strlen(text));
}

/* The line of the file (from 1) where `needle` starts. */
static int line_of(const char *path, const char *needle)
{
  char *text = pc_slurp_file(path);
  const char *at = strstr(text, needle);
  cr_assert_not_null(at, "'%s' not in %s", needle, path);
  int line = 1;
  for (const char *p = text; p < at; p++) line += *p == '\n';
  free(text);
  return line;
}

/* Runs args; expects exit status 2 and "PATH:LINE:" then `what` in the
   message (line 0: any line). */
static void refused(const char *const *args, const char *path, int line, const char *what)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s: exit %d: %s", args[0], r.status, r.err);
  char *where;
  cr_assert(asprintf(&where, line ? "%s:%d:" : "%s:", path, line) > 0);
  cr_expect(strstr(r.err, where) != NULL, "'%s' wanted in: %s", where, r.err);
  cr_expect(strstr(r.err, what) != NULL, "'%s' wanted in: %s", what, r.err);
  free(where);
  pc_run_free(&r);
}

static void run_ok(const char *const *args)
{
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s: %s", args[0], r.err);
  pc_run_free(&r);
}

/* The first line of the file starting with `key`, whole. */
static char *line_with(const char *path, const char *key)
{
  char *text = pc_slurp_file(path), *at = strstr(text, key), *out;
  cr_assert_not_null(at, "'%s' not in %s", key, path);
  cr_assert(asprintf(&out, "%.*s", (int)strcspn(at, "\n"), at) > 0);
  free(text);
  return out;
}

/* Defect 1: a caller's section of 2^64-1 bytes wrapped to malloc(0) and
   the rest of the file was read into it; -10 said "out of memory". */
Test(readers, checkpoint_caller_size)
{
  char *dir = pc_scratch_dir("/tmp/pc-readers-XXXXXX"), *ckpt = pc_path_in(dir, "xc.ckpt"), *sckpt = pc_path_in(dir, "solve.ckpt");
  const char *make[] = {"xc", "--quiet", "--checkpoint", ckpt, "tests/data/knuth3.dlx", NULL};
  run_ok(make);
  const char *smake[] = {"solve", "tests/data/boards/small.yaml", "--quiet", "--checkpoint",
                         sckpt, NULL};
  run_ok(smake);
  const char *sizes[] = {"caller 18446744073709551615", "caller -10", "caller 99999"};
  for (size_t k = 0; k < 3; k++) {
    for (int which = 0; which < 2; which++) {
      const char *path = which ? sckpt : ckpt;
      char *text = pc_slurp_file(path), *old = line_with(path, "caller "), *spoilt;
      int line = line_of(path, "caller ");
      cr_assert(asprintf(&spoilt, "%s%0300d\n", text, 0) > 0);
      write_text(path, spoilt);
      pc_edit_file(path, old, sizes[k], false);
      const char *xc[] = {"xc", "--quiet", "--resume", ckpt, "tests/data/knuth3.dlx", NULL};
      const char *solve[] = {"solve", "tests/data/boards/small.yaml", "--quiet", "--resume",
                             sckpt, NULL};
      refused(which ? solve : xc, path, line, "expected 'caller SIZE'");
      write_text(path, text); /* back as it was */
      free(spoilt);
      free(old);
      free(text);
    }
  }
  pc_remove_tree(dir);
  free(ckpt);
  free(sckpt);
  free(dir);
}

/* Defect 4, results: changed census numbers gave wrong totals with exit
   0; "-1" and 20 digits were taken, "counts9" read as 9. */
Test(readers, result_numbers)
{
  char *dir = pc_scratch_dir("/tmp/pc-readers-XXXXXX");
  const char *split[] = {"solve", "boards/scott.yaml", "--best", "--split-only", "2", "--jobs",
                         "2", "--dir", dir, NULL};
  run_ok(split);
  char *job[2], *result[2];
  for (int k = 0; k < 2; k++) {
    char name[32];
    snprintf(name, sizeof name, "scott-%d.job", k + 1);
    job[k] = pc_path_in(dir, name);
    snprintf(name, sizeof name, "scott-%d.result", k + 1);
    result[k] = pc_path_in(dir, name);
    const char *run[] = {"solve", "--job", job[k], "--count", "--quiet", NULL};
    run_ok(run);
  }
  const char *merge[] = {"merge", result[0], result[1], NULL};
  run_ok(merge);
  char *saved = pc_slurp_file(result[0]), *census = line_with(result[0], "census ");
  unsigned long long all, unique;
  cr_assert_eq(sscanf(census, "census %llu %llu", &all, &unique), 2);
  int line = line_of(result[0], "census "), counts = line_of(result[0], "counts ");
  char changed[64];
  snprintf(changed, sizeof changed, "census %llu %llu", all + 8, unique + 2);
  pc_edit_file(result[0], census, changed, false);
  refused(merge, result[0], line, "not a polycover result file");
  snprintf(changed, sizeof changed, "census %llu %llu", all + 8, unique);
  write_text(result[0], saved);
  pc_edit_file(result[0], census, changed, false);
  refused(merge, result[0], 0, "the checksum does not match");
  snprintf(changed, sizeof changed, "census -1 %llu", unique);
  write_text(result[0], saved);
  pc_edit_file(result[0], census, changed, true);
  refused(merge, result[0], line, "expected 'census SOLUTIONS UNIQUE'");
  snprintf(changed, sizeof changed, "census 99999999999999999999 %llu", unique);
  write_text(result[0], saved);
  pc_edit_file(result[0], census, changed, true);
  refused(merge, result[0], line, "expected 'census SOLUTIONS UNIQUE'");
  write_text(result[0], saved);
  pc_edit_file(result[0], "counts ", "counts", true);
  refused(merge, result[0], counts, "expected 'counts SOLUTIONS NODES UPDATES'");
  /* More classes than the solutions met, checksum made right. */
  snprintf(changed, sizeof changed, "census %llu %llu", all + 8000, unique + 1000);
  write_text(result[0], saved);
  pc_edit_file(result[0], census, changed, true);
  refused(merge, result[0], line, "a census that fits the counts");
  free(census);
  free(saved);
  for (int k = 0; k < 2; k++) free(job[k]), free(result[k]);
  pc_remove_tree(dir);
  free(dir);
}

/* Defect 4, checkpoints: one changed digit of Dudeney's checkpoint's
   census or done mask resumed to 129,176 or 129,160 solutions. */
Test(readers, dudeney_checkpoint, .timeout = 600)
{
  char *dir = pc_scratch_dir("/tmp/pc-readers-XXXXXX"), *ckpt = pc_path_in(dir, "dudeney.ckpt");
  const char *make[] = {"solve", "boards/dudeney.yaml", "--count", "--quiet", "--json",
                        "--checkpoint", ckpt, NULL};
  pc_run r = pc_run_program(NULL, make);
  cr_assert_eq(r.status, 0, "%s", r.err);
  uint64_t solutions = pc_json_get_u64(r.out, "solutions");
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), 16146);
  pc_run_free(&r);
  char *saved = pc_slurp_file(ckpt), *census = line_with(ckpt, "census "), changed[64];
  const char *resume[] = {"solve", "boards/dudeney.yaml", "--count", "--quiet", "--json",
                          "--resume", ckpt, NULL};
  r = pc_run_program(NULL, resume);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), solutions, "untouched, it resumes");
  pc_run_free(&r);
  snprintf(changed, sizeof changed, "census %" PRIu64 " 16146", solutions + 8);
  pc_edit_file(ckpt, census, changed, false);
  refused(resume, ckpt, 0, "the checksum does not match");
  write_text(ckpt, saved);
  pc_edit_file(ckpt, "done f", "done 7", false);
  refused(resume, ckpt, 0, "the checksum does not match");
  write_text(ckpt, saved);
  pc_edit_file(ckpt, "counts ", "counts", true);
  refused(resume, ckpt, line_of(ckpt, "counts"), "expected 'counts SOLUTIONS NODES UPDATES'");
  free(census);
  free(saved);
  pc_remove_tree(dir);
  free(ckpt);
  free(dir);
}

/* Defect 8: a NUL byte cut a DLX1 line silently. */
Test(readers, dlx1_nul_and_utf8)
{
  char *dir = pc_scratch_dir("/tmp/pc-readers-XXXXXX"), *path = pc_path_in(dir, "in.dlx");
  const char *xc[] = {"xc", "--quiet", path, NULL};
  pc_write_file(path, "A B\nA\n\0B\n", 9);
  refused(xc, path, 3, "3:1: a NUL byte");
  pc_write_file(path, "A B\nB\0junk\n", 11);
  refused(xc, path, 2, "2:2: a NUL byte");
  write_text(path, "A B\nA \xc3\x28\n");
  refused(xc, path, 2, "2:3: invalid UTF-8");
  pc_remove_tree(dir);
  free(path);
  free(dir);
}

/* Defect 6: an option of 200,000 items reads (its repeated-item check is
   linear), and a repeat in a long option is still caught. */
Test(readers, long_option)
{
  enum { N = 200000 };
  char *text = malloc((size_t)N * 8 * 2 + 16), *p = text;
  cr_assert_not_null(text);
  for (int line = 0; line < 2; line++) {
    for (int i = 0; i < N; i++) p += sprintf(p, "%si%d", i ? " " : "", i);
    *p++ = '\n';
  }
  *p = '\0';
  FILE *in = fmemopen(text, strlen(text), "r");
  pc_xc xc;
  pc_error err = {0};
  cr_assert_eq(pc_dlx1_read(in, &xc, NULL, &err), PC_OK, "%d:%d: %s", err.line, err.column,
               err.msg);
  fclose(in);
  cr_expect_eq(xc.n_options, 1);
  cr_expect_eq(pc_xc_option_size(&xc, 0), N);
  int32_t *items = malloc(N * sizeof *items);
  for (int32_t i = 0; i < N; i++) items[i] = i;
  items[N - 1] = 12345;
  cr_expect_eq(pc_xc_add_option(&xc, items, N, &err), PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "'i12345' repeated") != NULL, "%s", err.msg);
  free(items);
  pc_xc_free(&xc);
  free(text);
}

/* Defect 9: a duplicated subproblem id in a job file ran. */
Test(readers, job_duplicate_id)
{
  char *dir = pc_scratch_dir("/tmp/pc-readers-XXXXXX"), *job = pc_path_in(dir, "small-1.job");
  const char *split[] = {"solve", "tests/data/boards/small.yaml", "--split-only", "2", "--jobs",
                         "1", "--dir", dir, NULL};
  run_ok(split);
  int line = line_of(job, "ids ") + 1;
  char *text = pc_slurp_file(job), *list = strstr(text, "\nids ");
  list = strchr(list + 1, '\n') + 1;
  char a[16], b[16];
  cr_assert_eq(sscanf(list, "%15s %15s", a, b), 2, "two ids at least");
  char old[40], new[40];
  snprintf(old, sizeof old, "%s %s", a, b);
  snprintf(new, sizeof new, "%s %s", a, a);
  pc_edit_file(job, old, new, true);
  const char *run[] = {"solve", "--job", job, "--count", NULL};
  refused(run, job, line, "listed twice");
  free(text);
  pc_remove_tree(dir);
  free(job);
  free(dir);
}

/* Defect 9: empty files get a location, binary bytes are shown escaped,
   an endless line is capped. */
Test(readers, located_and_escaped)
{
  char *dir = pc_scratch_dir("/tmp/pc-readers-XXXXXX"), *dlx = pc_path_in(dir, "empty.dlx"), *sol = pc_path_in(dir, "empty.sol");
  write_text(dlx, "");
  write_text(sol, "");
  const char *xc[] = {"xc", dlx, NULL}, *score[] = {"score", sol, NULL};
  refused(xc, dlx, 1, "no items");
  refused(score, sol, 1, "not a polycover solution file");
  write_text(dlx, "A B\x01\nA\n");
  refused(xc, dlx, 1, "'B\\x01'");
  pc_run r = pc_run_program(NULL, xc);
  cr_expect(strchr(r.err, '\x01') == NULL, "the raw byte is not echoed");
  pc_run_free(&r);
  const char *zero[] = {"sudoku", "/dev/zero", NULL};
  refused(zero, "/dev/zero", 1, "1:1: a NUL byte");
  char *sudoku = pc_path_in(dir, "long.txt"), *endless = malloc(100001);
  memset(endless, '1', 100000);
  endless[100000] = '\0';
  write_text(sudoku, endless);
  const char *lng[] = {"sudoku", sudoku, NULL};
  refused(lng, sudoku, 1, "a line longer than");
  free(endless);
  free(sudoku);
  pc_remove_tree(dir);
  free(dlx);
  free(sol);
  free(dir);
}

/* Numbers near their bounds: a digit past the bound is refused, not
   wrapped (fuzz_result found "359" read under a bound of 3). */
Test(readers, strict_numbers)
{
  static const struct {
    const char *text;
    uint64_t max;
    bool ok;
  } cases[] = {{"3", 3, true},   {"35", 3, false},  {"359", 3, false}, {"4", 3, false},
               {"0", 0, true},   {"01", 9, false},  {"-1", 9, false},  {"", 9, false},
               {"18446744073709551615", UINT64_MAX, true},
               {"18446744073709551616", UINT64_MAX, false},
               {"99999999999999999999", UINT64_MAX, false}};
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *p = cases[i].text;
    uint64_t v;
    cr_expect_eq(pc_scan_u64(&p, cases[i].max, &v), cases[i].ok, "'%s' under %" PRIu64,
                 cases[i].text, cases[i].max);
  }
  uint64_t v[3];
  cr_expect_eq(pc_scan_u64s("counts 1 2 3", "counts", v, 3, UINT64_MAX), 0);
  cr_expect_eq(v[2], 3);
  cr_expect_eq(pc_scan_u64s("counts9 1 2", "counts", v, 3, UINT64_MAX), 7);
  cr_expect_eq(pc_scan_u64s("counts 1  2 3", "counts", v, 3, UINT64_MAX), 10);
  cr_expect_eq(pc_scan_u64s("counts 1 2 3 ", "counts", v, 3, UINT64_MAX), 13);
}

/* ---- tests/data/regress/: each reader's refused inputs ---- */

/* A census section as fuzz_census.c reads it: the first byte chooses
   reduced or all (bit 0) and scores (bit 1). */
static pc_status read_census(const char *path, pc_error *err)
{
  char *text = pc_slurp_file(path);
  size_t size = strlen(text);
  cr_assert(size > 0);
  pc_puzzle pz;
  pc_solver sv;
  cr_assert_eq(pc_puzzle_load("tests/data/boards/small.yaml", &pz, err), PC_OK);
  cr_assert_eq(pc_solver_init(&sv, &pz, text[0] & 1, text[0] & 2, 3, err), PC_OK);
  FILE *in = fmemopen(text + 1, size - 1 ? size - 1 : 1, "r");
  int line = 0;
  pc_status s = pc_census_merge(&sv.census, in, &line, err);
  fclose(in);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  free(text);
  return s;
}

static pc_status read_one(const char *reader, const char *path, pc_error *err)
{
  pc_status s = PC_ERR_INPUT;
  if (!strcmp(reader, "checkpoint")) {
    pc_checkpoint c;
    if (!(s = pc_checkpoint_read(path, &c, err))) pc_checkpoint_free(&c);
  } else if (!strcmp(reader, "job")) {
    pc_job j;
    if (!(s = pc_job_read(path, &j, err))) pc_job_free(&j);
  } else if (!strcmp(reader, "result")) {
    pc_result r;
    if (!(s = pc_result_read(path, &r, err))) pc_result_free(&r);
  } else if (!strcmp(reader, "solfile")) {
    pc_solfile f;
    if (!(s = pc_solfile_read(path, &f, err))) pc_solfile_free(&f);
  } else if (!strcmp(reader, "dlx1")) {
    FILE *in = fopen(path, "rb");
    pc_xc xc;
    if (!(s = pc_dlx1_read(in, &xc, NULL, err))) pc_xc_free(&xc);
    fclose(in);
  } else if (!strcmp(reader, "census")) {
    s = read_census(path, err);
  }
  return s;
}

Test(readers, regressions)
{
  static const char *readers[] = {"checkpoint", "job", "result", "solfile", "dlx1", "census"};
  int files = 0;
  for (size_t k = 0; k < sizeof readers / sizeof *readers; k++) {
    char folder[128];
    snprintf(folder, sizeof folder, "tests/data/regress/%s", readers[k]);
    DIR *d = opendir(folder);
    if (!d) continue;
    for (struct dirent *e; (e = readdir(d));) {
      if (e->d_name[0] == '.') continue;
      char path[512];
      snprintf(path, sizeof path, "%s/%s", folder, e->d_name);
      pc_error err = {0};
      cr_expect_eq(read_one(readers[k], path, &err), PC_ERR_INPUT, "%s", path);
      cr_expect_gt(err.line, 0, "%s: a line in '%s'", path, err.msg);
      cr_expect_neq(err.msg[0], '\0', "%s: a message", path);
      files++;
    }
    closedir(d);
  }
  cr_expect_gt(files, 0, "tests/data/regress/ holds inputs");
}

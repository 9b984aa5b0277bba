/* test_json.c — with --json, stdout holds one JSON document and nothing
   else (issue #18): solve's solutions (pieces with their cells, and the
   art), best solutions, table and profile; split jobs, merged results,
   queens and sudoku; strings escaped whatever the text. Each output is
   read back with a strict JSON reader, and its numbers checked against
   the text output and the solver. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json_check.h"
#include "support.h"

/* Runs the program, expecting exit 0 and one JSON value on stdout. */
static pc_run run_json(const char *const *args)
{
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  const char *fault;
  cr_assert(pc_json_valid(r.out, &fault), "not JSON at byte %d: %s", (int)(fault - r.out),
            r.out);
  return r;
}

/* How many times `needle` occurs in s. */
static int occurrences(const char *s, const char *needle)
{
  int n = 0;
  for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle)) n++;
  return n;
}

/* The sum of the numbers after each `key` within [from, to). */
static uint64_t sum_after(const char *from, const char *to, const char *key)
{
  uint64_t sum = 0;
  for (const char *p = strstr(from, key); p && p < to; p = strstr(p + 1, key))
    sum += strtoull(p + strlen(key), NULL, 10);
  return sum;
}

/* The solutions with their pieces and art: the same art as the text
   output, twelve pieces of five cells each, the counts of the search. */
Test(json, solve_solutions)
{
  /* One thread: which two solutions come first is then the same in both
     runs (with two, it depends on the threads' timing). */
  const char *args[] = {"solve", "boards/pent6x10.yaml", "-n", "2", "-j1", "--json", "--quiet",
                        NULL};
  const char *text_args[] = {"solve", "boards/pent6x10.yaml", "-n", "2", "-j1", "--quiet", NULL};
  pc_run r = run_json(args), t = pc_run_program(NULL, text_args);
  cr_assert_eq(t.status, 0, "%s", t.err);
  cr_expect(!strncmp(r.out, "{\"solution_list\": [{\"number\": 1, ", 33), "%s", r.out);
  cr_expect_eq(occurrences(r.out, "\"number\": "), 2);
  cr_expect_eq(occurrences(r.out, "\"name\": "), 24);
  cr_expect_eq(occurrences(r.out, "\"cells\": [[") , 24);
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), 2);
  const char *counted = strstr(t.out, "\nsolutions: ");
  cr_assert_not_null(counted, "%s", t.out);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), strtoull(counted + 12, NULL, 10));
  /* Solution 2's art, row by row, as the text prints it. */
  const char *art = strstr(t.out, "solution 2:\n");
  cr_assert_not_null(art, "%s", t.out);
  char want[256] = "\"art\": [";
  art += strlen("solution 2:\n");
  for (int row = 0; row < 6; row++, art += 11)
    snprintf(want + strlen(want), sizeof want - strlen(want), "%s\"%.10s\"", row ? ", " : "",
             art);
  cr_expect(strstr(strstr(r.out, "\"number\": 2"), want), "%s not in %s", want, r.out);
  pc_run_free(&r);
  pc_run_free(&t);
}

/* A sphere board's coordinates can be negative (c - r): the cells of
   --json are those of the solution file (-o), signed, not wrapped to
   18446744073709551615. */
Test(json, sphere_cells_signed)
{
  char *dir = pc_scratch_dir("/tmp/pc-json-XXXXXX"), *board = pc_path_in(dir, "two.yaml"),
       *sol = pc_path_in(dir, "two.sol");
  static const char text[] = "title: t\ngrid: sphere\npieces:\n  - pieces:\n      D: \"##\"\n"
                             "board: \"#\\n#\"\n";
  pc_write_file(board, text, strlen(text));
  const char *args[] = {"solve", board, "-j1", "--json", "-o", sol, NULL};
  pc_run r = run_json(args);
  char *file = pc_slurp_file(sol);
  cr_assert_not_null(file);
  cr_assert(strstr(file, "\n0 1,-1,0 0,0,0\n"), "%s", file);
  cr_expect(strstr(r.out, "\"cells\": [[1, -1, 0], [0, 0, 0]]"), "%s", r.out);
  free(file);
  pc_run_free(&r);
  free(board);
  free(sol);
  pc_remove_tree(dir);
  free(dir);
}

/* The table and the profile are in the document (not on stderr): the
   table's counts add up to the solutions, the profile's nodes to the
   nodes; the best solutions are listed with their scores. */
Test(json, solve_table_profile_best)
{
  const char *args[] = {"solve", "boards/scott.yaml", "--json", "--best", "--sym-table",
                        "--profile", "--engine", "dlx", "-j", "1", "--quiet", NULL};
  pc_run r = run_json(args);
  cr_expect_str_empty(r.err, "%s", r.err);
  pc_solved want = pc_solve_board_as("boards/scott.yaml", false);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), want.solutions);
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), want.unique);
  const char *table = strstr(r.out, "\"sym_table\": ["), *profile = strstr(r.out, "\"profile\"");
  cr_assert(table && profile && table < profile, "%s", r.out);
  cr_expect_eq(sum_after(table, profile, "\"count\": "), want.solutions);
  cr_expect_eq(sum_after(profile, r.out + strlen(r.out), "\"nodes\": "),
               pc_json_get_u64(r.out, "nodes"));
  const char *best = strstr(r.out, "\"best_list\": [");
  cr_assert_not_null(best, "%s", r.out);
  cr_expect_eq(occurrences(best, "\"number\": "), (int)pc_json_get_u64(r.out, "best_count"));
  cr_expect(!strstr(r.out, "solution_list"), "--best lists only the best: %s", r.out);
  pc_run_free(&r);
}

/* --split-only --json: the jobs and their shares (adding up to 1); merge
   --json of their results: the counts of the whole search. */
Test(json, split_and_merge)
{
  char *dir = pc_scratch_dir("/tmp/pc-json-XXXXXX");
  const char *split[] = {"solve", "boards/scott.yaml", "--split-only", "2", "--jobs", "2",
                         "--dir", dir, "--sym-table", "--json", NULL};
  pc_run r = run_json(split);
  cr_expect_eq(occurrences(r.out, "\"file\": "), 2);
  double shares = 0;
  for (const char *p = strstr(r.out, "\"share\": "); p; p = strstr(p + 1, "\"share\": "))
    shares += strtod(p + 9, NULL);
  cr_expect(shares > 0.9999 && shares < 1.0001, "%f", shares);
  pc_run_free(&r);
  char *results[2];
  for (int k = 0; k < 2; k++) {
    char name[32];
    snprintf(name, sizeof name, "scott-%d.job", k + 1);
    char *job = pc_path_in(dir, name);
    results[k] = pc_path_in(dir, name);
    strcpy(strrchr(results[k], '.'), ".res");
    const char *run[] = {"solve", "--job", job, "--result", results[k], "--json", NULL};
    pc_run_free((pc_run[]){run_json(run)});
    free(job);
  }
  const char *merge[] = {"merge", "--json", results[0], results[1], NULL};
  r = run_json(merge);
  pc_solved want = pc_solve_board_as("boards/scott.yaml", false);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), want.solutions);
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), want.unique);
  const char *table = strstr(r.out, "\"sym_table\": [");
  cr_assert_not_null(table, "%s", r.out);
  cr_expect_eq(sum_after(table, r.out + strlen(r.out), "\"count\": "), want.solutions);
  pc_run_free(&r);
  free(results[0]), free(results[1]);
  pc_remove_tree(dir);
  free(dir);
}

/* queens --print --json and sudoku --json: the solutions inside the
   document, nothing else on stdout. */
Test(json, queens_and_sudoku)
{
  pc_run r = run_json((const char *[]){"queens", "6", "--print", "--json", "--profile", NULL});
  cr_expect_eq(occurrences(r.out, "\"number\": "), (int)pc_json_get_u64(r.out, "solutions"));
  cr_expect(strstr(r.out, "\"art\": [\".Q....\", "), "%s", r.out);
  pc_run_free(&r);
  r = run_json((const char *[]){"sudoku", "--json", "tests/data/sudoku_good.txt", NULL});
  cr_expect_eq(occurrences(r.out, "\"line\": "), (int)pc_json_get_u64(r.out, "puzzles"));
  cr_expect_eq(occurrences(r.out, "\"result\": \"solved\""),
               (int)pc_json_get_u64(r.out, "solved"));
  pc_run_free(&r);
}

/* xc --print --json: its solutions in the one document; with --profile
   the profile too (not on stderr), its nodes adding up to the search's. */
Test(json, xc_solutions)
{
  pc_run r = run_json((const char *[]){"xc", "--print", "--json", "-j2", "--profile",
                                       "tests/data/scott.dlx", NULL});
  cr_expect_eq(occurrences(r.out, "\"number\": "), 520);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 520);
  const char *profile = strstr(r.out, "\"profile\"");
  cr_assert(profile, "%s", r.out);
  cr_expect_eq(sum_after(profile, r.out + strlen(r.out), "\"nodes\": "),
               pc_json_get_u64(r.out, "nodes"));
  cr_expect(!strstr(r.err, "level"), "%s", r.err);
  pc_run_free(&r);
}

/* Any text makes valid JSON: a title with quotes, a backslash, a tab and
   a non-ASCII letter, a board file whose name is not UTF-8. */
Test(json, strings_escaped)
{
  char *dir = pc_scratch_dir("/tmp/pc-json-XXXXXX");
  char *board = pc_path_in(dir, "b\xff\"\\.yaml");
  static const char yaml[] = "title: \"say \\\"hi\\\" \\\\ \\t \xc3\xa9\"\ngrid: square\n"
                             "pieces: domino\nboard: \"##\"\n";
  pc_write_file(board, yaml, strlen(yaml));
  pc_run r = run_json((const char *[]){"solve", board, "--json", NULL});
  cr_expect(strstr(r.out, "\"title\": \"say \\\"hi\\\" \\\\ \\t \xc3\xa9\""), "%s", r.out);
  cr_expect(strstr(r.out, "b\\ufffd\\\"\\\\.yaml\""), "%s", r.out);
  pc_run_free(&r);
  free(board);
  pc_remove_tree(dir);
  free(dir);
}

/* A solution file on stdout would break the document: refused. */
Test(json, no_solution_file_on_stdout)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"solve", "boards/scott.yaml", "--json", "-o",
                                                  "-", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "polycover solve: --json holds stdout: write the solutions with -o "
                          "FILE\nTry 'polycover solve --help'.\n");
  cr_expect_str_empty(r.out);
  pc_run_free(&r);
}

/* The reader itself refuses what is not JSON. */
Test(json, reader_refuses)
{
  static const char *const bad[] = {"", "{", "{\"a\": 1,}", "[1 2]", "{\"a\" 1}", "01",
                                    "\"\\x\"", "\"a\nb\"", "\"\xff\"", "{} {}", "tru"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    cr_expect(!pc_json_valid(bad[i], NULL), "took '%s'", bad[i]);
  cr_expect(pc_json_valid(" {\"a\": [1, -2.5e3, true, null, \"\\u00e9\"]}\n", NULL));
}

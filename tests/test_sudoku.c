/* test_sudoku.c — sudoku puzzles: parsing, the exact cover, solutions
   checked against the rules (and against a plain backtracking count), and
   the command line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/sudoku.h"
#include "support.h"

/* Arto Inkala's puzzle (2012), often called the hardest. */
static const char hard[] =
    "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
/* Its published solution: the tests check it against the rules as well. */
static const char hard_solution[] =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";
/* Consistent givens, yet r1c9 can hold nothing (1-8 in its row, 9 below it). */
static const char unsolvable[] =
    "12345678.........9...............................................................";
/* Only the first row given: many solutions. */
static const char several[] =
    "123456789........................................................................";

static pc_sudoku parse_ok(const char *text)
{
  pc_sudoku s;
  pc_error err = {0};
  cr_assert_eq(pc_sudoku_parse(text, strlen(text), 1, &s, &err), PC_OK, "%d: %s",
               err.column, err.msg);
  return s;
}

/* Every row, column and box holds 1..9 once each, and the givens stay. */
static void expect_valid(const char *grid, const char *puzzle)
{
  cr_assert_eq(strlen(grid), 81, "'%s'", grid);
  for (int i = 0; i < 81; i++) {
    cr_assert(grid[i] >= '1' && grid[i] <= '9', "cell %d is '%c'", i, grid[i]);
    if (puzzle[i] >= '1' && puzzle[i] <= '9')
      cr_expect_eq(grid[i], puzzle[i], "given at cell %d changed", i);
  }
  for (int u = 0; u < 9; u++) {
    int row = 0, col = 0, box = 0;
    for (int k = 0; k < 9; k++) {
      row |= 1 << (grid[9 * u + k] - '0');
      col |= 1 << (grid[9 * k + u] - '0');
      box |= 1 << (grid[9 * (u / 3 * 3 + k / 3) + u % 3 * 3 + k % 3] - '0');
    }
    cr_expect_eq(row, 0x3fe, "row %d", u + 1);
    cr_expect_eq(col, 0x3fe, "column %d", u + 1);
    cr_expect_eq(box, 0x3fe, "box %d", u + 1);
  }
}

/* A plain backtracking count (up to `limit`), independent of the exact
   cover, to confirm what DLX says about the number of solutions. */
static int count_plain(char *g, int limit)
{
  int i = 0;
  while (i < 81 && g[i] != '.' && g[i] != '0') i++;
  if (i == 81) return 1;
  int r = i / 9, c = i % 9, n = 0;
  for (char d = '1'; d <= '9' && n < limit; d++) {
    bool ok = true;
    for (int k = 0; k < 9 && ok; k++)
      ok = g[9 * r + k] != d && g[9 * k + c] != d &&
           g[9 * (r / 3 * 3 + k / 3) + c / 3 * 3 + k % 3] != d;
    if (!ok) continue;
    g[i] = d;
    n += count_plain(g, limit - n);
    g[i] = '.';
  }
  return n;
}

static int plain_solutions(const char *puzzle)
{
  char g[82];
  memcpy(g, puzzle, 82);
  return count_plain(g, 2);
}

Test(sudoku, hard_puzzle_unique_solution)
{
  pc_sudoku p = parse_ok(hard);
  pc_sudoku_result res;
  cr_assert_eq(pc_sudoku_solve(&p, &res, NULL), PC_OK);
  cr_assert_eq(res.solutions, 1);
  char out[82];
  pc_sudoku_format(&res.solution, out);
  expect_valid(out, hard);
  cr_expect_str_eq(out, hard_solution);
  cr_expect_gt(res.nodes, 81); /* a hard one: DLX has to branch */
  cr_expect_eq(plain_solutions(hard), 1);
}

Test(sudoku, unsolvable_puzzle)
{
  pc_sudoku p = parse_ok(unsolvable);
  pc_sudoku_result res;
  cr_assert_eq(pc_sudoku_solve(&p, &res, NULL), PC_OK);
  cr_expect_eq(res.solutions, 0);
  cr_expect_eq(plain_solutions(unsolvable), 0);
}

Test(sudoku, several_solutions_stop_at_two)
{
  pc_sudoku p = parse_ok(several);
  pc_sudoku_result res;
  cr_assert_eq(pc_sudoku_solve(&p, &res, NULL), PC_OK);
  cr_expect_eq(res.solutions, 2);
  char out[82];
  pc_sudoku_format(&res.solution, out);
  expect_valid(out, several); /* the first one found is a real solution */
  cr_expect_eq(plain_solutions(several), 2);
  /* The empty grid too. */
  pc_sudoku empty = {{0}};
  cr_assert_eq(pc_sudoku_solve(&empty, &res, NULL), PC_OK);
  cr_expect_eq(res.solutions, 2);
}

/* A full, valid grid is its own one solution, with no branching. */
Test(sudoku, solved_grid)
{
  pc_sudoku p = parse_ok(hard_solution);
  pc_sudoku_result res;
  cr_assert_eq(pc_sudoku_solve(&p, &res, NULL), PC_OK);
  cr_expect_eq(res.solutions, 1);
  char out[82];
  pc_sudoku_format(&res.solution, out);
  cr_expect_str_eq(out, hard_solution);
}

Test(sudoku, exact_cover_shape)
{
  pc_sudoku p = parse_ok(hard);
  pc_xc xc;
  cr_assert_eq(pc_sudoku_build(&p, &xc, NULL), PC_OK);
  cr_expect_eq(xc.n_items, 324);
  cr_expect_eq(xc.n_primary, 324);
  cr_expect_str_eq(xc.names[0], "p11");
  cr_expect_str_eq(xc.names[80], "p99");
  cr_expect_str_eq(xc.names[81], "r11");
  cr_expect_str_eq(xc.names[162], "c11");
  cr_expect_str_eq(xc.names[243], "b11");
  cr_expect_str_eq(xc.names[323], "b99");
  /* One option per given, one per candidate digit of each blank cell,
     counted here straight from the grid. */
  int expected = 0;
  for (int i = 0; i < 81; i++) {
    if (hard[i] != '0') {
      expected++;
      continue;
    }
    int r = i / 9, c = i % 9;
    for (char d = '1'; d <= '9'; d++) {
      bool ok = true;
      for (int k = 0; k < 9 && ok; k++)
        ok = hard[9 * r + k] != d && hard[9 * k + c] != d &&
             hard[9 * (r / 3 * 3 + k / 3) + c / 3 * 3 + k % 3] != d;
      expected += ok;
    }
  }
  cr_expect_eq(xc.n_options, expected);
  /* The first option is the given 8 at r1c1. */
  const int32_t *o = pc_xc_option(&xc, 0);
  cr_assert_eq(pc_xc_option_size(&xc, 0), 4);
  cr_expect_str_eq(xc.names[o[0]], "p11");
  cr_expect_str_eq(xc.names[o[1]], "r18");
  cr_expect_str_eq(xc.names[o[2]], "c18");
  cr_expect_str_eq(xc.names[o[3]], "b18");
  pc_xc_free(&xc);

  pc_sudoku empty = {{0}};
  cr_assert_eq(pc_sudoku_build(&empty, &xc, NULL), PC_OK);
  cr_expect_eq(xc.n_options, 729);
  pc_xc_free(&xc);
}

static void expect_parse_error(const char *text, int column, const char *msg)
{
  pc_sudoku s;
  pc_error err = {0};
  cr_expect_eq(pc_sudoku_parse(text, strlen(text), 7, &s, &err), PC_ERR_INPUT, "%s",
               text);
  cr_expect_eq(err.line, 7);
  cr_expect_eq(err.column, column, "column %d for %s", err.column, msg);
  cr_expect(strstr(err.msg, msg), "'%s' wanted in '%s'", msg, err.msg);
}

Test(sudoku, malformed_puzzles)
{
  char buf[100];
  expect_parse_error("", 1, "puzzle too short: 0 characters, expected 81");
  snprintf(buf, sizeof buf, "%.80s", hard);
  expect_parse_error(buf, 81, "puzzle too short: 80 characters, expected 81");
  snprintf(buf, sizeof buf, "%s0", hard);
  expect_parse_error(buf, 82, "puzzle too long: 82 characters, expected 81");
  snprintf(buf, sizeof buf, "%s", hard);
  buf[40] = 'x';
  expect_parse_error(buf, 41, "bad character 'x'");
  buf[40] = ' ';
  expect_parse_error(buf, 41, "bad character (byte 0x20");
  /* A bad character is reported even in a short line, where it is. */
  expect_parse_error("12a", 3, "bad character 'a'");
  /* Givens that contradict each other: the column is the second one. */
  snprintf(buf, sizeof buf, "1.......1%072d", 0);
  expect_parse_error(buf, 9, "given 1 at r1c9 contradicts the 1 at r1c1 (same row)");
  snprintf(buf, sizeof buf, "%s", several);
  buf[9 * 8 + 4] = '5'; /* r9c5 under the 5 at r1c5 */
  expect_parse_error(buf, 77, "given 5 at r9c5 contradicts the 5 at r1c5 (same column)");
  snprintf(buf, sizeof buf, "%s", several);
  buf[9 * 2 + 2] = '1'; /* r3c3 in the box of the 1 at r1c1 */
  expect_parse_error(buf, 21, "given 1 at r3c3 contradicts the 1 at r1c1 (same box)");
}

/* The solution lines printed by the program, each checked by the rules. */
Test(sudoku, program_good_file)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"sudoku", "tests/data/sudoku_good.txt",
                                                   NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_str_eq(r.err, "");
  char expected[400];
  snprintf(expected, sizeof expected,
           "%s\nline 6: no solution\nline 8: more than one solution\n%s\n",
           hard_solution, hard_solution);
  cr_expect_str_eq(r.out, expected);
  char line[82];
  memcpy(line, r.out, 81);
  line[81] = '\0';
  expect_valid(line, hard);
  pc_run_free(&r);
}

Test(sudoku, program_malformed_lines)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"sudoku", "tests/data/sudoku_bad.txt",
                                                   NULL});
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "tests/data/sudoku_bad.txt:3:81: puzzle too short: 80 "
                          "characters, expected 81\n"), "%s", r.err);
  cr_expect(strstr(r.err, "tests/data/sudoku_bad.txt:5:80: bad character 'x'"), "%s",
            r.err);
  cr_expect(strstr(r.err, "tests/data/sudoku_bad.txt:7:81: given 8 at r9c9 contradicts "
                          "the 8 at r7c9 (same column)\n"), "%s", r.err);
  int err_lines = 0;
  for (const char *p = r.err; (p = strchr(p, '\n')); p++) err_lines++;
  cr_expect_eq(err_lines, 3, "%s", r.err);
  /* The good puzzles around them are still solved, in order. */
  char expected[600];
  snprintf(expected, sizeof expected,
           "%s\nline 3: malformed\n%s\nline 5: malformed\n%s\nline 7: malformed\n%s\n",
           hard_solution, hard_solution, hard_solution, hard_solution);
  cr_expect_str_eq(r.out, expected);
  pc_run_free(&r);
}

/* Standard input, with every kind of puzzle, and the JSON totals. */
Test(sudoku, program_stdin_and_json)
{
  char input[2000];
  snprintf(input, sizeof input,
           "# a comment\n\n%s\n%s\n%s\n   \n123\n%.80sx\n"
           "11...............................................................................\n",
           hard, unsolvable, several, several);
  pc_run r = pc_run_program(input, (const char *[]){"sudoku", "--json", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "<stdin>:7:4: puzzle too short: 3 characters"), "%s", r.err);
  cr_expect(strstr(r.err, "<stdin>:8:81: bad character 'x'"), "%s", r.err);
  cr_expect(strstr(r.err, "<stdin>:9:2: given 1 at r1c2 contradicts"), "%s", r.err);
  /* The line per puzzle is in the object (issue #18: nothing but JSON). */
  char head[600];
  snprintf(head, sizeof head,
           "{\"puzzle_list\": [{\"line\": 3, \"result\": \"solved\", \"solution\": \"%s\"}, "
           "{\"line\": 4, \"result\": \"no solution\"}, "
           "{\"line\": 5, \"result\": \"more than one solution\"}, "
           "{\"line\": 7, \"result\": \"malformed\"}, {\"line\": 8, \"result\": \"malformed\"}, "
           "{\"line\": 9, \"result\": \"malformed\"}], ",
           hard_solution);
  cr_expect(!strncmp(r.out, head, strlen(head)), "%s", r.out);
  const char *json = r.out;
  cr_expect_eq(pc_json_get_u64(json, "puzzles"), 6);
  cr_expect_eq(pc_json_get_u64(json, "solved"), 1);
  cr_expect_eq(pc_json_get_u64(json, "unsolvable"), 1);
  cr_expect_eq(pc_json_get_u64(json, "multiple"), 1);
  cr_expect_eq(pc_json_get_u64(json, "malformed"), 3);
  cr_expect_gt(pc_json_get_u64(json, "nodes"), 0);
  cr_expect_gt(pc_json_get_u64(json, "updates"), 0);
  double seconds = pc_json_get_double(json, "seconds"), rate = pc_json_get_double(json, "puzzles_per_second");
  cr_expect(seconds >= 0 && rate >= 0, "%s", json);
  cr_expect(strstr(json, "\"file\": \"<stdin>\""), "%s", json);
  cr_expect_str_eq(strrchr(json, '}'), "}\n", "one object, last: %s", json);
  pc_run_free(&r);

  /* --quiet --json: only the object; no malformed line: exit 0. */
  snprintf(input, sizeof input, "%s\n%s\n", hard, hard);
  r = pc_run_program(input, (const char *[]){"sudoku", "-q", "--json", "-", NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(r.out[0], '{', "%s", r.out);
  cr_expect_eq(pc_json_get_u64(r.out, "puzzles"), 2);
  cr_expect_eq(pc_json_get_u64(r.out, "solved"), 2);
  cr_expect_eq(pc_json_get_u64(r.out, "malformed"), 0);
  pc_run_free(&r);
}

Test(sudoku, program_usage_and_missing_file)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"sudoku", "no/such/file.txt", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "polycover sudoku: no/such/file.txt: cannot open"), "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, (const char *[]){"sudoku", "a", "b", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "more than one FILE"), "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, (const char *[]){"sudoku", "--bogus", NULL});
  cr_expect_eq(r.status, 2);
  pc_run_free(&r);
  r = pc_run_program(NULL, (const char *[]){"sudoku", "--help", NULL});
  cr_expect_eq(r.status, 0);
  cr_expect(strstr(r.out, "81 characters"), "%s", r.out);
  pc_run_free(&r);
}

/* A UTF-8 byte order mark before the first line is dropped (as in DLX1
   and YAML files), not taken for a bad character of the puzzle. */
Test(sudoku, program_byte_order_mark)
{
  char input[200];
  snprintf(input, sizeof input, "\xEF\xBB\xBF%s\n", hard);
  pc_run r = pc_run_program(input, (const char *[]){"sudoku", NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  char expected[100];
  snprintf(expected, sizeof expected, "%s\n", hard_solution);
  cr_expect_str_eq(r.out, expected);
  pc_run_free(&r);
}

/* A file with no puzzle at all (empty, or only comments and blank lines)
   is a mistake, not a run that solved nothing: exit 2 and say so. */
Test(sudoku, program_no_puzzle)
{
  char *dir = pc_scratch_dir("/tmp/pc-sudoku-XXXXXX");
  char *path = pc_path_in(dir, "empty.txt");
  pc_write_file(path, "", 0);
  pc_run r = pc_run_program(NULL, (const char *[]){"sudoku", path, NULL});
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, "empty.txt: no puzzle"), "%s", r.err);
  cr_expect_str_eq(r.out, "");
  pc_run_free(&r);
  r = pc_run_program("# a comment\n\n", (const char *[]){"sudoku", "--json", NULL});
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, "<stdin>: no puzzle"), "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "puzzles"), 0, "%s", r.out);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(path);
  free(dir);
}

/* test_boards.c — the shipped boards give the published counts (Knuth,
   "Dancing Links"; Golomb; Torbijn), by running the solver on them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static pc_solved solve_as(const char *board, bool all)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", board);
  return pc_solve_board_as(path, all);
}

/* Every solution, as Knuth's DLX met them (his counters). */
static pc_solved solve_all(const char *board) { return solve_as(board, true); }

/* One search per class (symmetry.h); counts of both kinds. */
static pc_solved solve(const char *board) { return solve_as(board, false); }

/* Knuth's figures for the same matrix (shared/bench scott.dlx): 1,568
   placements, 520 solutions, 289,327 nodes, 101,013,837 updates; 65
   essentially different. */
Test(boards, scott)
{
  pc_solved r = solve_all("scott");
  cr_expect_eq(r.options, 1568);
  cr_expect_eq(r.solutions, 520);
  cr_expect_eq(r.unique, 65);
  cr_expect_eq(r.nodes, 289327);
  cr_expect_eq(r.updates, 101013837);
}

Test(boards, pentominoes_6x10, .timeout = 300)
{
  pc_solved r = solve_all("pent6x10");
  cr_expect_eq(r.solutions, 9356);
  cr_expect_eq(r.unique, 2339);
  cr_expect_eq(r.nodes, 3620988);
  cr_expect_eq(r.updates, 1235724537);
}

/* Golomb: 1,010, 368 and 2 essentially different; the rectangle has 4
   symmetries and no solution is symmetric. */
Test(boards, pentomino_rectangles, .timeout = 300)
{
  const char *boards[] = {"pent5x12", "pent4x15", "pent3x20"};
  const uint64_t unique[] = {1010, 368, 2};
  for (int i = 0; i < 3; i++) {
    pc_solved r = solve(boards[i]);
    cr_expect_eq(r.unique, unique[i], "%s", boards[i]);
    cr_expect_eq(r.solutions, 4 * unique[i], "%s", boards[i]);
  }
}

/* Torbijn's 156, times the rhombus's 4 symmetries. */
Test(boards, hexiamond_rhombus)
{
  pc_solved r = solve("hexrhombus");
  cr_expect_eq(r.unique, 156);
  cr_expect_eq(r.solutions, 624);
}

/* Leech's 46, times the rectangle's 4 symmetries (one-sided pieces keep
   the mirror images apart, but the set holds every mirror image). */
Test(boards, one_sided_3x30, .timeout = 300)
{
  pc_solved r = solve("onesided3x30");
  cr_expect_eq(r.unique, 46);
  cr_expect_eq(r.solutions, 184);
}

/* Knuth: DLX makes 4,780,846 updates before concluding there is none. */
Test(boards, mutilated_chessboard)
{
  pc_solved r = solve_all("mutilated");
  cr_expect_eq(r.solutions, 0);
  cr_expect_eq(r.updates, 4780846);
}

/* The starting positions leave a few pieces to place; each has one way. */
Test(boards, kanoodle_starts)
{
  cr_expect_eq(solve("kanoodle-start1").solutions, 1);
  cr_expect_eq(solve("kanoodle-start2").solutions, 1);
}

/* Barwell's tetrastick squares: 72, 382, 607, 530 and 204 essentially
   different (Goodger), times the square's 8 symmetries. */
Test(boards, tetrasticks_5x5, .timeout = 600)
{
  const char *boards[] = {"tetra5x5-noH", "tetra5x5-noJ", "tetra5x5-noL", "tetra5x5-noN",
                          "tetra5x5-noY"};
  const uint64_t unique[] = {72, 382, 607, 530, 204};
  for (int i = 0; i < 5; i++) {
    pc_solved r = solve(boards[i]);
    cr_expect_eq(r.unique, unique[i], "%s", boards[i]);
    cr_expect_eq(r.solutions, 8 * unique[i], "%s", boards[i]);
  }
}

/* Knuth: Dudeney's chessboard has 16,146 essentially different solutions
   (times 8, none symmetric). */
Test(boards, dudeney, .timeout = 600)
{
  pc_solved r = solve("dudeney");
  cr_expect_eq(r.unique, 16146);
  cr_expect_eq(r.solutions, 8 * 16146);
}

Test(boards, every_shipped_file_loads)
{
  const char *args[] = {"list", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(!strstr(r.out, "does not load"), "%s", r.out);
  cr_expect(strstr(r.out, "pentominoes"), "%s", r.out);
  cr_expect(strstr(r.out, "scott"), "%s", r.out);
  pc_run_free(&r);
}

/* Knuth: Haselgrove's 45 Y pentominoes in 15x15, 212 essentially
   different (times 8). Copies of one piece leave no piece to restrict, so
   the placements covering the centre are (symmetry.h): seconds with the
   bits engine and two threads. solve --count itself meets in the middle
   (docs/counting.md), faster still. */
Test(boards, y45, .timeout = 600)
{
  const char *search[] = {"solve", "-c", "-j", "2", "--json", "--method", "search",
                          "boards/y45.yaml", NULL};
  const char *as_solve[] = {"solve", "-c", "-j", "2", "--json", "boards/y45.yaml", NULL};
  const char *const *runs[] = {search, as_solve};
  for (int i = 0; i < 2; i++) {
    pc_run r = pc_run_program(NULL, runs[i]);
    cr_assert_eq(r.status, 0, "%s", r.err);
    cr_expect_eq(pc_json_get_u64(r.out, "unique"), 212);
    cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 8 * 212);
    cr_expect(strstr(r.out, i ? "\"engine\": \"meet\"" : "\"reduced\": true"), "%s", r.out);
    pc_run_free(&r);
  }
}

/* The same with the plain DLX engine, one thread. */
Test(long, y45_dlx, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  pc_solved r = solve("y45");
  cr_expect_eq(r.unique, 212);
  cr_expect_eq(r.solutions, 8 * 212);
}

/* test_boards.c — the shipped boards give the published counts (Knuth,
   "Dancing Links"; Golomb; Torbijn), by running the solver on them. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

static pc_solved solve(const char *board)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", board);
  return pc_solve_board(path);
}

/* Knuth's figures for the same matrix (shared/bench scott.dlx): 1,568
   placements, 520 solutions, 289,327 nodes, 101,013,837 updates. */
Test(boards, scott)
{
  pc_solved r = solve("scott");
  cr_expect_eq(r.options, 1568);
  cr_expect_eq(r.solutions, 520);
  cr_expect_eq(r.nodes, 289327);
  cr_expect_eq(r.updates, 101013837);
}

Test(boards, pentominoes_6x10, .timeout = 300)
{
  pc_solved r = solve("pent6x10");
  cr_expect_eq(r.solutions, 9356);
  cr_expect_eq(r.nodes, 3620988);
  cr_expect_eq(r.updates, 1235724537);
}

/* 1,010, 368 and 2 essentially different (Golomb), times 4. */
Test(boards, pentomino_rectangles, .timeout = 300)
{
  cr_expect_eq(solve("pent5x12").solutions, 4 * 1010);
  cr_expect_eq(solve("pent4x15").solutions, 4 * 368);
  cr_expect_eq(solve("pent3x20").solutions, 4 * 2);
}

/* Torbijn's 156, times the rhombus's 4 symmetries. */
Test(boards, hexiamond_rhombus)
{
  cr_expect_eq(solve("hexrhombus").solutions, 624);
}

/* Leech's 46, times the rectangle's 4 symmetries (one-sided pieces keep
   the mirror images apart, but the set holds every mirror image). */
Test(boards, one_sided_3x30, .timeout = 300)
{
  cr_expect_eq(solve("onesided3x30").solutions, 184);
}

/* Knuth: DLX makes 4,780,846 updates before concluding there is none. */
Test(boards, mutilated_chessboard)
{
  pc_solved r = solve("mutilated");
  cr_expect_eq(r.solutions, 0);
  cr_expect_eq(r.updates, 4780846);
}

/* The starting positions leave a few pieces to place; each has one way. */
Test(boards, kanoodle_starts)
{
  cr_expect_eq(solve("kanoodle-start1").solutions, 1);
  cr_expect_eq(solve("kanoodle-start2").solutions, 1);
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

/* Barwell's tetrastick squares: 72, 382, 607, 530 and 204 essentially
   different (Goodger), times the square's 8 symmetries. Minutes: long. */
Test(long, tetrasticks_5x5, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(solve("tetra5x5-noH").solutions, 8 * 72);
  cr_expect_eq(solve("tetra5x5-noJ").solutions, 8 * 382);
  cr_expect_eq(solve("tetra5x5-noL").solutions, 8 * 607);
  cr_expect_eq(solve("tetra5x5-noN").solutions, 8 * 530);
  cr_expect_eq(solve("tetra5x5-noY").solutions, 8 * 204);
}

/* Knuth: Dudeney's chessboard has 16,146 essentially different solutions
   (times 8); Haselgrove's 45 Y pentominoes in 15x15, 212 (times 8). */
Test(long, dudeney_and_y45, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(solve("dudeney").solutions, 8 * 16146);
  cr_expect_eq(solve("y45").solutions, 8 * 212);
}

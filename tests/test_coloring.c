/* test_coloring.c — impossibility by coloring: the classic impossible
   puzzles are refused with the argument, and no board with a solution is
   refused (every refused shipped board or fixture is checked by DLX to
   have none). */
#include <criterion/criterion.h>
#include <glob.h>
#include <string.h>

#include "core/dlx.h"
#include "poly/coloring.h"
#include "support.h"

static bool refutes(const char *path, char *why, size_t size, pc_matrix *m, pc_puzzle *pz)
{
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_matrix_build(pz, m, &err), PC_OK, "%s: %s", path, err.msg);
  return pc_coloring_refutes(pz, m, why, size);
}

static void expect_refuted(const char *path, const char *coloring)
{
  char why[2048] = "";
  pc_matrix m;
  pc_puzzle pz;
  cr_expect(refutes(path, why, sizeof why, &m, &pz), "%s: not refuted", path);
  cr_expect(strstr(why, coloring), "%s: %s", path, why);
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
}

/* Knuth, "Dancing Links": DLX needs 4,780,846 updates to find nothing. */
Test(coloring, mutilated_chessboard)
{
  expect_refuted("boards/mutilated.yaml", "checkerboard: the board has 30+32 cells");
}

/* Golomb's argument (the fixture files say it in full). */
#define FIXTURE(name) "tests/data/boards/" name ".yaml"
Test(coloring, hexominoes_15x14) { expect_refuted(FIXTURE("hexominoes_15x14"), "checkerboard"); }
Test(coloring, hexominoes_10x21) { expect_refuted(FIXTURE("hexominoes_10x21"), "checkerboard"); }
Test(coloring, three_tetromino_sets)
{
  expect_refuted(FIXTURE("tetrominoes_x3_6x10"), "T 3+1 or 1+3");
}
Test(coloring, five_L_tetrominoes) { expect_refuted(FIXTURE("five_L_4x5"), "columns mod 2"); }
/* No coloring needed: the argument named nothing after "each piece
   covers" (the piece has no vector). */
Test(coloring, piece_fits_nowhere)
{
  expect_refuted(FIXTURE("piece_fits_nowhere"), "piece I fits nowhere on the board");
}

/* The fixtures above, whose impossibility has a published argument (and
   which DLX would take too long to confirm). */
static bool known_impossible(const char *path)
{
  static const char *const names[] = {"hexominoes_15x14", "hexominoes_10x21",
                                      "tetrominoes_x3_6x10", "five_L_4x5"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (strstr(path, names[i])) return true;
  return false;
}

/* Sound: every board the coloring refuses really has no solution. */
static void never_wrong(const char *pattern)
{
  glob_t g;
  cr_assert_eq(glob(pattern, 0, NULL, &g), 0);
  for (size_t i = 0; i < g.gl_pathc; i++) {
    if (known_impossible(g.gl_pathv[i])) continue;
    pc_error err = {0};
    pc_puzzle pz;
    pc_matrix m;
    if (pc_puzzle_load(g.gl_pathv[i], &pz, &err)) continue; /* the error fixtures */
    cr_assert_eq(pc_matrix_build(&pz, &m, &err), PC_OK, "%s: %s", g.gl_pathv[i], err.msg);
    if (pc_coloring_refutes(&pz, &m, NULL, 0)) {
      pc_dlx *d = pc_dlx_new(&m.xc);
      pc_dlx_stats st;
      pc_dlx_search(d, &(pc_dlx_config){.choose = PC_CHOOSE_MRV, .max_solutions = 1}, &st);
      cr_expect_eq(st.solutions, 0, "%s refused, but it has a solution", g.gl_pathv[i]);
      cr_expect(st.complete || st.solutions);
      pc_dlx_free(d);
    }
    pc_matrix_free(&m);
    pc_puzzle_free(&pz);
  }
  globfree(&g);
}

Test(coloring, shipped_boards_never_wrongly_refused) { never_wrong("boards/*.yaml"); }
Test(coloring, fixtures_never_wrongly_refused) { never_wrong("tests/data/boards/*.yaml"); }

/* Through the program: the argument instead of a search, exit 0 with no
   solutions; --no-precheck searches (and finds none). */
Test(coloring, solve_says_why)
{
  const char *args[] = {"solve", "boards/mutilated.yaml", "--count", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "no solutions: coloring by checkerboard"), "%s", r.out);
  cr_expect(strstr(r.out, "solutions: 0\n"), "%s", r.out);
  cr_expect(!strstr(r.out, "engine:"), "%s", r.out);
  pc_run_free(&r);
  const char *json[] = {"solve", "boards/mutilated.yaml", "--json", NULL};
  r = pc_run_program(NULL, json);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 0);
  cr_expect(strstr(r.out, "\"no_solutions\": \"coloring by checkerboard"), "%s", r.out);
  pc_run_free(&r);
  const char *search[] = {"solve", "boards/mutilated.yaml", "--count", "--no-precheck", NULL};
  r = pc_run_program(NULL, search);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "engine:") && strstr(r.out, "solutions: 0\n"), "%s", r.out);
  cr_expect(!strstr(r.out, "no solutions:"), "%s", r.out);
  pc_run_free(&r);
}

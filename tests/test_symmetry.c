/* test_symmetry.c — symmetry groups and exact counts of essentially
   different solutions: the reduced search and the full one agree, and
   all = sum over classes of |group| / |stabilizer|, with one restricted
   piece or two. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "poly/census.h"
#include "support.h"

/* Whether the elements are closed under composition, pieces too: the
   element whose board map is e's after f's carries each piece where f
   then e carry it (the maps chosen for the transforms form a group). */
static void expect_closed(const pc_symmetry *g, const char *path)
{
  int32_t n = g->n_cells, np = g->n_pieces;
  for (int32_t e = 0; e < g->order; e++)
    for (int32_t f = 0; f < g->order; f++) {
      const int32_t *ce = g->cell + (size_t)e * (size_t)n, *cf = g->cell + (size_t)f * (size_t)n;
      const int32_t *pe = g->piece + (size_t)e * (size_t)np;
      const int32_t *pf = g->piece + (size_t)f * (size_t)np;
      int32_t h = 0;
      for (bool same = false; h < g->order && !same; h += !same) {
        same = true;
        for (int32_t i = 0; i < n && same; i++)
          same = g->cell[(size_t)h * (size_t)n + (size_t)i] == ce[cf[i]];
      }
      cr_assert_lt(h, g->order, "%s: elements %d and %d: no product", path, (int)e, (int)f);
      for (int32_t k = 0; k < np; k++)
        cr_expect_eq(g->piece[(size_t)h * (size_t)np + (size_t)k], pe[pf[k]],
                     "%s: elements %d after %d, piece %d", path, (int)e, (int)f, (int)k);
    }
}

static int32_t group_order(const char *path)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "%s: %s", path, err.msg);
  pc_symmetry g;
  cr_assert_eq(pc_symmetry_find(&pz, &g), PC_OK);
  int32_t order = g.order;
  /* Each element maps the board onto itself, one to one. */
  for (int32_t e = 0; e < g.order; e++) {
    bool *hit = calloc((size_t)pz.n_cells, 1);
    for (int32_t i = 0; i < pz.n_cells; i++) {
      int32_t j = g.cell[(size_t)e * (size_t)pz.n_cells + (size_t)i];
      cr_assert(j >= 0 && j < pz.n_cells && !hit[j], "%s: element %d", path, (int)e);
      hit[j] = true;
    }
    free(hit);
  }
  expect_closed(&g, path);
  pc_symmetry_free(&g);
  pc_puzzle_free(&pz);
  return order;
}

Test(symmetry, groups)
{
  cr_expect_eq(group_order("boards/scott.yaml"), 8);
  cr_expect_eq(group_order("boards/pent6x10.yaml"), 4);
  cr_expect_eq(group_order("boards/hexrhombus.yaml"), 4);
  /* A one-sided set holding every mirror image keeps the reflections. */
  cr_expect_eq(group_order("boards/onesided3x30.yaml"), 4);
  cr_expect_eq(group_order("boards/obeirne.yaml"), 12);
  cr_expect_eq(group_order("boards/tetra5x5-noH.yaml"), 8);
  cr_expect_eq(group_order("boards/kanoodle.yaml"), 4);
  /* Pre-placed pieces break the symmetry. */
  cr_expect_eq(group_order("boards/kanoodle-start1.yaml"), 1);
  cr_expect_eq(group_order("tests/data/boards/dominoes_any.yaml"), 4);
  /* The mirror swaps two pre-placed pieces that are mirror images. */
  cr_expect_eq(group_order("tests/data/boards/preplaced_mirrors.yaml"), 2);
  /* The mirrors swap L and J, and so their groups (each choose: 1). */
  cr_expect_eq(group_order("tests/data/boards/mirror_groups.yaml"), 4);
  /* The mirrors swap L and J, so the groups, so the two squares: a square
     is no image of itself there. */
  cr_expect_eq(group_order("tests/data/boards/mirror_squares.yaml"), 4);
  /* Four such groups: a mirror has two ways to map them; one is taken,
     the same for every mirror, so that the maps compose. */
  cr_expect_eq(group_order("tests/data/boards/mirror_squares4.yaml"), 8);
  /* A group of one piece, choose 1, is that piece once: the mirrors carry
     it onto J, placed once in no group. */
  cr_expect_eq(group_order("tests/data/boards/mirror_group_and_piece.yaml"), 4);
}

/* The reduced search and the full one give the same two counts. */
static void agree(const char *path, uint64_t solutions, uint64_t unique)
{
  pc_solved all = pc_solve_board_as(path, true), reduced = pc_solve_board_as(path, false);
  cr_expect_eq(all.solutions, solutions, "%s: all", path);
  cr_expect_eq(all.unique, unique, "%s: unique, full search", path);
  cr_expect_eq(reduced.solutions, solutions, "%s: all, reduced search", path);
  cr_expect_eq(reduced.unique, unique, "%s: unique", path);
  cr_expect_leq(reduced.updates, all.updates, "%s", path);
}

Test(symmetry, reduced_and_full_agree)
{
  /* 1111, 112 = 211, 121, 22 in the column notation: three symmetric. */
  agree("tests/data/boards/dominoes_any.yaml", 5, 4);
  /* Numbered copies: flat and upright are one class. */
  agree("tests/data/boards/two_dominoes.yaml", 2, 1);
  agree("boards/hexrhombus.yaml", 624, 156);
  agree("boards/kanoodle-start1.yaml", 1, 1);
  /* No piece with one copy: the centre cell is restricted. */
  agree("tests/data/boards/trominoes_3x3.yaml", 10, 2);
  agree("tests/data/boards/onesided_3x3.yaml", 37, 6);
  /* Counted by hand: the bottom domino lying, then the 2x4 block's 5
     tilings (VVVV, HHVV, VVHH, VHHV, HHHH), or standing (1 way); the
     mirror, which swaps L and J, pairs HHVV with VVHH: 5 classes. */
  agree("tests/data/boards/preplaced_mirrors.yaml", 6, 5);
  /* 18 and 6 from a brute-force count (every tiling, its classes under the
     transforms that map the board, the pieces and the groups onto
     themselves), written apart from polycover. */
  agree("tests/data/boards/mirror_groups.yaml", 18, 6);
  /* 50 and 15 from a brute-force count written apart from polycover, the
     same way (the mirrors carry L to J and each square to the other). */
  agree("tests/data/boards/mirror_squares.yaml", 50, 15);
  /* 72 and 12 by the same brute force, with either way of mapping the
     four groups (Burnside: the two give the same count). */
  agree("tests/data/boards/mirror_squares4.yaml", 72, 12);
  /* The puzzle of mirror_groups.yaml written another way: its 18 and 6
     (it gave 9 classes, the mirrors missed). */
  agree("tests/data/boards/mirror_group_and_piece.yaml", 18, 6);
  const char *fixtures[] = {"tests/data/boards/small.yaml", "tests/data/boards/small_fixed.yaml",
                            "tests/data/boards/sticks_cross.yaml",
                            "tests/data/boards/sticks_x.yaml"};
  for (size_t i = 0; i < sizeof fixtures / sizeof *fixtures; i++) {
    pc_solved all = pc_solve_board_as(fixtures[i], true);
    pc_solved reduced = pc_solve_board_as(fixtures[i], false);
    cr_expect_eq(reduced.solutions, all.solutions, "%s", fixtures[i]);
    cr_expect_eq(reduced.unique, all.unique, "%s", fixtures[i]);
  }
}

/* The classes of the board's reduction: how many kept placements of the
   first piece are symmetric (each an item of the reduced matrix), and the
   second piece restricted at them (-1: none). */
static int32_t second_piece(const char *path, int32_t *symmetric)
{
  pc_puzzle pz;
  pc_matrix full, reduced;
  pc_symmetry g;
  pc_classes c;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_matrix_build(&pz, &full, &err), PC_OK);
  cr_assert_eq(pc_symmetry_find(&pz, &g), PC_OK);
  cr_assert_eq(pc_classes_init(&c, &pz, &g, &full, true), PC_OK);
  cr_assert_eq(pc_classes_reduce(&c, &full, &reduced, &err), PC_OK);
  cr_expect_eq(reduced.xc.n_items, full.xc.n_items + c.symmetric);
  cr_expect_lt(reduced.xc.n_options, full.xc.n_options);
  int32_t second = c.second;
  *symmetric = c.symmetric;
  pc_classes_free(&c);
  pc_matrix_free(&reduced);
  pc_symmetry_free(&g);
  pc_matrix_free(&full);
  pc_puzzle_free(&pz);
  return second;
}

/* Where the first piece's kept placement is symmetric, a second piece is
   restricted too, and the counts stay those of the full search (Conway
   and Guy's 240 for the Soma cube, the independently checked 306 for the
   pyramid, Knuth's 156 for the hexiamond rhombus). */
Test(symmetry, second_restriction, .timeout = 300)
{
  const char *boards[] = {"boards/soma.yaml", "boards/kanoodle-pyramid.yaml"};
  for (int i = 0; i < 2; i++) {
    int32_t symmetric;
    cr_expect_geq(second_piece(boards[i], &symmetric), 0, "%s", boards[i]);
    cr_expect_gt(symmetric, 0, "%s", boards[i]);
  }
  agree("boards/soma.yaml", 11520, 240);
  agree("boards/kanoodle-pyramid.yaml", 2448, 306);
  /* The 6x10 rectangle: no kept placement of the X is symmetric (its
     centre is never on an axis). */
  int32_t symmetric;
  cr_expect_eq(second_piece("boards/pent6x10.yaml", &symmetric), -1);
  cr_expect_eq(symmetric, 0);
}

/* Knuth's trick, automated: several times less work. */
Test(symmetry, reduction_pays, .timeout = 300)
{
  pc_solved all = pc_solve_board_as("boards/scott.yaml", true);
  pc_solved reduced = pc_solve_board_as("boards/scott.yaml", false);
  cr_expect_lt(4 * reduced.updates, all.updates, "%llu vs %llu",
               (unsigned long long)reduced.updates, (unsigned long long)all.updates);
  cr_expect_eq(reduced.symmetries, 8);
}

/* Figure 1 (vertical 36, horizontal 30) is maximally symmetric among
   Scott's solutions, and alone in that. */
Test(symmetry, scott_best)
{
  const char *args[] = {"solve", "--best", "--json", "boards/scott.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "best_horizontal"), 30);
  cr_expect_eq(pc_json_get_u64(r.out, "best_vertical"), 36);
  cr_expect_eq(pc_json_get_u64(r.out, "best_count"), 1);
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), 65);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 520);
  pc_run_free(&r);
}

/* Figure 9: the maximally symmetric one-sided 3x30 packing has horizontal
   symmetry 51 and vertical 48. */
Test(symmetry, one_sided_3x30_best, .timeout = 300)
{
  const char *args[] = {"solve", "--best", "--json", "boards/onesided3x30.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "best_horizontal"), 51);
  cr_expect_eq(pc_json_get_u64(r.out, "best_vertical"), 48);
  pc_run_free(&r);
}

/* The table counts every solution once. */
Test(symmetry, sym_table_sums_to_all)
{
  const char *modes[] = {"--unique", "--all"};
  for (int m = 0; m < 2; m++) {
    const char *args[] = {"solve", "-c", "--sym-table", modes[m], "boards/scott.yaml", NULL};
    pc_run r = pc_run_program(NULL, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
    const char *p = strstr(r.out, "horizontal   vertical");
    cr_assert_not_null(p, "%s", r.out);
    p = strchr(p, '\n') + 1;
    uint64_t total = 0;
    int h, v;
    unsigned long long k;
    int used;
    while (sscanf(p, "%d %d %llu%n", &h, &v, &k, &used) == 3) {
      total += k;
      p += used;
    }
    cr_expect_eq(total, 520, "%s", modes[m]);
    cr_expect(strstr(r.out, "        30         36            "), "%s", r.out);
    pc_run_free(&r);
  }
}

Test(symmetry, solve_prints_both_counts)
{
  const char *args[] = {"solve", "boards/kanoodle-start2.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "solution 1:"), "%s", r.out);
  cr_expect(strstr(r.out, "solutions: 1\n"), "%s", r.out);
  cr_expect(strstr(r.out, "unique: 1\n"), "%s", r.out);
  pc_run_free(&r);
  const char *bad[] = {"solve", "--best", "--limit", "3", "boards/scott.yaml", NULL};
  r = pc_run_program(NULL, bad);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "--limit"), "%s", r.err);
  pc_run_free(&r);
}

/* test_score.c — Knuth's symmetry scores on the figures of his paper. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "poly/puzzle.h"
#include "poly/score.h"
#include "support.h"

static void load(const char *path, pc_puzzle *pz, pc_scorer *s)
{
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, pz, &err), PC_OK, "%s", err.msg);
  cr_assert_eq(pc_scorer_init(s, pz->grid, pz->cells, pz->n_cells), PC_OK);
}

/* Builds a tiling from Knuth's notation: each placed piece as a string of
   two-digit cells "ij", rank i (row) and file j (column), from 1. */
static void tiling_of(const pc_puzzle *pz, const char *const *rows, int n, pc_tiling *t)
{
  cr_assert_eq(pc_tiling_init(t, pz->n_cells), PC_OK);
  for (int k = 0; k < n; k++) {
    int32_t cells[8], size = 0, anchor = INT32_MAX;
    for (const char *p = rows[k]; *p; p++) {
      if (*p == ' ') continue;
      pc_cell x = {p[1] - '1', p[0] - '1'};
      cells[size] = pc_puzzle_cell_index(pz, x);
      cr_assert_geq(cells[size], 0, "%c%c is not on the board", p[0], p[1]);
      if (cells[size] < anchor) anchor = cells[size];
      size++, p++;
    }
    for (int32_t i = 0; i < size; i++) {
      cr_assert_eq(t->anchor[cells[i]], -1, "cell covered twice");
      t->piece[cells[i]] = k;
      t->anchor[cells[i]] = anchor;
    }
  }
}

/* Figure 1 of the paper: vertical symmetry 36, horizontal 30. */
Test(score, scott_figure_1)
{
  static const char *const rows[] = {
      "11 12 13 14 15", "16 26 27 37 47", "17 18 28 38 48", "21 22 31 41 42",
      "23 32 33 34 43", "24 25 35 36 46", "51 52 53 62 63", "56 64 65 66 75",
      "57 58 67 76 77", "61 71 72 73 81", "68 78 86 87 88", "74 82 83 84 85"};
  pc_puzzle pz;
  pc_scorer s;
  load("boards/scott.yaml", &pz, &s);
  pc_tiling t;
  tiling_of(&pz, rows, 12, &t);
  for (int32_t i = 0; i < pz.n_cells; i++) cr_assert_geq(t.piece[i], 0, "cell %d uncovered", i);
  pc_score sc = pc_score_tiling(&s, &t);
  cr_expect_eq(sc.v, 36);
  cr_expect_eq(sc.h, 30);
  pc_tiling_free(&t);
  pc_scorer_free(&s);
  pc_puzzle_free(&pz);
}

/* "The overall hexagon has 156 internal edges, and the 19 one-sided
   hexiamonds have 96 internal non-edges": 60 edges between pieces. */
Test(score, hexagon_edges)
{
  pc_puzzle pz;
  pc_scorer s;
  load("boards/obeirne.yaml", &pz, &s);
  cr_expect_eq(s.n_edges, 156);
  cr_expect_eq(pz.n_pieces, 19);
  int32_t inside = 0;
  for (int32_t k = 0; k < pz.n_pieces; k++) {
    pc_scorer p;
    cr_assert_eq(pc_scorer_init(&p, pz.grid, pz.pieces[k].cells, pz.pieces[k].size), PC_OK);
    inside += p.n_edges;
    pc_scorer_free(&p);
  }
  cr_expect_eq(inside, 96);
  /* So every solution has 156 - 96 = 60 edges between pieces, what a
     perfectly symmetric one would score. */
  pc_puzzle solved;
  int32_t n;
  pc_tiling *t = pc_board_tilings("boards/obeirne.yaml", 1, &solved, &n);
  cr_assert_eq(n, 1);
  cr_expect_eq(pc_score_piece_edges(&s, &t[0]), 60);
  pc_score sc = pc_score_tiling(&s, &t[0]);
  cr_expect_leq(sc.h, 60);
  cr_expect_leq(sc.v, 60);
  pc_tilings_free(t, n);
  pc_puzzle_free(&solved);
  pc_scorer_free(&s);
  pc_puzzle_free(&pz);
}

/* Mirrors map a symmetric board onto itself: every cell has an image and
   mirroring twice is the identity. */
Test(score, mirrors_are_involutions)
{
  const char *boards[] = {"boards/scott.yaml", "boards/obeirne.yaml", "boards/tetra5x5-noH.yaml",
                          "boards/onesided3x30.yaml"};
  for (size_t b = 0; b < sizeof boards / sizeof *boards; b++) {
    pc_puzzle pz;
    pc_scorer s;
    load(boards[b], &pz, &s);
    for (int32_t i = 0; i < pz.n_cells; i++) {
      cr_assert_geq(s.mirror_h[i], 0, "%s", boards[b]);
      cr_assert_geq(s.mirror_v[i], 0, "%s", boards[b]);
      cr_expect_eq(s.mirror_h[s.mirror_h[i]], i);
      cr_expect_eq(s.mirror_v[s.mirror_v[i]], i);
      cr_expect_neq(pc_puzzle_cell_index(&pz, pz.cells[s.mirror_h[i]]), -1);
    }
    pc_scorer_free(&s);
    pc_puzzle_free(&pz);
  }
}

Test(score, knuth_order)
{
  cr_expect_gt(pc_score_cmp((pc_score){52, 27}, (pc_score){32, 50}), 0);
  cr_expect_gt(pc_score_cmp((pc_score){30, 36}, (pc_score){36, 29}), 0);
  cr_expect_eq(pc_score_cmp((pc_score){30, 36}, (pc_score){36, 30}), 0);
  cr_expect_lt(pc_score_cmp((pc_score){51, 0}, (pc_score){0, 52}), 0);
}

/* solve --output writes the 65 representatives; score reads them back and
   finds Figure 1's scores among them, once (on the square board, as the
   representative lies: a quarter turn swaps the two scores). */
Test(score, command_reads_solve_output)
{
  char path[] = "/tmp/polycover-score-XXXXXX";
  int fd = mkstemp(path);
  cr_assert_geq(fd, 0);
  close(fd);
  const char *solve[] = {"solve", "--count", "--output", path, "boards/scott.yaml", NULL};
  pc_run r = pc_run_program(NULL, solve);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  const char *score[] = {"score", "--json", path, NULL};
  r = pc_run_program(NULL, score);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 65);
  uint64_t h = pc_json_get_u64(r.out, "best_horizontal");
  uint64_t v = pc_json_get_u64(r.out, "best_vertical");
  cr_expect((h == 30 && v == 36) || (h == 36 && v == 30), "%s", r.out);
  cr_expect_eq(pc_json_get_u64(r.out, "best_count"), 1);
  cr_expect_eq(pc_json_get_u64(r.out, "edges"), 100);
  pc_run_free(&r);
  unlink(path);
}

Test(score, command_rejects_bad_files)
{
  const char *args[] = {"score", "boards/scott.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "boards/scott.yaml:1:"), "%s", r.err);
  pc_run_free(&r);
  const char *none[] = {"score", NULL};
  r = pc_run_program(NULL, none);
  cr_expect_eq(r.status, 2);
  pc_run_free(&r);
}

/* test_hex.c — the hexagon lattice end to end: its geometry in brick art
   (neighbours, exact sixth turns, the two parities), polyhex enumeration
   against the published counts, the shipped sets and boards against the
   counts of an independent script and across the engines, the symmetry
   group of a hexagon, the three-coloring, scores, and located errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_check.h"
#include "poly/coloring.h"
#include "poly/polyform.h"
#include "poly/score.h"
#include "poly/shape.h"
#include "poly/symmetry.h"
#include "support.h"

static const pc_grid *hex(void) { return pc_grid_get(PC_GRID_HEX); }

static bool same(pc_cell a, pc_cell b) { return a.c == b.c && a.r == b.r; }

Test(hex, names)
{
  const pc_grid *g = pc_grid_by_name("hex");
  cr_assert_eq(g, hex());
  cr_expect_eq(pc_grid_kind_of(g), PC_GRID_HEX);
  cr_expect_eq(pc_grid_transforms(g), 12);
  cr_expect_eq(pc_grid_rotations(g), 6);
  cr_expect_str_eq(pc_grid_family(g), "polyhexes");
  cr_expect_eq(pc_grid_letter(g), 'H');
  cr_expect_not(pc_grid_segments(g));
  cr_expect(strstr(pc_grid_names(), "hex"));
}

/* Row neighbours two columns away, the rows above and below one column
   off; both parities are cells, every translation allowed. */
Test(hex, neighbours_and_parities)
{
  pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
  const pc_cell want[6] = {{-2, 0}, {2, 0}, {-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
  cr_assert_eq(pc_grid_neighbours(hex(), (pc_cell){0, 0}, nb), 6);
  for (int i = 0; i < 6; i++) cr_expect(same(nb[i], want[i]), "neighbour %d", i);
  cr_expect(pc_grid_is_cell(hex(), (pc_cell){1, 0}));
  cr_expect(pc_grid_is_translation(hex(), 1, 0));
  cr_expect(pc_grid_compatible(hex(), (pc_cell){0, 0}, (pc_cell){3, 1}));
  cr_expect_not(pc_grid_compatible(hex(), (pc_cell){0, 0}, (pc_cell){1, 0}));
  cr_expect(pc_grid_compatible(pc_grid_get(PC_GRID_SQUARE), (pc_cell){0, 0}, (pc_cell){1, 0}));
  cr_expect_eq(pc_grid_ascii_cell(hex(), 3, 0, 'A'), 1);
  cr_expect_eq(pc_grid_ascii_cell(hex(), 3, 0, '.'), 0);
  cr_expect_eq(pc_grid_ascii_cell(hex(), 3, 0, '\t'), -1);
  cr_expect_eq(pc_grid_ascii_blank(hex()), ' ');
}

/* Centres in exact units: x = c half-widths, y = r rows of 3/2 sides. A
   sixth of a turn about (0, 0), or about (1, 0) for the odd parity, is
   x' = (x - 3y) / 2, y' = (x + y) / 2 in these units; the mirror is
   c -> -c about the same centre. */
Test(hex, sixth_turn_is_exact)
{
  for (int r = -6; r <= 6; r++)
    for (int c = -6; c <= 6; c++) {
      int shift = (c + r) & 1, x = c - shift;
      pc_cell y = pc_grid_transform(hex(), 1, (pc_cell){c, r});
      cr_assert_eq(2 * (y.c - shift), x - 3 * r, "(%d, %d)", c, r);
      cr_assert_eq(2 * y.r, x + r, "(%d, %d)", c, r);
      pc_cell m = pc_grid_transform(hex(), 6, (pc_cell){c, r});
      cr_assert(same(m, (pc_cell){2 * shift - c, r}), "(%d, %d)", c, r);
    }
  /* The six around (0, 0) go round in one cycle. */
  const pc_cell ring[6] = {{2, 0}, {1, 1}, {-1, 1}, {-2, 0}, {-1, -1}, {1, -1}};
  pc_cell x = ring[0];
  for (int i = 0; i < 6; i++) {
    cr_expect(same(x, ring[i]), "step %d: (%d, %d)", i, x.c, x.r);
    x = pc_grid_transform(hex(), 1, x);
  }
  cr_expect(same(x, ring[0]));
}

/* OEIS A000228 (free polyhexes) and A006535 (one-sided), n = 1..7. */
Test(hex, polyhex_counts)
{
  static const int32_t free_counts[] = {1, 1, 3, 7, 22, 82, 333};
  static const int32_t one_sided[] = {1, 1, 3, 10, 33, 147, 620};
  for (int32_t n = 1; n <= 7; n++) {
    pc_polyforms p;
    cr_assert_eq(pc_polyforms_make(hex(), n, false, &p), PC_OK);
    cr_expect_eq(p.count, free_counts[n - 1], "free, %d cells: %d", (int)n, (int)p.count);
    pc_polyforms_free(&p);
    cr_assert_eq(pc_polyforms_make(hex(), n, true, &p), PC_OK);
    cr_expect_eq(p.count, one_sided[n - 1], "one-sided, %d cells: %d", (int)n, (int)p.count);
    cr_expect_eq(p.free_count, free_counts[n - 1]);
    pc_polyforms_free(&p);
  }
  const char *args[] = {"pieces", "--grid", "hex", "--size", "6", "--count", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_str_eq(r.out, "82\n");
  pc_run_free(&r);
}

/* The shipped sets hold every free polyhex of their size once. */
Test(hex, shipped_sets)
{
  pc_expect_set_is_all("pieces/tetrahexes.yaml", hex(), 4, false, 7);
  pc_expect_set_is_all("pieces/pentahexes.yaml", hex(), 5, false, 22);
}

/* The boards' counts (an independent script's, boards/README.md): both
   searches agree, and every engine finds DLX's solutions. */
Test(hex, boards)
{
  static const struct {
    const char *name;
    uint64_t all, unique;
    int32_t symmetries;
  } boards[] = {{"tetrahex4x7", 18, 9, 2}, {"tetrahex3x10", 8, 2, 4}};
  const pc_engine *engines[] = {&pc_engine_bitdlx, &pc_engine_bitsweep};
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) {
    char path[128];
    snprintf(path, sizeof path, "boards/%s.yaml", boards[i].name);
    for (int all = 0; all < 2; all++) {
      pc_solved r = pc_solve_board_as(path, all);
      cr_expect_eq(r.solutions, boards[i].all, "%s", path);
      cr_expect_eq(r.unique, boards[i].unique, "%s", path);
      cr_expect_eq(r.symmetries, boards[i].symmetries, "%s", path);
    }
    for (int e = 0; e < 2; e++)
      cr_expect_eq(pc_check_board(engines[e], boards[i].name, e == 0), boards[i].all, "%s",
                   path);
  }
}

static void load(const char *path, pc_puzzle *pz, pc_matrix *m)
{
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_matrix_build(pz, m, &err), PC_OK, "%s: %s", path, err.msg);
}

/* A hexagon has all 12 symmetries; its tilings by straight trihexes are
   each fixed by a third of a turn: 4 in all, one class (the fixture). */
Test(hex, hexagon_symmetry_and_stabilizers)
{
  const char *path = "tests/data/boards/hex_hexagon3.yaml";
  pc_puzzle pz;
  pc_matrix m;
  load(path, &pz, &m);
  pc_symmetry g;
  cr_assert_eq(pc_symmetry_find(&pz, &g), PC_OK);
  cr_expect_eq(g.order, 12);
  cr_expect_eq(pc_symmetry_rotations(&g, pz.grid), 6);
  pc_symmetry_free(&g);
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
  for (int all = 0; all < 2; all++) {
    pc_solved r = pc_solve_board_as(path, all);
    cr_expect_eq(r.solutions, 4);
    cr_expect_eq(r.unique, 1);
  }
}

/* The three-coloring refutes the ring (0+3+3 against 1+1+1 per trihex),
   which DLX confirms; it lets the holed hexagon through. */
Test(hex, three_coloring)
{
  char why[1024] = "";
  pc_puzzle pz;
  pc_matrix m;
  load("tests/data/boards/hex_ring.yaml", &pz, &m);
  cr_expect(pc_coloring_refutes(&pz, &m, why, sizeof why));
  cr_expect(strstr(why, "three colors"), "%s", why);
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
  cr_expect_eq(pc_solve_board_as("tests/data/boards/hex_ring.yaml", true).solutions, 0);
  load("tests/data/boards/hex_hexagon3.yaml", &pz, &m);
  cr_expect_not(pc_coloring_refutes(&pz, &m, NULL, 0));
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
}

/* Knuth's scores carry over: on the long hexagon, symmetric under both
   mirrors, each mirror maps every cell onto its mirror image: columns
   0..18 left to right, rows 0..2 top to bottom. */
Test(hex, score_mirrors)
{
  pc_puzzle pz;
  pc_matrix m;
  load("boards/tetrahex3x10.yaml", &pz, &m);
  pc_scorer s;
  cr_assert_eq(pc_scorer_init(&s, pz.grid, pz.cells, pz.n_cells), PC_OK);
  /* 28 hexagons in rows of 9, 10 and 9: 8 + 9 + 8 in rows, 18 + 18 between. */
  cr_expect_eq(s.n_edges, 61);
  for (int32_t i = 0; i < pz.n_cells; i++) {
    pc_cell x = pz.cells[i];
    cr_assert_geq(s.mirror_h[i], 0);
    cr_assert_geq(s.mirror_v[i], 0);
    cr_expect(same(pz.cells[s.mirror_h[i]], (pc_cell){18 - x.c, x.r}), "(%d, %d)", x.c, x.r);
    cr_expect(same(pz.cells[s.mirror_v[i]], (pc_cell){x.c, 2 - x.r}), "(%d, %d)", x.c, x.r);
  }
  pc_scorer_free(&s);
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
}

/* Bad input is located and exits 2. */
static void expect_error(const char *yaml, const char *where, const char *message)
{
  char *dir = pc_scratch_dir("/tmp/pc-hex-XXXXXX"), *path = pc_path_in(dir, "b.yaml");
  pc_write_file(path, yaml, strlen(yaml));
  pc_expect_refused_at(path, path, where, message);
  free(path);
  pc_remove_tree(dir);
  free(dir);
}

Test(hex, located_errors)
{
  expect_error("grid: hex\npieces: tetrahexes\nboard: |\n  # # #\n  ## #\n", "5:3",
               "character '#' is half a cell off the first cell in hex art");
  expect_error("grid: hex\npieces: tetrahexes\nboard: \"# #\\t#\"\n", "3:12",
               "cannot stand here in hex art");
  expect_error("grid: square\npieces: tetrahexes\nboard: \"##\"\n", "2:9",
               "set 'tetrahexes' is for the hex grid, the board is square");
  expect_error("grid: hex\npieces:\n  pieces:\n    A:\n      cells: [[0, 0], [1, 0]]\n"
               "board: \"# #\"\n",
               "5:23", "naming a hex cell of the first cell's parity");
  /* Parity is hex's alone: the stick grid's message said "on hex" too. */
  expect_error("grid: stick\npieces:\n  pieces:\n    A:\n      cells: [[0, 0], [1, 0]]\n"
               "board: \"+-+\"\n",
               "5:15", "naming a stick cell\n");
  expect_error("grid: hexagon\npieces: tetrahexes\nboard: \"#\"\n", "1:7",
               "unknown grid (square, triangle, stick, hex, cube or sphere)");
}

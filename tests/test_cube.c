/* test_cube.c — the cubic lattice end to end: its 48 symmetries (a group,
   24 rotations), polycube enumeration against the published counts, the
   shipped sets, the Soma cube and the planar pentacube boxes against their
   published counts with both searches and every engine, 3-D art (layers,
   boxes, solution files), rows, xc and estimate, and located errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_check.h"
#include "poly/polyform.h"
#include "poly/shape.h"
#include "poly/solfile.h"
#include "poly/symmetry.h"
#include "support.h"

static const pc_grid *cube(void) { return pc_grid_get(PC_GRID_CUBE); }

static bool same(pc_cell a, pc_cell b) { return a.c == b.c && a.r == b.r && a.l == b.l; }

/* Every cell of [-2, 2]^3. */
#define SIDE 5
#define PATCH (SIDE * SIDE * SIDE)
static void patch(pc_cell *out)
{
  for (int i = 0; i < PATCH; i++)
    out[i] = (pc_cell){i % SIDE - 2, i / SIDE % SIDE - 2, i / (SIDE * SIDE) - 2};
}

/* Which transform maps the patch's cells to `image`, or -1. */
static int which(const pc_cell *cells, const pc_cell *image)
{
  for (int t = 0; t < 48; t++) {
    bool all = true;
    for (int i = 0; i < PATCH && all; i++)
      all = same(pc_grid_transform(cube(), t, cells[i]), image[i]);
    if (all) return t;
  }
  return -1;
}

/* The transforms are 48 distinct symmetries (neighbours to neighbours),
   closed under composition, the first 24 a subgroup (the rotations, which
   keep handedness); transform 24 is the mirror c -> -c. */
Test(cube, symmetry_group)
{
  pc_cell cells[PATCH], image[PATCH];
  patch(cells);
  cr_assert_eq(pc_grid_transforms(cube()), 48);
  cr_assert_eq(pc_grid_rotations(cube()), 24);
  cr_assert_eq(pc_grid_dimensions(cube()), 3);
  for (int a = 0; a < 48; a++) {
    for (int i = 0; i < PATCH; i++) image[i] = pc_grid_transform(cube(), a, cells[i]);
    cr_expect_eq(which(cells, image), a, "transform %d is not distinct", a);
    for (int b = 0; b < 48; b++) {
      for (int i = 0; i < PATCH; i++)
        image[i] = pc_grid_transform(cube(), b, pc_grid_transform(cube(), a, cells[i]));
      int t = which(cells, image);
      cr_assert_geq(t, 0, "%d then %d is no transform", a, b);
      cr_expect_eq(t < 24, (a < 24) == (b < 24), "%d then %d: handedness", a, b);
    }
  }
  pc_cell x = pc_grid_transform(cube(), 24, (pc_cell){2, 3, 5});
  cr_expect(same(x, (pc_cell){-2, 3, 5}));
  pc_cell nb[PC_GRID_MAX_NEIGHBOURS], ynb[PC_GRID_MAX_NEIGHBOURS];
  cr_assert_eq(pc_grid_neighbours(cube(), (pc_cell){0, 0, 0}, nb), 6);
  for (int t = 0; t < 48; t++) {
    pc_cell y = pc_grid_transform(cube(), t, (pc_cell){1, 2, 3});
    cr_assert_eq(pc_grid_neighbours(cube(), (pc_cell){1, 2, 3}, nb), 6);
    cr_assert_eq(pc_grid_neighbours(cube(), y, ynb), 6);
    for (int j = 0; j < 6; j++) {
      pc_cell z = pc_grid_transform(cube(), t, nb[j]);
      bool found = false;
      for (int k = 0; k < 6; k++) found |= same(z, ynb[k]);
      cr_expect(found, "transform %d loses a neighbour", t);
    }
  }
}

/* OEIS A038119 (mirror images identified) and A000162 (told apart). */
Test(cube, polycube_counts)
{
  static const int32_t free_counts[] = {1, 1, 2, 7, 23, 112};
  static const int32_t one_sided[] = {1, 1, 2, 8, 29, 166};
  for (int32_t n = 1; n <= 6; n++) {
    pc_polyforms p;
    cr_assert_eq(pc_polyforms_make(cube(), n, false, &p), PC_OK);
    cr_expect_eq(p.count, free_counts[n - 1], "free, %d cubes: %d", (int)n, (int)p.count);
    pc_polyforms_free(&p);
    cr_assert_eq(pc_polyforms_make(cube(), n, true, &p), PC_OK);
    cr_expect_eq(p.count, one_sided[n - 1], "one-sided, %d cubes: %d", (int)n, (int)p.count);
    cr_expect_eq(p.free_count, free_counts[n - 1]);
    pc_polyforms_free(&p);
  }
  const char *args[] = {"pieces", "--grid", "cube", "--size", "5", "--one-sided", "--count",
                        NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_str_eq(r.out, "29\n");
  pc_run_free(&r);
}

static void load_set(const char *file, pc_pieceset *set)
{
  pc_error err = {0};
  cr_assert_eq(pc_pieceset_load(file, set, &err), PC_OK, "%s:%d:%d: %s", file, err.line,
               err.column, err.msg);
  cr_assert_eq(set->grid, cube());
  cr_expect_str_eq(set->warning, "", "%s", file);
}

Test(cube, shipped_sets)
{
  /* Every polycube of 5 once, mirror images pieces of their own. */
  pc_expect_set_is_all("pieces/pentacubes.yaml", cube(), 5, true, 29);
  /* The pentominoes lifted onto the cube grid are the 12 planar
     pentacubes: flat, and distinct as solids. */
  pc_pieceset set;
  pc_error err = {0};
  cr_assert_eq(pc_pieceset_load("pieces/pentominoes.yaml", &set, &err), PC_OK, "%s", err.msg);
  cr_assert(pc_pieceset_lift(&set, cube()));
  cr_expect(set.planar);
  cr_assert_eq(set.n_pieces, 12);
  pc_cell *canon = calloc(12 * 5, sizeof *canon);
  for (int32_t k = 0; k < 12; k++) {
    cr_assert_eq(set.pieces[k].size, 5);
    for (int32_t i = 0; i < 5; i++) cr_expect_eq(set.pieces[k].cells[i].l, 0);
    memcpy(canon + 5 * k, set.pieces[k].cells, 5 * sizeof *canon);
    cr_assert_eq(pc_polyform_canonical(cube(), canon + 5 * k, 5, false), PC_OK);
    for (int32_t j = 0; j < k; j++)
      cr_expect(memcmp(canon + 5 * j, canon + 5 * k, 5 * sizeof *canon), "%d = %d", j, k);
  }
  free(canon);
  cr_expect_not(pc_pieceset_lift(&set, pc_grid_get(PC_GRID_HEX)), "only square sets lift");
  pc_pieceset_free(&set);
  /* Soma: three tricubes and tetracubes that are no boxes, the screws A
     and B mirror images of each other and of nothing else. */
  load_set("pieces/soma.yaml", &set);
  cr_assert_eq(set.n_pieces, 7);
  cr_expect(set.one_sided);
  int32_t cubes = 0;
  for (int32_t k = 0; k < set.n_pieces; k++) {
    cubes += set.pieces[k].size;
    bool chiral = !pc_shape_mirror_symmetric(cube(), set.pieces[k].cells, set.pieces[k].size);
    cr_expect_eq(chiral, set.pieces[k].name[0] == 'A' || set.pieces[k].name[0] == 'B', "%s",
                 set.pieces[k].name);
  }
  cr_expect_eq(cubes, 27);
  pc_pieceset_free(&set);
}

/* `solve --count` with an engine: its solutions and classes. */
static void expect_cli_counts(const char *board, const char *engine, const char *all,
                              uint64_t solutions, uint64_t unique)
{
  const char *args[] = {"solve", "--count", "--engine", engine, board, all, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  char want[64];
  snprintf(want, sizeof want, "solutions: %llu\n", (unsigned long long)solutions);
  cr_expect(strstr(r.out, want), "%s %s %s: want %s in %s", board, engine, all ? all : "", want,
            r.out);
  snprintf(want, sizeof want, "unique: %llu\n", (unsigned long long)unique);
  cr_expect(strstr(r.out, want), "%s %s: want %s in %s", board, engine, want, r.out);
  pc_run_free(&r);
}

/* Both searches (library, DLX), the engines against DLX on the full
   matrix, and the program with each engine, reduced and --all. */
static void expect_board(const char *name, uint64_t all, uint64_t unique, int32_t symmetries,
                         bool every_engine)
{
  char path[128];
  snprintf(path, sizeof path, "boards/%s.yaml", name);
  for (int a = 0; a < 2; a++) {
    pc_solved r = pc_solve_board_as(path, a);
    cr_expect_eq(r.solutions, all, "%s", path);
    cr_expect_eq(r.unique, unique, "%s", path);
    cr_expect_eq(r.symmetries, symmetries, "%s", path);
  }
  if (!every_engine) return;
  cr_expect_eq(pc_check_board(&pc_engine_bitdlx, name, true), all, "%s", name);
  cr_expect_eq(pc_check_board(&pc_engine_bitsweep, name, false), all, "%s", name);
  const char *engines[] = {"dlx", "bitdlx", "bits", "auto"};
  for (int e = 0; e < 4; e++) {
    expect_cli_counts(name, engines[e], NULL, all, unique);
    expect_cli_counts(name, engines[e], "--all", all, unique);
  }
}

/* Conway and Guy's 240, times the cube's 48 symmetries (the reflections
   swap the screws A and B). */
Test(cube, soma, .timeout = 300) { expect_board("soma", 11520, 240, 48, true); }

Test(cube, planar_pentacubes_2x3x10, .timeout = 300)
{
  expect_board("planar2x3x10", 96, 12, 8, true);
}

Test(cube, planar_pentacubes_2x5x6, .timeout = 600)
{
  expect_board("planar2x5x6", 2112, 264, 8, false);
}

Test(long, planar_pentacubes_engines, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  expect_board("planar2x5x6", 2112, 264, 8, true);
  expect_board("planar3x4x5", 31520, 3940, 8, true);
}

/* `rows` writes the whole matrix, which `xc` counts as solve --all does;
   `estimate` walks the reduced search that solve makes, whose tree (4,860
   DLX nodes) its 10,000 paths enumerate whole: the exact figures. */
Test(cube, rows_and_estimate)
{
  pc_run rows = pc_run_program(NULL, (const char *[]){"rows", "boards/soma.yaml", NULL});
  cr_assert_eq(rows.status, 0, "%s", rows.err);
  char *dir = pc_scratch_dir("/tmp/pc-cube-XXXXXX"), *dlx = pc_path_in(dir, "soma.dlx");
  pc_write_file(dlx, rows.out, strlen(rows.out));
  pc_run xc = pc_run_program(NULL, (const char *[]){"xc", "--json", dlx, NULL});
  cr_expect_eq(pc_json_get_u64(xc.out, "solutions"), 11520, "%s", xc.out);
  pc_run solve = pc_run_program(
      NULL, (const char *[]){"solve", "--count", "--json", "--engine", "dlx", "boards/soma.yaml",
                             NULL});
  pc_run est = pc_run_program(NULL, (const char *[]){"estimate", "--json", "boards/soma.yaml",
                                                    NULL});
  cr_assert_eq(est.status, 0, "%s", est.err);
  cr_expect_eq(pc_json_get_double(est.out, "nodes"), (double)pc_json_get_u64(solve.out, "nodes"),
               "%s vs %s", est.out, solve.out);
  cr_expect_eq(pc_json_get_double(est.out, "updates"),
               (double)pc_json_get_u64(solve.out, "updates"));
  cr_expect_eq(pc_json_get_double(est.out, "nodes_se"), 0.0);
  pc_run_free(&rows), pc_run_free(&xc), pc_run_free(&solve), pc_run_free(&est);
  pc_remove_tree(dir);
  free(dlx), free(dir);
}

/* The scores' mirrors on cubes keep the layers: c -> -c, and r -> -r. */
Test(cube, score_mirrors)
{
  pc_cell h = pc_grid_transform(cube(), pc_grid_mirror_h(cube()), (pc_cell){2, 3, 5});
  pc_cell v = pc_grid_transform(cube(), pc_grid_mirror_v(cube()), (pc_cell){2, 3, 5});
  cr_expect(same(h, (pc_cell){-2, 3, 5}));
  cr_expect(same(v, (pc_cell){2, -3, 5}));
}

/* Bad input is located and exits 2. */
static void expect_error(const char *yaml, const char *where, const char *message)
{
  char *dir = pc_scratch_dir("/tmp/pc-cube-XXXXXX"), *path = pc_path_in(dir, "b.yaml");
  pc_write_file(path, yaml, strlen(yaml));
  pc_expect_refused_at(path, path, where, message);
  free(path);
  pc_remove_tree(dir);
  free(dir);
}

Test(cube, located_errors)
{
  expect_error("grid: cube\npieces: soma\nboard:\n  - |\n    ###\n    ###\n    ###\n"
               "  - |\n    ###\n    ###\n",
               "8:5", "layer 2 has 2 rows but layer 1 has 3");
  expect_error("grid: square\npieces: soma\nboard: \"##\"\n", "2:9",
               "set 'soma' is for the cube grid, the board is square");
  expect_error("grid: cube\npieces: hexiamonds\nboard: \"##\"\n", "2:9",
               "set 'hexiamonds' is for the triangle grid, the board is cube");
  expect_error("grid: square\npieces: pentominoes\nboard:\n  - \"##\"\n", "4:3",
               "expected ASCII art (a string)");
  expect_error("grid: cube\npieces: soma\nboard:\n  size: [3, 0, 9]\n", "4:9",
               "a box is size: [columns, rows, layers]");
  /* A label in the second layer is found there. */
  expect_error("grid: cube\npieces: soma\nboard:\n  - |\n    ###\n    ###\n    ###\n"
               "  - |\n    ###\n    #Q#\n    ###\n  - |\n    ###\n    ###\n    ###\n",
               "10:6", "'Q' is not a piece of this puzzle");
  expect_error("grid: cube\npieces:\n  pieces:\n    A:\n      - \"##\"\n      - \"#.\\n#.\"\n"
               "board:\n  size: [1, 1, 3]\n",
               "6:9", "layer 2 has 2 rows but layer 1 has 1");
}

/* Art in layers and as a box give the same board; a pre-placed piece in a
   layer stays; the text of a solution shows the layers, and a solution
   file gives back the cells with their layers. */
Test(cube, layers_and_solution_files)
{
  char *dir = pc_scratch_dir("/tmp/pc-cube-XXXXXX"), *path = pc_path_in(dir, "b.yaml"),
       *out = pc_path_in(dir, "s.txt");
  const char *yaml = "grid: cube\npieces: soma\nboard:\n  - |\n    ###\n    ###\n    ###\n"
                     "  - |\n    ###\n    ###\n    ###\n  - |\n    ###\n    ###\n    ###\n";
  pc_write_file(path, yaml, strlen(yaml));
  pc_solved a = pc_solve_board_as(path, false), b = pc_solve_board_as("boards/soma.yaml", false);
  cr_expect_eq(a.solutions, b.solutions);
  cr_expect_eq(a.unique, b.unique);
  const char *args[] = {"solve", "-n", "1", "-j", "1", "-o", out, path, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "layer 1\n") && strstr(r.out, "layer 3\n"), "%s", r.out);
  pc_run_free(&r);
  pc_solfile f;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(out, &f, &err), PC_OK, "%d:%d: %s", err.line, err.column, err.msg);
  cr_assert_eq(f.pz.n_cells, 27);
  cr_expect(same(f.pz.cells[26], (pc_cell){2, 2, 2}));
  cr_assert_eq(f.n_solutions, 1);
  for (int32_t i = 0; i < 27; i++) cr_expect_geq(f.solutions[0].piece[i], 0);
  pc_solfile_free(&f);
  free(path);
  free(out);
  pc_remove_tree(dir);
  free(dir);
}

/* `pieces` writes solids as layers that load back as the same set. */
Test(cube, written_sets_load_back)
{
  char *dir = pc_scratch_dir("/tmp/pc-cube-XXXXXX"), *path = pc_path_in(dir, "p.yaml");
  const char *args[] = {"pieces", "--grid", "cube", "--size", "4", "--one-sided", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_write_file(path, r.out, strlen(r.out));
  pc_run_free(&r);
  pc_expect_set_is_all(path, cube(), 4, true, 8);
  free(path);
  pc_remove_tree(dir);
  free(dir);
}

/* test_sphere.c — balls on the face-centred cubic lattice: its geometry
   (12 neighbours, the 48 transforms, art places to balls and back, layers
   resting half a ball apart), the trispheres, one-sided pieces (a flat
   one turns over), the Kanoodle pyramid against a matrix written
   independently (tests/data/scripts/kanoodle_pyramid.py) with both
   searches and every engine (the bit sweep in check-long), its solution
   files and estimate, and located errors. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine_check.h"
#include "poly/polyform.h"
#include "poly/shape.h"
#include "poly/solfile.h"
#include "support.h"

static const pc_grid *sphere(void) { return pc_grid_get(PC_GRID_SPHERE); }

static bool same(pc_cell a, pc_cell b) { return a.c == b.c && a.r == b.r && a.l == b.l; }

static bool touch(pc_cell a, pc_cell b)
{
  pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
  int n = pc_grid_neighbours(sphere(), a, nb);
  for (int i = 0; i < n; i++)
    if (same(nb[i], b)) return true;
  return false;
}

/* Balls touch at distance sqrt 2: (±1, ±1, 0) and permutations; every
   transform keeps balls and touching; art places map to balls and back. */
Test(sphere, geometry)
{
  cr_expect(pc_grid_is_cell(sphere(), (pc_cell){1, 1, 0}));
  cr_expect_not(pc_grid_is_cell(sphere(), (pc_cell){1, 0, 0}));
  for (int x = -2; x <= 2; x++)
    for (int y = -2; y <= 2; y++)
      for (int z = -2; z <= 2; z++) {
        pc_cell a = {x, y, z}, nb[PC_GRID_MAX_NEIGHBOURS];
        if (!pc_grid_is_cell(sphere(), a)) continue;
        cr_assert_eq(pc_grid_neighbours(sphere(), a, nb), 12);
        for (int i = 0; i < 12; i++) {
          int d = abs(nb[i].c - x) + abs(nb[i].r - y) + abs(nb[i].l - z);
          cr_expect_eq(d, 2);
          cr_expect(touch(nb[i], a));
          for (int t = 0; t < 48; t++)
            cr_expect(touch(pc_grid_transform(sphere(), t, a),
                            pc_grid_transform(sphere(), t, nb[i])));
        }
        cr_expect(same(pc_grid_from_art(sphere(), pc_grid_to_art(sphere(), a).c,
                                        pc_grid_to_art(sphere(), a).r, z), a));
      }
}

/* In a layer art neighbours touch; a ball of the layer above rests on the
   four below it, half a ball left and up in their art. */
Test(sphere, layers)
{
  pc_cell a = pc_grid_from_art(sphere(), 2, 3, 1);
  cr_expect(touch(a, pc_grid_from_art(sphere(), 3, 3, 1)));
  cr_expect(touch(a, pc_grid_from_art(sphere(), 2, 4, 1)));
  cr_expect_not(touch(a, pc_grid_from_art(sphere(), 3, 4, 1)));
  int below = 0;
  for (int c = 0; c < 6; c++)
    for (int r = 0; r < 6; r++) below += touch(a, pc_grid_from_art(sphere(), c, r, 0));
  cr_expect_eq(below, 4);
  for (int k = 0; k < 4; k++)
    cr_expect(touch(a, pc_grid_from_art(sphere(), 2 + k % 2, 3 + k / 2, 0)));
}

/* The scores' mirrors mirror every layer's art about one line: the
   left-right one c -> -c - l, the top-bottom one r -> -r - l (each layer
   sits half a ball off the one below), layers kept. */
Test(sphere, score_mirrors)
{
  for (int c = -2; c <= 2; c++)
    for (int r = -2; r <= 2; r++)
      for (int l = 0; l <= 3; l++) {
        const pc_grid *g = sphere();
        pc_cell a = pc_grid_from_art(g, c, r, l);
        pc_cell h = pc_grid_to_art(g, pc_grid_transform(g, pc_grid_mirror_h(g), a));
        pc_cell v = pc_grid_to_art(g, pc_grid_transform(g, pc_grid_mirror_v(g), a));
        cr_expect(same(h, (pc_cell){-c - l, r, l}), "(%d, %d, %d): %d %d %d", c, r, l, h.c, h.r,
                  h.l);
        cr_expect(same(v, (pc_cell){c, -r - l, l}), "(%d, %d, %d): %d %d %d", c, r, l, v.c, v.r,
                  v.l);
      }
}

/* Three balls: in a line, bent at 90 or 120 degrees, or a triangle. */
Test(sphere, trispheres)
{
  pc_polyforms p;
  cr_assert_eq(pc_polyforms_make(sphere(), 3, false, &p), PC_OK);
  cr_expect_eq(p.count, 4);
  pc_polyforms_free(&p);
}

/* One-sided polyspheres of 1 to 6 balls; free ones unchanged. A flat
   piece turns over, so it has no mirror twin: the three balls of every
   trisphere lie in a plane, and one-sided they are the 4 free ones. The
   one-sided figures come from an independent enumeration (a Python
   script: every fixed polysphere grown ball by ball from the 12
   neighbours, classed under the 24 rotations, or under all 48 symmetries
   when its balls are coplanar). */
Test(sphere, one_sided_counts)
{
  static const int32_t free_count[] = {1, 1, 4, 20, 131, 1211},
                       one_sided[] = {1, 1, 4, 25, 210, 2209};
  for (int32_t n = 1; n <= 6; n++)
    for (int sided = 0; sided < 2; sided++) {
      pc_polyforms p;
      cr_assert_eq(pc_polyforms_make(sphere(), n, sided, &p), PC_OK);
      cr_expect_eq(p.count, sided ? one_sided[n - 1] : free_count[n - 1], "%d balls: %d", n,
                   p.count);
      for (int32_t i = 0; sided && i < p.count; i++)
        if (pc_shape_coplanar(p.cells + (size_t)i * (size_t)n, n)) cr_expect_not(p.mirror[i]);
      pc_polyforms_free(&p);
    }
}

/* Orientations of a piece (one-sided or free). */
static int orientations(const pc_cell *cells, int32_t n, bool one_sided)
{
  pc_orients o;
  cr_assert_eq(pc_orients_make(sphere(), cells, n, one_sided, &o), PC_OK);
  int count = o.count;
  pc_orients_free(&o);
  return count;
}

/* Three balls bent at 120 degrees lie in a plane x - y - z = 0, where the
   lattice's rotations act as 3 turns and 3 mirrors only, and a mirror
   about the bend is not among them: one-sided, the piece still takes
   every orientation, as a real one turned over does. A twisted path of 4
   balls is chiral: half of its orientations. */
Test(sphere, flat_pieces_turn_over)
{
  const pc_cell bent[] = {{0, 0, 0}, {1, 1, 0}, {2, 1, 1}};
  const pc_cell twisted[] = {{0, 0, 0}, {1, 1, 0}, {2, 1, 1}, {2, 2, 2}};
  cr_expect(pc_shape_coplanar(bent, 3));
  cr_expect_not(pc_shape_coplanar(twisted, 4));
  cr_expect_eq(orientations(bent, 3, true), orientations(bent, 3, false));
  cr_expect(pc_shape_mirror_symmetric(sphere(), bent, 3));
  cr_expect_eq(2 * orientations(twisted, 4, true), orientations(twisted, 4, false));
  cr_expect_not(pc_shape_mirror_symmetric(sphere(), twisted, 4));
}

/* A 4 x 3 rhombus of balls in the plane x - y - z = 0 filled with the
   four trispheres, any number of each: the one-sided set that `pieces`
   writes gives the free set's solutions (placed by rotations only, the
   bent B4 missed half of its placements: 17). A board's one_sided entry
   adds no mirror twin to a flat piece: two bent pieces fill 3 x 2. */
Test(sphere, one_sided_flat_pieces_solve)
{
  char *dir = pc_scratch_dir("/tmp/pc-sphere-XXXXXX"), *set = pc_path_in(dir, "tri.yaml"),
       *board = pc_path_in(dir, "b.yaml");
  for (int sided = 0; sided < 2; sided++) {
    const char *args[] = {"pieces", "--grid", "sphere", "--size", "3", sided ? "-1" : NULL,
                          NULL};
    pc_run r = pc_run_program(NULL, args);
    cr_assert_eq(r.status, 0, "%s", r.err);
    pc_write_file(set, r.out, strlen(r.out));
    pc_run_free(&r);
    const char *b = "grid: sphere\npieces:\n  - set: tri\n    only: [B1, B2, B3, B4]\n"
                    "    copies: any\nboard: [\"####\", \"####\", \"####\"]\n";
    pc_write_file(board, b, strlen(b));
    pc_solved s = pc_solve_board(board);
    cr_expect_eq(s.solutions, 33, "%s: %llu", sided ? "one-sided" : "free",
                 (unsigned long long)s.solutions);
    cr_expect_eq(s.unique, 21);
  }
  const char *b = "grid: sphere\npieces:\n  - pieces: {V: [\"##\", \".#\"]}\n"
                  "    one_sided: true\n    copies: 2\nboard: [\"###\", \"###\"]\n";
  pc_write_file(board, b, strlen(b));
  cr_expect_eq(pc_solve_board(board).solutions, 1);
  pc_remove_tree(dir);
  free(set), free(board), free(dir);
}

/* `polycover ARGS`: its output holds `want`. */
static void expect_output(const char *const *args, const char *want)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, want), "%s %s: want %s in %s", args[0], args[1], want, r.out);
  pc_run_free(&r);
}

/* No published count found: the independent script's matrix gives the
   same total, and both searches and every engine agree; the pyramid's 8
   symmetries fix no solution. */
Test(sphere, kanoodle_pyramid, .timeout = 600)
{
  const char *path = "boards/kanoodle-pyramid.yaml";
  for (int all = 0; all < 2; all++) {
    pc_solved r = pc_solve_board_as(path, all);
    cr_expect_eq(r.solutions, 2448);
    cr_expect_eq(r.unique, 306);
    cr_expect_eq(r.symmetries, 8);
    cr_expect_eq(r.options, all ? 1646 : r.options);
  }
  cr_expect_eq(pc_check_board(&pc_engine_bitdlx, "kanoodle-pyramid", true), 2448);
  const char *engines[] = {"dlx", "bitdlx", "auto"};
  for (int e = 0; e < 3; e++) {
    const char *args[] = {"solve", "--count", "--engine", engines[e], path, NULL};
    expect_output(args, "solutions: 2448\n");
  }
  const char *xc[] = {"xc", "--engine", "bitdlx", "tests/data/kanoodle_pyramid.dlx", NULL};
  expect_output(xc, "solutions: 2448\n");
}

/* A solution file of the pyramid reads back (the lattice's rows go
   negative: they were refused), with every ball covered, and draws. */
Test(sphere, solution_files)
{
  char *dir = pc_scratch_dir("/tmp/pc-sphere-XXXXXX"), *out = pc_path_in(dir, "s.sol"),
       *png = pc_path_in(dir, "s.png");
  const char *args[] = {"solve", "-n", "2", "-o", out, "boards/kanoodle-pyramid.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  pc_solfile f;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(out, &f, &err), PC_OK, "%d:%d: %s", err.line, err.column, err.msg);
  cr_assert_eq(f.pz.n_cells, 55);
  cr_assert_eq(f.n_solutions, 2);
  for (int32_t s = 0; s < 2; s++)
    for (int32_t i = 0; i < 55; i++) cr_expect_geq(f.solutions[s].piece[i], 0);
  pc_solfile_free(&f);
  r = pc_run_program(NULL, (const char *[]){"render", out, "--index", "2", "-o", png, NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(out), free(png), free(dir);
}

/* The estimate of the reduced search, from random paths below its top
   levels, within a factor 2 of DLX's real nodes. */
Test(sphere, kanoodle_pyramid_estimate, .timeout = 300)
{
  const char *path = "boards/kanoodle-pyramid.yaml";
  pc_run solve =
      pc_run_program(NULL, (const char *[]){"solve", "--count", "--json", "--engine", "dlx", path,
                                           NULL});
  pc_run est = pc_run_program(NULL, (const char *[]){"estimate", "--json", path, NULL});
  cr_assert_eq(est.status, 0, "%s", est.err);
  double nodes = (double)pc_json_get_u64(solve.out, "nodes");
  double got = pc_json_get_double(est.out, "nodes");
  cr_expect(got > nodes / 2 && got < nodes * 2, "estimated %g nodes, searched %g", got, nodes);
  pc_run_free(&solve), pc_run_free(&est);
}

/* The bit sweep is slow on the pyramid (many long placements): with
   make check-long. */
Test(long, kanoodle_pyramid_bits, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(pc_check_board(&pc_engine_bitsweep, "kanoodle-pyramid", false), 2448);
  const char *args[] = {"solve", "--count", "--engine", "bits", "boards/kanoodle-pyramid.yaml",
                        NULL};
  expect_output(args, "unique: 306\n");
}

/* Bad input is located and exits 2. */
static void expect_error(const char *name, const char *yaml, const char *where,
                         const char *message)
{
  char *dir = pc_scratch_dir("/tmp/pc-sphere-XXXXXX"), *path = pc_path_in(dir, name),
       *board = pc_path_in(dir, "b.yaml");
  pc_write_file(path, yaml, strlen(yaml));
  const char *b = "grid: sphere\npieces: p\nboard: \"###\"\n";
  if (strcmp(name, "b.yaml")) pc_write_file(board, b, strlen(b));
  pc_expect_refused_at(strcmp(name, "b.yaml") ? board : path, path, where, message);
  free(path);
  free(board);
  pc_remove_tree(dir);
  free(dir);
}

Test(sphere, located_errors)
{
  /* Balls stacked in a line up the pyramid's face lie in an upright
     plane; a triangle (a ball on two) does not. */
  expect_error("p.yaml",
               "grid: sphere\nplanar: true\npieces:\n  A:\n    - \"#\"\n    - \"#\"\n"
               "  B:\n    - \"#\"\n    - \"#\"\n    - \"#\"\n  C:\n    - \"##\"\n    - \"#\"\n",
               "11:3", "piece 'C' does not lie in one plane");
  expect_error("b.yaml", "grid: sphere\npieces: tetrahexes\nboard: \"###\"\n", "2:9",
               "set 'tetrahexes' is for the hex grid, the board is sphere");
}

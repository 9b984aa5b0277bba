/* test_grid.c — the grids: names, neighbours, transforms (which must
   be symmetries: neighbours to neighbours, the right orders), translations
   and reading ASCII art. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "poly/grid.h"

static const pc_grid *square(void) { return pc_grid_get(PC_GRID_SQUARE); }
static const pc_grid *triangle(void) { return pc_grid_get(PC_GRID_TRIANGLE); }
static const pc_grid *stick(void) { return pc_grid_get(PC_GRID_STICK); }

static bool same(pc_cell a, pc_cell b) { return a.c == b.c && a.r == b.r && a.l == b.l; }

static bool has(const pc_cell *cells, int n, pc_cell x)
{
  for (int i = 0; i < n; i++)
    if (same(cells[i], x)) return true;
  return false;
}

/* The neighbours of x are exactly `want` (in any order). */
static void expect_neighbours(const pc_grid *g, pc_cell x, const pc_cell *want, int n)
{
  pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
  int k = pc_grid_neighbours(g, x, nb);
  cr_assert_eq(k, n, "%s (%d, %d): %d neighbours, want %d", pc_grid_name(g), x.c, x.r, k, n);
  for (int i = 0; i < n; i++)
    cr_expect(has(nb, k, want[i]), "%s (%d, %d) lacks neighbour (%d, %d)", pc_grid_name(g),
              x.c, x.r, want[i].c, want[i].r);
}

Test(grid, names_and_sizes)
{
  const char *names[] = {"square", "triangle", "stick", "hex", "cube", "sphere"};
  const int transforms[] = {8, 12, 8, 12, 48, 48}, rotations[] = {4, 6, 4, 6, 24, 24};
  for (int k = 0; k < PC_GRID_KINDS; k++) {
    const pc_grid *g = pc_grid_by_name(names[k]);
    cr_assert_not_null(g);
    cr_expect_eq(g, pc_grid_get((pc_grid_kind)k));
    cr_expect_eq(pc_grid_kind_of(g), (pc_grid_kind)k);
    cr_expect_str_eq(pc_grid_name(g), names[k]);
    cr_expect_eq(pc_grid_transforms(g), transforms[k]);
    cr_expect_eq(pc_grid_rotations(g), rotations[k]);
  }
  cr_expect_null(pc_grid_by_name("hexagon"));
  cr_expect_null(pc_grid_by_name("Square"));
  cr_expect_null(pc_grid_by_name(NULL));
}

Test(grid, square_neighbours)
{
  expect_neighbours(square(), (pc_cell){2, 3},
                    (pc_cell[]){{1, 3}, {3, 3}, {2, 2}, {2, 4}}, 4);
}

Test(grid, triangle_neighbours)
{
  /* (0, 0) points up, (1, 0) down, (-1, 4) down, (-2, -3) down. */
  expect_neighbours(triangle(), (pc_cell){0, 0}, (pc_cell[]){{-1, 0}, {1, 0}, {0, 1}}, 3);
  expect_neighbours(triangle(), (pc_cell){1, 0}, (pc_cell[]){{0, 0}, {2, 0}, {1, -1}}, 3);
  expect_neighbours(triangle(), (pc_cell){-1, 4}, (pc_cell[]){{-2, 4}, {0, 4}, {-1, 3}}, 3);
  expect_neighbours(triangle(), (pc_cell){-3, -3}, (pc_cell[]){{-4, -3}, {-2, -3}, {-3, -2}},
                    3);
}

Test(grid, stick_neighbours)
{
  /* A horizontal segment from (0, 0) to (2, 0), a vertical one from
     (0, 0) to (0, 2): the other three segments at each end point. */
  expect_neighbours(stick(), (pc_cell){1, 0},
                    (pc_cell[]){{-1, 0}, {0, -1}, {0, 1}, {3, 0}, {2, -1}, {2, 1}}, 6);
  expect_neighbours(stick(), (pc_cell){0, 1},
                    (pc_cell[]){{-1, 0}, {1, 0}, {0, -1}, {-1, 2}, {1, 2}, {0, 3}}, 6);
  pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
  cr_expect_eq(pc_grid_neighbours(stick(), (pc_cell){2, 2}, nb), 0, "a lattice point");
  cr_expect_eq(pc_grid_neighbours(stick(), (pc_cell){1, 1}, nb), 0, "a square's centre");
}

Test(grid, is_cell)
{
  cr_expect(pc_grid_is_cell(square(), (pc_cell){-3, 5}));
  cr_expect(pc_grid_is_cell(triangle(), (pc_cell){-3, 5}));
  cr_expect(pc_grid_is_cell(stick(), (pc_cell){-3, 0}));
  cr_expect(pc_grid_is_cell(stick(), (pc_cell){-2, -1}));
  cr_expect_not(pc_grid_is_cell(stick(), (pc_cell){-2, 2}));
  cr_expect_not(pc_grid_is_cell(stick(), (pc_cell){-3, 1}));
}

/* Every cell of [-R, R]^2. */
#define R 7
static int patch(const pc_grid *g, pc_cell *out)
{
  int n = 0;
  for (int r = -R; r <= R; r++)
    for (int c = -R; c <= R; c++)
      if (pc_grid_is_cell(g, (pc_cell){c, r})) out[n++] = (pc_cell){c, r};
  return n;
}

Test(grid, neighbours_are_mutual)
{
  pc_cell cells[(2 * R + 1) * (2 * R + 1)];
  for (int k = 0; k < PC_GRID_KINDS; k++) {
    const pc_grid *g = pc_grid_get((pc_grid_kind)k);
    int n = patch(g, cells);
    for (int i = 0; i < n; i++) {
      pc_cell nb[PC_GRID_MAX_NEIGHBOURS], back[PC_GRID_MAX_NEIGHBOURS];
      int m = pc_grid_neighbours(g, cells[i], nb);
      for (int j = 0; j < m; j++) {
        cr_assert(pc_grid_is_cell(g, nb[j]));
        cr_assert_not(same(nb[j], cells[i]));
        int b = pc_grid_neighbours(g, nb[j], back);
        cr_assert(has(back, b, cells[i]), "%s: (%d, %d) -> (%d, %d) not mutual",
                  pc_grid_name(g), cells[i].c, cells[i].r, nb[j].c, nb[j].r);
      }
    }
  }
}

/* Each transform maps cells to cells, is one to one, and maps the
   neighbours of a cell exactly onto the neighbours of its image. */
Test(grid, transforms_are_symmetries)
{
  pc_cell cells[(2 * R + 1) * (2 * R + 1)], images[(2 * R + 1) * (2 * R + 1)];
  for (int k = 0; k < PC_GRID_KINDS; k++) {
    const pc_grid *g = pc_grid_get((pc_grid_kind)k);
    int n = patch(g, cells);
    for (int t = 0; t < pc_grid_transforms(g); t++) {
      for (int i = 0; i < n; i++) {
        pc_cell x = cells[i], y = pc_grid_transform(g, t, x);
        cr_assert(pc_grid_is_cell(g, y), "%s t=%d: (%d, %d) -> (%d, %d) not a cell",
                  pc_grid_name(g), t, x.c, x.r, y.c, y.r);
        cr_assert_not(has(images, i, y), "%s t=%d: not one to one", pc_grid_name(g), t);
        images[i] = y;
        pc_cell nb[PC_GRID_MAX_NEIGHBOURS], ynb[PC_GRID_MAX_NEIGHBOURS];
        int m = pc_grid_neighbours(g, x, nb);
        int ym = pc_grid_neighbours(g, y, ynb);
        cr_assert_eq(m, ym);
        for (int j = 0; j < m; j++)
          cr_assert(has(ynb, ym, pc_grid_transform(g, t, nb[j])),
                    "%s t=%d: a neighbour of (%d, %d) is lost", pc_grid_name(g), t, x.c, x.r);
      }
    }
  }
}

static bool is_identity(const pc_grid *g, pc_cell (*f)(const pc_grid *, pc_cell, int), int arg)
{
  pc_cell cells[(2 * R + 1) * (2 * R + 1)];
  int n = patch(g, cells);
  for (int i = 0; i < n; i++)
    if (!same(f(g, cells[i], arg), cells[i])) return false;
  return true;
}

/* Transform 1 applied `times` times. */
static pc_cell turn(const pc_grid *g, pc_cell x, int times)
{
  for (int i = 0; i < times; i++) x = pc_grid_transform(g, 1, x);
  return x;
}

/* Transform t applied twice. */
static pc_cell twice(const pc_grid *g, pc_cell x, int t)
{
  return pc_grid_transform(g, t, pc_grid_transform(g, t, x));
}

/* The plane lattices' transforms are powers of one turn, and a mirror
   (test_cube.c checks the 3-D group). */
Test(grid, group_structure)
{
  for (int k = 0; k < PC_GRID_KINDS; k++) {
    const pc_grid *g = pc_grid_get((pc_grid_kind)k);
    if (pc_grid_dimensions(g) != 2) continue;
    int rot = pc_grid_rotations(g);
    cr_expect(is_identity(g, twice, 0) && is_identity(g, turn, 0));
    /* Transform 1 is a rotation of order exactly `rot`. */
    for (int i = 1; i < rot; i++)
      cr_expect_not(is_identity(g, turn, i), "%s: rotation^%d is the identity",
                    pc_grid_name(g), i);
    cr_expect(is_identity(g, turn, rot), "%s: rotation^%d is not the identity",
              pc_grid_name(g), rot);
    /* Rotation t is transform 1 applied t times; the reflections are
       involutions. */
    pc_cell cells[(2 * R + 1) * (2 * R + 1)];
    int n = patch(g, cells);
    for (int t = 0; t < rot; t++)
      for (int i = 0; i < n; i++)
        cr_assert(same(pc_grid_transform(g, t, cells[i]), turn(g, cells[i], t)));
    for (int t = rot; t < pc_grid_transforms(g); t++)
      cr_expect(is_identity(g, twice, t), "%s: reflection %d is no involution",
                pc_grid_name(g), t);
  }
}

Test(grid, square_and_stick_transforms)
{
  /* (c, r) -> (-r, c); reflection (c, r) -> (-c, r). */
  pc_cell x = pc_grid_transform(square(), 1, (pc_cell){2, 5});
  cr_expect(same(x, (pc_cell){-5, 2}));
  x = pc_grid_transform(square(), 4, (pc_cell){2, 5});
  cr_expect(same(x, (pc_cell){-2, 5}));
  x = pc_grid_transform(square(), 5, (pc_cell){2, 5});
  cr_expect(same(x, (pc_cell){-5, -2}));
  /* A quarter turn makes a horizontal stick vertical. */
  x = pc_grid_transform(stick(), 1, (pc_cell){3, 0});
  cr_expect(same(x, (pc_cell){0, 3}));
  cr_expect_eq(pc_grid_ascii_char(stick(), x), '|');
}

/* Exact centroid coordinates: X in sixths of the side, Y in thirds of the
   height, y downward. */
static void centroid(pc_cell x, int64_t *X, int64_t *Y)
{
  *X = 3 * (int64_t)x.c;
  *Y = 3 * (int64_t)x.r + (((x.c + x.r) & 1) ? 1 : 2);
}

Test(grid, triangle_rotation_is_sixty_degrees)
{
  pc_cell cells[(2 * R + 1) * (2 * R + 1)];
  int n = patch(triangle(), cells);
  for (int i = 0; i < n; i++) {
    int64_t X, Y, X2, Y2;
    centroid(cells[i], &X, &Y);
    pc_cell y = pc_grid_transform(triangle(), 1, cells[i]);
    centroid(y, &X2, &Y2);
    /* (x, y) -> (x cos 60 - y sin 60, x sin 60 + y cos 60) in these units. */
    cr_assert_eq(2 * X2, X - 3 * Y, "(%d, %d)", cells[i].c, cells[i].r);
    cr_assert_eq(2 * Y2, X + Y, "(%d, %d)", cells[i].c, cells[i].r);
    /* Up and down swap under a sixth of a turn, and stay under a mirror. */
    bool up = !((cells[i].c + cells[i].r) & 1), up2 = !((y.c + y.r) & 1);
    cr_assert_neq(up, up2);
    pc_cell m = pc_grid_transform(triangle(), 6, cells[i]);
    cr_assert(same(m, (pc_cell){-cells[i].c, cells[i].r}));
  }
  /* The six triangles around the apex of (0, 0) go round in one cycle. */
  pc_cell x = {0, 0};
  pc_cell ring[6] = {{0, 0}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}};
  for (int i = 0; i < 6; i++) {
    cr_expect(same(x, ring[i]), "step %d: (%d, %d)", i, x.c, x.r);
    x = pc_grid_transform(triangle(), 1, x);
  }
}

Test(grid, translations)
{
  cr_expect(pc_grid_is_translation(square(), 1, 0));
  cr_expect(pc_grid_is_translation(square(), -3, 7));
  cr_expect(pc_grid_is_translation(triangle(), 1, 1));
  cr_expect(pc_grid_is_translation(triangle(), 2, 0));
  cr_expect(pc_grid_is_translation(triangle(), -1, 3));
  cr_expect_not(pc_grid_is_translation(triangle(), 1, 0));
  cr_expect_not(pc_grid_is_translation(triangle(), 0, -1));
  cr_expect(pc_grid_is_translation(stick(), 2, -4));
  cr_expect(pc_grid_is_translation(stick(), 0, 0));
  cr_expect_not(pc_grid_is_translation(stick(), 1, 1));
  cr_expect_not(pc_grid_is_translation(stick(), 2, 1));
}

Test(grid, ascii_cells)
{
  const char *kinds[] = {"square", "triangle"};
  for (int k = 0; k < 2; k++) {
    const pc_grid *g = pc_grid_by_name(kinds[k]);
    cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, '#'), 1);
    cr_expect_eq(pc_grid_ascii_cell(g, 3, 1, 'F'), 1);
    cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, '+'), 1);
    cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, '.'), 0);
    cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, ' '), 0);
    cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, '\t'), -1);
    cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, (char)0xc3), -1);
    cr_expect_eq(pc_grid_ascii_char(g, (pc_cell){0, 0}), '#');
  }
  const pc_grid *g = stick();
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, '-'), 1);
  cr_expect_eq(pc_grid_ascii_cell(g, 0, 1, '|'), 1);
  cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, '+'), 0);
  cr_expect_eq(pc_grid_ascii_cell(g, 2, 4, '+'), 0);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 1, ' '), 0);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, '.'), 0);
  cr_expect_eq(pc_grid_ascii_cell(g, 0, 1, '-'), -1);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, '|'), -1);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 1, '-'), -1);
  cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, '-'), -1);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, '+'), -1);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, '#'), -1);
  cr_expect_eq(pc_grid_ascii_cell(g, 0, 0, 'x'), -1);
  /* A pre-placed piece's name, on a segment only. */
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 0, 'J'), 1);
  cr_expect_eq(pc_grid_ascii_cell(g, 0, 1, 'J'), 1);
  cr_expect_eq(pc_grid_ascii_cell(g, 1, 1, 'J'), -1);
  cr_expect_eq(pc_grid_ascii_char(g, (pc_cell){1, 0}), '-');
  cr_expect_eq(pc_grid_ascii_char(g, (pc_cell){0, 1}), '|');
}

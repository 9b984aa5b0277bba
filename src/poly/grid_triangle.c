/* grid_triangle.c — the triangle lattice: the character at (c, r) draws a
   triangle pointing up when c + r is even, down when odd (grid.h). */
#include "poly/grid_lattice.h"

/* A sixth of a turn about the apex of the up triangle (0, 0), done exactly
   on centroids: X = 3c in sixths of the side, Y = 3r + 2 (up) or 3r + 1
   (down) in thirds of the height. Both halvings are exact (docs/DESIGN.md). */
static pc_cell turn(pc_cell x)
{
  int64_t X = 3 * (int64_t)x.c;
  int64_t Y = 3 * (int64_t)x.r + (pc_lattice_odd((int64_t)x.c + x.r) ? 1 : 2);
  int64_t X2 = (X - 3 * Y) / 2, Y2 = (X + Y) / 2;
  return (pc_cell){(int32_t)(X2 / 3), (int32_t)pc_lattice_floor_div(Y2, 3)};
}

static pc_cell transform(int t, pc_cell x) { return pc_lattice_turns(t, 6, x, turn); }

static bool is_translation(pc_cell by)
{
  return !pc_lattice_odd((int64_t)by.c + by.r);
}

static int neighbours(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  out[0] = (pc_cell){x.c - 1, x.r};
  out[1] = (pc_cell){x.c + 1, x.r};
  out[2] = (pc_cell){x.c, pc_lattice_odd((int64_t)x.c + x.r) ? x.r - 1 : x.r + 1};
  return 3;
}

/* A triangle points up when c + r is even. */
static int up_or_down(pc_cell x) { return pc_lattice_mod((int64_t)x.c + x.r, 2); }

static const pc_grid_coloring colorings[] = {{"up and down triangles", 2, up_or_down}};

const pc_grid pc_grid_triangle_lattice = {
    .kind = PC_GRID_TRIANGLE,
    .name = "triangle",
    .family = "polyiamonds",
    .letter = 'T',
    .blank = '.',
    .dimensions = 2,
    .transforms = 12,
    .rotations = 6,
    .mirror_h = 6,
    .mirror_v = 9,
    .transform = transform,
    .is_translation = is_translation,
    .is_cell = pc_lattice_every_cell,
    .neighbours = neighbours,
    .ascii_cell = pc_lattice_any_char,
    .colorings = colorings,
    .n_colorings = 1,
};

/* grid_hex.c — the hexagon lattice in "brick" art (grid.h): pointy-top
   hexagons, one character each, row neighbours two columns apart, each
   row shifted by one column from the next. These are "doubled"
   coordinates: c + r even is the lattice through (0, 0), c + r odd the
   same lattice moved half a hexagon to the right, so every (c, r) is a cell
   and every translation a symmetry; one shape keeps to one of the two. */
#include "poly/grid_lattice.h"

/* A sixth of a turn about the hexagon (0, 0), for c + r even. In axial
   coordinates q = (c - r) / 2, r it is (q, r) -> (-r, q + r). */
static pc_cell turn(pc_cell x)
{
  int64_t c = x.c, r = x.r;
  return (pc_cell){(int32_t)((c - 3 * r) / 2), (int32_t)((c + r) / 2)};
}

/* Cells where c + r is odd are turned about (1, 0) instead: moved onto the
   even lattice, transformed and moved back, so that each transform maps
   each of the two lattices onto itself. */
static pc_cell transform(int t, pc_cell x)
{
  int shift = pc_lattice_odd((int64_t)x.c + x.r) ? 1 : 0;
  x.c -= shift;
  x = pc_lattice_turns(t, 6, x, turn);
  x.c += shift;
  return x;
}

static bool compatible(pc_cell a, pc_cell b)
{
  return !pc_lattice_odd((int64_t)a.c + a.r + b.c + b.r);
}

static int neighbours(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  out[0] = (pc_cell){x.c - 2, x.r};
  out[1] = (pc_cell){x.c + 2, x.r};
  out[2] = (pc_cell){x.c - 1, x.r - 1};
  out[3] = (pc_cell){x.c + 1, x.r - 1};
  out[4] = (pc_cell){x.c - 1, x.r + 1};
  out[5] = (pc_cell){x.c + 1, x.r + 1};
  return 6;
}

/* The three-coloring in which no two neighbours share a color: q - r mod 3
   in axial coordinates, floor((c - 3r) / 2) mod 3 here (for either
   lattice). */
static int three(pc_cell x)
{
  return pc_lattice_mod(pc_lattice_floor_div((int64_t)x.c - 3 * (int64_t)x.r, 2), 3);
}

static const pc_grid_coloring colorings[] = {{"three colors, no neighbours alike", 3, three}};

const pc_grid pc_grid_hex_lattice = {
    .kind = PC_GRID_HEX,
    .name = "hex",
    .family = "polyhexes",
    .letter = 'H',
    .blank = ' ',
    .dimensions = 2,
    .transforms = 12,
    .rotations = 6,
    .mirror_h = 6,
    .mirror_v = 9,
    .transform = transform,
    .is_translation = pc_lattice_always,
    .is_cell = pc_lattice_every_cell,
    .compatible = compatible,
    .neighbours = neighbours,
    .ascii_cell = pc_lattice_any_char,
    .colorings = colorings,
    .n_colorings = 1,
};

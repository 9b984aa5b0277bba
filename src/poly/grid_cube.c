/* grid_cube.c — the cubic lattice: cell (c, r, l) is the unit cube at
   column c, row r of layer l (layers bottom first). Its 48 symmetries
   about the origin are the signed permutations of the three coordinates
   (pc_lattice_signed_permutation). */
#include "poly/grid_lattice.h"

static int neighbours(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  out[0] = (pc_cell){x.c - 1, x.r, x.l};
  out[1] = (pc_cell){x.c + 1, x.r, x.l};
  out[2] = (pc_cell){x.c, x.r - 1, x.l};
  out[3] = (pc_cell){x.c, x.r + 1, x.l};
  out[4] = (pc_cell){x.c, x.r, x.l - 1};
  out[5] = (pc_cell){x.c, x.r, x.l + 1};
  return 6;
}

/* The three-dimensional checkerboard: neighbours differ. */
static int checker(pc_cell x) { return pc_lattice_mod((int64_t)x.c + x.r + x.l, 2); }

static const pc_grid_coloring colorings[] = {{"checkerboard", 2, checker}};

const pc_grid pc_grid_cube_lattice = {
    .kind = PC_GRID_CUBE,
    .name = "cube",
    .family = "polycubes",
    .letter = 'C',
    .blank = '.',
    .dimensions = 3,
    .aligned_layers = true,
    .transforms = 48,
    .rotations = 24,
    .mirror_h = 24,
    .mirror_v = 25,
    .transform = pc_lattice_signed_permutation,
    .is_translation = pc_lattice_always,
    .is_cell = pc_lattice_every_cell,
    .neighbours = neighbours,
    .ascii_cell = pc_lattice_any_char,
    .colorings = colorings,
    .n_colorings = 1,
};

/* grid_cube.c — the cubic lattice: cell (c, r, l) is the unit cube at
   column c, row r of layer l (layers bottom first). Its 48 symmetries
   about the origin are the signed permutations of the three coordinates:
   the 24 with determinant +1 are the rotations, and reflection t is the
   mirror c -> -c followed by rotation t - 24, as on the plane lattices. */
#include "poly/grid_lattice.h"


/* Rotation k (0..23) as where each coordinate comes from and its sign:
   the permutations in order, then the sign patterns (bit i: coordinate i
   negated), keeping determinant +1. The identity comes first, then the
   half turn (c, r, l) -> (-c, -r, l) (score.c counts on it). */
static void rotation(int k, int from[3], int sign[3])
{
  static const int perms[6][4] = {{0, 1, 2, 1}, {0, 2, 1, -1}, {1, 0, 2, -1},
                                  {1, 2, 0, 1}, {2, 0, 1, 1},  {2, 1, 0, -1}};
  for (int p = 0; p < 6; p++)
    for (int bits = 0; bits < 8; bits++) {
      int parity = perms[p][3] * ((bits & 1) ? -1 : 1) * ((bits & 2) ? -1 : 1) *
                   ((bits & 4) ? -1 : 1);
      if (parity < 0 || k--) continue;
      for (int i = 0; i < 3; i++) {
        from[i] = perms[p][i];
        sign[i] = (bits >> i) & 1 ? -1 : 1;
      }
      return;
    }
}

static pc_cell transform(int t, pc_cell x)
{
  if (t >= 24) {
    x.c = -x.c;
    t -= 24;
  }
  int from[3], sign[3];
  rotation(t, from, sign);
  int32_t v[3] = {x.c, x.r, x.l};
  return (pc_cell){sign[0] * v[from[0]], sign[1] * v[from[1]], sign[2] * v[from[2]]};
}

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
    .transform = transform,
    .is_translation = pc_lattice_always,
    .is_cell = pc_lattice_every_cell,
    .neighbours = neighbours,
    .ascii_cell = pc_lattice_any_char,
    .colorings = colorings,
    .n_colorings = 1,
};

/* grid_sphere.c — balls on the face-centred cubic lattice, as BurrTools'
   sphere grid: the points (x, y, z) with x + y + z even, stored as the
   cell (c, r, l) = (x, y, z). A ball touches 12 others, at (±1, ±1, 0)
   and its permutations; the 48 signed permutations of the coordinates
   are the symmetries (pc_lattice_signed_permutation), and the planes
   x = k, y = k and z = k hold the balls in square grids.

   Art: the place (c, r) of layer l is the ball (c + r + l, c - r, l). In
   a layer the balls lie in a square grid (art neighbours touch), and the
   balls of layer l + 1 rest each on four of layer l: the art of the layer
   above is drawn half a ball right of and below the one under it, so a
   square pyramid is layers of 5x5, 4x4, ... 1x1 places, each starting at
   column 0, row 0. A flat piece is drawn in one layer; the transforms
   turn it into the vertical planes x = k and y = k too. */
#include "poly/grid_lattice.h"

static bool is_cell(pc_cell x) { return !pc_lattice_odd((int64_t)x.c + x.r + x.l); }

static bool is_translation(pc_cell by) { return is_cell(by); }

static int neighbours(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  static const int d[12][3] = {{1, 1, 0},  {1, -1, 0},  {-1, 1, 0},  {-1, -1, 0},
                               {1, 0, 1},  {1, 0, -1},  {-1, 0, 1},  {-1, 0, -1},
                               {0, 1, 1},  {0, 1, -1},  {0, -1, 1},  {0, -1, -1}};
  if (!is_cell(x)) return 0;
  for (int i = 0; i < 12; i++) out[i] = (pc_cell){x.c + d[i][0], x.r + d[i][1], x.l + d[i][2]};
  return 12;
}

static pc_cell from_art(int32_t c, int32_t r, int32_t l) { return (pc_cell){c + r + l, c - r, l}; }

/* Exact: x - l + y and x - l - y are even for every ball. */
static pc_cell to_art(pc_cell x)
{
  int64_t a = (int64_t)x.c - x.l;
  return (pc_cell){(int32_t)((a + x.r) / 2), (int32_t)((a - x.r) / 2), x.l};
}

/* Stripes, as Golomb's on squares: each coordinate mod 2 (the layers,
   and the two families of vertical square planes). */
static int xs(pc_cell x) { return pc_lattice_mod(x.c, 2); }
static int ys(pc_cell x) { return pc_lattice_mod(x.r, 2); }
static int zs(pc_cell x) { return pc_lattice_mod(x.l, 2); }

static const pc_grid_coloring colorings[] = {
    {"layers mod 2", 2, zs}, {"x mod 2", 2, xs}, {"y mod 2", 2, ys}};

const pc_grid pc_grid_sphere_lattice = {
    .kind = PC_GRID_SPHERE,
    .name = "sphere",
    .family = "polyspheres",
    .letter = 'B',
    .blank = '.',
    .dimensions = 3,
    .transforms = 48,
    .rotations = 24,
    .mirror_h = 32,
    .mirror_v = 33,
    .transform = pc_lattice_signed_permutation,
    .is_translation = is_translation,
    .is_cell = is_cell,
    .neighbours = neighbours,
    .ascii_cell = pc_lattice_any_char,
    .from_art = from_art,
    .to_art = to_art,
    .colorings = colorings,
    .n_colorings = 3,
};

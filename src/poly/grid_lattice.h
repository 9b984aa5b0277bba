/* grid_lattice.h — private to the grid files: the table of functions and
   properties one lattice fills in (one grid_<name>.c each), and the small
   arithmetic they share. grid.c dispatches to it; nothing else includes
   this header. Adding a lattice: write its grid_<name>.c, add it to
   pc_grid_kind and to the list in grid.c (docs/DESIGN.md). */
#ifndef PC_GRID_LATTICE_H
#define PC_GRID_LATTICE_H

#include "poly/grid.h"

struct pc_grid {
  pc_grid_kind kind;
  const char *name;    /* as written after grid: */
  const char *family;  /* "polyominoes", the word for its polyforms */
  char letter;         /* starts the names of enumerated polyforms */
  char blank;          /* what draws no cell in ASCII output */
  bool segments;       /* cells are segments between lattice points */
  int dimensions;      /* 2, or 3 for the lattices with layers */
  bool aligned_layers; /* 3-D art: every layer has the rows of the first */
  int transforms, rotations;
  /* The left-right and top-bottom mirrors of the art, as transforms: the
     mirrors of Knuth's symmetry scores (score.h). On cubes they keep the
     layers; on spheres they are the isometries that mirror every layer's
     art about one line (c -> -c - l, r -> -r - l), since each layer sits
     half a ball off the one below. */
  int mirror_h, mirror_v;
  pc_cell (*transform)(int t, pc_cell x); /* t in [0, transforms) */
  bool (*is_translation)(pc_cell by);     /* by.l is 0 on plane lattices */
  bool (*is_cell)(pc_cell x);
  bool (*compatible)(pc_cell a, pc_cell b); /* NULL: always */
  int (*neighbours)(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS]);
  int (*ascii_cell)(int32_t c, int32_t r, char ch); /* after '.' and ' ' */
  char (*ascii_char)(pc_cell x);                     /* NULL: '#' */
  pc_cell (*from_art)(int32_t c, int32_t r, int32_t l); /* NULL: (c, r, l) */
  pc_cell (*to_art)(pc_cell x);                         /* NULL: x */
  const pc_grid_coloring *colorings;
  int n_colorings;
};

extern const pc_grid pc_grid_square_lattice, pc_grid_triangle_lattice, pc_grid_stick_lattice,
    pc_grid_hex_lattice, pc_grid_cube_lattice, pc_grid_sphere_lattice;

static inline bool pc_lattice_odd(int64_t v) { return (v & 1) != 0; }

/* a mod m in [0, m). */
static inline int pc_lattice_mod(int64_t a, int m) { return (int)(((a % m) + m) % m); }

/* v / d rounded down (d > 0). */
static inline int64_t pc_lattice_floor_div(int64_t v, int64_t d)
{
  return v >= 0 ? v / d : -((-v + d - 1) / d);
}

/* Any printable character but the blanks draws a cell. */
static inline int pc_lattice_any_char(int32_t c, int32_t r, char ch)
{
  (void)c, (void)r;
  return ch > ' ' && ch < 0x7f ? 1 : -1;
}

/* Transform t built the usual way: reflections are "mirror (c -> -c),
   then rotate", the same reflection for every lattice, which keeps
   triangles' orientation and sticks' parities; rotation t is `turn` (a
   1/rotations turn) applied t times. */
static inline pc_cell pc_lattice_turns(int t, int rotations, pc_cell x,
                                       pc_cell (*turn)(pc_cell))
{
  if (t >= rotations) {
    x.c = -x.c;
    t -= rotations;
  }
  for (int i = 0; i < t; i++) x = turn(x);
  return x;
}

static inline bool pc_lattice_always(pc_cell by)
{
  (void)by;
  return true;
}

static inline bool pc_lattice_every_cell(pc_cell x)
{
  (void)x;
  return true;
}

/* The 3-D lattices' 48 transforms, the signed permutations of (c, r, l).
   The 24 with determinant +1 are the rotations, numbered by permutation,
   then by sign pattern (bit i: coordinate i negated): the identity first,
   then the half turn (c, r, l) -> (-c, -r, l) (score.c counts on it).
   Reflection t is the mirror c -> -c followed by rotation t - 24, as on
   the plane lattices. */
static inline pc_cell pc_lattice_signed_permutation(int t, pc_cell x)
{
  /* Rotation t: permutation t / 4, and the (t % 4)-th sign pattern of
     its parity (an odd permutation takes an odd number of signs). */
  static const int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                  {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  static const bool odd[6] = {false, true, true, false, false, true};
  static const int signs[2][4] = {{0, 3, 5, 6}, {1, 2, 4, 7}};
  if (t >= 24) {
    x.c = -x.c;
    t -= 24;
  }
  const int *perm = perms[t / 4], bits = signs[odd[t / 4]][t % 4];
  int32_t v[3] = {x.c, x.r, x.l}, out[3];
  for (int i = 0; i < 3; i++) out[i] = (bits >> i) & 1 ? -v[perm[i]] : v[perm[i]];
  return (pc_cell){out[0], out[1], out[2]};
}

#endif

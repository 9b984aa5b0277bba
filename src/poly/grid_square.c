/* grid_square.c — the square lattice: cell (c, r) is the character at
   column c, row r. */
#include "poly/grid_lattice.h"

/* A quarter turn about the origin. */
static pc_cell turn(pc_cell x) { return (pc_cell){-x.r, x.c}; }

static pc_cell transform(int t, pc_cell x) { return pc_lattice_turns(t, 4, x, turn); }

static int neighbours(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  out[0] = (pc_cell){x.c - 1, x.r};
  out[1] = (pc_cell){x.c + 1, x.r};
  out[2] = (pc_cell){x.c, x.r - 1};
  out[3] = (pc_cell){x.c, x.r + 1};
  return 4;
}

/* Golomb's colorings: the checkerboard, and stripes mod 2 and 3. */
static int checker(pc_cell x) { return pc_lattice_mod((int64_t)x.c + x.r, 2); }
static int columns2(pc_cell x) { return pc_lattice_mod(x.c, 2); }
static int rows2(pc_cell x) { return pc_lattice_mod(x.r, 2); }
static int columns3(pc_cell x) { return pc_lattice_mod(x.c, 3); }
static int rows3(pc_cell x) { return pc_lattice_mod(x.r, 3); }
static int diagonals3(pc_cell x) { return pc_lattice_mod((int64_t)x.c + x.r, 3); }
static int antidiagonals3(pc_cell x) { return pc_lattice_mod((int64_t)x.c - x.r, 3); }

static const pc_grid_coloring colorings[] = {
    {"checkerboard", 2, checker},        {"columns mod 2", 2, columns2},
    {"rows mod 2", 2, rows2},            {"columns mod 3", 3, columns3},
    {"rows mod 3", 3, rows3},            {"diagonals mod 3", 3, diagonals3},
    {"antidiagonals mod 3", 3, antidiagonals3},
};

const pc_grid pc_grid_square_lattice = {
    .kind = PC_GRID_SQUARE,
    .name = "square",
    .family = "polyominoes",
    .letter = 'Q',
    .blank = '.',
    .dimensions = 2,
    .transforms = 8,
    .rotations = 4,
    .mirror_h = 4,
    .mirror_v = 6,
    .transform = transform,
    .is_translation = pc_lattice_always,
    .is_cell = pc_lattice_every_cell,
    .neighbours = neighbours,
    .ascii_cell = pc_lattice_any_char,
    .colorings = colorings,
    .n_colorings = sizeof colorings / sizeof *colorings,
};

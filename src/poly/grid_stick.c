/* grid_stick.c — sticks, the unit segments of the square lattice: lattice
   points at even (c, r) ('+'), a horizontal segment at odd c, even r
   ('-'), a vertical one at even c, odd r ('|'). */
#include "poly/grid_lattice.h"

/* A quarter turn about the lattice point at the origin. */
static pc_cell turn(pc_cell x) { return (pc_cell){-x.r, x.c}; }

static pc_cell transform(int t, pc_cell x) { return pc_lattice_turns(t, 4, x, turn); }

static bool is_translation(pc_cell by)
{
  return !pc_lattice_odd(by.c) && !pc_lattice_odd(by.r);
}

static bool is_cell(pc_cell x) { return pc_lattice_odd((int64_t)x.c + x.r); }

/* The segments that share an end point with x: at each end, the other
   three. */
static int neighbours(pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  if (!is_cell(x)) return 0;
  int n = 0;
  bool horizontal = pc_lattice_odd(x.c);
  for (int side = -1; side <= 1; side += 2) {
    pc_cell p = horizontal ? (pc_cell){x.c + side, x.r} : (pc_cell){x.c, x.r + side};
    const pc_cell around[4] = {{p.c - 1, p.r}, {p.c + 1, p.r}, {p.c, p.r - 1}, {p.c, p.r + 1}};
    for (int i = 0; i < 4; i++)
      if (around[i].c != x.c || around[i].r != x.r) out[n++] = around[i];
  }
  return n;
}

static int ascii_cell(int32_t c, int32_t r, char ch)
{
  bool codd = pc_lattice_odd(c), rodd = pc_lattice_odd(r);
  if (ch == '+') return !codd && !rodd ? 0 : -1;
  if (ch == '-') return codd && !rodd ? 1 : -1;
  if (ch == '|') return !codd && rodd ? 1 : -1;
  /* A piece's name on a segment pre-places the piece (board art); '#'
     is the other grids' cell, a mistake here. */
  return ch != '#' && pc_lattice_any_char(c, r, ch) == 1 && codd != rodd ? 1 : -1;
}

static char ascii_char(pc_cell x) { return pc_lattice_odd(x.c) ? '-' : '|'; }

/* Horizontal segments sit at odd columns. */
static int direction(pc_cell x) { return pc_lattice_mod(x.c, 2); }

static const pc_grid_coloring colorings[] = {{"vertical and horizontal sticks", 2, direction}};

const pc_grid pc_grid_stick_lattice = {
    .kind = PC_GRID_STICK,
    .name = "stick",
    .family = "polysticks",
    .letter = 'S',
    .blank = ' ',
    .segments = true,
    .dimensions = 2,
    .transforms = 8,
    .rotations = 4,
    .mirror_h = 4,
    .mirror_v = 6,
    .transform = transform,
    .is_translation = is_translation,
    .is_cell = is_cell,
    .neighbours = neighbours,
    .ascii_cell = ascii_cell,
    .ascii_char = ascii_char,
    .colorings = colorings,
    .n_colorings = 1,
};

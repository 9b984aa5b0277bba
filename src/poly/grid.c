/* grid.c — square cells, triangle cells and sticks behind one interface.
   The three grids are constant tables; nothing here is mutable. */
#include "poly/grid.h"

#include <string.h>

struct pc_grid {
  pc_grid_kind kind;
  const char *name;
  int transforms, rotations;
};

static const pc_grid grids[] = {
    [PC_GRID_SQUARE] = {PC_GRID_SQUARE, "square", 8, 4},
    [PC_GRID_TRIANGLE] = {PC_GRID_TRIANGLE, "triangle", 12, 6},
    [PC_GRID_STICK] = {PC_GRID_STICK, "stick", 8, 4},
};

const pc_grid *pc_grid_by_name(const char *name)
{
  if (!name) return NULL;
  for (size_t i = 0; i < sizeof grids / sizeof *grids; i++)
    if (!strcmp(name, grids[i].name)) return &grids[i];
  return NULL;
}

const pc_grid *pc_grid_get(pc_grid_kind kind)
{
  if ((unsigned)kind >= sizeof grids / sizeof *grids) return NULL;
  return &grids[kind];
}

pc_grid_kind pc_grid_kind_of(const pc_grid *g) { return g->kind; }
const char *pc_grid_name(const pc_grid *g) { return g->name; }
int pc_grid_transforms(const pc_grid *g) { return g->transforms; }
int pc_grid_rotations(const pc_grid *g) { return g->rotations; }

static bool is_odd(int64_t v) { return (v & 1) != 0; }

static int64_t floor_div3(int64_t v) { return v >= 0 ? v / 3 : -((-v + 2) / 3); }

/* A quarter turn about the origin (a lattice point for sticks). */
static pc_cell square_rotate(pc_cell x) { return (pc_cell){-x.r, x.c}; }

/* A sixth of a turn about the apex of the up triangle (0, 0), done exactly
   on centroids: X = 3c in sixths of the side, Y = 3r + 2 (up) or 3r + 1
   (down) in thirds of the height. Both halvings are exact (docs/DESIGN.md). */
static pc_cell triangle_rotate(pc_cell x)
{
  int64_t X = 3 * (int64_t)x.c;
  int64_t Y = 3 * (int64_t)x.r + (is_odd((int64_t)x.c + x.r) ? 1 : 2);
  int64_t X2 = (X - 3 * Y) / 2, Y2 = (X + Y) / 2;
  return (pc_cell){(int32_t)(X2 / 3), (int32_t)floor_div3(Y2)};
}

pc_cell pc_grid_transform(const pc_grid *g, int t, pc_cell x)
{
  if (t < 0 || t >= g->transforms) return x;
  /* Reflections are "mirror (c -> -c), then rotate": the same reflection
     for every grid, which keeps triangles' orientation and sticks'
     parities. */
  if (t >= g->rotations) {
    x.c = -x.c;
    t -= g->rotations;
  }
  for (int i = 0; i < t; i++)
    x = g->kind == PC_GRID_TRIANGLE ? triangle_rotate(x) : square_rotate(x);
  return x;
}

bool pc_grid_is_translation(const pc_grid *g, int32_t dc, int32_t dr)
{
  switch (g->kind) {
  case PC_GRID_SQUARE: return true;
  case PC_GRID_TRIANGLE: return !is_odd((int64_t)dc + dr);
  case PC_GRID_STICK: return !is_odd(dc) && !is_odd(dr);
  }
  return false;
}

bool pc_grid_is_cell(const pc_grid *g, pc_cell x)
{
  return g->kind != PC_GRID_STICK || is_odd((int64_t)x.c + x.r);
}

int pc_grid_neighbours(const pc_grid *g, pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS])
{
  int n = 0;
  switch (g->kind) {
  case PC_GRID_SQUARE:
    out[n++] = (pc_cell){x.c - 1, x.r};
    out[n++] = (pc_cell){x.c + 1, x.r};
    out[n++] = (pc_cell){x.c, x.r - 1};
    out[n++] = (pc_cell){x.c, x.r + 1};
    break;
  case PC_GRID_TRIANGLE:
    out[n++] = (pc_cell){x.c - 1, x.r};
    out[n++] = (pc_cell){x.c + 1, x.r};
    out[n++] = (pc_cell){x.c, is_odd((int64_t)x.c + x.r) ? x.r - 1 : x.r + 1};
    break;
  case PC_GRID_STICK: {
    if (!pc_grid_is_cell(g, x)) return 0;
    /* The two end points, then the other three segments at each. */
    bool horizontal = is_odd(x.c);
    for (int side = -1; side <= 1; side += 2) {
      pc_cell p = horizontal ? (pc_cell){x.c + side, x.r} : (pc_cell){x.c, x.r + side};
      const pc_cell around[4] = {
          {p.c - 1, p.r}, {p.c + 1, p.r}, {p.c, p.r - 1}, {p.c, p.r + 1}};
      for (int i = 0; i < 4; i++)
        if (around[i].c != x.c || around[i].r != x.r) out[n++] = around[i];
    }
    break;
  }
  }
  return n;
}

int pc_grid_ascii_cell(const pc_grid *g, int32_t c, int32_t r, char ch)
{
  if (ch == '.' || ch == ' ') return 0;
  if (g->kind != PC_GRID_STICK) return ch > ' ' && ch < 0x7f ? 1 : -1;
  bool codd = is_odd(c), rodd = is_odd(r);
  if (ch == '+') return !codd && !rodd ? 0 : -1;
  if (ch == '-') return codd && !rodd ? 1 : -1;
  if (ch == '|') return !codd && rodd ? 1 : -1;
  return -1;
}

char pc_grid_ascii_char(const pc_grid *g, pc_cell x)
{
  if (g->kind != PC_GRID_STICK) return '#';
  return is_odd(x.c) ? '-' : '|';
}

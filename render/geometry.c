/* geometry.c — cells as polygons and segments in the plane: one pair of
   functions per lattice (its corners, the cell across a side), in a table
   by grid kind. */
#include "render/geometry.h"

#include <math.h>

/* A triangle row is sqrt(3)/2 high; its columns are half a side apart. */
#define TRI_H 0.86602540378443864676
/* Hexagons of side 1: columns are half a hexagon's width, sqrt(3)/2,
   apart; rows 3/2. */
#define HEX_W 0.86602540378443864676

typedef struct lattice_geometry {
  int (*corners)(pc_cell x, pc_point out[PC_GEOM_MAX_SIDES]);
  pc_cell (*across)(pc_cell x, int k);
} lattice_geometry;

static bool triangle_up(pc_cell x) { return ((x.c + x.r) & 1) == 0; }

static int square_corners(pc_cell x, pc_point out[PC_GEOM_MAX_SIDES])
{
  double c = x.c, r = x.r;
  out[0] = (pc_point){c, r};
  out[1] = (pc_point){c + 1, r};
  out[2] = (pc_point){c + 1, r + 1};
  out[3] = (pc_point){c, r + 1};
  return 4;
}

static pc_cell square_across(pc_cell x, int k)
{
  static const int dc[] = {0, 1, 0, -1}, dr[] = {-1, 0, 1, 0};
  return (pc_cell){x.c + dc[k & 3], x.r + dr[k & 3]};
}

/* Triangle (c, r) spans x from (c - 1) / 2 to (c + 1) / 2. */
static int triangle_corners(pc_cell x, pc_point out[PC_GEOM_MAX_SIDES])
{
  double c = x.c, r = x.r;
  if (triangle_up(x)) {
    out[0] = (pc_point){c / 2, r * TRI_H};
    out[1] = (pc_point){(c + 1) / 2, (r + 1) * TRI_H};
    out[2] = (pc_point){(c - 1) / 2, (r + 1) * TRI_H};
  } else {
    out[0] = (pc_point){(c - 1) / 2, r * TRI_H};
    out[1] = (pc_point){(c + 1) / 2, r * TRI_H};
    out[2] = (pc_point){c / 2, (r + 1) * TRI_H};
  }
  return 3;
}

/* Up sides are right, base, left; down sides top, right, left. */
static pc_cell triangle_across(pc_cell x, int k)
{
  static const int up_dc[] = {1, 0, -1}, up_dr[] = {0, 1, 0};
  static const int down_dc[] = {0, 1, -1}, down_dr[] = {-1, 0, 0};
  k %= 3;
  return triangle_up(x) ? (pc_cell){x.c + up_dc[k], x.r + up_dr[k]}
                        : (pc_cell){x.c + down_dc[k], x.r + down_dr[k]};
}

/* Lattice point (2i, 2j) of the art is the point (i, j). */
static int stick_corners(pc_cell x, pc_point out[PC_GEOM_MAX_SIDES])
{
  double c = x.c, r = x.r;
  if (x.c & 1) {
    out[0] = (pc_point){(c - 1) / 2, r / 2};
    out[1] = (pc_point){(c + 1) / 2, r / 2};
  } else {
    out[0] = (pc_point){c / 2, (r - 1) / 2};
    out[1] = (pc_point){c / 2, (r + 1) / 2};
  }
  return 2;
}

static pc_cell stick_across(pc_cell x, int k)
{
  (void)k;
  return x; /* segments have no sides */
}

/* Pointy-top hexagon (c, r), centred at ((c + 1) * HEX_W, 1.5 r + 1):
   corners from the top clockwise (y grows downwards). */
static int hex_corners(pc_cell x, pc_point out[PC_GEOM_MAX_SIDES])
{
  static const double dx[] = {0, HEX_W, HEX_W, 0, -HEX_W, -HEX_W};
  static const double dy[] = {-1, -0.5, 0.5, 1, 0.5, -0.5};
  double cx = (x.c + 1) * HEX_W, cy = 1.5 * x.r + 1;
  for (int k = 0; k < 6; k++) out[k] = (pc_point){cx + dx[k], cy + dy[k]};
  return 6;
}

/* Side k runs from corner k to k + 1: upper right, right, lower right,
   lower left, left, upper left. */
static pc_cell hex_across(pc_cell x, int k)
{
  static const int dc[] = {1, 2, 1, -1, -2, -1}, dr[] = {-1, 0, 1, 1, 0, -1};
  k %= 6;
  return (pc_cell){x.c + dc[k], x.r + dr[k]};
}

static const lattice_geometry lattices[PC_GRID_KINDS] = {
    [PC_GRID_SQUARE] = {square_corners, square_across},
    [PC_GRID_TRIANGLE] = {triangle_corners, triangle_across},
    [PC_GRID_STICK] = {stick_corners, stick_across},
    [PC_GRID_HEX] = {hex_corners, hex_across},
};

/* The 3-D lattices have no plane geometry here (no corners: nothing is
   drawn), rather than a call through an empty entry. */
int pc_geom_corners(const pc_grid *g, pc_cell x, pc_point out[PC_GEOM_MAX_SIDES])
{
  const lattice_geometry *l = &lattices[pc_grid_kind_of(g)];
  return l->corners ? l->corners(x, out) : 0;
}

pc_cell pc_geom_across(const pc_grid *g, pc_cell x, int k)
{
  const lattice_geometry *l = &lattices[pc_grid_kind_of(g)];
  return l->across ? l->across(x, k) : x;
}

pc_point pc_geom_centre(const pc_grid *g, pc_cell x)
{
  pc_point p[PC_GEOM_MAX_SIDES];
  int n = pc_geom_corners(g, x, p);
  pc_point s = {0, 0};
  for (int i = 0; i < n; i++) s.x += p[i].x, s.y += p[i].y;
  return n ? (pc_point){s.x / n, s.y / n} : s;
}

pc_box pc_geom_bounds(const pc_grid *g, const pc_cell *cells, int32_t n)
{
  pc_box b = {INFINITY, INFINITY, -INFINITY, -INFINITY};
  for (int32_t i = 0; i < n; i++) {
    pc_point p[PC_GEOM_MAX_SIDES];
    int k = pc_geom_corners(g, cells[i], p);
    for (int j = 0; j < k; j++) {
      b.x0 = fmin(b.x0, p[j].x), b.y0 = fmin(b.y0, p[j].y);
      b.x1 = fmax(b.x1, p[j].x), b.y1 = fmax(b.y1, p[j].y);
    }
  }
  return b.x0 <= b.x1 ? b : (pc_box){0, 0, 0, 0};
}

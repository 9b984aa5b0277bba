/* geometry.c — cells as polygons and segments in the plane. */
#include "render/geometry.h"

#include <math.h>

/* A triangle row is sqrt(3)/2 high; its columns are half a side apart. */
#define TRI_H 0.86602540378443864676

static bool triangle_up(pc_cell x) { return ((x.c + x.r) & 1) == 0; }

int pc_geom_corners(const pc_grid *g, pc_cell x, pc_point out[PC_GEOM_MAX_SIDES])
{
  double c = x.c, r = x.r;
  switch (pc_grid_kind_of(g)) {
  case PC_GRID_SQUARE:
    out[0] = (pc_point){c, r};
    out[1] = (pc_point){c + 1, r};
    out[2] = (pc_point){c + 1, r + 1};
    out[3] = (pc_point){c, r + 1};
    return 4;
  case PC_GRID_TRIANGLE:
    /* Triangle (c, r) spans x from (c - 1) / 2 to (c + 1) / 2. */
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
  case PC_GRID_STICK:
    /* Lattice point (2i, 2j) of the art is the point (i, j). */
    if (x.c & 1) {
      out[0] = (pc_point){(c - 1) / 2, r / 2};
      out[1] = (pc_point){(c + 1) / 2, r / 2};
    } else {
      out[0] = (pc_point){c / 2, (r - 1) / 2};
      out[1] = (pc_point){c / 2, (r + 1) / 2};
    }
    return 2;
  }
  return 0;
}

pc_cell pc_geom_across(const pc_grid *g, pc_cell x, int k)
{
  if (pc_grid_kind_of(g) == PC_GRID_SQUARE) {
    static const int dc[] = {0, 1, 0, -1}, dr[] = {-1, 0, 1, 0};
    return (pc_cell){x.c + dc[k & 3], x.r + dr[k & 3]};
  }
  /* Triangles: up sides are right, base, left; down sides top, right, left. */
  static const int up_dc[] = {1, 0, -1}, up_dr[] = {0, 1, 0};
  static const int down_dc[] = {0, 1, -1}, down_dr[] = {-1, 0, 0};
  k %= 3;
  return triangle_up(x) ? (pc_cell){x.c + up_dc[k], x.r + up_dr[k]}
                        : (pc_cell){x.c + down_dc[k], x.r + down_dr[k]};
}

pc_point pc_geom_centre(const pc_grid *g, pc_cell x)
{
  pc_point p[PC_GEOM_MAX_SIDES];
  int n = pc_geom_corners(g, x, p);
  pc_point s = {0, 0};
  for (int i = 0; i < n; i++) s.x += p[i].x, s.y += p[i].y;
  return (pc_point){s.x / n, s.y / n};
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
  return n ? b : (pc_box){0, 0, 0, 0};
}

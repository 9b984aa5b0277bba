/* geometry.h — where a grid's cells lie in the plane, in units of one cell
   side: squares of side 1, true equilateral triangles of side 1, sticks of
   length 1, regular hexagons of side 1 (pointy-top). y grows downwards, as
   in the ASCII art and on a cairo surface. Pure arithmetic on grid.h
   coordinates; no drawing. */
#ifndef PC_GEOMETRY_H
#define PC_GEOMETRY_H

#include "poly/grid.h"

typedef struct pc_point {
  double x, y;
} pc_point;

/* A bounding box. */
typedef struct pc_box {
  double x0, y0, x1, y1;
} pc_box;

#define PC_GEOM_MAX_SIDES 6

/* The corners of cell x in order (4 for a square, 3 for a triangle, 6 for
   a hexagon), or for a stick its two end points. Returns how many were
   written. Side k of a polygon runs from corner k to corner k + 1 (mod n). */
int pc_geom_corners(const pc_grid *g, pc_cell x, pc_point out[PC_GEOM_MAX_SIDES]);

/* The cell across side k of cell x (polygons: not sticks). */
pc_cell pc_geom_across(const pc_grid *g, pc_cell x, int k);

/* The centre of a cell (a triangle's centroid, a stick's midpoint). */
pc_point pc_geom_centre(const pc_grid *g, pc_cell x);

/* The box around the cells; a zero box for none. */
pc_box pc_geom_bounds(const pc_grid *g, const pc_cell *cells, int32_t n);

#endif

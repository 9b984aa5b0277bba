/* shape.h — sets of cells: normalizing, connectivity, the distinct
   orientations of a piece (the symmetry generator), and drawing as ASCII. */
#ifndef PC_SHAPE_H
#define PC_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"
#include "poly/grid.h"

/* Orders cells by layer, then row, then column. */
int pc_cell_cmp(const void *a, const void *b);

/* The index of x in cells sorted by pc_cell_cmp, or -1. */
int32_t pc_cells_index(const pc_cell *cells, int32_t n, pc_cell x);

/* Translates the cells by a translation of the grid so that the smallest
   row is 0 and the smallest column is as small as it can be while >= 0
   (for sticks: lattice points start at 0; for triangles the parity rule
   may leave the smallest column at 1), then sorts them with pc_cell_cmp.
   On 3-D lattices the smallest layer is 0 too.
   Two shapes are equal up to translation iff their normalized cells are. */
void pc_shape_normalize(const pc_grid *g, pc_cell *cells, int32_t n);

/* Whether the cells form one piece (edge neighbours; sticks: segments
   that share an end point). An empty set is not connected. */
bool pc_shape_connected(const pc_grid *g, const pc_cell *cells, int32_t n);

/* The distinct orientations of a shape, each normalized. */
typedef struct pc_orients {
  int count;                               /* distinct orientations */
  int32_t size;                            /* cells in each */
  pc_cell *cells;                          /* orientation i: cells + i * size */
  int transform[PC_GRID_MAX_TRANSFORMS];   /* the first transform giving i */
} pc_orients;

/* How many of the grid's transforms, from 0, turn the shape: all of them,
   or the rotations when one_sided; but all of them for a one-sided solid
   whose cells lie in one plane (pc_shape_coplanar), since a flat solid
   turns over in space. That matters on spheres: the rotations keep a
   plane x + y + z = k as 3 turns and 3 mirrors, while turning the piece
   over there gives all 12 symmetries of its triangular grid. */
int pc_shape_turns(const pc_grid *g, const pc_cell *cells, int32_t n, bool one_sided);

/* Applies the grid's first pc_shape_turns transforms in order,
   normalizes and keeps the first of each distinct result.
   Pentominoes give F, L, N, P, Y: 8; T, U, V, W, Z: 4; I: 2; X: 1. */
pc_status pc_orients_make(const pc_grid *g, const pc_cell *cells, int32_t n,
                          bool one_sided, pc_orients *out);
void pc_orients_free(pc_orients *o);

/* Whether the cells lie in one coordinate plane: all share c, r or l (on
   cubes a layer or a vertical slice; on spheres the square planes of the
   lattice, grid_sphere.c). */
bool pc_shape_planar(const pc_cell *cells, int32_t n);

/* Whether the cells' points (c, r, l) lie in one plane, any plane: three
   or fewer always do. */
bool pc_shape_coplanar(const pc_cell *cells, int32_t n);

/* Whether a shape's mirror image is one of its rotations (always, for a
   flat solid, which turns over: pc_shape_turns). */
bool pc_shape_mirror_symmetric(const pc_grid *g, const pc_cell *cells, int32_t n);

/* ASCII art of the cells at their own coordinates (all >= 0; normalize
   first to draw a piece from its top-left), each drawn by labels[i] when
   labels is not NULL, else by pc_grid_ascii_char; empty places are '.' (squares and triangles) or ' '
   (sticks, which also draw '+' at every end point of a segment). Rows end
   with '\n'; trailing empty places are dropped. On 3-D lattices each layer
   is drawn under a line "layer K" (K from 1, bottom first), at the art
   places of pc_grid_to_art. Returns a malloc'd string, NULL when out of
   memory. */
char *pc_shape_ascii(const pc_grid *g, const pc_cell *cells, int32_t n,
                     const char *labels);

/* The art of one layer (from 0) of 3-D cells, without the "layer" line,
   an empty row drawn as one blank place; where layers stack as boxes
   (cubes), with a row for each row of the whole shape. */
char *pc_shape_layer_ascii(const pc_grid *g, const pc_cell *cells, int32_t n,
                           const char *labels, int32_t layer);

#endif

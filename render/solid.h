/* solid.h — pictures of the 3-D lattices' boards (cubes, spheres): a
   picture of draw.h shown by iso.h as the whole solid and, beside it, its
   layers bottom first, so that the inner pieces show too (a picture of
   one layer: the whole alone). draw.c turns to it for every picture of
   such a board (solutions, galleries, booklets, piece sets). */
#ifndef PC_SOLID_H
#define PC_SOLID_H

#include "render/draw.h"

/* Whether g is a 3-D lattice, drawn here. */
bool pc_solid_lattice(const pc_grid *g);

/* The picture's box, in cells, its top left corner at (0, 0). */
pc_box pc_solid_bounds(const pc_grid *g, const pc_cell *cells, int32_t n);

/* Draws picture p with the top left corner of its box at (x, y), a cell
   `unit` points long. With labels, each piece's name is written in the
   layers view, on every layer it has units in (the whole view hides too
   much of the pieces to name them), or on the whole of a picture of one
   layer. */
void pc_solid_draw(cairo_t *cr, const pc_picture *p, double x, double y, double unit,
                   const pc_render_opts *o);

#endif

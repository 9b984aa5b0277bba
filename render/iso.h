/* iso.h — 3-D pictures: solid units (unit cubes, balls) seen in an
   isometric view, shaded, each piece its color, drawn back to front so that
   nearer units hide farther ones. Knows no lattice: the caller describes
   the scene in Cartesian coordinates (z up, right-handed), one unit of
   length being a cube's side or a ball's diameter.

   The view looks down from the direction (1, 1, 1): the +z face of a cube
   (its top) is lightest, its +x face (lower left on the page) medium, its
   +y face (lower right) darkest. A point (x, y, z) lands on the page at
     X = (y - x) * cos 30°,  Y = (x + y) / 2 - z   (times the cell size),
   Y growing downwards: a unit edge of any axis is one cell long on the
   page (an isometric drawing: the orthographic view scaled by sqrt(3/2)).

   Cubes: centres on one integer lattice (they differ by whole numbers),
   side 1. Faces between two cubes are not drawn; where two cubes of the
   same solid (same piece and copy) meet in a plane there is no line, so a
   piece reads as one solid; everywhere else edges are thin dark lines.
   Balls: diameter 1, so balls 1 apart touch. For the face-centred cubic
   lattice in integer coordinates (x + y + z even, neighbours at (±1, ±1,
   0) and its permutations, sqrt 2 apart), pc_iso_fcc gives the centre. */
#ifndef PC_ISO_H
#define PC_ISO_H

#include <cairo.h>

#include "render/draw.h"

typedef enum pc_iso_kind {
  PC_ISO_CUBE,
  PC_ISO_BALL,
} pc_iso_kind;

typedef struct pc_iso_unit {
  double x, y, z;    /* its centre */
  pc_iso_kind kind;
  int32_t piece;     /* colors[piece]; -1: a board cell no piece covers (opts empty) */
  int32_t copy;      /* which copy of the piece, 0 first: shaded as in 2-D pictures */
} pc_iso_unit;

typedef struct pc_iso_scene {
  const pc_iso_unit *units;
  int32_t n;
  const pc_rgb *colors;  /* per piece (every piece index used); NULL: pc_palette_color */
} pc_iso_scene;

typedef enum pc_iso_view {
  PC_ISO_WHOLE,   /* the whole scene */
  PC_ISO_LAYERS,  /* each horizontal layer (units of one z) on its own, bottom
                     first, left to right, so that inner units show */
} pc_iso_view;

typedef struct pc_iso_opts {
  pc_render_opts draw;  /* cell (a unit edge on the page), margin, background,
                           ink, empty, transparent; the rest is not used */
  pc_iso_view view;
  double edge;          /* the width of edges and ball outlines, in cells */
  double gap;           /* between two layers, in cells */
} pc_iso_opts;

/* pc_render_defaults() with cells of 36 points, edges of 0.03 cell, a gap
   of 0.6 cell between layers, the whole view. */
pc_iso_opts pc_iso_defaults(void);

/* The centre of the fcc lattice point (x, y, z) (x + y + z even) in scene
   units (touching balls 1 apart), turned by 45° about z so that the square
   layers z = k run along the page's axes:
     ((x + y) / 2, (y - x) / 2, z / sqrt 2). */
void pc_iso_fcc(int32_t x, int32_t y, int32_t z, double out[3]);

/* The picture's size in points (pixels for PNG, rounded up), margins
   included, with its top left corner at (0, 0):
     width  = (sum of the layers' widths + (layers - 1) * gap + 2 * margin) * cell
     height = (extent of the layers' heights + 2 * margin) * cell
   where the whole view is one layer and a layer's width and height are
   those of the box around its units on the page (a cube is 2 cos 30° wide
   and 2 high, a ball sqrt(3/2) across); in the layers view every layer is
   drawn as if it stood at z = 0, so they share one ground line. An empty
   scene is the margins alone. */
void pc_iso_size(const pc_iso_scene *s, const pc_iso_opts *o, double *width, double *height);

/* Where the point (x, y, z) of the scene lands in the picture, in points.
   In the layers view, in the picture of the layer whose z is nearest. */
pc_point pc_iso_map(const pc_iso_scene *s, const pc_iso_opts *o, double x, double y,
                    double z);

/* The faces of a cube, lightest first. A ball is lit from the same side:
   lighter than the top towards the upper left, its own color at the
   centre, darker than the right face at the rim. */
typedef enum pc_iso_face {
  PC_ISO_TOP,    /* +z */
  PC_ISO_LEFT,   /* +x */
  PC_ISO_RIGHT,  /* +y */
} pc_iso_face;

/* The shade of a unit of color c on face f. */
pc_rgb pc_iso_shade(pc_rgb c, pc_iso_face f);

/* The color a unit is filled with before shading: its piece's color
   shaded for its copy (pc_palette_copy), or opts empty for piece -1. */
pc_rgb pc_iso_color(const pc_iso_scene *s, const pc_iso_unit *u, const pc_iso_opts *o);

/* Draws the scene (not the background) with its top left corner at (0, 0),
   the size of pc_iso_size. */
pc_status pc_iso_draw(cairo_t *cr, const pc_iso_scene *s, const pc_iso_opts *o,
                      pc_error *err);

/* The picture in a file (.svg, .png, .pdf; written atomically). o may be
   NULL: pc_iso_defaults(). Errors as in render.h; PC_ERR_NOMEM when out of
   memory. */
pc_status pc_iso_render(const char *path, const pc_iso_scene *s, const pc_iso_opts *o,
                        pc_error *err);

#endif

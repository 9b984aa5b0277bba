/* draw.h — one picture of a board on a cairo context: the pieces filled
   with their colors and outlined strongly, optional thin lines between the
   cells of a piece, the board's edge and holes; sticks as thick rounded
   strokes on a faint lattice with a dot where a piece ends. Knows nothing
   of files (output.h) or of the search. */
#ifndef PC_DRAW_H
#define PC_DRAW_H

#include <cairo.h>
#include <stdbool.h>

#include "render/geometry.h"
#include "render/palette.h"
#include "poly/puzzle.h"
#include "poly/tiling.h"

/* Sizes: `cell` in points (pixels in a PNG); the others in cells, so a
   picture keeps its proportions at any size. */
typedef struct pc_render_opts {
  double cell;        /* a cell's side (a stick's length) */
  double margin;      /* blank space around the board */
  double outline;     /* the strong line between two pieces */
  double border;      /* the board's edge and its holes */
  double inner;       /* thin lines between a piece's own cells; 0: none */
  double stick;       /* width of a stick */
  bool labels;        /* each piece's name on it */
  bool transparent;   /* no background (PNG and SVG) */
  pc_rgb background;  /* the page */
  pc_rgb ink;         /* outlines, labels on light colors */
  pc_rgb empty;       /* board cells no piece covers */
} pc_render_opts;

/* The defaults: cells of 36 points, outlines 0.08 and the board's edge 0.11
   of a cell, thin inner lines, no labels, white page. */
pc_render_opts pc_render_defaults(void);

/* Where a picture goes: a point p of geometry.h lands at
   (dx + p.x * unit, dy + p.y * unit); the picture is width x height. */
typedef struct pc_layout {
  double unit, dx, dy, width, height;
} pc_layout;

/* The box around a picture of these cells, in cells (geometry.h's, or a
   3-D picture's: solid.h). */
pc_box pc_draw_bounds(const pc_grid *g, const pc_cell *cells, int32_t n);

/* The layout of a picture of these cells, margins included, with its top
   left corner at (0, 0). */
pc_layout pc_draw_layout(const pc_grid *g, const pc_cell *cells, int32_t n,
                         const pc_render_opts *o);

pc_point pc_layout_map(const pc_layout *l, pc_point p);

/* What one picture shows: cells (in pc_cell_cmp order) and, per cell, the
   piece on it (-1: none) and its anchor (which placed piece: copies of a
   piece differ by anchor; -1: none). */
typedef struct pc_picture {
  const pc_grid *grid;
  const pc_cell *cells;
  int32_t n_cells;
  const int32_t *piece, *anchor;
  const pc_piece *pieces;  /* their names, for labels */
  const pc_rgb *colors;    /* per piece */
} pc_picture;

/* The anchors of a board's pre-placed pieces (pz->fixed): each cell's
   piece anchored at its first cell, -1 where none is. */
void pc_draw_fixed_anchors(const pc_puzzle *pz, int32_t *anchor);

/* Which copy of its piece the placed piece anchored at a is: 0 for the
   first in board order of the anchors. */
int32_t pc_picture_copy(const pc_picture *p, int32_t a);

/* Whether cell a anchors a placed piece whose name a label shows (holes
   have none). */
bool pc_picture_labelled(const pc_picture *p, int32_t a);

/* Draws the picture (not the background) through layout l. */
void pc_draw_picture(cairo_t *cr, const pc_picture *p, const pc_layout *l,
                     const pc_render_opts *o);

/* A tiling of the puzzle's board with its top left corner at (0, 0), as
   laid out by pc_draw_layout on the puzzle's cells. */
void pc_draw_tiling(cairo_t *cr, const pc_puzzle *pz, const pc_tiling *t,
                    const pc_rgb *colors, const pc_render_opts *o);

/* Fills the rectangle (0, 0, w, h) with the background, unless transparent. */
void pc_draw_background(cairo_t *cr, double w, double h, const pc_render_opts *o);

/* Text centred at (x, y), in the ink or in white, whichever shows better on
   `under`. */
void pc_draw_text(cairo_t *cr, const char *text, double x, double y, double size, bool bold,
                  pc_rgb under, const pc_render_opts *o);

/* The smallest text that stays legible, in points (pixels in PNG): labels
   that would be smaller are left off, and a sheet grows rather than
   write its title smaller. */
#define PC_TEXT_MIN 7.0

/* A context to measure text on before any page exists (cairo_destroy it);
   NULL without cairo (the page's canvas then says why). */
cairo_t *pc_text_measurer(void);

/* How wide `text` is at this size (the font pc_draw_text uses). */
double pc_text_width(cairo_t *cr, const char *text, double size, bool bold);

/* The largest size up to `size` at which `text` is at most `room` wide. */
double pc_text_fit(cairo_t *cr, const char *text, double size, bool bold, double room);

/* The size of a piece's name written on it with cells of `unit` points:
   a share of the cell, raised to PC_TEXT_MIN when the cell has room, made
   smaller when the name is wider than the room; 0 when it would be
   smaller than PC_TEXT_MIN (no label rather than an illegible one). */
double pc_label_size(cairo_t *cr, const pc_grid *g, const char *name, double unit);

/* The smallest cell side (whole points) at which every piece of the
   puzzle gets a legible label. */
double pc_label_min_cell(const pc_puzzle *pz);

/* With o->labels, o->cell grown to pc_label_min_cell: pictures do so when
   labels are asked for and no cell size is given. */
void pc_fit_labels(pc_render_opts *o, const pc_puzzle *pz);

#endif

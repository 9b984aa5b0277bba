/* grid.h — the lattices behind one interface: square cells, triangle
   cells, sticks (unit segments of the square lattice), hexagons and
   cubes. Each
   is one file, grid_<name>.c, filling in the table of grid_lattice.h.

   Every cell is named by its ASCII-art position: column c and row r of the
   character that draws it, both from 0, rows from the top (docs/DESIGN.md).
   - square:   the cell (c, r).
   - triangle: points up when c + r is even, down when odd; an up
               triangle's neighbours are (c-1, r), (c+1, r), (c, r+1); a
               down triangle's (c-1, r), (c+1, r), (c, r-1).
   - stick:    lattice points sit at even (c, r) ('+'); a horizontal
               segment at odd c, even r ('-'); a vertical one at even c,
               odd r ('|'). A cell is a segment: c + r is odd.
   - hex:      "brick" art of pointy-top hexagons: a hexagon is one
               character, its row neighbours two columns away, the rows
               above and below shifted by one column, so that (c, r)
               touches (c-2, r), (c+2, r), (c-1, r-1), (c+1, r-1),
               (c-1, r+1), (c+1, r+1). Every (c, r) is a cell, but the
               cells where c + r is even and those where it is odd are two
               copies of the lattice, half a hexagon apart: one drawing
               (a piece, a board) keeps to one of them
               (pc_grid_compatible), and any translation is allowed, which
               moves a shape between them. A hexagon of side 2:
                    # #
                   # # #
                    # #
   - cube:     the unit cube (c, r, l): column c, row r of layer l, layers
               bottom first; neighbours differ by 1 in one coordinate.
   - sphere:   balls of the face-centred cubic lattice, (x, y, z) with
               x + y + z even stored as (c, r, l); the art place (c, r) of
               layer l is the ball (c + r + l, c - r, l) (grid_sphere.c).

   Transforms act on these coordinates about a fixed origin and may leave a
   shape anywhere: translate afterwards (pc_shape_normalize). Transform 0 is
   the identity; transforms [0, rotations) are the rotations, the rest
   reflections. */
#ifndef PC_GRID_H
#define PC_GRID_H

#include <stdbool.h>
#include <stdint.h>

typedef enum pc_grid_kind {
  PC_GRID_SQUARE,
  PC_GRID_TRIANGLE,
  PC_GRID_STICK,
  PC_GRID_HEX,
  PC_GRID_CUBE,
  PC_GRID_SPHERE,
  PC_GRID_KINDS /* how many */
} pc_grid_kind;

/* A cell: column c, row r and layer l (always 0 on the plane lattices;
   the 3-D lattices' coordinates are in their files and docs/formats.md).
   Initializers that leave l out name cells of layer 0. */
typedef struct pc_cell {
  int32_t c, r, l;
} pc_cell;

#define PC_GRID_MAX_TRANSFORMS 48
#define PC_GRID_MAX_NEIGHBOURS 12
#define PC_GRID_MAX_COLORS 3

typedef struct pc_grid pc_grid;

/* "square", "triangle", "stick", "hex", "cube" or "sphere"; NULL for any other name. */
const pc_grid *pc_grid_by_name(const char *name);
/* Those names for messages: "square, triangle, stick, hex, cube or sphere". */
const char *pc_grid_names(void);
const pc_grid *pc_grid_get(pc_grid_kind kind);
pc_grid_kind pc_grid_kind_of(const pc_grid *g);
const char *pc_grid_name(const pc_grid *g);
/* The grid's polyforms ("polyominoes", "polyiamonds", "polysticks",
   "polyhexes", "polycubes", "polyspheres") and the letter their
   enumerated names start with (Q, T, S, H, C, B). */
const char *pc_grid_family(const pc_grid *g);
char pc_grid_letter(const pc_grid *g);

int pc_grid_transforms(const pc_grid *g); /* 8; 12 triangles, hexagons; 48 in 3-D */
int pc_grid_rotations(const pc_grid *g);  /* 4; 6 triangles, hexagons; 24 in 3-D */
/* The transforms that mirror the art left-right and top-bottom. */
int pc_grid_mirror_h(const pc_grid *g);
int pc_grid_mirror_v(const pc_grid *g);
/* 2 for the plane lattices (every cell in layer 0), 3 for cubes and
   spheres. */
int pc_grid_dimensions(const pc_grid *g);
pc_cell pc_grid_transform(const pc_grid *g, int t, pc_cell x);

/* Whether moving every cell by (dc, dr) maps the grid onto itself
   (triangles: dc + dr even; sticks: both even; squares, hexagons: always). */
bool pc_grid_is_translation(const pc_grid *g, int32_t dc, int32_t dr);
/* The same for a move in three coordinates (by.l != 0: never on the plane
   lattices). */
bool pc_grid_is_translation_by(const pc_grid *g, pc_cell by);

/* ASCII art draws a cell at column c, row r of layer l (layers of 3-D
   art, bottom first; 0 on the plane lattices). These map art places to
   cells and back: the identity but on spheres (grid_sphere.c). */
pc_cell pc_grid_from_art(const pc_grid *g, int32_t c, int32_t r, int32_t l);
pc_cell pc_grid_to_art(const pc_grid *g, pc_cell x);

/* Whether the layers of 3-D art stack as a box, each drawn with the rows
   of the first (cubes). */
bool pc_grid_layers_aligned(const pc_grid *g);

/* Whether (c, r) names a cell at all (sticks: c + r odd). */
bool pc_grid_is_cell(const pc_grid *g, pc_cell x);

/* Whether cells a and b may belong to one shape or board (hexagons: c + r
   of the same parity; always on the other grids). */
bool pc_grid_compatible(const pc_grid *g, pc_cell a, pc_cell b);

/* Whether the cells are segments between lattice points (sticks): their
   art draws the end points ('+') and carries no labels, and pieces may not
   cross at a lattice point. */
bool pc_grid_segments(const pc_grid *g);

/* The cells that share an edge with x (sticks: segments sharing an end
   point). Returns how many were written to out. */
int pc_grid_neighbours(const pc_grid *g, pc_cell x, pc_cell out[PC_GRID_MAX_NEIGHBOURS]);

/* Reading ASCII art: whether character ch at (c, r) draws a cell.
   Returns 1 for a cell, 0 for nothing ('.', ' ', and for sticks '+' at a
   lattice point), -1 for a character that cannot stand there (sticks: '-'
   not at a horizontal position, '|' not at a vertical one, anything else). */
int pc_grid_ascii_cell(const pc_grid *g, int32_t c, int32_t r, char ch);

/* The character that draws cell x in ASCII art when it is not labelled:
   '#', or '-' or '|' for sticks. */
char pc_grid_ascii_char(const pc_grid *g, pc_cell x);

/* What fills the places of ASCII output that draw no cell: '.', or ' ' for
   sticks and hexagons (whose art has places between cells). */
char pc_grid_ascii_blank(const pc_grid *g);

/* A standard coloring of the grid's cells with k colors (coloring.h). */
typedef struct pc_grid_coloring {
  const char *name;
  int k; /* at most PC_GRID_MAX_COLORS */
  int (*color)(pc_cell x);
} pc_grid_coloring;

/* The grid's standard colorings; *n gets how many. */
const pc_grid_coloring *pc_grid_colorings(const pc_grid *g, int *n);

#endif

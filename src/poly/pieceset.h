/* pieceset.h — piece sets in YAML (pieces/NAME.yaml) and the ASCII art that
   draws pieces and boards. */
#ifndef PC_PIECESET_H
#define PC_PIECESET_H

#include <stdbool.h>
#include <stddef.h>

#include "core/error.h"
#include "poly/art.h"
#include "poly/grid.h"
#include "poly/ydoc.h"

#define PC_NAME_MAX 31
#define PC_COPIES_ANY (-1)

typedef struct pc_piece {
  char name[PC_NAME_MAX + 1];
  char color[16];       /* "#rrggbb" (or "#rgb"), or "" for the default palette */
  pc_cell *cells;       /* normalized */
  int32_t size;
  bool one_sided;       /* placed by rotations only */
  int copies;           /* at most this many, or PC_COPIES_ANY */
  int copies_min;       /* at least this many (0 for PC_COPIES_ANY) */
  int32_t group;        /* the `choose` group it counts in (puzzle.h), or -1 */
  char symbol;          /* the character that shows it in ASCII output */
  bool hole;            /* not a piece: a board cell left empty (`holes:`) */
} pc_piece;

typedef struct pc_pieceset {
  char name[128];
  const pc_grid *grid;
  bool one_sided;       /* `one_sided: true`: mirror images are pieces of
                           their own, every piece placed by rotations only */
  bool planar;          /* `planar: true`: every piece lies in one plane
                           (pc_shape_planar), checked when loading */
  pc_piece *pieces;
  int32_t n_pieces;
  char warning[768];    /* FILE:LINE:COLUMN: the first shape held twice, or "" */
} pc_pieceset;

/* Loads and checks a piece set file: known keys only, a known grid,
   `one_sided` and `planar` (optional, true or false), every
   piece connected and drawn with characters its grid allows, colors
   "#rrggbb", "#rgb" or a CSS name (stored as "#rrggbb"). A shape held
   twice (up to rotation and reflection) is noted in set->warning. */
pc_status pc_pieceset_load(const char *path, pc_pieceset *set, pc_error *err);
void pc_pieceset_free(pc_pieceset *set);

/* A flat set on a solid board: a square set's pieces, each drawn as one
   layer, become the same flat pieces of the cube or sphere grid `to`
   (pentominoes as planar pentacubes, Kanoodle's pieces as balls); the set
   is then `planar`. False, the set untouched, for any other pair of
   grids. */
bool pc_pieceset_lift(pc_pieceset *set, const pc_grid *to);

/* The pieces of a `pieces:` mapping (NAME: art, or a mapping) in a loaded
   document, added to a set whose name and grid are set. On failure the
   caller frees the set. */
pc_status pc_pieceset_parse(pc_ydoc *y, const yaml_node_t *pieces, pc_pieceset *set,
                            pc_error *err);

/* Whether every solution places the piece exactly once. */
static inline bool pc_piece_exactly_once(const pc_piece *p)
{
  return p->copies == 1 && p->copies_min == 1;
}

/* How many copies, for people: "" when exactly once, else "3", "0-1",
   "2+" (2 or more) or "any". */
void pc_piece_copies_text(const pc_piece *p, char *out, size_t size);

/* Whether the n cells (normalized here) are an orientation of piece p:
   turned, or flipped over too unless p is one-sided. */
pc_status pc_piece_orientation_of(const pc_grid *g, const pc_piece *p, pc_cell *cells,
                                  int32_t n, bool *fits);

/* A deep copy of a piece (cells included). */
pc_status pc_piece_copy(pc_piece *dst, const pc_piece *src);
void pc_piece_free(pc_piece *p);

#endif

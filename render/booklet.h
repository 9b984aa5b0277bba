/* booklet.h — a printable booklet of challenges (puzzles with pieces
   pre-placed, run/challenge.h makes them): pages of challenges, each the
   tray with its pre-placed pieces in color, the pieces to place beside it,
   its number and level; then the solutions, several to a page. A4 pages in
   a PDF; a .png or .svg file gets the first page only (for a look at it). */
#ifndef PC_BOOKLET_H
#define PC_BOOKLET_H

#include "poly/puzzle.h"
#include "poly/tiling.h"
#include "core/error.h"

typedef struct pc_booklet_item {
  pc_puzzle puzzle;      /* the challenge: `fixed` marks its pre-placed pieces */
  pc_tiling solution;    /* its one solution */
  int32_t number, level, left;
} pc_booklet_item;

pc_status pc_render_booklet(const char *path, const char *title, const pc_booklet_item *items,
                            int32_t n, int32_t levels, pc_error *err);

#endif

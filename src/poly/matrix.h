/* matrix.h — the exact-cover matrix of a puzzle: the bridge between the
   geometry (puzzle, shapes) and the search (xc, dlx).

   Items, in this order (docs/DESIGN.md): the board's cells row-major, then one
   per piece in set order, its copies as the item's bounds (xc.h: a piece
   with copies: 3 is one item covered 3 times, so the search never orders
   interchangeable copies; none for copies: any), then one per `choose`
   group (puzzle.h), then for sticks a secondary item for each
   interior lattice point (one where all four segments are on the board),
   which a placement claims when it passes straight through it. Options: a
   pre-placed piece has the one placement drawn on the board; every other
   piece, each of its orientations at every position where it fits on cells
   that no piece is pre-placed on. */
#ifndef PC_MATRIX_H
#define PC_MATRIX_H

#include "poly/puzzle.h"
#include "core/xc.h"

/* What an option places. */
typedef struct pc_placement {
  int32_t piece;
  int32_t index;          /* the placement's index among its piece's */
} pc_placement;

typedef struct pc_matrix {
  pc_xc xc;
  int32_t n_cells;        /* items [0, n_cells) are the puzzle's cells */
  pc_placement *placement; /* one per option */
  int32_t cap_placements;
} pc_matrix;

pc_status pc_matrix_build(const pc_puzzle *pz, pc_matrix *m, pc_error *err);
void pc_matrix_free(pc_matrix *m);


#endif

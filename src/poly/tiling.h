/* tiling.h — a solution as geometry: which placed piece covers each board
   cell. What symmetry, scoring, the solution file and rendering share; it
   knows nothing of the search.

   Two solutions are the same exactly when their tilings are equal, which
   is what makes a tiling the key for telling solutions apart under the
   puzzle's symmetries. */
#ifndef PC_TILING_H
#define PC_TILING_H

#include <stdbool.h>
#include <stdint.h>

#include "poly/puzzle.h"

typedef struct pc_matrix pc_matrix;

/* Per board cell (indices of pc_puzzle.cells): `piece`, the puzzle piece
   on it, and `anchor`, the lowest board cell index of that piece's
   placement, which tells two copies of one piece apart. Both -1 for a cell
   no piece covers. */
typedef struct pc_tiling {
  int32_t n_cells;
  int32_t *piece;
  int32_t *anchor;
} pc_tiling;

pc_status pc_tiling_init(pc_tiling *t, int32_t n_cells);
void pc_tiling_free(pc_tiling *t);
void pc_tiling_copy(pc_tiling *dst, const pc_tiling *src); /* same n_cells */

/* Fills t from the options of a solution of the puzzle's matrix. */
void pc_tiling_from_options(pc_tiling *t, const pc_matrix *m, const int32_t *options,
                            int32_t n);

/* Orders tilings: by (piece, anchor) cell by cell. 0 when equal. */
int pc_tiling_cmp(const pc_tiling *a, const pc_tiling *b);

/* Whether cells i and j hold different placed pieces (uncovered cells
   count as one more piece). */
static inline bool pc_tiling_differ(const pc_tiling *t, int32_t i, int32_t j)
{
  return t->anchor[i] != t->anchor[j];
}

/* The board's ASCII art with each cell showing its piece's symbol ('?'
   when uncovered, '_' for a hole); a second or later copy of a piece shows
   a symbol of its own. When a symbol is not the name of the piece it
   shows (names longer than one character, such as generated ones, or
   taken), a last line is the key: first the pieces shown by another
   symbol, then the copies, e.g. "A = Q01, B = Q04; copies of Q01: b".
   Malloc'd, NULL when out of memory. */
char *pc_tiling_ascii(const pc_tiling *t, const pc_puzzle *pz);

#endif

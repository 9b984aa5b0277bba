/* symmetry.h — a puzzle's symmetry group.

   The group: every transform of the grid's point group that, followed by
   a translation, maps the board onto itself, the pre-placed pieces onto
   pre-placed pieces, and the pieces onto the pieces (a piece maps to the
   piece whose allowed orientations are its own transformed: itself in a
   free set; its mirror twin in a one-sided set; with the same copies,
   and each `choose` group's pieces into one group of the same bounds (a
   group of one piece is the piece alone: puzzle.h);
   where several fit, the first free in order, so that the maps compose).
   The search reduced to one solution per class, with it, is classes.h. */
#ifndef PC_SYMMETRY_H
#define PC_SYMMETRY_H

#include "poly/matrix.h"
#include "poly/tiling.h"

#define PC_SYM_MAX PC_GRID_MAX_TRANSFORMS

typedef struct pc_symmetry {
  int32_t order;                  /* elements; element 0 is the identity */
  int transform[PC_SYM_MAX];      /* each element's grid transform */
  int32_t n_cells, n_pieces;
  int32_t *cell;                  /* order x n_cells: each board cell's image */
  int32_t *piece;                 /* order x n_pieces: each piece's image */
} pc_symmetry;

pc_status pc_symmetry_find(const pc_puzzle *pz, pc_symmetry *g);
void pc_symmetry_free(pc_symmetry *g);

/* How many of the elements are rotations (the identity included). */
int32_t pc_symmetry_rotations(const pc_symmetry *g, const pc_grid *grid);

/* dst = element e applied to src; scratch holds n_cells entries. */
void pc_symmetry_apply(const pc_symmetry *g, int32_t e, const pc_tiling *src, pc_tiling *dst,
                       int32_t *scratch);

#endif

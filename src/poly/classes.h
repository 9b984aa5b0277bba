/* classes.h — counting a puzzle's essentially different solutions exactly
   by automatic symmetry breaking.

   As Knuth did by hand with the X pentomino: one piece k is restricted to
   the placements that are the smallest of their orbit under the elements
   that map k to itself. When no piece pays (copies of one piece, as in 45
   Y pentominoes), the placements covering one cell x that some elements fix
   (the centre of a square) are restricted the same way under the elements
   fixing x.

   A kept placement p of k may itself be symmetric: the elements fixing p
   then map the solutions with k at p onto each other. So a second piece j
   is restricted where k is at such a p, to the placements smallest under
   those elements: the reduced matrix gets a secondary item for p, in p's
   option and in every option of j that is not the smallest of its orbit
   under p's elements, so that the two never go together.

   Every class of solutions still has members in the reduced search; a
   solution found is kept when it is the smallest of its class's members
   that the reduced search can find, so each class is counted exactly once,
   whatever the stabilizers of the placements or of the solutions. */
#ifndef PC_CLASSES_H
#define PC_CLASSES_H

#include "poly/symmetry.h"

/* The reduction and the test that finds each class once. With piece and
   cell both -1 there is no reduction: the search finds every solution,
   and a class's representative is its smallest member. */
typedef struct pc_classes {
  const pc_symmetry *g;
  int32_t piece;                  /* the restricted piece, or -1 */
  int32_t cell;                   /* else the restricted cell, or -1 */
  int32_t placements, kept;       /* its placements, and those kept */
  int32_t second;                 /* the piece restricted where the first's
                                     kept placement is symmetric, or -1 */
  int32_t symmetric;              /* those placements of the first */
  bool stabilizes[PC_SYM_MAX];    /* elements fixing `piece` or `cell` */
  pc_tiling image[PC_SYM_MAX];    /* scratch: a solution's images */
  int32_t *scratch;               /* 3 n_cells */
} pc_classes;

/* Chooses, when `reduce`, the piece to restrict (the one keeping the
   fewest placements; when none can be, the cell keeping the smallest share
   of its placements) and the second piece (the one losing most placements
   where the first's placement is symmetric). */
pc_status pc_classes_init(pc_classes *c, const pc_puzzle *pz, const pc_symmetry *g,
                          const pc_matrix *m, bool reduce);
void pc_classes_free(pc_classes *c);

/* The matrix the reduced search takes: the options of `full` (the one
   pc_classes_init saw) that the reduction keeps, with the second piece's
   secondary items. */
pc_status pc_classes_reduce(const pc_classes *c, const pc_matrix *full, pc_matrix *out,
                            pc_error *err);

/* For a solution the search found: whether it represents its class, and
   the class's size, |group| / |stabilizer of the solution|. */
bool pc_classes_represents(pc_classes *c, const pc_tiling *s, int32_t *class_size);

#endif

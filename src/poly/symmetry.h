/* symmetry.h — a puzzle's symmetry group, and counting its essentially
   different solutions exactly by automatic symmetry breaking.

   The group: every transform of the grid's point group that, followed by
   a translation, maps the board onto itself, the pre-placed pieces onto
   pre-placed pieces, and the pieces onto the pieces (a piece maps to the
   piece whose allowed orientations are its own transformed: itself in a
   free set; its mirror twin in a one-sided set).

   Symmetry breaking, as Knuth did by hand with the X pentomino: one piece
   k is restricted to the placements that are the smallest of their orbit
   under the elements that map k to itself. When no piece pays (copies of
   one piece, as in 45 Y pentominoes), the placements covering one cell x
   that some elements fix (the centre of a square) are restricted the same
   way under the elements fixing x. Every class of solutions then
   still has members in the reduced search; a solution found is kept when
   it is the smallest of its class's members that the reduced search can
   find, so each class is counted exactly once, whatever the stabilizers of
   the placements or of the solutions. */
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

/* The reduction and the test that finds each class once. With piece and
   cell both -1 there is no reduction: the search finds every solution, and a class's
   representative is its smallest member. */
typedef struct pc_classes {
  const pc_symmetry *g;
  int32_t piece;                  /* the restricted piece, or -1 */
  int32_t cell;                   /* else the restricted cell, or -1 */
  int32_t placements, kept;       /* its placements, and those kept */
  bool stabilizes[PC_SYM_MAX];    /* elements fixing `piece` or `cell` */
  pc_tiling image[PC_SYM_MAX];    /* scratch: a solution's images */
  int32_t *scratch;               /* n_cells */
} pc_classes;

/* Chooses the piece or cell to restrict (the one keeping the smallest
   share of its placements) when `reduce`, and sets keep[o] for every option of the
   matrix that the reduced search may use. keep may be NULL. */
pc_status pc_classes_init(pc_classes *c, const pc_puzzle *pz, const pc_symmetry *g,
                          const pc_matrix *m, bool reduce, bool *keep);
void pc_classes_free(pc_classes *c);

/* For a solution the search found: whether it represents its class, and
   the class's size, |group| / |stabilizer of the solution|. */
bool pc_classes_represents(pc_classes *c, const pc_tiling *s, int32_t *class_size);

#endif

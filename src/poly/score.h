/* score.h — Knuth's symmetry scores of a solution ("Dancing Links", the
   hexiamond section): the horizontal symmetry is the number of edges
   between two different pieces that are also edges between two different
   pieces in the solution's left-right mirror image; the vertical symmetry
   likewise for the top-bottom mirror image.

   An edge is a pair of neighbouring board cells (pc_grid_neighbours): two
   squares, triangles or hexagons sharing a side; for sticks, two segments sharing an
   end point, the natural analogue. The mirror is the reflection of the
   grid that maps the board's bounding box onto itself; on a board that is
   not mirror-symmetric only edges whose mirror image lies on the board
   count. */
#ifndef PC_SCORE_H
#define PC_SCORE_H

#include "poly/grid.h"
#include "poly/tiling.h"

typedef struct pc_score {
  int32_t h, v;
} pc_score;

typedef struct pc_scorer {
  int32_t n_cells, n_edges;
  int32_t (*edge)[2];       /* the board's internal edges, as cell pairs */
  int32_t *mirror_h;        /* per cell: its left-right image, or -1 */
  int32_t *mirror_v;        /* per cell: its top-bottom image, or -1 */
} pc_scorer;

pc_status pc_scorer_init(pc_scorer *s, const pc_grid *g, const pc_cell *cells, int32_t n);
void pc_scorer_free(pc_scorer *s);

pc_score pc_score_tiling(const pc_scorer *s, const pc_tiling *t);

/* Edges between different pieces: the score of a perfectly symmetric
   solution. */
int32_t pc_score_piece_edges(const pc_scorer *s, const pc_tiling *t);

/* Knuth's order, "maximally symmetric": the higher of the two scores
   first, then the lower. Positive when a is more symmetric than b. */
int pc_score_cmp(pc_score a, pc_score b);

#endif

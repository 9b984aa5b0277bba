/* coloring.h — impossibility by coloring, before the search. Color the
   board's cells with k colors in one of the standard ways (the
   checkerboard, stripes of columns or rows or diagonals mod k, as Golomb
   does; triangles by the way they point; sticks by their direction;
   hexagons with three colors, no two neighbours alike); each
   placement of a piece covers so many cells of each color. If no choice of
   one placement per piece (per copy; any number of them for copies: any)
   adds up to the board's counts, the puzzle has no solution, whatever the
   search would do. A small dynamic program over the count vectors decides
   it; the placements are the matrix's own, so pre-placed pieces count as
   placed. The argument is sound: it never refuses a puzzle that has a
   solution. */
#ifndef PC_COLORING_H
#define PC_COLORING_H

#include <stddef.h>

#include "poly/matrix.h"

/* True when a coloring proves that the puzzle has no solution, or a
   piece it must place fits nowhere; `why` (if not NULL) gets the argument
   for people: the coloring, the board's counts, and what each piece can
   cover; or the pieces that fit nowhere. */
bool pc_coloring_refutes(const pc_puzzle *pz, const pc_matrix *m, char *why, size_t size);

#endif

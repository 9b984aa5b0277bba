/* art.h — reading the ASCII art that draws pieces and boards: a string of
   rows on the plane lattices; on 3-D lattices also a list of such layers,
   bottom first, or a box (docs/formats.md). */
#ifndef PC_ART_H
#define PC_ART_H

#include "core/error.h"
#include "poly/grid.h"
#include "poly/ydoc.h"

/* Parses the art in a node: the cells it draws, and for each the
   character that drew it (labels). Without labels it is a piece's art,
   whose cells are drawn only with the grid's own character ('#', or '-'
   and '|' for sticks). On 3-D grids the node may be a string (one layer),
   a list of strings (layers, bottom first; on cubes each with as many rows
   as the first) or a mapping `size: [columns, rows, layers]` (a box, every
   cell '#'). Cells come in pc_cell_cmp order. Errors point into the art.
   *cells and *labels are malloc'd. */
pc_status pc_art_parse(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g,
                       pc_cell **cells, char **labels, int32_t *n, pc_error *err);

/* Where cell x of art parsed by pc_art_parse is drawn in the file (its
   1-based line and column; the node's own for a box). */
void pc_art_pos(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g, pc_cell x, int *line,
                int *column);

#endif

/* tiles.h — pieces set out in rows under a board or beside a tray: each
   a tile as wide as the piece or its name, whichever is wider, the name
   under the piece, a row wrapped where the next tile would pass the
   right edge. The render of a piece set and the booklet's trays share it. */
#ifndef PC_TILES_H
#define PC_TILES_H

#include <stdbool.h>

#include "render/draw.h"

/* Where one tile's piece goes, and the centre of its name. */
typedef struct pc_tile {
  pc_layout l;
  double label_x, label_y;
} pc_tile;

typedef struct pc_tile_flow {
  double left, right;   /* the rows' edges */
  bool widen;           /* a tile alone in its row wider than that moves `right` */
  double unit, gap;     /* the cell; the space between tiles and rows */
  double label_dy;      /* the name's centre below the piece */
  double label_h;       /* what a name adds to its row's height */
  double x, y, row_h;   /* the next tile's corner; the row's height so far */
} pc_tile_flow;

/* A flow from (left, top) between left and right, cells of `unit`, no
   tile placed yet. */
pc_tile_flow pc_tile_flow_start(double left, double right, double top, double unit,
                                double label_dy, double label_h, bool widen);

/* The next tile: a piece whose bounds (in cells) are `box`, whose name is
   name_w wide. */
pc_tile pc_tile_flow_place(pc_tile_flow *f, pc_box box, double name_w);

/* The bottom of the last row. */
double pc_tile_flow_bottom(const pc_tile_flow *f);

#endif

/* tiles.c — pieces set out in rows of tiles. */
#include "render/tiles.h"

#include <math.h>

pc_tile_flow pc_tile_flow_start(double left, double right, double top, double unit,
                                double label_dy, double label_h, bool widen)
{
  return (pc_tile_flow){.left = left, .right = right, .widen = widen, .unit = unit,
                        .gap = 0.6 * unit, .label_dy = label_dy, .label_h = label_h,
                        .x = left, .y = top, .row_h = 0};
}

pc_tile pc_tile_flow_place(pc_tile_flow *f, pc_box box, double name_w)
{
  double u = f->unit, w = (box.x1 - box.x0) * u, h = (box.y1 - box.y0) * u;
  double tw = fmax(w, name_w);
  if (f->x > f->left && f->x + tw > f->right) {
    f->x = f->left;
    f->y += f->row_h + f->gap;
    f->row_h = 0;
  }
  pc_tile t = {{u, f->x + (tw - w) / 2 - box.x0 * u, f->y - box.y0 * u, w, h},
               f->x + tw / 2, f->y + h + f->label_dy};
  f->row_h = fmax(f->row_h, h + f->label_h);
  if (f->widen) f->right = fmax(f->right, f->x + tw);
  f->x += tw + f->gap;
  return t;
}

double pc_tile_flow_bottom(const pc_tile_flow *f) { return f->y + f->row_h; }

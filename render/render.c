/* render.c — one solution, or the piece set and the board, to a file. */
#include "render/render.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "render/output.h"
#include "render/tiles.h"

pc_status pc_render_solution(const char *path, const pc_puzzle *pz, const pc_tiling *t,
                             const pc_render_opts *o, pc_error *err)
{
  pc_render_opts def = pc_render_defaults();
  if (!o) o = &def;
  pc_rgb *colors = pc_alloc_array((size_t)pz->n_pieces, sizeof *colors);
  if (!colors) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_palette_puzzle(pz, colors);
  pc_layout l = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, o);
  pc_canvas cv;
  pc_status s = pc_canvas_open(&cv, path, l.width, l.height, err);
  if (!s) {
    pc_draw_background(cv.cr, l.width, l.height, o);
    pc_draw_tiling(cv.cr, pz, t, colors, o);
    s = pc_canvas_commit(&cv, err);
  }
  free(colors);
  return s;
}

/* A piece's name, with how many copies: "L", "L × 3", "L × 0-1". */
static void piece_label(const pc_piece *p, char *name, size_t size)
{
  char copies[16];
  pc_piece_copies_text(p, copies, sizeof copies);
  snprintf(name, size, "%s%s%s", p->name, *copies ? " \xc3\x97 " : "", copies);
}

/* The names' size, in cells. */
#define LABEL_SIZE 0.4

/* Where each piece of the set goes under the board: tiles wrapped at the
   page's width (the board's, or 8 cells), which a tile alone in its row
   widens. Returns the page's height. */
static double lay_out_pieces(const pc_puzzle *pz, const pc_render_opts *o, double top,
                             double *page_width, pc_tile *tiles)
{
  double u = o->cell, label = 0.55 * u, m = o->margin * u;
  pc_tile_flow f = pc_tile_flow_start(m, *page_width - m, top, u, 0.6 * label, label, true);
  cairo_t *cr = pc_text_measurer();
  for (int32_t k = 0; k < pz->n_pieces; k++) {
    const pc_piece *p = &pz->pieces[k];
    char name[PC_NAME_MAX + 48];
    piece_label(p, name, sizeof name);
    double name_w = cr ? pc_text_width(cr, name, LABEL_SIZE * u, false) : label;
    tiles[k] = pc_tile_flow_place(&f, pc_draw_bounds(pz->grid, p->cells, p->size), name_w);
  }
  if (cr) cairo_destroy(cr);
  *page_width = f.right + m;
  return pc_tile_flow_bottom(&f) + m;
}

pc_status pc_render_pieces(const char *path, const pc_puzzle *pz, const pc_render_opts *o,
                           pc_error *err)
{
  pc_render_opts def = pc_render_defaults();
  if (!o) o = &def;
  int32_t size = 0;
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (pz->pieces[k].size > size) size = pz->pieces[k].size;
  pc_rgb *colors = pc_alloc_array((size_t)pz->n_pieces, sizeof *colors);
  pc_tile *tiles = pc_alloc_array((size_t)pz->n_pieces, sizeof *tiles);
  int32_t *anchor = pc_alloc_array((size_t)pz->n_cells, sizeof *anchor);
  /* A piece alone: every cell of piece k, all anchored at cell 0. */
  int32_t *kind = pc_alloc_array((size_t)size, sizeof *kind);
  int32_t *zero = pc_calloc_array((size_t)size, sizeof *zero);
  pc_status s = PC_OK;
  if (!colors || !tiles || !anchor || !kind || !zero) {
    s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    goto done;
  }
  pc_palette_puzzle(pz, colors);
  pc_draw_fixed_anchors(pz, anchor);
  pc_layout board = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, o);
  double page_w = fmax(board.width, 8 * o->cell);
  double page_h = lay_out_pieces(pz, o, board.height + 0.3 * o->cell, &page_w, tiles);
  board.dx += (page_w - board.width) / 2;
  pc_canvas cv;
  if ((s = pc_canvas_open(&cv, path, page_w, page_h, err))) goto done;
  pc_draw_background(cv.cr, page_w, page_h, o);
  pc_picture pic = {pz->grid, pz->cells, pz->n_cells, pz->fixed, anchor, pz->pieces, colors};
  pc_draw_picture(cv.cr, &pic, &board, o);
  for (int32_t k = 0; k < pz->n_pieces; k++) {
    const pc_piece *p = &pz->pieces[k];
    for (int32_t i = 0; i < p->size; i++) kind[i] = k;
    /* With the pieces, a hole's cell is drawn empty, as in a solution (no
       piece is labelled inside here: pieces are named under). */
    const pc_piece *hole = p->hole ? pz->pieces : NULL;
    pc_picture one = {pz->grid, p->cells, p->size, kind, zero, hole, colors};
    pc_draw_picture(cv.cr, &one, &tiles[k].l, o);
    char name[PC_NAME_MAX + 48];
    piece_label(p, name, sizeof name);
    pc_draw_text(cv.cr, name, tiles[k].label_x, tiles[k].label_y, LABEL_SIZE * o->cell, false,
                 o->background, o);
  }
  s = pc_canvas_commit(&cv, err);
done:
  free(colors);
  free(tiles);
  free(anchor);
  free(kind);
  free(zero);
  return s;
}

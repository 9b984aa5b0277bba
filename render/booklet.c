/* booklet.c — challenge pages and solution pages on A4. */
#include "render/booklet.h"

#include <cairo-pdf.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "render/draw.h"
#include "render/output.h"
#include "render/tiles.h"

/* A4 in points, its margins, the line of text at the top of a page. */
#define PAGE_W 595.28
#define PAGE_H 841.89
#define MARGIN 40.0
#define HEAD 24.0
#define PER_PAGE 3      /* challenges on a page */
#define SOLUTION_COLUMNS 4
#define CAPTION 9.0     /* text size under a solution */

typedef struct book {
  pc_canvas cv;
  pc_render_opts o;
  const char *title;
  int32_t levels, page;
  pc_rgb *colors;         /* per piece */
  bool *on_board;         /* per piece: pre-placed in the challenge drawn */
  int32_t *kind, *zero;   /* a piece alone: its index on each cell, anchor 0 */
} book;

/* The page's header line and its number at the foot. */
static void page_frame(book *b, const char *what)
{
  char line[512];
  snprintf(line, sizeof line, "%s \xe2\x80\x94 %s", b->title, what);
  pc_draw_text(b->cv.cr, line, PAGE_W / 2, MARGIN / 2 + 6, 10, false, b->o.background, &b->o);
  snprintf(line, sizeof line, "%d", (int)++b->page);
  pc_draw_text(b->cv.cr, line, PAGE_W / 2, PAGE_H - MARGIN / 2, 9, false, b->o.background, &b->o);
}

/* Ends a page; false when the file holds one page only (PNG, SVG). */
static bool next_page(book *b)
{
  if (b->cv.format != PC_FORMAT_PDF) return false;
  cairo_show_page(b->cv.cr);
  return true;
}

/* The largest cell (at most `max`) at which these cells fit in w x h. */
static double fit_cell(const pc_grid *g, const pc_cell *cells, int32_t n, double w, double h,
                       double max, const pc_render_opts *o)
{
  pc_render_opts unit = *o;
  unit.cell = 1;
  pc_layout l = pc_draw_layout(g, cells, n, &unit);
  return fmin(max, fmin(w / l.width, h / l.height));
}

/* The pieces to place in rows from (x, y) within width w, at cell u, each
   with its name under it; drawn only with draw. Returns the height used. */
static double flow_pieces(book *b, const pc_puzzle *pz, double u, double x, double y, double w,
                          bool draw)
{
  double label = 7.0;
  pc_tile_flow f = pc_tile_flow_start(x, x + w, y, u, 0.8 * label, 1.4 * label, false);
  for (int32_t k = 0; k < pz->n_pieces; k++) {
    const pc_piece *p = &pz->pieces[k];
    if (b->on_board[k] || p->hole) continue; /* a hole is drawn in the tray, dark */
    pc_tile t = pc_tile_flow_place(&f, pc_draw_bounds(pz->grid, p->cells, p->size),
                                   pc_text_width(b->cv.cr, p->name, label, false));
    if (!draw) continue;
    for (int32_t i = 0; i < p->size; i++) b->kind[i] = k;
    pc_picture one = {pz->grid, p->cells, p->size, b->kind, b->zero, NULL, b->colors};
    pc_draw_picture(b->cv.cr, &one, &t.l, &b->o);
    pc_draw_text(b->cv.cr, p->name, t.label_x, t.label_y, label, false, b->o.background, &b->o);
  }
  return pc_tile_flow_bottom(&f) - y;
}

/* The tray with the pre-placed pieces through layout l (each anchored at
   its first cell, as pc_render_pieces draws them: pc_draw_fixed_anchors). */
static void draw_tray(book *b, const pc_puzzle *pz, const pc_layout *l, int32_t *anchor)
{
  pc_draw_fixed_anchors(pz, anchor);
  pc_picture pic = {pz->grid, pz->cells, pz->n_cells, pz->fixed, anchor, pz->pieces, b->colors};
  pc_draw_picture(b->cv.cr, &pic, l, &b->o);
}

/* Challenge `it` in the band of the page from y down, h high: its title
   line, the tray on the left, the pieces to place on the right. */
static void draw_challenge(book *b, const pc_booklet_item *it, double y, double h,
                           int32_t *anchor)
{
  const pc_puzzle *pz = &it->puzzle;
  for (int32_t k = 0; k < pz->n_pieces; k++) b->on_board[k] = false;
  for (int32_t i = 0; i < pz->n_cells; i++)
    if (pz->fixed[i] >= 0) b->on_board[pz->fixed[i]] = true;
  char line[200], empty[48];
  pc_puzzle_holes_text(pz, empty, sizeof empty);
  snprintf(line, sizeof line,
           "Challenge %d \xc2\xb7 level %d of %d \xc2\xb7 %d piece%s to place%s%s%s",
           (int)it->number, (int)it->level, (int)b->levels, (int)it->left,
           it->left == 1 ? "" : "s", *empty ? ", leaving " : "", empty, *empty ? " empty" : "");
  double w = PAGE_W - 2 * MARGIN, top = y + 26, tray_w = 0.56 * w, tray_h = h - 36;
  pc_draw_text(b->cv.cr, line, PAGE_W / 2, y + 10, 12, true, b->o.background, &b->o);
  b->o.cell = fit_cell(pz->grid, pz->cells, pz->n_cells, tray_w, tray_h, 30, &b->o);
  pc_layout l = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, &b->o);
  l.dx += MARGIN + (tray_w - l.width) / 2;
  l.dy += top + (tray_h - l.height) / 2;
  draw_tray(b, pz, &l, anchor);
  double px = MARGIN + 0.6 * w, pw = 0.4 * w, u = 0.75 * b->o.cell, used;
  while ((used = flow_pieces(b, pz, u, px, top, pw, false)) > tray_h && u > 2) u *= 0.9;
  double cell = b->o.cell;
  b->o.cell = u;
  flow_pieces(b, pz, u, px, top + fmax(0, (tray_h - used) / 2), pw, true);
  b->o.cell = cell;
  cairo_set_source_rgb(b->cv.cr, 0.8, 0.8, 0.8);
  cairo_set_line_width(b->cv.cr, 0.5);
  cairo_move_to(b->cv.cr, MARGIN, y + h - 4);
  cairo_line_to(b->cv.cr, PAGE_W - MARGIN, y + h - 4);
  cairo_stroke(b->cv.cr);
}

/* The challenges, PER_PAGE to a page. False when the file ended (one page). */
static bool challenge_pages(book *b, const pc_booklet_item *items, int32_t n, int32_t *anchor)
{
  double band = (PAGE_H - 2 * MARGIN - HEAD) / PER_PAGE;
  for (int32_t i = 0; i < n; i++) {
    if (i % PER_PAGE == 0) {
      if (i && !next_page(b)) return false;
      pc_draw_background(b->cv.cr, PAGE_W, PAGE_H, &b->o);
      page_frame(b, "challenges");
    }
    draw_challenge(b, &items[i], MARGIN + HEAD + (i % PER_PAGE) * band, band, anchor);
  }
  return true;
}

/* The solutions, in rows of SOLUTION_COLUMNS, each with its number. */
static void solution_pages(book *b, const pc_booklet_item *items, int32_t n)
{
  const pc_puzzle *pz = &items[0].puzzle;
  double w = PAGE_W - 2 * MARGIN, col_w = w / SOLUTION_COLUMNS;
  double room = PAGE_H - 2 * MARGIN - HEAD - 2 * CAPTION;
  b->o.cell = fit_cell(pz->grid, pz->cells, pz->n_cells, col_w - 10, room, 24, &b->o);
  pc_layout base = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, &b->o);
  double row_h = base.height + 2.2 * CAPTION;
  int32_t rows = (int32_t)floor((PAGE_H - 2 * MARGIN - HEAD) / row_h);
  int32_t per = (rows > 1 ? rows : 1) * SOLUTION_COLUMNS;
  for (int32_t i = 0; i < n; i++) {
    if (i % per == 0) {
      if (!next_page(b)) return;
      pc_draw_background(b->cv.cr, PAGE_W, PAGE_H, &b->o);
      page_frame(b, "solutions");
    }
    int32_t at = i % per;
    pc_layout l = base;
    l.dx += MARGIN + (at % SOLUTION_COLUMNS) * col_w + (col_w - base.width) / 2;
    l.dy += MARGIN + HEAD + (at / SOLUTION_COLUMNS) * row_h;
    const pc_tiling *t = &items[i].solution;
    pc_picture pic = {pz->grid, pz->cells, pz->n_cells, t->piece, t->anchor, pz->pieces,
                      b->colors};
    pc_draw_picture(b->cv.cr, &pic, &l, &b->o);
    char cap[32];
    snprintf(cap, sizeof cap, "%d", (int)items[i].number);
    pc_draw_text(b->cv.cr, cap, l.dx - base.dx + base.width / 2,
                 l.dy - base.dy + base.height + CAPTION, CAPTION, false, b->o.background, &b->o);
  }
}

static void book_free(book *b)
{
  free(b->colors);
  free(b->on_board);
  free(b->kind);
  free(b->zero);
}

static pc_status book_init(book *b, const pc_puzzle *pz, pc_error *err)
{
  int32_t size = 1;
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (pz->pieces[k].size > size) size = pz->pieces[k].size;
  b->o = pc_render_defaults();
  /* The holes to fill in a dark tray, unlike any piece (Kanoodle's are
     light, a white one among them). */
  b->o.empty = (pc_rgb){0.33, 0.34, 0.38};
  b->colors = pc_alloc_array((size_t)pz->n_pieces, sizeof *b->colors);
  b->on_board = pc_alloc_array((size_t)pz->n_pieces, sizeof *b->on_board);
  b->kind = pc_alloc_array((size_t)size, sizeof *b->kind);
  b->zero = pc_calloc_array((size_t)size, sizeof *b->zero);
  if (b->colors && b->on_board && b->kind && b->zero) {
    pc_palette_puzzle(pz, b->colors);
    return PC_OK;
  }
  book_free(b);
  return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
}

pc_status pc_render_booklet(const char *path, const char *title, const pc_booklet_item *items,
                            int32_t n, int32_t levels, pc_error *err)
{
  if (n < 1) return pc_error_set(err, PC_ERR_INPUT, 0, 0, "a booklet needs a challenge");
  book b = {.title = title, .levels = levels};
  pc_status s = book_init(&b, &items[0].puzzle, err);
  if (s) return s;
  int32_t *anchor = pc_alloc_array((size_t)items[0].puzzle.n_cells, sizeof *anchor);
  if (!anchor) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) s = pc_canvas_open(&b.cv, path, PAGE_W, PAGE_H, err);
  if (!s && b.cv.format == PC_FORMAT_PDF) {
    /* No date in the file: the same challenges give the same booklet. */
    cairo_pdf_surface_set_metadata(b.cv.surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
    cairo_pdf_surface_set_metadata(b.cv.surface, CAIRO_PDF_METADATA_TITLE, title);
  }
  if (!s) {
    if (challenge_pages(&b, items, n, anchor)) solution_pages(&b, items, n);
    s = pc_canvas_commit(&b.cv, err);
  }
  free(anchor);
  book_free(&b);
  return s;
}

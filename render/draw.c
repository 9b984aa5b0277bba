/* draw.c — pieces, outlines and sticks on a cairo context. */
#include "render/draw.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "poly/shape.h"
#include "render/cairo_lazy.h"
#include "render/solid.h"

pc_render_opts pc_render_defaults(void)
{
  return (pc_render_opts){
      .cell = 36,
      .margin = 0.3,
      .outline = 0.08,
      .border = 0.11,
      .inner = 0.02,
      .stick = 0.17,
      .labels = false,
      .transparent = false,
      .background = {1, 1, 1},
      .ink = {0.12, 0.12, 0.14},
      .empty = {0.93, 0.93, 0.91},
  };
}

pc_box pc_draw_bounds(const pc_grid *g, const pc_cell *cells, int32_t n)
{
  return pc_solid_lattice(g) ? pc_solid_bounds(g, cells, n) : pc_geom_bounds(g, cells, n);
}

pc_layout pc_draw_layout(const pc_grid *g, const pc_cell *cells, int32_t n,
                         const pc_render_opts *o)
{
  pc_box b = pc_draw_bounds(g, cells, n);
  double u = o->cell, m = o->margin * u;
  return (pc_layout){u, m - b.x0 * u, m - b.y0 * u, (b.x1 - b.x0) * u + 2 * m,
                     (b.y1 - b.y0) * u + 2 * m};
}

pc_point pc_layout_map(const pc_layout *l, pc_point p)
{
  return (pc_point){l->dx + p.x * l->unit, l->dy + p.y * l->unit};
}

static void set_color(cairo_t *cr, pc_rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

static void move_to(cairo_t *cr, const pc_layout *l, pc_point p)
{
  p = pc_layout_map(l, p);
  cairo_move_to(cr, p.x, p.y);
}

static void line_to(cairo_t *cr, const pc_layout *l, pc_point p)
{
  p = pc_layout_map(l, p);
  cairo_line_to(cr, p.x, p.y);
}

/* Width in points of a size given in cells; never thinner than a pixel's
   worth, so that small pictures keep their lines. */
static double width(const pc_layout *l, double cells, double least)
{
  return fmax(cells * l->unit, least);
}

void pc_draw_background(cairo_t *cr, double w, double h, const pc_render_opts *o)
{
  if (o->transparent) return;
  set_color(cr, o->background);
  cairo_rectangle(cr, 0, 0, w, h);
  cairo_fill(cr);
}

static void set_font(cairo_t *cr, double size, bool bold)
{
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  /* Unhinted advances: widths in proportion to the size, the same on
     every surface, so that text measured before a sheet exists fits. */
  cairo_font_options_t *f = cairo_font_options_create();
  cairo_font_options_set_hint_metrics(f, CAIRO_HINT_METRICS_OFF);
  cairo_set_font_options(cr, f);
  cairo_font_options_destroy(f);
}

cairo_t *pc_text_measurer(void)
{
  if (pc_cairo_load(NULL)) return NULL;
  cairo_surface_t *surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create(surface); /* which holds the surface */
  cairo_surface_destroy(surface);
  return cr;
}

double pc_text_width(cairo_t *cr, const char *text, double size, bool bold)
{
  set_font(cr, size, bold);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text, &e);
  return e.width;
}

double pc_text_fit(cairo_t *cr, const char *text, double size, bool bold, double room)
{
  double w = pc_text_width(cr, text, size, bold);
  if (w <= room) return size;
  /* Width grows in proportion to the size; the loop mops up rounding. */
  size *= room / w;
  while (size > 0.5 && pc_text_width(cr, text, size, bold) > room) size *= 0.97;
  return size;
}

/* A label's share of the cell (its size when there is room) and the
   room across its cell, both in cells. Triangles are small around their
   centre; on sticks the name sits in a disc 1.5 times its size. */
static void label_room(const pc_grid *g, const char *name, double *share, double *room)
{
  size_t len = strlen(name);
  *share = len <= 1 ? 0.5 : len == 2 ? 0.4 : 0.3;
  *room = 0.8;
  if (pc_grid_kind_of(g) == PC_GRID_TRIANGLE) *share *= 0.7, *room = 0.45;
  if (pc_grid_segments(g)) *share *= 0.55, *room = 0.5;
}

double pc_label_size(cairo_t *cr, const pc_grid *g, const char *name, double unit)
{
  double share, room;
  label_room(g, name, &share, &room);
  double size = pc_text_fit(cr, name, fmax(share * unit, PC_TEXT_MIN), true, room * unit);
  return size >= PC_TEXT_MIN ? size : 0;
}

double pc_label_min_cell(const pc_puzzle *pz)
{
  cairo_t *cr = pc_text_measurer();
  if (!cr) return 0;
  double cell = 0;
  for (int32_t k = 0; k < pz->n_pieces; k++) {
    double share, room;
    label_room(pz->grid, pz->pieces[k].name, &share, &room);
    if (!pz->pieces[k].hole)
      cell = fmax(cell, pc_text_width(cr, pz->pieces[k].name, PC_TEXT_MIN, true) / room);
  }
  cairo_destroy(cr);
  return ceil(cell);
}

void pc_fit_labels(pc_render_opts *o, const pc_puzzle *pz)
{
  if (o->labels) o->cell = fmax(o->cell, pc_label_min_cell(pz));
}

void pc_draw_text(cairo_t *cr, const char *text, double x, double y, double size, bool bold,
                  pc_rgb under, const pc_render_opts *o)
{
  set_font(cr, size, bold);
  cairo_text_extents_t e;
  cairo_text_extents(cr, text, &e);
  if (pc_rgb_luminance(under) < 0.4) cairo_set_source_rgb(cr, 1, 1, 1);
  else set_color(cr, o->ink);
  cairo_move_to(cr, x - e.width / 2 - e.x_bearing, y - e.height / 2 - e.y_bearing);
  cairo_show_text(cr, text);
}

static int32_t find(const pc_picture *p, pc_cell x)
{
  const pc_cell *hit = bsearch(&x, p->cells, (size_t)p->n_cells, sizeof x, pc_cell_cmp);
  return hit ? (int32_t)(hit - p->cells) : -1;
}

void pc_draw_fixed_anchors(const pc_puzzle *pz, int32_t *anchor)
{
  for (int32_t i = 0; i < pz->n_cells; i++) {
    anchor[i] = -1;
    for (int32_t j = 0; j <= i && pz->fixed[i] >= 0 && anchor[i] < 0; j++)
      if (pz->fixed[j] == pz->fixed[i]) anchor[i] = j;
  }
}

/* The color of the placed piece anchored at a: its piece's, shaded for
   the second and later copies of a piece (in board order of their
   anchors); a hole (`holes:`) is an empty cell. */
int32_t pc_picture_copy(const pc_picture *p, int32_t a)
{
  int32_t copy = 0;
  for (int32_t b = 0; b < a; b++) copy += p->anchor[b] == b && p->piece[b] == p->piece[a];
  return copy;
}

static pc_rgb placed_color(const pc_picture *p, int32_t a, const pc_render_opts *o)
{
  int32_t k = p->piece[a];
  if (p->pieces && p->pieces[k].hole) return o->empty;
  return pc_palette_copy(p->colors[k], pc_picture_copy(p, a));
}

bool pc_picture_labelled(const pc_picture *p, int32_t a)
{
  int32_t k = p->piece[a];
  return p->pieces && k >= 0 && !p->pieces[k].hole && p->anchor[a] == a;
}

/* Whether every placed piece's name has room for a legible label: all
   are written or none, not some. */
static bool labels_fit(cairo_t *cr, const pc_picture *p, const pc_layout *l)
{
  for (int32_t a = 0; a < p->n_cells; a++)
    if (pc_picture_labelled(p, a) &&
        !pc_label_size(cr, p->grid, p->pieces[p->piece[a]].name, l->unit))
      return false;
  return true;
}

/* The label of the placed piece anchored at a: at the centre of its cell
   nearest its centre of mass, which lies inside the piece. */
static void label(cairo_t *cr, const pc_picture *p, const pc_layout *l, int32_t a,
                  const pc_render_opts *o)
{
  int32_t k = p->piece[a];
  pc_point sum = {0, 0};
  int32_t n = 0;
  for (int32_t i = a; i < p->n_cells; i++)
    if (p->anchor[i] == a) {
      pc_point c = pc_geom_centre(p->grid, p->cells[i]);
      sum.x += c.x, sum.y += c.y, n++;
    }
  pc_point mid = {sum.x / n, sum.y / n}, best = mid;
  double best_d = INFINITY;
  for (int32_t i = a; i < p->n_cells; i++)
    if (p->anchor[i] == a) {
      pc_point c = pc_geom_centre(p->grid, p->cells[i]);
      double d = hypot(c.x - mid.x, c.y - mid.y);
      if (d < best_d) best_d = d, best = c;
    }
  const char *name = p->pieces[k].name;
  double size = pc_label_size(cr, p->grid, name, l->unit);
  bool stick = pc_grid_segments(p->grid);
  pc_point at = pc_layout_map(l, best);
  if (stick) {
    /* On a stick, a disc of the piece's color holds the name. */
    set_color(cr, o->ink);
    cairo_arc(cr, at.x, at.y, size * 0.75, 0, 2 * M_PI);
    cairo_fill(cr);
    set_color(cr, placed_color(p, a, o));
    cairo_arc(cr, at.x, at.y, size * 0.75 - width(l, o->outline * 0.5, 0.5), 0, 2 * M_PI);
    cairo_fill(cr);
  }
  pc_draw_text(cr, name, at.x, at.y, size, true, placed_color(p, a, o), o);
}

/* Polygon cells (not sticks): fills, then thin inner lines, piece outlines and
   the board's edge, each as one path. */
static void draw_cells(cairo_t *cr, const pc_picture *p, const pc_layout *l,
                       const pc_render_opts *o)
{
  const pc_grid *g = p->grid;
  pc_point c[PC_GEOM_MAX_SIDES];
  /* One path per placed piece (and one for uncovered cells), so that no
     seam shows between its cells. */
  for (int32_t a = -1; a < p->n_cells; a++) {
    if (a >= 0 && p->anchor[a] != a) continue;
    bool any = false;
    for (int32_t i = a < 0 ? 0 : a; i < p->n_cells; i++) {
      if (p->anchor[i] != a) continue;
      int n = pc_geom_corners(g, p->cells[i], c);
      move_to(cr, l, c[0]);
      for (int k = 1; k < n; k++) line_to(cr, l, c[k]);
      cairo_close_path(cr);
      any = true;
    }
    if (!any) continue;
    set_color(cr, a < 0 || p->piece[a] < 0 ? o->empty : placed_color(p, a, o));
    cairo_fill(cr);
  }
  /* Edges: 0 inner, 1 between pieces, 2 the board's edge. */
  const double widths[3] = {width(l, o->inner, 0.5), width(l, o->outline, 1.2),
                            width(l, o->border, 1.5)};
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (int kind = 0; kind < 3; kind++) {
    if (kind == 0 && o->inner <= 0) continue;
    for (int32_t i = 0; i < p->n_cells; i++) {
      int n = pc_geom_corners(g, p->cells[i], c);
      for (int k = 0; k < n; k++) {
        int32_t j = find(p, pc_geom_across(g, p->cells[i], k));
        int this = j < 0 ? 2 : j < i ? -1 : p->anchor[i] != p->anchor[j] ? 1 : 0;
        if (this != kind) continue;
        move_to(cr, l, c[k]);
        line_to(cr, l, c[(k + 1) % n]);
      }
    }
    if (kind == 0) cairo_set_source_rgba(cr, o->ink.r, o->ink.g, o->ink.b, 0.35);
    else set_color(cr, o->ink);
    cairo_set_line_width(cr, widths[kind]);
    cairo_stroke(cr);
  }
}

/* Whether lattice point q is an end of the placed piece anchored at a: one
   of its segments only reaches it. */
static bool piece_end(const pc_picture *p, int32_t a, pc_point q)
{
  int touching = 0;
  for (int32_t i = a; i < p->n_cells; i++) {
    if (p->anchor[i] != a) continue;
    pc_point e[PC_GEOM_MAX_SIDES];
    pc_geom_corners(p->grid, p->cells[i], e);
    for (int k = 0; k < 2; k++) touching += e[k].x == q.x && e[k].y == q.y;
  }
  return touching == 1;
}

/* A segment of the placed piece anchored at a, with each end that is an
   end of the piece pulled back by `gap` (so that the piece stops short of
   any piece it meets there); ends[k] tells which were. */
static void stick_segment(const pc_picture *p, int32_t a, int32_t i, double gap,
                          pc_point e[PC_GEOM_MAX_SIDES],
                          bool ends[2])
{
  pc_geom_corners(p->grid, p->cells[i], e);
  pc_point d = {e[1].x - e[0].x, e[1].y - e[0].y};
  ends[0] = piece_end(p, a, e[0]);
  ends[1] = piece_end(p, a, e[1]);
  if (ends[0]) e[0].x += d.x * gap, e[0].y += d.y * gap;
  if (ends[1]) e[1].x -= d.x * gap, e[1].y -= d.y * gap;
}

/* Sticks: the board's segments and lattice points faintly, then each piece
   as an outlined rounded stroke, with a dot at each of its ends. */
static void draw_sticks(cairo_t *cr, const pc_picture *p, const pc_layout *l,
                        const pc_render_opts *o)
{
  const pc_grid *g = p->grid;
  pc_point e[PC_GEOM_MAX_SIDES];
  bool ends[2];
  double w = width(l, o->stick, 2), rim = width(l, o->outline * 0.45, 1);
  /* Two tubes' half widths and a little air, in cells. */
  double gap = 2 * (w / 2 + rim) / l->unit + 0.05;
  pc_rgb faint = pc_rgb_mix(o->background, o->ink, 0.2);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (int32_t i = 0; i < p->n_cells; i++) {
    pc_geom_corners(g, p->cells[i], e);
    move_to(cr, l, e[0]);
    line_to(cr, l, e[1]);
  }
  set_color(cr, faint);
  cairo_set_line_width(cr, width(l, 0.03, 0.7));
  cairo_stroke(cr);
  for (int32_t i = 0; i < p->n_cells; i++) {
    pc_geom_corners(g, p->cells[i], e);
    for (int k = 0; k < 2; k++) {
      pc_point q = pc_layout_map(l, e[k]);
      cairo_new_sub_path(cr);
      cairo_arc(cr, q.x, q.y, width(l, 0.045, 1.2), 0, 2 * M_PI);
    }
  }
  cairo_fill(cr);
  for (int32_t a = 0; a < p->n_cells; a++) {
    if (p->anchor[a] != a) continue;
    for (int32_t i = a; i < p->n_cells; i++)
      if (p->anchor[i] == a) {
        stick_segment(p, a, i, gap, e, ends);
        move_to(cr, l, e[0]);
        line_to(cr, l, e[1]);
      }
    set_color(cr, o->ink);
    cairo_set_line_width(cr, w + 2 * rim);
    cairo_stroke_preserve(cr);
    set_color(cr, p->piece[a] >= 0 ? placed_color(p, a, o) : o->empty);
    cairo_set_line_width(cr, w);
    cairo_stroke(cr);
    for (int32_t i = a; i < p->n_cells; i++)
      if (p->anchor[i] == a) {
        stick_segment(p, a, i, gap, e, ends);
        for (int k = 0; k < 2; k++)
          if (ends[k]) {
            pc_point q = pc_layout_map(l, e[k]);
            cairo_new_sub_path(cr);
            cairo_arc(cr, q.x, q.y, w * 0.28, 0, 2 * M_PI);
          }
      }
    set_color(cr, o->ink);
    cairo_fill(cr);
  }
}

void pc_draw_picture(cairo_t *cr, const pc_picture *p, const pc_layout *l,
                     const pc_render_opts *o)
{
  if (pc_solid_lattice(p->grid)) {
    pc_box b = pc_draw_bounds(p->grid, p->cells, p->n_cells);
    pc_point at = pc_layout_map(l, (pc_point){b.x0, b.y0});
    pc_solid_draw(cr, p, at.x, at.y, l->unit, o);
    return;
  }
  cairo_save(cr);
  cairo_new_path(cr);
  if (pc_grid_segments(p->grid)) draw_sticks(cr, p, l, o);
  else draw_cells(cr, p, l, o);
  if (o->labels && labels_fit(cr, p, l))
    for (int32_t a = 0; a < p->n_cells; a++)
      if (pc_picture_labelled(p, a)) label(cr, p, l, a, o);
  cairo_restore(cr);
}

void pc_draw_tiling(cairo_t *cr, const pc_puzzle *pz, const pc_tiling *t,
                    const pc_rgb *colors, const pc_render_opts *o)
{
  pc_layout l = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, o);
  pc_picture p = {pz->grid, pz->cells, pz->n_cells, t->piece, t->anchor, pz->pieces, colors};
  pc_draw_picture(cr, &p, &l, o);
}

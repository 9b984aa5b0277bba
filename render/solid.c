/* solid.c — the 3-D lattices' pictures through iso.h (solid.h). */
#include "render/solid.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "render/iso.h"

/* Between the whole solid and its layers, in cells. */
#define VIEW_GAP 1.0

bool pc_solid_lattice(const pc_grid *g) { return pc_grid_dimensions(g) == 3; }

/* Cell x as a unit of the scene, from its art place (c, r) of layer l:
   rows run to the lower left of the page, columns to the lower right; a
   layer of balls rests half a ball over, 1 / sqrt 2 up, on the one below
   (grid.h), a layer of cubes right on it. */
static pc_iso_unit unit_of(const pc_grid *g, pc_cell x)
{
  pc_cell a = pc_grid_to_art(g, x);
  bool ball = pc_grid_kind_of(g) == PC_GRID_SPHERE;
  double over = ball ? 0.5 * a.l : 0, up = ball ? M_SQRT1_2 * a.l : a.l;
  return (pc_iso_unit){a.r + over, a.c + over, up, ball ? PC_ISO_BALL : PC_ISO_CUBE, -1, 0};
}

/* The picture's units, with their pieces and copies (holes and uncovered
   cells empty); NULL when out of memory. */
static pc_iso_unit *units_of(const pc_picture *p)
{
  pc_iso_unit *u = pc_alloc_array((size_t)p->n_cells + 1, sizeof *u);
  for (int32_t i = 0; u && i < p->n_cells; i++) {
    u[i] = unit_of(p->grid, p->cells[i]);
    int32_t k = p->piece ? p->piece[i] : -1, a = p->anchor ? p->anchor[i] : -1;
    if (k < 0 || (p->pieces && p->pieces[k].hole)) continue;
    u[i].piece = k;
    u[i].copy = a >= 0 ? pc_picture_copy(p, a) : 0;
  }
  return u;
}

static pc_iso_opts iso_opts(const pc_render_opts *o, double unit, pc_iso_view view)
{
  pc_iso_opts io = pc_iso_defaults();
  io.draw = *o;
  io.draw.cell = unit;
  io.draw.margin = 0;
  io.view = view;
  return io;
}

/* The views a scene is drawn in: the whole, and its layers beside it, but
   for a scene of one layer (a flat piece of a set), whose layer is the
   whole again. */
static int views(const pc_iso_scene *s)
{
  for (int32_t i = 1; i < s->n; i++)
    if (s->units[i].z != s->units[0].z) return 2;
  return 1;
}

/* The sizes, in points, of the whole view (w[0], h[0]) and the layers
   view (w[1], h[1]) of the scene; the layers' 0 when it has none. */
static void view_sizes(const pc_iso_scene *s, const pc_render_opts *o, double unit,
                       double w[2], double h[2])
{
  w[1] = h[1] = 0;
  for (int v = 0; v < views(s); v++) {
    pc_iso_opts io = iso_opts(o, unit, v ? PC_ISO_LAYERS : PC_ISO_WHOLE);
    pc_iso_size(s, &io, &w[v], &h[v]);
  }
}

pc_box pc_solid_bounds(const pc_grid *g, const pc_cell *cells, int32_t n)
{
  pc_picture p = {g, cells, n, NULL, NULL, NULL, NULL};
  pc_iso_unit *u = units_of(&p);
  if (!u) return (pc_box){0, 0, 0, 0};
  pc_render_opts o = pc_render_defaults();
  pc_iso_scene s = {u, n, NULL};
  double w[2], h[2];
  view_sizes(&s, &o, 1, w, h);
  double gap = views(&s) > 1 ? VIEW_GAP : 0;
  free(u);
  return (pc_box){0, 0, w[0] + gap + w[1], fmax(h[0], h[1])};
}

/* Whether unit i is the first of its placed piece (anchor a) in its
   layer. */
static bool first_in_layer(const pc_picture *p, const pc_iso_unit *u, int32_t a, int32_t i)
{
  for (int32_t j = 0; j < i; j++)
    if (p->anchor[j] == a && u[j].z == u[i].z) return false;
  return true;
}

/* The piece anchored at a on the layer of unit i: its name on the top of
   its unit there nearest the middle of its units there. */
static void label_in_layer(cairo_t *cr, const pc_picture *p, const pc_iso_scene *s,
                           const pc_iso_opts *io, int32_t a, int32_t i)
{
  const pc_iso_unit *u = s->units;
  double mx = 0, my = 0, best_d = INFINITY;
  int32_t n = 0, best = i;
  for (int32_t j = i; j < p->n_cells; j++)
    if (p->anchor[j] == a && u[j].z == u[i].z) mx += u[j].x, my += u[j].y, n++;
  mx /= n, my /= n;
  for (int32_t j = i; j < p->n_cells; j++) {
    if (p->anchor[j] != a || u[j].z != u[i].z) continue;
    double d = hypot(u[j].x - mx, u[j].y - my);
    if (d < best_d) best_d = d, best = j;
  }
  const pc_iso_unit *b = &u[best];
  pc_point at = pc_iso_map(s, io, b->x, b->y, b->z + (b->kind == PC_ISO_CUBE ? 0.5 : 0));
  const char *name = p->pieces[p->piece[a]].name;
  /* A cube's top face is lit; a ball's middle, where the name is, keeps
     the piece's own color. */
  pc_rgb under = pc_iso_color(s, b, io);
  if (b->kind == PC_ISO_CUBE) under = pc_iso_shade(under, PC_ISO_TOP);
  pc_draw_text(cr, name, at.x, at.y, pc_label_size(cr, p->grid, name, io->draw.cell), true,
               under, &io->draw);
}

/* Every placed piece's name in the layers view, or none when one has no
   room to be legible. */
static void label_layers(cairo_t *cr, const pc_picture *p, const pc_iso_scene *s,
                         const pc_iso_opts *io)
{
  for (int32_t a = 0; a < p->n_cells; a++)
    if (pc_picture_labelled(p, a) &&
        !pc_label_size(cr, p->grid, p->pieces[p->piece[a]].name, io->draw.cell))
      return;
  for (int32_t i = 0; i < p->n_cells; i++) {
    int32_t a = p->anchor ? p->anchor[i] : -1;
    if (a >= 0 && pc_picture_labelled(p, a) && first_in_layer(p, s->units, a, i))
      label_in_layer(cr, p, s, io, a, i);
  }
}

void pc_solid_draw(cairo_t *cr, const pc_picture *p, double x, double y, double unit,
                   const pc_render_opts *o)
{
  pc_iso_unit *u = units_of(p);
  if (!u) return;
  pc_iso_scene s = {u, p->n_cells, p->colors};
  double w[2], h[2], height;
  view_sizes(&s, o, unit, w, h);
  height = fmax(h[0], h[1]);
  pc_error ignored = {0};
  int n_views = views(&s);
  for (int v = 0; v < n_views; v++) {
    pc_iso_opts io = iso_opts(o, unit, v ? PC_ISO_LAYERS : PC_ISO_WHOLE);
    cairo_save(cr);
    /* Both views stand on one ground line. */
    cairo_translate(cr, x + (v ? w[0] + VIEW_GAP * unit : 0), y + height - h[v]);
    pc_iso_draw(cr, &s, &io, &ignored);
    /* Names in the last view: the layers, or the one layer's whole. */
    if (v == n_views - 1 && o->labels) label_layers(cr, p, &s, &io);
    cairo_restore(cr);
  }
  free(u);
}

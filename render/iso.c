/* iso.c — 3-D pictures: the scene split into the groups a view shows (the
   whole scene, or its layers side by side), their places on the page, the
   shades, and the picture written to a file. */
#include "render/iso.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"
#include "render/iso_layer.h"
#include "render/output.h"

/* Units whose z differ by less are in one layer. */
#define LAYER_EPS 1e-6

pc_iso_opts pc_iso_defaults(void)
{
  return (pc_iso_opts){.draw = pc_render_defaults(), .view = PC_ISO_WHOLE, .edge = 0.03,
                       .gap = 0.6};
}

void pc_iso_fcc(int32_t x, int32_t y, int32_t z, double out[3])
{
  out[0] = (x + y) / 2.0;
  out[1] = (y - x) / 2.0;
  out[2] = z / sqrt(2.0);
}

pc_rgb pc_iso_shade(pc_rgb c, pc_iso_face f)
{
  switch (f) {
  case PC_ISO_TOP: return pc_rgb_mix(c, (pc_rgb){1, 1, 1}, 0.35);
  case PC_ISO_LEFT: return c;
  case PC_ISO_RIGHT: break;
  }
  return pc_rgb_mix(c, (pc_rgb){0, 0, 0}, 0.3);
}

pc_rgb pc_iso_color(const pc_iso_scene *s, const pc_iso_unit *u, const pc_iso_opts *o)
{
  if (u->piece < 0) return o->draw.empty;
  return pc_palette_copy(s->colors ? s->colors[u->piece] : pc_palette_color(u->piece), u->copy);
}

/* A group of units the view draws on its own. */
typedef struct layer {
  int32_t index;  /* 0 for the first; -1 before it */
  bool all;       /* the whole view: every unit, at its own height */
  double z;       /* the layer's height: drawn as if it were 0 */
  pc_box box;     /* around its units on the page, in cells from (0, 0, z) */
} layer;

static bool in_layer(const layer *l, const pc_iso_unit *u)
{
  return l->all || fabs(u->z - l->z) < LAYER_EPS;
}

static pc_box layer_box(const pc_iso_scene *s, const layer *l)
{
  pc_iso_place unit = {0, 0, l->z, 1};
  pc_box b = {INFINITY, INFINITY, -INFINITY, -INFINITY};
  for (int32_t i = 0; i < s->n; i++) {
    const pc_iso_unit *u = &s->units[i];
    if (!in_layer(l, u)) continue;
    pc_point c = pc_iso_project(&unit, u->x, u->y, u->z);
    bool cube = u->kind == PC_ISO_CUBE;
    double w = cube ? PC_ISO_COS30 : PC_ISO_BALL_RADIUS, h = cube ? 1 : PC_ISO_BALL_RADIUS;
    b = (pc_box){fmin(b.x0, c.x - w), fmin(b.y0, c.y - h), fmax(b.x1, c.x + w),
                 fmax(b.y1, c.y + h)};
  }
  return b.x0 <= b.x1 ? b : (pc_box){0, 0, 0, 0};
}

/* Steps to the next group: in the whole view the one group (even of no
   units), else the layer of the lowest z above the last. False after the
   last. */
static bool layer_next(const pc_iso_scene *s, const pc_iso_opts *o, layer *l)
{
  if (o->view == PC_ISO_WHOLE) {
    if (l->index >= 0) return false;
    l->all = true;
    l->z = 0;
  } else {
    double above = l->index < 0 ? -INFINITY : l->z + LAYER_EPS, z = INFINITY;
    for (int32_t i = 0; i < s->n; i++)
      if (s->units[i].z >= above && s->units[i].z < z) z = s->units[i].z;
    if (z == INFINITY) return false;
    l->all = false;
    l->z = z;
  }
  l->index++;
  l->box = layer_box(s, l);
  return true;
}

/* The groups side by side, in cells: their total width (with the gaps)
   and the extent of their heights, all standing on one ground. */
typedef struct page {
  double width, y0, y1;
} page;

static page page_of(const pc_iso_scene *s, const pc_iso_opts *o)
{
  page pg = {0, 0, 0};
  layer l = {.index = -1};
  while (layer_next(s, o, &l)) {
    pg.width += (l.index ? o->gap : 0) + l.box.x1 - l.box.x0;
    pg.y0 = l.index ? fmin(pg.y0, l.box.y0) : l.box.y0;
    pg.y1 = l.index ? fmax(pg.y1, l.box.y1) : l.box.y1;
  }
  return pg;
}

/* Steps to the next group and where it goes on the page; *left is the
   page's width so far (cells, margin excluded). False after the last. */
static bool next_place(const pc_iso_scene *s, const pc_iso_opts *o, const page *pg,
                       layer *l, double *left, pc_iso_place *at)
{
  if (!layer_next(s, o, l)) return false;
  double m = o->draw.margin, u = o->draw.cell;
  if (l->index > 0) *left += o->gap;
  *at = (pc_iso_place){(m + *left - l->box.x0) * u, (m - pg->y0) * u, l->z, u};
  *left += l->box.x1 - l->box.x0;
  return true;
}

void pc_iso_size(const pc_iso_scene *s, const pc_iso_opts *o, double *width, double *height)
{
  page pg = page_of(s, o);
  *width = (pg.width + 2 * o->draw.margin) * o->draw.cell;
  *height = (pg.y1 - pg.y0 + 2 * o->draw.margin) * o->draw.cell;
}

pc_point pc_iso_map(const pc_iso_scene *s, const pc_iso_opts *o, double x, double y,
                    double z)
{
  page pg = page_of(s, o);
  layer l = {.index = -1};
  double left = 0, best_d = INFINITY;
  pc_iso_place at, best = {o->draw.margin * o->draw.cell, o->draw.margin * o->draw.cell, 0,
                           o->draw.cell};
  while (next_place(s, o, &pg, &l, &left, &at))
    if (fabs(z - l.z) < best_d || l.all) best_d = fabs(z - l.z), best = at;
  return pc_iso_project(&best, x, y, z);
}

pc_status pc_iso_draw(cairo_t *cr, const pc_iso_scene *s, const pc_iso_opts *o,
                      pc_error *err)
{
  int32_t *which = pc_alloc_array((size_t)s->n + 1, sizeof *which);
  if (!which) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  page pg = page_of(s, o);
  layer l = {.index = -1};
  double left = 0;
  pc_iso_place at;
  pc_status status = PC_OK;
  while (!status && next_place(s, o, &pg, &l, &left, &at)) {
    int32_t k = 0;
    for (int32_t i = 0; i < s->n; i++)
      if (in_layer(&l, &s->units[i])) which[k++] = i;
    status = pc_iso_draw_group(cr, s, o, which, k, &at, err);
  }
  free(which);
  return status;
}

pc_status pc_iso_render(const char *path, const pc_iso_scene *s, const pc_iso_opts *o,
                        pc_error *err)
{
  pc_iso_opts def = pc_iso_defaults();
  if (!o) o = &def;
  double w, h;
  pc_iso_size(s, o, &w, &h);
  pc_canvas cv;
  pc_status status = pc_canvas_open(&cv, path, w, h, err);
  if (status) return status;
  pc_draw_background(cv.cr, w, h, &o->draw);
  status = pc_iso_draw(cv.cr, s, o, err);
  if (status) {
    pc_canvas_abort(&cv);
    return status;
  }
  return pc_canvas_commit(&cv, err);
}

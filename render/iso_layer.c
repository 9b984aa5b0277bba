/* iso_layer.c — a group of cubes and balls drawn back to front: cube faces
   in three shades with the edges that show where solids meet, balls as
   shaded discs. */
#include "render/iso_layer.h"

#include <math.h>
#include <stdlib.h>

#include "core/alloc.h"

/* A cube's place on the lattice of the group's cubes. */
typedef struct cube_key {
  long k[3];
  int32_t unit;
} cube_key;

typedef struct group {
  cairo_t *cr;
  const pc_iso_scene *s;
  const pc_iso_opts *o;
  const pc_iso_place *at;
  cube_key *keys;      /* the group's cubes, sorted */
  int32_t n_keys;
  double origin[3];    /* a cube's centre: keys count from it */
} group;

/* A unit's distance towards the viewer, for painter's order. */
typedef struct depth {
  double d;
  int32_t unit;
} depth;

pc_point pc_iso_project(const pc_iso_place *at, double px, double py, double pz)
{
  return (pc_point){at->x + (py - px) * PC_ISO_COS30 * at->cell,
                    at->y + ((px + py) / 2 - (pz - at->base)) * at->cell};
}

static int depth_cmp(const void *a, const void *b)
{
  const depth *x = a, *y = b;
  if (x->d != y->d) return x->d < y->d ? -1 : 1;
  return (x->unit > y->unit) - (x->unit < y->unit);
}

static int key_cmp(const void *a, const void *b)
{
  const cube_key *x = a, *y = b;
  for (int i = 0; i < 3; i++)
    if (x->k[i] != y->k[i]) return x->k[i] < y->k[i] ? -1 : 1;
  return 0;
}

static void key_of(const group *g, const pc_iso_unit *u, long k[3])
{
  const double c[3] = {u->x, u->y, u->z};
  for (int i = 0; i < 3; i++) k[i] = lround(c[i] - g->origin[i]);
}

/* The unit of the cube at k, or -1. */
static int32_t cube_at(const group *g, const long k[3])
{
  cube_key want = {{k[0], k[1], k[2]}, -1};
  const cube_key *hit = bsearch(&want, g->keys, (size_t)g->n_keys, sizeof want, key_cmp);
  return hit ? hit->unit : -1;
}

/* Sorts `which` farthest first (the view comes from (1, 1, 1): x + y + z
   grows towards the viewer) and files the cubes for cube_at. */
static pc_status prepare(group *g, int32_t *which, int32_t n, pc_error *err)
{
  depth *d = pc_alloc_array((size_t)n + 1, sizeof *d);
  g->keys = pc_alloc_array((size_t)n + 1, sizeof *g->keys);
  if (!d || !g->keys) {
    free(d);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  for (int32_t i = 0; i < n; i++) {
    const pc_iso_unit *u = &g->s->units[which[i]];
    d[i] = (depth){u->x + u->y + u->z, which[i]};
    if (u->kind != PC_ISO_CUBE) continue;
    if (!g->n_keys) g->origin[0] = u->x, g->origin[1] = u->y, g->origin[2] = u->z;
    key_of(g, u, g->keys[g->n_keys].k);
    g->keys[g->n_keys++].unit = which[i];
  }
  qsort(d, (size_t)n, sizeof *d, depth_cmp);
  for (int32_t i = 0; i < n; i++) which[i] = d[i].unit;
  qsort(g->keys, (size_t)g->n_keys, sizeof *g->keys, key_cmp);
  free(d);
  return PC_OK;
}

static void set_color(cairo_t *cr, pc_rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

static double edge_width(const group *g) { return fmax(g->o->edge * g->at->cell, 0.5); }

static bool same_solid(const pc_iso_unit *a, const pc_iso_unit *b)
{
  return a->piece == b->piece && (a->piece < 0 || a->copy == b->copy);
}

/* Whether the face of cube k with normal axis a runs on without a line
   across its side e (face_corners' order) into the same face of a cube of
   the same solid: that cube is there and nothing covers its face. */
static bool seamless(const group *g, const pc_iso_unit *u, const long k[3], int a, int e)
{
  static const int step[4][2] = {{1, 1}, {2, -1}, {1, -1}, {2, 1}}; /* axis after a, sign */
  long nb[3] = {k[0], k[1], k[2]};
  nb[(a + step[e][0]) % 3] += step[e][1];
  int32_t j = cube_at(g, nb);
  if (j < 0 || !same_solid(u, &g->s->units[j])) return false;
  nb[a]++;
  return cube_at(g, nb) < 0;
}

/* The corners on the page of the face of u whose normal is +axis a; side
   e runs from corner e to corner e + 1. */
static void face_corners(const group *g, const pc_iso_unit *u, int a, pc_point p[4])
{
  static const int su[4] = {1, 1, -1, -1}, sv[4] = {1, -1, -1, 1};
  for (int i = 0; i < 4; i++) {
    double q[3] = {u->x, u->y, u->z};
    q[a] += 0.5;
    q[(a + 1) % 3] += su[i] * 0.5;
    q[(a + 2) % 3] += sv[i] * 0.5;
    p[i] = pc_iso_project(g->at, q[0], q[1], q[2]);
  }
}

/* One visible face: filled, with a hairline of its own color that closes
   the antialiasing seam against the next face of the same solid; then its
   sides in ink, except where it runs on into the same solid. */
static void draw_face(const group *g, const pc_iso_unit *u, const long k[3], pc_iso_face f)
{
  static const int axis[3] = {2, 0, 1}; /* top +z, left +x, right +y */
  int a = axis[f];
  long cover[3] = {k[0], k[1], k[2]};
  cover[a]++;
  if (cube_at(g, cover) >= 0) return;
  cairo_t *cr = g->cr;
  pc_point p[4];
  face_corners(g, u, a, p);
  /* A label's text leaves a current point: line_to alone would join it. */
  cairo_move_to(cr, p[0].x, p[0].y);
  for (int i = 1; i < 4; i++) cairo_line_to(cr, p[i].x, p[i].y);
  cairo_close_path(cr);
  set_color(cr, pc_iso_shade(pc_iso_color(g->s, u, g->o), f));
  cairo_fill_preserve(cr);
  cairo_set_line_width(cr, fmin(1.0, edge_width(g)));
  cairo_stroke(cr);
  for (int e = 0; e < 4; e++)
    if (!seamless(g, u, k, a, e)) {
      cairo_move_to(cr, p[e].x, p[e].y);
      cairo_line_to(cr, p[(e + 1) % 4].x, p[(e + 1) % 4].y);
    }
  set_color(cr, g->o->draw.ink);
  cairo_set_line_width(cr, edge_width(g));
  cairo_stroke(cr);
}

static void add_stop(cairo_pattern_t *pat, double t, pc_rgb c)
{
  cairo_pattern_add_color_stop_rgb(pat, t, c.r, c.g, c.b);
}

/* A disc lit from the upper left, as the cubes are: its centre shows the
   unit's own color, its rim darkens to below the darkest face's shade. */
static void draw_ball(const group *g, const pc_iso_unit *u)
{
  cairo_t *cr = g->cr;
  pc_point c = pc_iso_project(g->at, u->x, u->y, u->z);
  double r = PC_ISO_BALL_RADIUS * g->at->cell;
  pc_rgb col = pc_iso_color(g->s, u, g->o);
  cairo_pattern_t *pat =
      cairo_pattern_create_radial(c.x - 0.35 * r, c.y - 0.4 * r, 0, c.x, c.y, r);
  add_stop(pat, 0, pc_rgb_mix(col, (pc_rgb){1, 1, 1}, 0.65));
  add_stop(pat, 0.35, col);
  add_stop(pat, 0.85, pc_iso_shade(col, PC_ISO_RIGHT));
  add_stop(pat, 1, pc_rgb_mix(col, (pc_rgb){0, 0, 0}, 0.45));
  cairo_new_path(cr);
  cairo_arc(cr, c.x, c.y, r, 0, 2 * M_PI);
  cairo_set_source(cr, pat);
  cairo_fill_preserve(cr);
  cairo_pattern_destroy(pat);
  set_color(cr, g->o->draw.ink);
  cairo_set_line_width(cr, edge_width(g));
  cairo_stroke(cr);
}

pc_status pc_iso_draw_group(cairo_t *cr, const pc_iso_scene *s, const pc_iso_opts *o,
                            int32_t *which, int32_t n, const pc_iso_place *at, pc_error *err)
{
  group g = {cr, s, o, at, NULL, 0, {0, 0, 0}};
  pc_status status = prepare(&g, which, n, err);
  if (status) return status;
  cairo_save(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  for (int32_t i = 0; i < n; i++) {
    const pc_iso_unit *u = &s->units[which[i]];
    if (u->kind == PC_ISO_BALL) {
      draw_ball(&g, u);
      continue;
    }
    long k[3];
    key_of(&g, u, k);
    for (int f = PC_ISO_TOP; f <= PC_ISO_RIGHT; f++) draw_face(&g, u, k, (pc_iso_face)f);
  }
  cairo_restore(cr);
  free(g.keys);
  return PC_OK;
}

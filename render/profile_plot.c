/* profile_plot.c — nodes and updates per level, log-scale bars. */
#include "render/profile_plot.h"

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "render/draw.h"
#include "render/output.h"

/* Chart proportions, in points. */
#define PLOT_H 260.0
#define LEFT 64.0
#define RIGHT 24.0
#define TOP 58.0
#define BOTTOM 44.0
#define BAR 9.0
#define GROUP (2 * BAR + 6)

static const pc_rgb nodes_color = {0.31, 0.62, 0.84}, updates_color = {0.94, 0.54, 0.24};

static void rgb(cairo_t *cr, pc_rgb c) { cairo_set_source_rgb(cr, c.r, c.g, c.b); }

/* Decade k as a label: 1, 10, 100, 1000, then 1e4 ... */
static void decade_label(int k, char *buf, size_t size)
{
  if (k < 4) snprintf(buf, size, "%.0f", pow(10, k));
  else snprintf(buf, size, "1e%d", k);
}

/* The height of a band of the scale: the decades 1 to 10^decades, and
   one more under the line of 1, so that a count of 1 (the root, alone at
   level 0) has a bar; the axis is 0. */
static double band(int decades) { return PLOT_H / (decades + 1); }

/* The decades' lines across the plot and their labels, and 0 at the
   axis. */
static void draw_scale(cairo_t *cr, int decades, double w, double base,
                       const pc_render_opts *o)
{
  cairo_set_line_width(cr, 0.6);
  pc_draw_text(cr, "0", LEFT - 22, base, 9, false, o->background, o);
  for (int k = 0; k <= decades; k++) {
    double y = base - band(decades) * (k + 1);
    cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
    cairo_move_to(cr, LEFT, y);
    cairo_line_to(cr, w - RIGHT, y);
    cairo_stroke(cr);
    char lab[32];
    decade_label(k, lab, sizeof lab);
    pc_draw_text(cr, lab, LEFT - 22, y, 9, false, o->background, o);
  }
}

/* The top of a count's bar: log scale, none for 0, 1 a band high. */
static double bar_top(uint64_t v, int decades, double base)
{
  return v ? base - band(decades) * (log10((double)v) + 1) : base;
}

/* A pair of bars per level, nodes then updates (or the nodes' bar alone,
   centred, when no updates were counted), and the level numbers. */
static void draw_bars(cairo_t *cr, const pc_dlx_stats *st, int32_t levels, int decades,
                      double base, bool updates, const pc_render_opts *o)
{
  for (int32_t l = 0; l < st->levels; l++) {
    double x = LEFT + l * GROUP + 3;
    double yn = bar_top(st->level_nodes[l], decades, base);
    double yu = bar_top(st->level_updates[l], decades, base);
    rgb(cr, nodes_color);
    cairo_rectangle(cr, updates ? x : x + BAR / 2, yn, BAR, base - yn);
    cairo_fill(cr);
    if (updates) {
      rgb(cr, updates_color);
      cairo_rectangle(cr, x + BAR, yu, BAR, base - yu);
      cairo_fill(cr);
    }
    if (levels <= 30 || l % 5 == 0) {
      char lab[16];
      snprintf(lab, sizeof lab, "%d", (int)l);
      pc_draw_text(cr, lab, x + BAR, base + 10, 9, false, o->background, o);
    }
  }
}

/* The axes, the titles and the legend (updates only when counted: the
   engines other than DLX count none). */
static void draw_frame(cairo_t *cr, const char *title, double w, double base, bool updates,
                       const pc_render_opts *o)
{
  rgb(cr, o->ink);
  cairo_set_line_width(cr, 1);
  cairo_move_to(cr, LEFT, TOP - 4);
  cairo_line_to(cr, LEFT, base);
  cairo_line_to(cr, w - RIGHT, base);
  cairo_stroke(cr);
  pc_draw_text(cr, "level", (LEFT + w - RIGHT) / 2, base + 28, 10, false, o->background, o);
  pc_draw_text(cr, title ? title : "search profile", w / 2, 18, 13, true, o->background, o);
  double lx = updates ? w / 2 - 80 : w / 2 - 35, ly = 38;
  rgb(cr, nodes_color);
  cairo_rectangle(cr, lx, ly - 5, 10, 10);
  cairo_fill(cr);
  pc_draw_text(cr, "nodes", lx + 36, ly, 10, false, o->background, o);
  if (!updates) return;
  rgb(cr, updates_color);
  cairo_rectangle(cr, lx + 90, ly - 5, 10, 10);
  cairo_fill(cr);
  pc_draw_text(cr, "updates", lx + 132, ly, 10, false, o->background, o);
}

pc_status pc_render_profile(const char *path, const pc_dlx_stats *st, const char *title,
                            pc_error *err)
{
  pc_render_opts o = pc_render_defaults();
  int32_t levels = st->levels > 0 ? st->levels : 1;
  uint64_t top = 1;
  bool updates = false;
  for (int32_t l = 0; l < st->levels; l++) {
    updates |= st->level_updates[l] > 0;
    if (st->level_nodes[l] > top) top = st->level_nodes[l];
    if (st->level_updates[l] > top) top = st->level_updates[l];
  }
  int decades = (int)ceil(log10((double)top) - 1e-9);
  if (decades < 1) decades = 1;
  double w = LEFT + RIGHT + levels * GROUP, h = TOP + PLOT_H + BOTTOM, base = TOP + PLOT_H;
  if (w < 360) w = 360;
  pc_canvas cv;
  pc_status s = pc_canvas_open(&cv, path, w, h, err);
  if (s) return s;
  pc_draw_background(cv.cr, w, h, &o);
  draw_scale(cv.cr, decades, w, base, &o);
  draw_bars(cv.cr, st, levels, decades, base, updates, &o);
  draw_frame(cv.cr, title, w, base, updates, &o);
  return pc_canvas_commit(&cv, err);
}

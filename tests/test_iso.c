/* test_iso.c — 3-D pictures (render/iso.h): a cube's three face shades and
   the background around it, nearer units hiding farther ones whatever the
   order they come in, no line inside a solid and a line between solids, the
   layers view showing what the whole view hides, balls shaded around their
   own color, sizes by the documented formula, and the files. The demo
   pictures of docs/ (a Soma cube, Kanoodle's pyramid of 55 balls) are
   drawn here: POLYCOVER_ISO_DEMO=docs writes them there. */
#include <cairo.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "render/iso.h"
#include "support.h"

/* ---- pixels ---- */

typedef struct image {
  cairo_surface_t *s;
  const pc_iso_scene *scene;
  pc_iso_opts o;
} image;

static image draw(const pc_iso_scene *s, const pc_iso_opts *o)
{
  image im = {.scene = s, .o = *o};
  double w, h;
  pc_iso_size(s, o, &w, &h);
  im.s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w), (int)ceil(h));
  cairo_t *cr = cairo_create(im.s);
  pc_draw_background(cr, w, h, &o->draw);
  pc_error err = {0};
  cr_assert_eq(pc_iso_draw(cr, s, o, &err), PC_OK);
  cairo_destroy(cr);
  cairo_surface_flush(im.s);
  return im;
}

/* The pixel at page point p (points). */
static pc_rgb pixel_at(const image *im, pc_point p)
{
  int x = (int)floor(p.x), y = (int)floor(p.y);
  cr_assert(x >= 0 && y >= 0 && x < cairo_image_surface_get_width(im->s) &&
                y < cairo_image_surface_get_height(im->s),
            "(%d, %d) is in the picture", x, y);
  const unsigned char *row =
      cairo_image_surface_get_data(im->s) + y * cairo_image_surface_get_stride(im->s);
  uint32_t v = ((const uint32_t *)row)[x];
  return (pc_rgb){((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0};
}

/* The pixel under the scene point (x, y, z). */
static pc_rgb pixel(const image *im, double x, double y, double z)
{
  return pixel_at(im, pc_iso_map(im->scene, &im->o, x, y, z));
}

static bool same_color(pc_rgb a, pc_rgb b, double tolerance)
{
  return fabs(a.r - b.r) < tolerance && fabs(a.g - b.g) < tolerance &&
         fabs(a.b - b.b) < tolerance;
}

static void expect_color(pc_rgb got, pc_rgb want, const char *what)
{
  cr_expect(same_color(got, want, 0.02), "%s: got (%.3f %.3f %.3f), want (%.3f %.3f %.3f)",
            what, got.r, got.g, got.b, want.r, want.g, want.b);
}

static bool dark(pc_rgb c) { return pc_rgb_luminance(c) < 0.25; }

static pc_iso_unit cube(double x, double y, double z, int32_t piece)
{
  return (pc_iso_unit){x, y, z, PC_ISO_CUBE, piece, 0};
}

static pc_iso_unit ball(double x, double y, double z, int32_t piece)
{
  return (pc_iso_unit){x, y, z, PC_ISO_BALL, piece, 0};
}

/* ---- cubes ---- */

/* The scene drawn on a context whose path already has a current point, as
   the text of a label or caption drawn just before leaves one: the same
   pixels as on a fresh context (no face joined to that point). */
Test(iso, current_point_left_by_text_changes_nothing)
{
  pc_iso_unit u[] = {cube(0, 0, 0, 1), cube(1, 0, 0, 2), ball(0, 3, 0, 3)};
  pc_iso_scene s = {u, 3, NULL};
  pc_iso_opts o = pc_iso_defaults();
  image fresh = draw(&s, &o);
  double w, h;
  pc_iso_size(&s, &o, &w, &h);
  cairo_surface_t *after =
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(w), (int)ceil(h));
  cairo_t *cr = cairo_create(after);
  pc_draw_background(cr, w, h, &o.draw);
  cairo_move_to(cr, 1, h - 1);
  pc_error err = {0};
  cr_assert_eq(pc_iso_draw(cr, &s, &o, &err), PC_OK);
  cairo_destroy(cr);
  cairo_surface_flush(after);
  size_t bytes = (size_t)cairo_image_surface_get_stride(after) *
                 (size_t)cairo_image_surface_get_height(after);
  cr_expect(memcmp(cairo_image_surface_get_data(fresh.s), cairo_image_surface_get_data(after),
                   bytes) == 0,
            "the same pixels");
  cairo_surface_destroy(after);
  cairo_surface_destroy(fresh.s);
}


Test(iso, cube_faces_are_three_shades_on_the_background)
{
  pc_iso_unit u[] = {cube(0, 0, 0, 2)};
  pc_iso_scene s = {u, 1, NULL};
  pc_iso_opts o = pc_iso_defaults();
  image im = draw(&s, &o);
  pc_rgb c = pc_palette_color(2), white = {1, 1, 1};
  expect_color(pixel(&im, 0, 0, 0.5), pc_iso_shade(c, PC_ISO_TOP), "top");
  expect_color(pixel(&im, 0.5, 0, 0), pc_iso_shade(c, PC_ISO_LEFT), "+x face");
  expect_color(pixel(&im, 0.5, 0, 0), c, "+x face is the piece's own color");
  expect_color(pixel(&im, 0, 0.5, 0), pc_iso_shade(c, PC_ISO_RIGHT), "+y face");
  cr_expect(pc_rgb_luminance(pc_iso_shade(c, PC_ISO_TOP)) > pc_rgb_luminance(c));
  cr_expect(pc_rgb_luminance(pc_iso_shade(c, PC_ISO_RIGHT)) < pc_rgb_luminance(c));
  /* The hexagon's box: its corners are outside it, and so is the margin. */
  pc_point mid = pc_iso_map(&s, &o, 0, 0, 0);
  double u36 = o.draw.cell;
  expect_color(pixel_at(&im, (pc_point){mid.x - 0.8 * 0.866 * u36, mid.y - 0.9 * u36}), white,
               "above the upper left side");
  expect_color(pixel_at(&im, (pc_point){mid.x + 0.8 * 0.866 * u36, mid.y + 0.9 * u36}), white,
               "below the lower right side");
  expect_color(pixel_at(&im, (pc_point){2, 2}), white, "margin");
  /* Corners of the picture's box touch the hexagon's: the margin on all sides. */
  cr_expect_float_eq(mid.x, (0.866025 + o.draw.margin) * u36, 1e-3);
  cr_expect_float_eq(mid.y, (1 + o.draw.margin) * u36, 1e-3);
  cairo_surface_destroy(im.s);
}

/* The top edge of a cube along the side it shares with the next cube: a
   line when they are different pieces (or copies), none within a piece. */
Test(iso, lines_between_solids_not_within_one)
{
  pc_iso_opts o = pc_iso_defaults();
  o.edge = 0.1;
  const int32_t second[][2] = {{0, 0}, {1, 0}, {0, 1}}; /* piece, copy of the other cube */
  for (int t = 0; t < 3; t++) {
    pc_iso_unit u[] = {cube(0, 0, 0, 0), cube(0, 1, 0, second[t][0])};
    u[1].copy = second[t][1];
    pc_iso_scene s = {u, 2, NULL};
    image im = draw(&s, &o);
    pc_rgb seam = pixel(&im, 0, 0.5, 0.5), side = pixel(&im, 0.5, 0.5, 0);
    if (t == 0) {
      expect_color(seam, pc_iso_shade(pc_palette_color(0), PC_ISO_TOP), "top within a piece");
      expect_color(side, pc_palette_color(0), "+x face within a piece");
    } else {
      cr_expect(dark(seam), "case %d: a line on top between two solids", t);
      cr_expect(dark(side), "case %d: a line on the +x side between two solids", t);
    }
    /* The outer edge is always drawn. */
    cr_expect(dark(pixel(&im, 0.5, -0.5, 0)), "case %d: the outline", t);
    cairo_surface_destroy(im.s);
  }
}

/* Cube b stands exactly in front of cube a (one step towards the viewer
   on each axis), so only b shows, whichever comes first in the list. */
Test(iso, nearer_cubes_hide_farther_ones)
{
  pc_iso_opts o = pc_iso_defaults();
  for (int order = 0; order < 2; order++) {
    pc_iso_unit u[2];
    u[order] = cube(0, 0, 0, 0);
    u[1 - order] = cube(1, 1, 1, 1);
    pc_iso_scene s = {u, 2, NULL};
    image im = draw(&s, &o);
    pc_rgb c = pc_palette_color(1);
    expect_color(pixel(&im, 0, 0, 0.5), pc_iso_shade(c, PC_ISO_TOP), "the front cube's top");
    expect_color(pixel(&im, 0.5, 0, 0), pc_iso_shade(c, PC_ISO_LEFT), "the front cube's side");
    expect_color(pixel(&im, 0, 0.5, 0), pc_iso_shade(c, PC_ISO_RIGHT), "the front cube's side");
    cairo_surface_destroy(im.s);
  }
}

/* Two layers, the upper one hiding the lower one's top: the layers view
   is wider and lower, by the formula of iso.h, and shows that top. */
Test(iso, layers_view_shows_what_the_whole_view_hides)
{
  pc_iso_unit u[] = {cube(0, 0, 1, 1), cube(0, 0, 0, 0)};
  pc_iso_scene s = {u, 2, NULL};
  pc_iso_opts whole = pc_iso_defaults(), layers = whole;
  layers.view = PC_ISO_LAYERS;
  double ww, wh, lw, lh, m = whole.draw.margin, cell = whole.draw.cell, c30 = sqrt(3) / 2;
  pc_iso_size(&s, &whole, &ww, &wh);
  pc_iso_size(&s, &layers, &lw, &lh);
  cr_expect_float_eq(ww, (2 * c30 + 2 * m) * cell, 1e-9);
  cr_expect_float_eq(wh, (3 + 2 * m) * cell, 1e-9);
  cr_expect_float_eq(lw, (4 * c30 + layers.gap + 2 * m) * cell, 1e-9);
  cr_expect_float_eq(lh, (2 + 2 * m) * cell, 1e-9);
  cr_expect_gt(lw, ww);
  pc_rgb lower = pc_palette_color(0), upper = pc_palette_color(1);
  image a = draw(&s, &whole), b = draw(&s, &layers);
  /* A point of the lower top, left of its middle: under the upper +x face. */
  expect_color(pixel(&a, 0.25, -0.25, 0.5), upper, "whole: the upper cube's +x face");
  expect_color(pixel(&b, 0.25, -0.25, 0.5), pc_iso_shade(lower, PC_ISO_TOP), "layers: lower top");
  expect_color(pixel(&b, 0, 0, 1.5), pc_iso_shade(upper, PC_ISO_TOP), "layers: upper top");
  pc_point p0 = pc_iso_map(&s, &layers, 0, 0, 0), p1 = pc_iso_map(&s, &layers, 0, 0, 1);
  cr_expect_float_eq(p1.x - p0.x, (2 * c30 + layers.gap) * cell, 1e-9, "side by side");
  cr_expect_float_eq(p1.y, p0.y, 1e-9, "on one ground");
  cairo_surface_destroy(a.s);
  cairo_surface_destroy(b.s);
}

/* ---- balls ---- */

Test(iso, balls_are_shaded_discs_front_one_on_top)
{
  pc_iso_opts o = pc_iso_defaults();
  for (int order = 0; order < 2; order++) {
    pc_iso_unit u[2];
    u[order] = ball(0, 0, 0, 3);
    u[1 - order] = ball(0.6, 0.6, 0.6, 4); /* 1.04 away, straight towards the viewer */
    pc_iso_scene s = {u, 2, NULL};
    image im = draw(&s, &o);
    pc_rgb c = pc_palette_color(4), at = pixel(&im, 0, 0, 0);
    cr_expect(same_color(at, c, 0.06), "the centre is the front ball's color (%.3f %.3f %.3f)",
              at.r, at.g, at.b);
    pc_point mid = pc_iso_map(&s, &o, 0, 0, 0);
    double r = 0.6124 * o.draw.cell;
    pc_rgb lit = pixel_at(&im, (pc_point){mid.x - 0.35 * r, mid.y - 0.4 * r});
    pc_rgb rim = pixel_at(&im, (pc_point){mid.x + 0.6 * r, mid.y + 0.6 * r});
    cr_expect_gt(pc_rgb_luminance(lit), pc_rgb_luminance(c) + 0.1, "lit at the upper left");
    cr_expect_lt(pc_rgb_luminance(rim), pc_rgb_luminance(c) - 0.05, "dark at the lower right");
    expect_color(pixel_at(&im, (pc_point){mid.x + 1.1 * r, mid.y}), (pc_rgb){1, 1, 1},
                 "outside the disc");
    cairo_surface_destroy(im.s);
  }
}

Test(iso, fcc_neighbours_touch)
{
  int32_t n = 0;
  double o[3];
  pc_iso_fcc(0, 0, 0, o);
  for (int32_t x = -1; x <= 1; x++)
    for (int32_t y = -1; y <= 1; y++)
      for (int32_t z = -1; z <= 1; z++) {
        if (abs(x) + abs(y) + abs(z) != 2) continue;
        double p[3];
        pc_iso_fcc(x, y, z, p);
        cr_expect_float_eq(hypot(hypot(p[0] - o[0], p[1] - o[1]), p[2] - o[2]), 1.0, 1e-12);
        n++;
      }
  cr_expect_eq(n, 12);
  double p[3];
  pc_iso_fcc(1, 1, 0, p);
  cr_expect(p[0] == 1 && p[1] == 0 && p[2] == 0, "(1, 1, 0) is one step along x");
}

/* ---- files and the demo pictures ---- */

/* Kanoodle's square pyramid: layers of 5x5, 4x4, 3x3, 2x2, 1 balls, each
   resting on four below; 12 pieces of 3, 4, 4, 4 and eight of 5 balls in
   snake order within the layers (a fixed assignment for a picture, not a
   solution). */
static int32_t pyramid(pc_iso_unit u[55])
{
  static const int32_t sizes[12] = {3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5};
  int32_t n = 0, piece = 0, left = sizes[0];
  for (int32_t k = 0; k < 5; k++)
    for (int32_t j = 0; j < 5 - k; j++)
      for (int32_t t = 0; t < 5 - k; t++) {
        int32_t i = j % 2 ? 4 - k - t : t;
        if (!left) left = sizes[++piece];
        left--;
        u[n++] = ball(i + k / 2.0, j + k / 2.0, k * sqrt(2) / 2, piece);
      }
  return n;
}

/* A solution of the Soma cube: piece index at [z][y][x] (V, L, T, Z, A, B,
   P; found by an exact-cover search on the 27 cells). */
static int32_t soma(pc_iso_unit u[27])
{
  static const int8_t at[3][3][3] = {{{0, 0, 1}, {3, 0, 1}, {5, 5, 1}},
                                     {{3, 6, 6}, {3, 5, 6}, {4, 5, 1}},
                                     {{3, 6, 2}, {4, 2, 2}, {4, 4, 2}}};
  int32_t n = 0;
  for (int32_t z = 0; z < 3; z++)
    for (int32_t y = 0; y < 3; y++)
      for (int32_t x = 0; x < 3; x++) u[n++] = cube(x, y, z, at[z][y][x]);
  return n;
}

/* Draws one demo picture into dir and checks its size. */
static void demo(const char *dir, const char *name, const pc_iso_scene *s, pc_iso_view view)
{
  pc_iso_opts o = pc_iso_defaults();
  o.view = view;
  char *path = pc_path_in(dir, name);
  pc_error err = {0};
  cr_assert_eq(pc_iso_render(path, s, &o, &err), PC_OK, "%s", err.msg);
  cairo_surface_t *png = cairo_image_surface_create_from_png(path);
  double w, h;
  pc_iso_size(s, &o, &w, &h);
  cr_expect_eq(cairo_image_surface_get_width(png), (int)ceil(w), "%s", name);
  cr_expect_eq(cairo_image_surface_get_height(png), (int)ceil(h), "%s", name);
  cairo_surface_destroy(png);
  free(path);
}

Test(iso, demo_pictures)
{
  const char *env = getenv("POLYCOVER_ISO_DEMO");
  char *dir = env ? NULL : pc_scratch_dir("/tmp/pc-iso-XXXXXX");
  const char *to = env ? env : dir;
  pc_iso_unit c[27], p[55];
  pc_iso_scene cube_scene = {c, soma(c), NULL}, balls = {p, pyramid(p), NULL};
  cr_assert_eq(balls.n, 55);
  cr_assert_eq(p[54].piece, 11, "the 12 pieces cover the 55 balls");
  demo(to, "iso-cube-demo.png", &cube_scene, PC_ISO_WHOLE);
  demo(to, "iso-cube-layers.png", &cube_scene, PC_ISO_LAYERS);
  demo(to, "iso-pyramid-demo.png", &balls, PC_ISO_WHOLE);
  demo(to, "iso-pyramid-layers.png", &balls, PC_ISO_LAYERS);
  if (dir) {
    pc_remove_tree(dir);
    free(dir);
  }
}

Test(iso, files_by_extension)
{
  char *dir = pc_scratch_dir("/tmp/pc-iso-XXXXXX");
  pc_iso_unit u[] = {cube(0, 0, 0, 0), ball(2, 0, 0, 1)};
  pc_iso_scene s = {u, 2, NULL};
  char *svg = pc_path_in(dir, "a.svg"), *pdf = pc_path_in(dir, "a.pdf"),
       *bad = pc_path_in(dir, "a.gif");
  pc_error err = {0};
  cr_assert_eq(pc_iso_render(svg, &s, NULL, &err), PC_OK);
  cr_assert_eq(pc_iso_render(pdf, &s, NULL, &err), PC_OK);
  char *text = pc_slurp_file(svg), *doc = pc_slurp_file(pdf);
  cr_expect(strstr(text, "<svg") && strstr(text, "radialGradient"), "an SVG with a shaded ball");
  cr_expect_eq(strncmp(doc, "%PDF", 4), 0);
  cr_expect_eq(pc_iso_render(bad, &s, NULL, &err), PC_ERR_INPUT);
  cr_expect_eq(access(bad, F_OK), -1, "no file for an unknown format");
  free(text);
  free(doc);
  free(svg);
  free(pdf);
  free(bad);
  pc_remove_tree(dir);
  free(dir);
}

Test(iso, empty_scene_is_the_margins)
{
  pc_iso_scene s = {NULL, 0, NULL};
  pc_iso_opts o = pc_iso_defaults();
  for (int v = 0; v < 2; v++) {
    o.view = (pc_iso_view)v;
    double w, h;
    pc_iso_size(&s, &o, &w, &h);
    cr_expect_float_eq(w, 2 * o.draw.margin * o.draw.cell, 1e-9);
    cr_expect_float_eq(h, 2 * o.draw.margin * o.draw.cell, 1e-9);
    image im = draw(&s, &o);
    cairo_surface_destroy(im.s);
  }
}

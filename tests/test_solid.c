/* test_solid.c — pictures of 3-D boards (render/solid.h) as `solve
   --render` and `challenge --booklet` draw them: the whole solid and its
   layers side by side, so that every piece shows (each piece's top face
   shade on a Soma cube, each piece's color at a ball's centre on
   Kanoodle's pyramid), the picture as wide as the layout says, and labels
   on every layer. */
#include <cairo.h>
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "poly/puzzle.h"
#include "render/draw.h"
#include "render/iso.h"
#include "support.h"

/* Whether some pixel of the PNG is color c, within `tolerance` a channel. */
static bool shows(cairo_surface_t *s, pc_rgb c, double tolerance)
{
  int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  for (int y = 0; y < h; y++) {
    const uint32_t *row =
        (const uint32_t *)(cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s));
    for (int x = 0; x < w; x++) {
      double r = ((row[x] >> 16) & 255) / 255.0, g = ((row[x] >> 8) & 255) / 255.0,
             b = (row[x] & 255) / 255.0;
      if (fabs(r - c.r) <= tolerance && fabs(g - c.g) <= tolerance &&
          fabs(b - c.b) <= tolerance)
        return true;
    }
  }
  return false;
}

/* `solve --limit 1 --render` on a 3-D board: the PNG has the layout's
   size and shows every piece's color, as `face` shades it (balls: their
   own color at the centre). */
static void expect_every_piece(const char *board, bool balls)
{
  char *dir = pc_scratch_dir("/tmp/pc-solid-XXXXXX"), *png = pc_path_in(dir, "one.png");
  const char *args[] = {"solve", "--limit", "1", "--quiet", "--render", png, board, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(board, &pz, &err), PC_OK, "%s", err.msg);
  pc_rgb *colors = calloc((size_t)pz.n_pieces, sizeof *colors);
  pc_palette_puzzle(&pz, colors);
  pc_render_opts o = pc_render_defaults();
  pc_layout l = pc_draw_layout(pz.grid, pz.cells, pz.n_cells, &o);
  cairo_surface_t *s = cairo_image_surface_create_from_png(png);
  cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
  cr_expect_eq(cairo_image_surface_get_width(s), (int)ceil(l.width));
  cr_expect_eq(cairo_image_surface_get_height(s), (int)ceil(l.height));
  for (int32_t k = 0; k < pz.n_pieces; k++) {
    pc_rgb want = balls ? colors[k] : pc_iso_shade(colors[k], PC_ISO_TOP);
    cr_expect(shows(s, want, balls ? 0.06 : 0.01), "%s: piece %s", board, pz.pieces[k].name);
  }
  cairo_surface_destroy(s);
  free(colors);
  pc_puzzle_free(&pz);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(png);
  free(dir);
}

Test(solid, soma_every_piece_shows) { expect_every_piece("boards/soma.yaml", false); }

Test(solid, pyramid_every_piece_shows)
{
  expect_every_piece("boards/kanoodle-pyramid.yaml", true);
}

/* How many times `needle` occurs in `hay`. */
static int occurrences(const char *hay, const char *needle)
{
  int n = 0;
  for (const char *p = hay; (p = strstr(p, needle)); p++) n++;
  return n;
}

/* The distinct (piece letter, layer) pairs of a solution as solve prints
   it, a "layer K" line before each layer's art, the counts after it. */
static int pieces_by_layer(const char *out)
{
  bool seen[128] = {false};
  int pairs = 0;
  for (const char *line = strstr(out, "layer 1\n"); line && *line; line = strchr(line, '\n')) {
    if (*line == '\n') line++;
    if (!strncmp(line, "layer ", 6)) {
      memset(seen, 0, sizeof seen);
      continue;
    }
    if (*line == '\n' || strcspn(line, ":\n") < strcspn(line, "\n")) break;
    for (const char *c = line; *c && *c != '\n'; c++)
      if (*c > ' ' && *c < 127 && !seen[(int)*c]) seen[(int)*c] = true, pairs++;
  }
  return pairs;
}

/* With --labels each piece's one-letter name is written once on every
   layer it has cubes in (cairo's SVG uses one glyph per letter drawn). */
Test(solid, labels_on_every_layer)
{
  char *dir = pc_scratch_dir("/tmp/pc-solid-XXXXXX"), *svg = pc_path_in(dir, "one.svg");
  const char *args[] = {"solve", "--limit", "1", "-j", "1", "--quiet", "--labels", "--render",
                        svg, "boards/soma.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char *text = pc_slurp_file(svg);
  int pairs = pieces_by_layer(r.out);
  cr_expect_geq(pairs, 7, "%s", r.out);
  cr_expect_eq(occurrences(text, "href=\"#glyph"), pairs, "%s", r.out);
  free(text);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(svg), free(dir);
}

/* The size of the whole solid alone, at a cell of 1 and no margin. */
static void solid_size(const pc_cell *cells, int32_t n, double *w, double *h)
{
  pc_iso_unit u[32];
  cr_assert_leq(n, 32);
  for (int32_t i = 0; i < n; i++)
    u[i] = (pc_iso_unit){cells[i].r, cells[i].c, cells[i].l, PC_ISO_CUBE, -1, 0};
  pc_iso_scene scene = {u, n, NULL};
  pc_iso_opts o = pc_iso_defaults();
  o.draw.cell = 1;
  o.draw.margin = 0;
  pc_iso_size(&scene, &o, w, h);
}

/* The layers beside the whole: wider than the whole solid alone. */
Test(solid, layers_beside_the_whole)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("boards/soma.yaml", &pz, &err), PC_OK, "%s", err.msg);
  pc_box b = pc_draw_bounds(pz.grid, pz.cells, pz.n_cells);
  double w, h;
  solid_size(pz.cells, pz.n_cells, &w, &h);
  cr_expect_gt(b.x1 - b.x0, 3 * w, "%g against %g", b.x1 - b.x0, w);
  cr_expect_float_eq(b.y1 - b.y0, h, 1e-9);
  pc_puzzle_free(&pz);
}

/* A picture in one layer (a flat piece of a set, a board one cube high)
   is the whole view alone: its one layer beside it would draw it twice. */
Test(solid, one_layer_drawn_once)
{
  const pc_grid *g = pc_grid_by_name("cube");
  const pc_cell v[] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, raised[] = {{0, 0, 2}, {1, 0, 2}};
  double w, h;
  solid_size(v, 3, &w, &h);
  pc_box b = pc_draw_bounds(g, v, 3);
  cr_expect_float_eq(b.x1 - b.x0, w, 1e-9, "%g against %g", b.x1 - b.x0, w);
  cr_expect_float_eq(b.y1 - b.y0, h, 1e-9);
  /* Up in its own layer: one layer still. */
  b = pc_draw_bounds(g, raised, 2);
  solid_size(raised, 2, &w, &h);
  cr_expect_float_eq(b.x1 - b.x0, w, 1e-9, "%g against %g", b.x1 - b.x0, w);
}

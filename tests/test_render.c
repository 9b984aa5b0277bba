/* test_render.c — pictures: pixels of solutions drawn in memory for each
   grid, SVG that is well formed with one filled shape per piece, gallery
   sheets whose size follows from the count and the columns, a
   self-contained index.html, and the errors of `polycover render`; text
   that reads right: titles and captions that fit, labels legible or left
   off, captions with the scores and no file name. */
#include <cairo.h>
#include <criterion/criterion.h>
#include <dlfcn.h>
#include <link.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/dlx.h"
#include "render/gallery.h"
#include "render/output.h"
#include "poly/matrix.h"
#include "render/profile_plot.h"
#include "render/render.h"
#include "render/tiles.h"
#include "poly/solfile.h"
#include "support.h"

/* ---- pixels ---- */

typedef struct image {
  cairo_surface_t *s;
  pc_layout l;
  pc_rgb *colors;
} image;

static image draw(const pc_puzzle *pz, const pc_tiling *t, const pc_render_opts *o)
{
  image im = {.l = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, o)};
  im.colors = calloc((size_t)pz->n_pieces, sizeof *im.colors);
  pc_palette_puzzle(pz, im.colors);
  im.s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)ceil(im.l.width),
                                    (int)ceil(im.l.height));
  cairo_t *cr = cairo_create(im.s);
  pc_draw_background(cr, im.l.width, im.l.height, o);
  pc_draw_tiling(cr, pz, t, im.colors, o);
  cairo_destroy(cr);
  cairo_surface_flush(im.s);
  return im;
}

static void image_free(image *im)
{
  cairo_surface_destroy(im->s);
  free(im->colors);
}

/* The pixel under point p (geometry units). */
static pc_rgb pixel(const image *im, pc_point p)
{
  pc_point d = pc_layout_map(&im->l, p);
  int x = (int)floor(d.x), y = (int)floor(d.y);
  cr_assert(x >= 0 && y >= 0 && x < cairo_image_surface_get_width(im->s) &&
            y < cairo_image_surface_get_height(im->s));
  const unsigned char *row =
      cairo_image_surface_get_data(im->s) + y * cairo_image_surface_get_stride(im->s);
  uint32_t v = ((const uint32_t *)row)[x];
  return (pc_rgb){((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0};
}

static bool same_color(pc_rgb a, pc_rgb b)
{
  return fabs(a.r - b.r) < 0.02 && fabs(a.g - b.g) < 0.02 && fabs(a.b - b.b) < 0.02;
}

static bool dark(pc_rgb c) { return pc_rgb_luminance(c) < 0.25; }

/* The pixel at (x, y) of an image surface read from a PNG. */
static pc_rgb png_pixel(cairo_surface_t *s, int x, int y)
{
  const unsigned char *row =
      cairo_image_surface_get_data(s) + y * cairo_image_surface_get_stride(s);
  uint32_t v = ((const uint32_t *)row)[x];
  return (pc_rgb){((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0};
}

static pc_render_opts plain(void)
{
  pc_render_opts o = pc_render_defaults();
  o.inner = 0;
  return o;
}

/* Squares, triangles and hexagons: each cell's centre shows its piece's
   color; the middle of every side between two pieces is dark; every place
   of the board's box that is not a cell (of the board's own parity, for
   hexagons) shows the background. */
static void check_cells(const char *board)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings(board, 1, &pz, &n);
  cr_assert_eq(n, 1);
  pc_render_opts o = plain();
  image im = draw(&pz, &t[0], &o);
  int32_t meets = 0, holes = 0, max_c = 0, max_r = 0;
  for (int32_t i = 0; i < pz.n_cells; i++) {
    pc_cell x = pz.cells[i];
    if (x.c > max_c) max_c = x.c;
    if (x.r > max_r) max_r = x.r;
    cr_expect(same_color(pixel(&im, pc_geom_centre(pz.grid, x)), im.colors[t[0].piece[i]]),
              "%s: cell %d,%d", board, (int)x.c, (int)x.r);
    pc_point c[PC_GEOM_MAX_SIDES];
    int sides = pc_geom_corners(pz.grid, x, c);
    for (int k = 0; k < sides; k++) {
      int32_t j = pc_puzzle_cell_index(&pz, pc_geom_across(pz.grid, x, k));
      if (j < 0 || !pc_tiling_differ(&t[0], i, j)) continue;
      pc_point mid = {(c[k].x + c[(k + 1) % sides].x) / 2, (c[k].y + c[(k + 1) % sides].y) / 2};
      cr_expect(dark(pixel(&im, mid)), "%s: side %d of cell %d,%d", board, k, (int)x.c,
                (int)x.r);
      meets++;
    }
  }
  cr_expect_gt(meets, pz.n_pieces, "%s: pieces meet", board);
  for (int32_t r = 0; r <= max_r; r++)
    for (int32_t c = 0; c <= max_c; c++) {
      pc_cell x = {c, r};
      if (pc_puzzle_cell_index(&pz, x) >= 0 || !pc_grid_compatible(pz.grid, pz.cells[0], x))
        continue;
      cr_expect(same_color(pixel(&im, pc_geom_centre(pz.grid, x)), o.background),
                "%s: outside at %d,%d", board, (int)c, (int)r);
      holes++;
    }
  cr_expect_gt(holes, 0, "%s: has places off the board", board);
  pc_box b = pc_geom_bounds(pz.grid, pz.cells, pz.n_cells);
  cr_expect(same_color(pixel(&im, (pc_point){b.x0 - 0.2, b.y0 - 0.2}), o.background));
  image_free(&im);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

Test(render, square_pixels) { check_cells("boards/scott.yaml"); }
Test(render, triangle_pixels) { check_cells("boards/hexrhombus.yaml"); }
Test(render, hexagon_pixels) { check_cells("boards/tetrahex4x7.yaml"); }

/* Triangles are equilateral: every side of every cell has length 1. */
Test(render, triangles_equilateral)
{
  const pc_grid *g = pc_grid_get(PC_GRID_TRIANGLE);
  for (int32_t r = 0; r < 3; r++)
    for (int32_t c = 0; c < 4; c++) {
      pc_point p[PC_GEOM_MAX_SIDES];
      cr_assert_eq(pc_geom_corners(g, (pc_cell){c, r}, p), 3);
      for (int k = 0; k < 3; k++)
        cr_expect(fabs(hypot(p[k].x - p[(k + 1) % 3].x, p[k].y - p[(k + 1) % 3].y) - 1) < 1e-12);
    }
}

/* Sticks: the middle of each segment shows its piece's color; going from
   a point where a piece ends towards its segment's middle, a dark pixel
   comes first; the middle of every lattice square is background. */
Test(render, stick_pixels)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("boards/tetra5x5-noH.yaml", 1, &pz, &n);
  cr_assert_eq(n, 1);
  pc_render_opts o = plain();
  image im = draw(&pz, &t[0], &o);
  int32_t ends = 0;
  for (int32_t i = 0; i < pz.n_cells; i++) {
    pc_point mid = pc_geom_centre(pz.grid, pz.cells[i]), e[PC_GEOM_MAX_SIDES];
    cr_expect(same_color(pixel(&im, mid), im.colors[t[0].piece[i]]), "segment %d", (int)i);
    pc_geom_corners(pz.grid, pz.cells[i], e);
    for (int k = 0; k < 2; k++) {
      int touching = 0; /* segments of this piece at e[k] */
      for (int32_t j = 0; j < pz.n_cells; j++) {
        pc_point f[PC_GEOM_MAX_SIDES];
        pc_geom_corners(pz.grid, pz.cells[j], f);
        if (t[0].anchor[j] == t[0].anchor[i])
          touching += (f[0].x == e[k].x && f[0].y == e[k].y) + (f[1].x == e[k].x && f[1].y == e[k].y);
      }
      if (touching != 1) continue;
      bool seen = false;
      for (double s = 0; s < 0.5 && !seen; s += 0.01)
        seen = dark(pixel(&im, (pc_point){e[k].x + (mid.x - e[k].x) * 2 * s,
                                          e[k].y + (mid.y - e[k].y) * 2 * s}));
      cr_expect(seen, "a dark mark at the end of segment %d", (int)i);
      ends++;
    }
  }
  cr_expect_gt(ends, 15, "most of the 15 pieces have two ends or more");
  for (int y = 0; y < 5; y++)
    for (int x = 0; x < 5; x++)
      cr_expect(same_color(pixel(&im, (pc_point){x + 0.5, y + 0.5}), o.background));
  image_free(&im);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* ---- files ---- */

/* A small well-formedness check: tags nest and close, attributes are
   quoted; declarations, comments and the doctype are skipped. Returns the
   number of elements, or -1. */
static int xml_elements(const char *s)
{
  char stack[64][32];
  int depth = 0, elements = 0;
  for (const char *p = s; (p = strchr(p, '<'));) {
    if (!strncmp(p, "<?", 2) || !strncmp(p, "<!--", 4) || !strncmp(p, "<!", 2)) {
      const char *end = strstr(p, !strncmp(p, "<!--", 4) ? "-->" : ">");
      if (!end) return -1;
      p = end + 1;
      continue;
    }
    bool closing = p[1] == '/';
    const char *name = p + 1 + closing;
    size_t len = strcspn(name, " \t\n/>");
    if (!len || len >= 32) return -1;
    const char *q = name + len;
    while (*q && *q != '>') {
      if (*q == '"' || *q == '\'') {
        const char *e = strchr(q + 1, *q);
        if (!e) return -1;
        q = e;
      }
      q++;
    }
    if (!*q) return -1;
    bool empty = q[-1] == '/';
    if (closing) {
      if (!depth || strncmp(stack[depth - 1], name, len) || stack[depth - 1][len]) return -1;
      depth--;
    } else {
      elements++;
      if (!empty) {
        if (depth == 64) return -1;
        memcpy(stack[depth], name, len);
        stack[depth++][len] = '\0';
      }
    }
    p = q + 1;
  }
  return depth ? -1 : elements;
}

static int count(const char *s, const char *what)
{
  int n = 0;
  for (const char *p = s; (p = strstr(p, what)); p += strlen(what)) n++;
  return n;
}

/* One filled path per piece: cairo writes each fill as a path with
   "stroke:none"; the only other fill is the white page. */
static void check_svg(const char *board, int pieces)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings(board, 1, &pz, &n);
  char path[] = "/tmp/pc-render-XXXXXX.svg";
  close(mkstemps(path, 4));
  pc_error err = {0};
  cr_assert_eq(pc_render_solution(path, &pz, &t[0], NULL, &err), PC_OK, "%s", err.msg);
  char *svg = pc_slurp_file(path);
  cr_expect_gt(xml_elements(svg), 0, "%s: well formed", board);
  cr_expect_eq(count(svg, "stroke:none;") - count(svg, "fill:rgb(100%,100%,100%)"), pieces,
               "%s", board);
  cr_expect_eq(pz.n_pieces, pieces);
  free(svg);
  unlink(path);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

Test(render, svg)
{
  check_svg("boards/scott.yaml", 12);
  check_svg("boards/hexrhombus.yaml", 12);
}

Test(render, xml_check)
{
  cr_expect_eq(xml_elements("<?xml version=\"1.0\"?><a x=\"1>\"><b/><c></c></a>"), 3);
  cr_expect_eq(xml_elements("<a><b></a></b>"), -1);
  cr_expect_eq(xml_elements("<a>"), -1);
}

/* Sheets: width and height as gallery.h says, from the count and the
   columns (5 pictures in 2 columns: 3 rows; in 3 columns: 2 rows). */
Test(render, gallery_sheet)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 5, &pz, &n);
  cr_assert_eq(n, 5);
  pc_gallery_opts o = pc_gallery_defaults();
  pc_layout l = pc_draw_layout(pz.grid, pz.cells, pz.n_cells, &o.draw);
  char path[] = "/tmp/pc-gallery-XXXXXX.png";
  close(mkstemps(path, 4));
  for (int cols = 2; cols <= 3; cols++) {
    o.columns = cols;
    pc_error err = {0};
    cr_assert_eq(pc_render_gallery(path, &pz, t, NULL, n, NULL, &o, &err), PC_OK, "%s", err.msg);
    cairo_surface_t *s = cairo_image_surface_create_from_png(path);
    cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
    int rows = (n + cols - 1) / cols;
    double w = cols * l.width + (cols + 1) * o.gap;
    double h = 2.5 * o.caption + rows * (l.height + 2 * o.caption) + (rows + 1) * o.gap;
    cr_expect_eq(cairo_image_surface_get_width(s), (int)ceil(w));
    cr_expect_eq(cairo_image_surface_get_height(s), (int)ceil(h));
    cairo_surface_destroy(s);
  }
  unlink(path);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* index.html: well formed, one inline SVG per solution, the counts and the
   symmetry table, and no reference to any other file. */
Test(render, gallery_page)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 3, &pz, &n);
  char dir[] = "/tmp/pc-page-XXXXXX", path[64];
  cr_assert_not_null(mkdtemp(dir));
  snprintf(path, sizeof path, "%s/index.html", dir);
  const pc_sym_count sym[] = {{4, 2, 7}, {2, 2, 9}};
  pc_gallery_page page = {.summary = "16 solutions <all>", .sym = sym, .n_sym = 2};
  const char *captions[] = {"#1  h 4 v 2", "#2", "#3 & more"};
  pc_gallery_opts o = pc_gallery_defaults();
  o.draw.labels = true; /* text makes cairo define glyphs by id */
  pc_error err = {0};
  cr_assert_eq(pc_render_gallery(dir, &pz, t, captions, n, &page, &o, &err), PC_OK, "%s",
               err.msg);
  char *html = pc_slurp_file(path);
  cr_expect_gt(xml_elements(html), 0, "well formed");
  cr_expect_eq(count(html, "<svg"), 3);
  cr_expect(strstr(html, "16 solutions &lt;all&gt;"));
  cr_expect(strstr(html, "<tr><td>4</td><td>2</td><td>7</td></tr>"));
  cr_expect(strstr(html, "#3 &amp; more"));
  cr_expect_eq(count(html, "src="), 0);
  for (const char *p = html; (p = strstr(p, "href=\"")); p++)
    cr_expect_eq(p[6], '#', "a reference inside the page only");
  cr_expect_eq(count(html, "url(#") + count(html, "href=\"#"),
               count(html, "url(#p") + count(html, "href=\"#p"), "ids are per picture");
  free(html);
  unlink(path);
  cr_expect_eq(rmdir(dir), 0, "nothing else was written");
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

Test(render, profile_plot)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/small.yaml", &pz, &err), PC_OK);
  pc_matrix m;
  cr_assert_eq(pc_matrix_build(&pz, &m, &err), PC_OK);
  pc_dlx *d = pc_dlx_new(&m.xc);
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  char path[] = "/tmp/pc-profile-XXXXXX.svg";
  close(mkstemps(path, 4));
  cr_assert_eq(pc_render_profile(path, &st, "small", &err), PC_OK, "%s", err.msg);
  char *svg = pc_slurp_file(path);
  cr_expect_gt(xml_elements(svg), 0);
  free(svg);
  unlink(path);
  pc_dlx_free(d);
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
}

/* ---- the command ---- */

/* A solution file of two solutions of the small board. */
static void write_solutions(const char *path)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 2, &pz, &n);
  pc_solwriter w;
  pc_error err = {0};
  cr_assert_eq(pc_solwriter_open(&w, path, &pz, &err), PC_OK);
  for (int32_t i = 0; i < n; i++) cr_assert_eq(pc_solwriter_add(&w, &t[i], &err), PC_OK);
  cr_assert_eq(pc_solwriter_commit(&w, &err), PC_OK);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

static void expect_run(const char *const *args, int status, const char *message)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, status, "%s %s: status %d, %s", args[0], args[1], r.status, r.err);
  if (message) cr_expect(strstr(r.err, message), "%s", r.err);
  pc_run_free(&r);
}

Test(render, command)
{
  char dir[] = "/tmp/pc-cmd-XXXXXX", sol[64], png[64], pdf[64], set[64];
  cr_assert_not_null(mkdtemp(dir));
  snprintf(sol, sizeof sol, "%s/s.sol", dir);
  snprintf(png, sizeof png, "%s/a.png", dir);
  snprintf(pdf, sizeof pdf, "%s/b.pdf", dir);
  snprintf(set, sizeof set, "%s/set.png", dir);
  write_solutions(sol);
  expect_run((const char *[]){"render", sol, "-o", png, "--index", "2", NULL}, 0, NULL);
  expect_run((const char *[]){"render", sol, "--gallery", pdf, NULL}, 0, NULL);
  expect_run((const char *[]){"render", "tests/data/boards/small_fixed.yaml", "--pieces", "-o",
                              set, NULL},
             0, NULL);
  cairo_surface_t *s = cairo_image_surface_create_from_png(png);
  cr_expect_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(s);
  char *p = pc_slurp_file(pdf);
  cr_expect(!strncmp(p, "%PDF", 4));
  free(p);
  expect_run((const char *[]){"render", sol, "-o", "x.gif", NULL}, 2,
             "x.gif: cannot tell the picture format from the name (use .svg, .png or .pdf)");
  expect_run((const char *[]){"render", sol, "-o", "/nonexistent/dir/x.png", NULL}, 1,
             "/nonexistent/dir/x.png: cannot write");
  expect_run((const char *[]){"render", sol, "-o", png, "--index", "3", NULL}, 2,
             "holds 2 solutions, no solution 3");
  expect_run((const char *[]){"render", "tests/data/boards/small.yaml", "-o", png, NULL}, 2,
             "small.yaml:1:1: not a polycover solution file");
  expect_run((const char *[]){"render", sol, NULL}, 2, "give one of -o OUT and --gallery OUT");
  expect_run((const char *[]){"render", "tests/data/boards/small_fixed.yaml", "--pieces", "-i",
                              "2", "-o", set, NULL},
             2, "--index, --max and --columns are for solutions");
  unlink(sol);
  unlink(png);
  unlink(pdf);
  unlink(set);
  cr_expect_eq(rmdir(dir), 0, "no temporary left");
}

/* A piece's name wider than the page widens it (it was cut at the right
   edge, and ran over the next piece's). */
Test(render, pieces_page_holds_long_names)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/long_names.yaml", &pz, &err), PC_OK, "%s",
               err.msg);
  char path[] = "/tmp/pc-names-XXXXXX.png";
  close(mkstemps(path, 4));
  pc_render_opts o = pc_render_defaults();
  cr_assert_eq(pc_render_pieces(path, &pz, &o, &err), PC_OK, "%s", err.msg);
  cairo_surface_t *s = cairo_image_surface_create_from_png(path);
  cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
  cairo_t *cr = pc_text_measurer();
  double name = pc_text_width(cr, pz.pieces[0].name, 0.4 * o.cell, false);
  cr_expect_geq(cairo_image_surface_get_width(s), (int)name, "%d points for a name of %.0f",
                cairo_image_surface_get_width(s), name);
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  unlink(path);
  pc_puzzle_free(&pz);
}

/* Tiles of the pieces: a row goes on while the next tile fits, a tile as
   wide as its name when that is wider than its piece, centred in it; a
   tile that would pass the edge starts a row under the tallest of the
   last; alone too wide for a row, it moves the edge when widening. */
Test(render, tile_flow_wraps_and_widens)
{
  pc_box one = {0, 0, 1, 2}, two = {3, 1, 5, 2}; /* 1 x 2 and 2 x 1 cells */
  pc_tile_flow f = pc_tile_flow_start(10, 60, 5, 10, 2, 4, false);
  pc_tile a = pc_tile_flow_place(&f, one, 0), b = pc_tile_flow_place(&f, two, 30);
  cr_expect(a.l.dx == 10 && a.l.dy == 5 && a.l.width == 10 && a.l.height == 20);
  cr_expect(a.label_x == 15 && a.label_y == 27);
  /* b: 30 wide for its name, from 10 + 10 + 6, its 20 of piece centred */
  cr_expect(b.l.dx == 26 + 5 - 30 && b.l.dy == 5 - 10 && b.label_x == 41 && b.label_y == 17);
  pc_tile c = pc_tile_flow_place(&f, one, 0); /* 62 + 10 passes 60: the next row */
  cr_expect(c.l.dx == 10 && c.l.dy == 5 + 24 + 6, "%g %g", c.l.dx, c.l.dy);
  cr_expect_eq(pc_tile_flow_bottom(&f), 35 + 24);
  pc_tile_flow g = pc_tile_flow_start(0, 20, 0, 10, 2, 4, true);
  pc_tile_flow_place(&g, one, 50);
  cr_expect(g.right == 50, "%g", g.right);
  pc_tile_flow_place(&g, one, 0); /* 56 + 10 passes 50: wrapped, the edge kept */
  cr_expect(g.right == 50 && g.y == 30, "%g %g", g.right, g.y);
}

/* Under a long title that had to shrink, a short summary is no larger
   than the title (it kept its full size over the smaller title). */
Test(render, summary_never_above_the_title)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/small.yaml", &pz, &err), PC_OK, "%s", err.msg);
  const pc_score scores[] = {{128, 125}}; /* a wide caption: smaller captions */
  pc_gallery_page page = {.title = "a title far too long for a sheet of one small picture",
                          .summary = "2 solutions", .scores = scores};
  pc_gallery_opts o = pc_gallery_defaults();
  o.columns = 1;
  pc_sheet_plan p = pc_gallery_plan(&pz, NULL, 1, &page, &o);
  cr_expect_lt(p.title, o.caption, "the title shrank below the summary's size");
  cr_expect_leq(p.summary, p.title);
  pc_puzzle_free(&pz);
}

/* render -o with --labels and no --cell grows the cells until the names
   fit, as galleries do (the names were left off, without a word). */
Test(render, labels_grow_a_picture)
{
  char *dir = pc_scratch_dir("/tmp/pc-labels-XXXXXX"), *sol = pc_path_in(dir, "n.sol");
  char *with = pc_path_in(dir, "with.png"), *without = pc_path_in(dir, "without.png");
  expect_run((const char *[]){"solve", "tests/data/boards/long_names.yaml", "-j1", "-o", sol,
                              NULL},
             0, NULL);
  expect_run((const char *[]){"render", sol, "--labels", "-o", with, NULL}, 0, NULL);
  expect_run((const char *[]){"render", sol, "-o", without, NULL}, 0, NULL);
  cairo_surface_t *a = cairo_image_surface_create_from_png(with);
  cairo_surface_t *b = cairo_image_surface_create_from_png(without);
  cr_expect_gt(cairo_image_surface_get_width(a), 2 * cairo_image_surface_get_width(b));
  cairo_surface_destroy(a);
  cairo_surface_destroy(b);
  free(sol), free(with), free(without);
  pc_remove_tree(dir);
  free(dir);
}

/* The pieces picture shows a board's holes as an empty cell, as the
   solutions do: no pixel has the color the palette gives the holes'
   piece (it was drawn in it, as a piece). */
Test(render, pieces_picture_draws_holes_empty)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/holes_3x7.yaml", &pz, &err), PC_OK, "%s",
               err.msg);
  pc_rgb *colors = calloc((size_t)pz.n_pieces, sizeof *colors);
  pc_palette_puzzle(&pz, colors);
  int32_t hole = pz.n_pieces - 1;
  cr_assert(pz.pieces[hole].hole);
  char path[] = "/tmp/pc-holes-XXXXXX.png";
  close(mkstemps(path, 4));
  cr_assert_eq(pc_render_pieces(path, &pz, NULL, &err), PC_OK, "%s", err.msg);
  cairo_surface_t *png = cairo_image_surface_create_from_png(path);
  cr_assert_eq(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width(png), h = cairo_image_surface_get_height(png), n = 0;
  for (int y = 0; y < h; y++)
    for (int x = 0; x < w; x++) n += same_color(png_pixel(png, x, y), colors[hole]);
  cr_expect_eq(n, 0, "%d pixels in the holes' color", n);
  cairo_surface_destroy(png);
  unlink(path);
  free(colors);
  pc_puzzle_free(&pz);
}

/* What a sheet of fewer pictures than solutions says. */
Test(render, note_shown)
{
  char s[96] = "12 solutions";
  pc_gallery_note_shown(s, sizeof s, 5, 12, false);
  cr_expect_str_eq(s, "12 solutions (the first 5 shown)");
  snprintf(s, sizeof s, "8 solutions");
  pc_gallery_note_shown(s, sizeof s, 1, 8, false);
  cr_expect_str_eq(s, "8 solutions (the first shown)");
  snprintf(s, sizeof s, "9");
  pc_gallery_note_shown(s, sizeof s, 4, 9, true);
  cr_expect_str_eq(s, "9 (the 4 most symmetric shown)");
  pc_gallery_note_shown(s, sizeof s, 9, 9, true);
  cr_expect_str_eq(s, "9 (the 4 most symmetric shown)", "all shown: nothing added");
}

/* solve's gallery sorted by symmetry captions each picture with the
   number it has in the solution file: each caption's scores are `score`'s
   for that number (they were the pictures' ranks, #1 to #4), and the page
   says it shows the 4 most symmetric of 12. */
Test(render, sorted_gallery_keeps_solution_numbers)
{
  char *dir = pc_scratch_dir("/tmp/pc-sorted-XXXXXX"), *sol = pc_path_in(dir, "p.sol");
  char *page = pc_path_in(dir, "g/"), *index = pc_path_in(dir, "g/index.html");
  expect_run((const char *[]){"solve", "boards/pent6x10.yaml", "--limit", "12", "-j1", "-o", sol,
                              "--gallery", page, "--max", "4", "--sort", "symmetry", NULL},
             0, NULL);
  pc_run scored = pc_run_program(NULL, (const char *[]){"score", sol, NULL});
  cr_assert_eq(scored.status, 0, "%s", scored.err);
  char *html = pc_slurp_file(index);
  cr_assert_not_null(html);
  cr_expect(strstr(html, "(the 4 most symmetric shown)"), "the summary says what is shown");
  int captions = 0;
  for (const char *at = html; (at = strchr(at, '#')); at++) {
    unsigned k, h, v;
    if (sscanf(at, "#%u  h %u  v %u", &k, &h, &v) != 3) continue;
    char line[96];
    snprintf(line, sizeof line, "solution %u: horizontal %u, vertical %u,", k, h, v);
    cr_expect(strstr(scored.out, line), "caption #%u h %u v %u is not solution %u's", k, h, v, k);
    captions++;
  }
  cr_expect_eq(captions, 4);
  free(html);
  pc_run_free(&scored);
  free(sol), free(page), free(index);
  pc_remove_tree(dir);
  free(dir);
}

/* render's page of a solution file has the symmetry table, as solve's
   has: each row counts the solutions `score` gives those scores, and the
   rows add up to the file's 12. */
Test(render, gallery_folder_has_the_table)
{
  char *dir = pc_scratch_dir("/tmp/pc-table-XXXXXX"), *sol = pc_path_in(dir, "p.sol");
  char *page = pc_path_in(dir, "g/"), *index = pc_path_in(dir, "g/index.html");
  expect_run((const char *[]){"solve", "boards/pent6x10.yaml", "--limit", "12", "-j1", "--all",
                              "-o", sol, NULL},
             0, NULL);
  expect_run((const char *[]){"render", sol, "--gallery", page, NULL}, 0, NULL);
  pc_run scored = pc_run_program(NULL, (const char *[]){"score", sol, NULL});
  cr_assert_eq(scored.status, 0, "%s", scored.err);
  char *html = pc_slurp_file(index);
  cr_assert_not_null(html);
  unsigned total = 0, rows = 0;
  for (const char *at = html; (at = strstr(at, "<tr><td>")); at++) {
    unsigned h, v, k, seen = 0;
    cr_assert_eq(sscanf(at, "<tr><td>%u</td><td>%u</td><td>%u<", &h, &v, &k), 3);
    char want[64];
    snprintf(want, sizeof want, ": horizontal %u, vertical %u,", h, v);
    for (const char *s = scored.out; (s = strstr(s, want)); s++) seen++;
    cr_expect_eq(seen, k, "h %u v %u: %u in the table, %u by score", h, v, k, seen);
    total += k, rows++;
  }
  cr_expect_gt(rows, 0, "a table");
  cr_expect_eq(total, 12);
  free(html);
  pc_run_free(&scored);
  free(sol), free(page), free(index);
  pc_remove_tree(dir);
  free(dir);
}

/* A name on a dark ball is drawn light, as on a dark cell: the middle of
   the picture of one dark blue ball named C holds near-white pixels (its
   highlight is no lighter than 0.73; the name was drawn in dark ink,
   judged on the lit shade of a cube's top, before). */
Test(render, name_on_a_dark_ball_is_light)
{
  char *dir = pc_scratch_dir("/tmp/pc-ball-XXXXXX"), *sol = pc_path_in(dir, "b.sol");
  char *png = pc_path_in(dir, "b.png");
  expect_run((const char *[]){"solve", "tests/data/boards/dark_ball.yaml", "-o", sol, NULL}, 0,
             NULL);
  expect_run((const char *[]){"render", sol, "--labels", "--cell", "80", "-o", png, NULL}, 0,
             NULL);
  cairo_surface_t *s = cairo_image_surface_create_from_png(png);
  cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
  int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s), light = 0;
  for (int y = h * 2 / 5; y < h * 3 / 5; y++)
    for (int x = w * 2 / 5; x < w * 3 / 5; x++)
      light += pc_rgb_luminance(png_pixel(s, x, y)) > 0.85;
  cr_expect_gt(light, 20, "%d near-white pixels in the middle", light);
  cairo_surface_destroy(s);
  free(sol), free(png);
  pc_remove_tree(dir);
  free(dir);
}

/* An option that would change nothing is refused, as `solve` refuses it:
   --max and --columns shape a gallery, --index picks the one picture of
   -o. Nothing is written. */
Test(render, options_of_a_picture_not_asked_for)
{
  char *dir = pc_scratch_dir("/tmp/pc-unasked-XXXXXX");
  char *sol = pc_path_in(dir, "s.sol"), *out = pc_path_in(dir, "a.svg");
  write_solutions(sol);
  expect_run((const char *[]){"render", sol, "-o", out, "--max", "1", NULL}, 2,
             "--max shapes the gallery: use --gallery OUT");
  expect_run((const char *[]){"render", sol, "-o", out, "--columns", "2", NULL}, 2,
             "--columns shapes the gallery: use --gallery OUT");
  expect_run((const char *[]){"render", sol, "--gallery", out, "--index", "2", NULL}, 2,
             "--index N picks the solution -o draws; a gallery draws them all");
  cr_expect_neq(access(out, F_OK), 0, "a picture was drawn");
  expect_run((const char *[]){"render", sol, "--gallery", out, "--max", "1", "--columns", "1",
                              NULL},
             0, NULL);
  expect_run((const char *[]){"render", sol, "-o", out, "--index", "2", NULL}, 0, NULL);
  pc_remove_tree(dir);
  free(sol), free(out), free(dir);
}

/* A PNG larger than cairo's images can be (32767 pixels a side) is the
   user's request to change: bad input that says the limit and the way
   out, and no file. SVG and PDF have no such limit. */
Test(render, png_too_large_is_bad_input)
{
  char *dir = pc_scratch_dir("/tmp/pc-bigpng-XXXXXX");
  char *png = pc_path_in(dir, "big.png"), *svg = pc_path_in(dir, "big.svg");
  pc_canvas cv;
  pc_error err = {0};
  cr_expect_eq(pc_canvas_open(&cv, png, 40000, 10, &err), PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "at most 32767 pixels a side"), "%s", err.msg);
  cr_expect(strstr(err.msg, "40000 x 10"), "%s", err.msg);
  cr_expect_str_eq(err.file, png);
  cr_expect_neq(access(png, F_OK), 0, "a file was left");
  cr_assert_eq(pc_canvas_open(&cv, svg, 40000, 10, &err), PC_OK, "%s", err.msg);
  cr_expect_eq(pc_canvas_commit(&cv, &err), PC_OK, "%s", err.msg);
  pc_remove_tree(dir);
  free(png), free(svg), free(dir);
}

/* The number of pixels of color c in a PNG file. */
static int32_t png_pixels_of(const char *path, pc_rgb c)
{
  cairo_surface_t *s = cairo_image_surface_create_from_png(path);
  cr_assert_eq(cairo_surface_status(s), CAIRO_STATUS_SUCCESS);
  int32_t n = 0, w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
  for (int32_t y = 0; y < h; y++) {
    const uint32_t *row = (const uint32_t *)(cairo_image_surface_get_data(s) +
                                             y * cairo_image_surface_get_stride(s));
    for (int32_t x = 0; x < w; x++) {
      uint32_t v = row[x];
      pc_rgb p = {((v >> 16) & 255) / 255.0, ((v >> 8) & 255) / 255.0, (v & 255) / 255.0};
      n += same_color(p, c);
    }
  }
  cairo_surface_destroy(s);
  return n;
}

/* Engines other than DLX count no updates: the chart then has neither
   their bars nor their legend (an "updates" key with nothing to show);
   with DLX's updates it has both. */
Test(render, profile_plot_without_updates)
{
  const pc_rgb orange = {0.94, 0.54, 0.24};
  const uint64_t nodes[] = {1, 4, 20, 70, 12}, none[] = {0, 0, 0, 0, 0},
                 some[] = {8, 40, 300, 900, 100};
  pc_dlx_stats st = {.levels = 5, .level_nodes = nodes, .level_updates = none};
  char *dir = pc_scratch_dir("/tmp/pc-profile-XXXXXX"), *png = pc_path_in(dir, "p.png");
  pc_error err = {0};
  cr_assert_eq(pc_render_profile(png, &st, "no updates", &err), PC_OK, "%s", err.msg);
  cr_expect_eq(png_pixels_of(png, orange), 0, "an updates key or bar without updates");
  st.level_updates = some;
  cr_assert_eq(pc_render_profile(png, &st, "updates", &err), PC_OK, "%s", err.msg);
  cr_expect_gt(png_pixels_of(png, orange), 100);
  pc_remove_tree(dir);
  free(png), free(dir);
}

/* A count of 1 (the root, alone at level 0) has a bar, as 0 has none:
   on the log scale 1 is a band above the axis, not on it. */
Test(render, profile_plot_count_of_one)
{
  const pc_rgb blue = {0.31, 0.62, 0.84};
  const uint64_t root[] = {1, 10}, none[] = {0, 10}, no_updates[] = {0, 0};
  pc_dlx_stats st = {.levels = 2, .level_nodes = none, .level_updates = no_updates};
  char *dir = pc_scratch_dir("/tmp/pc-profile-XXXXXX"), *png = pc_path_in(dir, "p.png");
  pc_error err = {0};
  cr_assert_eq(pc_render_profile(png, &st, "0", &err), PC_OK, "%s", err.msg);
  int32_t without = png_pixels_of(png, blue);
  st.level_nodes = root;
  cr_assert_eq(pc_render_profile(png, &st, "1", &err), PC_OK, "%s", err.msg);
  int32_t with = png_pixels_of(png, blue);
  cr_expect_geq(with - without, 9 * 20, "level 0's bar: %d pixels", with - without);
  pc_remove_tree(dir);
  free(png), free(dir);
}

/* The libraries the dynamic loader opens for a run (LD_DEBUG's report). */
static bool opens_cairo(const char *const *args)
{
  setenv("LD_DEBUG", "libs", 1);
  pc_run r = pc_run_program(NULL, args);
  unsetenv("LD_DEBUG");
  cr_expect_eq(r.status, 0, "%s", r.err);
  bool opened = strstr(r.err, "libcairo.so") != NULL;
  pc_run_free(&r);
  return opened;
}

/* cairo is opened by the first drawing (render/cairo_lazy.c), not at
   every start: a run that draws nothing never maps it. */
Test(render, cairo_only_when_drawing)
{
  char dir[] = "/tmp/pc-lazy-XXXXXX", svg[64];
  cr_assert_not_null(mkdtemp(dir));
  snprintf(svg, sizeof svg, "%s/a.svg", dir);
  cr_expect(!opens_cairo((const char *[]){"--version", NULL}));
  cr_expect(!opens_cairo((const char *[]){"solve", "pent3x20", "--limit", "1", NULL}));
  cr_expect(opens_cairo((const char *[]){"solve", "pent3x20", "--limit", "1", "--render", svg,
                                         NULL}));
  char *picture = pc_slurp_file(svg);
  cr_expect(picture && strstr(picture, "<svg"), "no picture drawn");
  free(picture);
  unlink(svg);
  cr_expect_eq(rmdir(dir), 0, "no temporary left");
}

/* A picture asked for where libcairo.so.2 is not cairo (a folder first on
   LD_LIBRARY_PATH where the name leads to libm): a clear error naming the
   picture, exit status 1, no file; the count is still printed. Labels
   are measured before the canvas is opened: they are left to it. */
Test(render, no_cairo_no_picture)
{
  void *libm = dlopen("libm.so.6", RTLD_NOW);
  struct link_map *map = NULL;
  cr_assert(libm && !dlinfo(libm, RTLD_DI_LINKMAP, &map) && map->l_name[0], "no libm");
  char *dir = pc_scratch_dir("/tmp/pc-nocairo-XXXXXX"), *fake = pc_path_in(dir, "libcairo.so.2"),
       *svg = pc_path_in(dir, "a.svg");
  cr_assert_eq(symlink(map->l_name, fake), 0);
  setenv("LD_LIBRARY_PATH", dir, 1);
  const char *runs[][8] = {{"solve", "pent3x20", "--limit", "1", "--render", svg, NULL},
                           {"solve", "pent3x20", "--limit", "1", "--gallery", svg, NULL},
                           {"solve", "pent3x20", "--limit", "1", "--labels", "--gallery", svg, NULL}};
  for (int i = 0; i < 3; i++) {
    pc_run r = pc_run_program(NULL, runs[i]);
    cr_expect_eq(r.status, 1, "%s", r.err);
    cr_expect(strstr(r.err, "a.svg: cannot draw: libcairo.so.2 has no cairo_"), "%s", r.err);
    cr_expect(strstr(r.out, "unique: 1"), "%s", r.out);
    cr_expect_neq(access(svg, F_OK), 0, "a picture was left");
    pc_run_free(&r);
  }
  unsetenv("LD_LIBRARY_PATH");
  pc_remove_tree(dir);
  free(fake);
  free(svg);
  free(dir);
  dlclose(libm);
}

/* The distinct fill colors of an SVG, the white page left out. */
static int distinct_fills(const char *svg)
{
  char seen[64][48];
  int n = 0;
  for (const char *p = svg; (p = strstr(p, "fill:rgb(")); p++) {
    const char *end = strchr(p, ')');
    size_t len = end ? (size_t)(end - p) : 0;
    if (!len || len >= sizeof seen[0] || !strncmp(p, "fill:rgb(100%,100%,100%", len)) continue;
    bool known = false;
    for (int i = 0; i < n && !known; i++)
      known = strlen(seen[i]) == len && !strncmp(seen[i], p, len);
    if (!known && n < 64) snprintf(seen[n++], sizeof seen[0], "%.*s", (int)len, p);
  }
  return n;
}

/* Copies share their piece's color, each shaded apart: two sets of the
   five tetrominoes show ten colors, not five. */
Test(render, copies_shaded_apart)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("boards/tetra2x5x8.yaml", 1, &pz, &n);
  char path[] = "/tmp/pc-render-XXXXXX.svg";
  close(mkstemps(path, 4));
  pc_error err = {0};
  cr_assert_eq(pc_render_solution(path, &pz, &t[0], NULL, &err), PC_OK, "%s", err.msg);
  char *svg = pc_slurp_file(path);
  cr_expect_eq(pz.n_pieces, 5);
  cr_expect_eq(distinct_fills(svg), 10);
  free(svg);
  unlink(path);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* ---- text that reads right ---- */

/* The figcaptions of an index.html, in order, joined by newlines. */
static char *figcaptions(const char *html)
{
  size_t cap = strlen(html) + 1, at = 0;
  char *out = calloc(cap, 1);
  for (const char *p = html; (p = strstr(p, "<figcaption>")); p++) {
    p += strlen("<figcaption>");
    const char *end = strstr(p, "</figcaption>");
    cr_assert_not_null(end);
    at += (size_t)snprintf(out + at, cap - at, "%.*s\n", (int)(end - p), p);
  }
  return out;
}

/* A solution file read through a pipe (`-` and /dev/stdin): the page says
   the puzzle's title and the count, never the file's name, and each
   caption holds the solution's symmetry scores as `score` computes them. */
Test(render, gallery_caption_from_a_pipe)
{
  char *dir = pc_scratch_dir("/tmp/pc-pipe-XXXXXX"), *sol = pc_path_in(dir, "s.sol");
  char *site = pc_path_in(dir, "site/"), *index = pc_path_in(dir, "site/index.html");
  write_solutions(sol);
  char *text = pc_slurp_file(sol);
  pc_solfile f;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(sol, &f, &err), PC_OK, "%s", err.msg);
  pc_scorer scorer;
  cr_assert_eq(pc_scorer_init(&scorer, f.pz.grid, f.pz.cells, f.pz.n_cells), PC_OK);
  const char *inputs[] = {"-", "/dev/stdin"};
  for (int k = 0; k < 2; k++) {
    pc_run r = pc_run_program(text, (const char *[]){"render", inputs[k], "--gallery", site,
                                                     NULL});
    cr_assert_eq(r.status, 0, "%s", r.err);
    pc_run_free(&r);
    char *html = pc_slurp_file(index);
    cr_expect(strstr(html, f.pz.title), "%s: the title", inputs[k]);
    cr_expect(strstr(html, "<p class=\"summary\">2 solutions</p>"), "%s", html);
    cr_expect(!strstr(html, "/dev/") && !strstr(html, "stdin") && !strstr(html, "s.sol"),
              "%s: no file name in %s", inputs[k], html);
    char want[256] = "", *got = figcaptions(html);
    for (int32_t i = 0; i < f.n_solutions; i++) {
      pc_score sc = pc_score_tiling(&scorer, &f.solutions[i]);
      size_t len = strlen(want);
      snprintf(want + len, sizeof want - len, "#%d  h %d  v %d\n", (int)i + 1, (int)sc.h,
               (int)sc.v);
    }
    cr_expect_str_eq(got, want);
    free(got);
    free(html);
  }
  pc_scorer_free(&scorer);
  pc_solfile_free(&f);
  free(text);
  pc_remove_tree(dir);
  free(sol), free(site), free(index), free(dir);
}

static double text_width(const char *text, double size, bool bold)
{
  cairo_surface_t *s = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create(s);
  double w = pc_text_width(cr, text, size, bold);
  cairo_destroy(cr);
  cairo_surface_destroy(s);
  return w;
}

/* The width attribute of cairo's SVG, in points. */
static double svg_width(const char *svg)
{
  const char *w = strstr(svg, "width=\"");
  cr_assert_not_null(w);
  return strtod(w + 7, NULL);
}

/* Titles fit a one-column sheet: a short one at its full size; a longer
   one smaller and within the sheet's width; one too long even at the
   captions' size widens the sheet (drawn as SVG: the file's width is the
   plan's). */
Test(render, gallery_title_fits)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 1, &pz, &n);
  pc_gallery_opts o = pc_gallery_defaults();
  o.columns = 1;
  pc_gallery_page page = {.title = "2x5"};
  pc_sheet_plan short_title = pc_gallery_plan(&pz, NULL, n, &page, &o);
  page.title = "Two by five";
  pc_sheet_plan longer = pc_gallery_plan(&pz, NULL, n, &page, &o);
  cr_expect_eq(short_title.title, 1.3 * o.caption);
  cr_expect_lt(longer.title, short_title.title);
  cr_expect_geq(longer.title, longer.caption);
  cr_expect_eq(longer.width, short_title.width, "the sheet keeps its width");
  cr_expect_leq(text_width(page.title, longer.title, true), longer.width - 2 * o.gap);
  page.title = "Small pieces in a rectangle of two by five, a title far too long to shrink";
  pc_sheet_plan widest = pc_gallery_plan(&pz, NULL, n, &page, &o);
  cr_expect_eq(widest.title, widest.caption);
  cr_expect_gt(widest.width, short_title.width);
  cr_expect_leq(text_width(page.title, widest.title, true), widest.width - 2 * o.gap + 1e-9);
  char path[] = "/tmp/pc-title-XXXXXX.svg";
  close(mkstemps(path, 4));
  pc_error err = {0};
  cr_assert_eq(pc_render_gallery(path, &pz, t, NULL, n, &page, &o, &err), PC_OK, "%s", err.msg);
  char *svg = pc_slurp_file(path);
  cr_expect_float_eq(svg_width(svg), widest.width, 0.5);
  free(svg);
  unlink(path);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* Captions wider than a picture: one size for all that fits the column,
   or the column made wider at PC_TEXT_MIN. */
Test(render, gallery_captions_fit)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 2, &pz, &n);
  pc_gallery_opts o = pc_gallery_defaults();
  pc_layout l = pc_draw_layout(pz.grid, pz.cells, pz.n_cells, &o.draw);
  const char *caps[] = {"#1  h 12  v 34", "#2  a caption far wider than this small board"};
  pc_sheet_plan p = pc_gallery_plan(&pz, caps, 1, NULL, &o);
  cr_expect_lt(p.caption, o.caption);
  cr_expect_float_eq(p.column, l.width, 1e-9);
  cr_expect_leq(text_width(caps[0], p.caption, false), p.column + 1e-9);
  p = pc_gallery_plan(&pz, caps, 2, NULL, &o);
  cr_expect_eq(p.caption, PC_TEXT_MIN);
  cr_expect_gt(p.column, l.width);
  cr_expect_leq(text_width(caps[1], p.caption, false), p.column + 1e-9);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

static bool same_pixels(const image *a, const image *b)
{
  cairo_surface_t *s = a->s, *u = b->s;
  int h = cairo_image_surface_get_height(s), stride = cairo_image_surface_get_stride(s);
  return h == cairo_image_surface_get_height(u) &&
         stride == cairo_image_surface_get_stride(u) &&
         !memcmp(cairo_image_surface_get_data(s), cairo_image_surface_get_data(u),
                 (size_t)h * (size_t)stride);
}

/* Labels grow with the cell, never below PC_TEXT_MIN; a cell too small for
   every name gets none (the picture is the one without labels); at
   pc_label_min_cell all fit, a point less and the widest does not. */
Test(render, labels_scale_or_stay_off)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("boards/scott.yaml", 1, &pz, &n);
  cairo_surface_t *rec = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create(rec);
  double at14 = pc_label_size(cr, pz.grid, "W", 14), at36 = pc_label_size(cr, pz.grid, "W", 36);
  cr_expect_geq(at14, PC_TEXT_MIN);
  cr_expect_gt(at36, at14);
  cr_expect_eq(pc_label_size(cr, pz.grid, "W", 6), 0);
  double cell = pc_label_min_cell(&pz);
  bool all = true, some_missing = false;
  for (int32_t k = 0; k < pz.n_pieces; k++) {
    all = all && pc_label_size(cr, pz.grid, pz.pieces[k].name, cell) > 0;
    some_missing = some_missing || !pc_label_size(cr, pz.grid, pz.pieces[k].name, cell - 1);
  }
  cr_expect(all && some_missing, "cell %g", cell);
  cairo_destroy(cr);
  cairo_surface_destroy(rec);
  for (int k = 0; k < 2; k++) {
    pc_render_opts o = pc_render_defaults();
    o.cell = k ? 36 : 6;
    image plain = draw(&pz, &t[0], &o);
    o.labels = true;
    image labelled = draw(&pz, &t[0], &o);
    cr_expect_eq(same_pixels(&plain, &labelled), k == 0, "cell %g", o.cell);
    image_free(&plain);
    image_free(&labelled);
  }
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

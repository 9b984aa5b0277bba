/* gallery.c — sheets of solutions, and the self-contained HTML page. */
#include "render/gallery.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/alloc.h"
#include "core/atomic.h"
#include "render/cairo_lazy.h"
#include "render/output.h"

pc_gallery_opts pc_gallery_defaults(void)
{
  pc_gallery_opts o = {.draw = pc_render_defaults(), .columns = 4, .gap = 14, .caption = 11};
  o.draw.cell = 14;
  o.draw.margin = 0.15;
  return o;
}

static const char *title_of(const pc_puzzle *pz, const pc_gallery_page *page)
{
  return page && page->title ? page->title : pz->title;
}

static double header_height(const pc_gallery_page *page, const pc_gallery_opts *o)
{
  return 2.5 * o->caption + (page && page->summary ? 1.5 * o->caption : 0);
}

static int32_t columns(int32_t n, const pc_gallery_opts *o)
{
  int32_t c = o->columns > 0 ? o->columns : 1;
  return n < c ? (n > 0 ? n : 1) : c;
}

void pc_gallery_caption(const char *const *captions, const pc_gallery_page *page, int32_t i,
                        char *buf, size_t size)
{
  unsigned long long k = page && page->numbers ? page->numbers[i] : (unsigned long long)i + 1;
  if (captions && captions[i]) snprintf(buf, size, "%s", captions[i]);
  else if (page && page->scores)
    snprintf(buf, size, "#%llu  h %d  v %d", k, (int)page->scores[i].h, (int)page->scores[i].v);
  else snprintf(buf, size, "#%llu", k);
}

static int by_h_then_v(const void *a, const void *b)
{
  const pc_score *x = a, *y = b;
  if (x->h != y->h) return x->h > y->h ? -1 : 1;
  return (x->v < y->v) - (x->v > y->v);
}

int32_t pc_gallery_sym_table(pc_score *scores, int32_t n, pc_sym_count *table)
{
  qsort(scores, (size_t)n, sizeof *scores, by_h_then_v);
  int32_t rows = 0;
  for (int32_t i = 0; i < n; i++) {
    if (!rows || scores[i].h != table[rows - 1].h || scores[i].v != table[rows - 1].v)
      table[rows++] = (pc_sym_count){scores[i].h, scores[i].v, 0};
    table[rows - 1].solutions++;
  }
  return rows;
}

void pc_gallery_note_shown(char *summary, size_t size, int32_t shown, uint64_t of,
                           bool most_symmetric)
{
  if ((uint64_t)shown >= of) return;
  size_t len = strlen(summary);
  if (len >= size) return;
  char n[24] = "";
  if (shown > 1) snprintf(n, sizeof n, " %d", (int)shown);
  if (most_symmetric) snprintf(summary + len, size - len, " (the%s most symmetric shown)", n);
  else snprintf(summary + len, size - len, " (the first%s shown)", n);
}

/* A header line's size: `size`, or smaller to fit the sheet's width, but
   never smaller than the captions: the sheet grows instead. */
static double fit_line(cairo_t *cr, const char *text, double size, bool bold,
                       const pc_gallery_opts *o, pc_sheet_plan *p)
{
  size = pc_text_fit(cr, text, size, bold, p->width - 2 * o->gap);
  if (size >= p->caption) return size;
  p->width = fmax(p->width, pc_text_width(cr, text, p->caption, bold) + 2 * o->gap);
  return p->caption;
}

/* The captions' one size, and the column that holds them. */
static void fit_captions(cairo_t *cr, const char *const *captions, int32_t n,
                         const pc_gallery_page *page, const pc_gallery_opts *o,
                         pc_sheet_plan *p)
{
  double widest = 0;
  for (int32_t i = 0; i < n; i++) {
    char cap[256];
    pc_gallery_caption(captions, page, i, cap, sizeof cap);
    widest = fmax(widest, pc_text_width(cr, cap, PC_TEXT_MIN, false));
  }
  /* Widths grow about in proportion to the size. */
  p->caption = widest > 0 ? fmin(o->caption, PC_TEXT_MIN * p->column / widest) : o->caption;
  if (p->caption < PC_TEXT_MIN) p->caption = PC_TEXT_MIN, p->column = widest;
}

pc_sheet_plan pc_gallery_plan(const pc_puzzle *pz, const char *const *captions, int32_t n,
                              const pc_gallery_page *page, const pc_gallery_opts *o)
{
  pc_layout l = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, &o->draw);
  pc_sheet_plan p = {.columns = columns(n, o), .column = l.width};
  p.rows = (n + p.columns - 1) / p.columns;
  cairo_surface_t *surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
  cairo_t *cr = cairo_create(surface);
  fit_captions(cr, captions, n, page, o, &p);
  double pictures = p.columns * p.column + (p.columns + 1) * o->gap;
  p.width = pictures;
  p.title = fit_line(cr, title_of(pz, page), 1.3 * o->caption, true, o, &p);
  if (page && page->summary) p.summary = fit_line(cr, page->summary, o->caption, false, o, &p);
  p.summary = fmin(p.summary, p.title); /* a short summary under a long title */
  cairo_destroy(cr);
  cairo_surface_destroy(surface);
  p.left = (p.width - pictures) / 2 + o->gap;
  p.height = header_height(page, o) + p.rows * (l.height + 2 * o->caption) + (p.rows + 1) * o->gap;
  return p;
}

bool pc_gallery_is_dir(const char *path)
{
  size_t n = strlen(path);
  struct stat st;
  return (n && path[n - 1] == '/') || (stat(path, &st) == 0 && S_ISDIR(st.st_mode));
}

/* One gallery: what every way of drawing it needs. */
typedef struct gallery {
  const pc_puzzle *pz;
  const pc_tiling *tilings;
  const char *const *captions;
  int32_t n;
  const pc_gallery_page *page;
  const pc_gallery_opts *o;
  const pc_rgb *colors;
} gallery;

static void sheet_header(cairo_t *cr, const gallery *g, const pc_sheet_plan *p)
{
  const pc_gallery_opts *o = g->o;
  pc_draw_text(cr, title_of(g->pz, g->page), p->width / 2, o->gap + 0.7 * o->caption, p->title,
               true, o->draw.background, &o->draw);
  if (g->page && g->page->summary)
    pc_draw_text(cr, g->page->summary, p->width / 2, o->gap + 2.3 * o->caption, p->summary,
                 false, o->draw.background, &o->draw);
}

static pc_status sheet(const char *path, const gallery *g, pc_error *err)
{
  const pc_gallery_opts *o = g->o;
  const pc_puzzle *pz = g->pz;
  pc_status s = pc_cairo_load(err); /* the plan measures text already */
  if (s) {
    pc_error_file(err, path);
    return s;
  }
  pc_sheet_plan p = pc_gallery_plan(pz, g->captions, g->n, g->page, o);
  pc_canvas cv;
  if ((s = pc_canvas_open(&cv, path, p.width, p.height, err))) return s;
  pc_draw_background(cv.cr, p.width, p.height, &o->draw);
  sheet_header(cv.cr, g, &p);
  pc_layout base = pc_draw_layout(pz->grid, pz->cells, pz->n_cells, &o->draw);
  double top = header_height(g->page, o) + o->gap, step_x = p.column + o->gap,
         step_y = base.height + 2 * o->caption + o->gap;
  for (int32_t i = 0; i < g->n; i++) {
    pc_layout l = base;
    double x = p.left + (i % p.columns) * step_x, y = top + (i / p.columns) * step_y;
    l.dx += x + (p.column - base.width) / 2;
    l.dy += y;
    pc_picture pic = {pz->grid, pz->cells, pz->n_cells, g->tilings[i].piece,
                      g->tilings[i].anchor, pz->pieces, g->colors};
    pc_draw_picture(cv.cr, &pic, &l, &o->draw);
    char cap[256];
    pc_gallery_caption(g->captions, g->page, i, cap, sizeof cap);
    pc_draw_text(cv.cr, cap, x + p.column / 2, y + base.height + o->caption, p.caption, false,
                 o->draw.background, &o->draw);
  }
  return pc_canvas_commit(&cv, err);
}

/* Text for HTML: the five characters with a meaning escaped. */
static void put_escaped(FILE *f, const char *s)
{
  for (; *s; s++) switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\'': fputs("&#39;", f); break;
    default: fputc(*s, f);
    }
}

/* cairo's SVG without its XML declaration, and with every id (and every
   reference to one) prefixed, so that the pictures of one page never share
   an id. */
static void put_inline_svg(FILE *f, const char *svg, int32_t index)
{
  const char *start = strstr(svg, "<svg");
  if (!start) return;
  static const char *const marks[] = {"id=\"", "href=\"#", "url(#"};
  char prefix[32];
  snprintf(prefix, sizeof prefix, "p%d-", (int)index);
  for (const char *p = start; *p;) {
    const char *next = NULL;
    size_t mark = 0;
    for (size_t k = 0; k < sizeof marks / sizeof *marks; k++) {
      const char *hit = strstr(p, marks[k]);
      if (hit && (!next || hit < next)) next = hit, mark = strlen(marks[k]);
    }
    if (!next) {
      fputs(p, f);
      break;
    }
    fwrite(p, 1, (size_t)(next - p) + mark, f);
    fputs(prefix, f);
    p = next + mark;
  }
}

static const char style[] =
    "body{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;margin:2em;color:#1f1f24}"
    "h1{font-size:1.5em;margin-bottom:.2em}"
    ".summary{margin-top:0;color:#555}"
    "table{border-collapse:collapse;margin:1em 0}"
    "th,td{border:1px solid #ccc;padding:.2em .7em;text-align:right}"
    "caption{text-align:left;font-weight:bold;padding-bottom:.3em}"
    ".gallery{display:flex;flex-wrap:wrap;gap:1em}"
    "figure{margin:0;text-align:center}"
    "figcaption{font-size:.85em;color:#333}";

/* The page's title, summary and table of symmetry scores. */
static void put_page_head(FILE *f, const pc_puzzle *pz, const pc_gallery_page *page)
{
  const char *title = title_of(pz, page);
  fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>", f);
  put_escaped(f, title);
  fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>", style);
  put_escaped(f, title);
  fputs("</h1>\n", f);
  if (page && page->summary) {
    fputs("<p class=\"summary\">", f);
    put_escaped(f, page->summary);
    fputs("</p>\n", f);
  }
  if (page && page->n_sym) {
    fputs("<table>\n<caption>Symmetry scores (Knuth): how many solutions have each</caption>\n"
          "<thead><tr><th>horizontal</th><th>vertical</th><th>solutions</th></tr></thead>\n"
          "<tbody>\n", f);
    for (int32_t i = 0; i < page->n_sym; i++)
      fprintf(f, "<tr><td>%d</td><td>%d</td><td>%llu</td></tr>\n", (int)page->sym[i].h,
              (int)page->sym[i].v, (unsigned long long)page->sym[i].solutions);
    fputs("</tbody>\n</table>\n", f);
  }
}

/* The pictures, each an inline SVG with its caption. */
static pc_status put_figures(FILE *f, const gallery *g, pc_error *err)
{
  pc_status s = PC_OK;
  const pc_render_opts *o = &g->o->draw;
  pc_layout l = pc_draw_layout(g->pz->grid, g->pz->cells, g->pz->n_cells, o);
  for (int32_t i = 0; i < g->n && !s; i++) {
    pc_canvas cv;
    if ((s = pc_canvas_open_memory(&cv, PC_FORMAT_SVG, l.width, l.height, err))) break;
    pc_draw_background(cv.cr, l.width, l.height, o);
    pc_draw_tiling(cv.cr, g->pz, &g->tilings[i], g->colors, o);
    if ((s = pc_canvas_commit(&cv, err))) break;
    char cap[256];
    pc_gallery_caption(g->captions, g->page, i, cap, sizeof cap);
    fputs("<figure>\n", f);
    put_inline_svg(f, cv.data ? cv.data : "", i + 1);
    fputs("<figcaption>", f);
    put_escaped(f, cap);
    fputs("</figcaption>\n</figure>\n", f);
    free(cv.data);
  }
  return s;
}

static pc_status page_html(const char *dir, const gallery *g, pc_error *err)
{
  if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
    pc_error_file(err, dir);
    return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot make the folder: %s", strerror(errno));
  }
  char path[1100];
  size_t len = strlen(dir);
  snprintf(path, sizeof path, "%s%sindex.html", dir, len && dir[len - 1] == '/' ? "" : "/");
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (s) return s;
  put_page_head(f, g->pz, g->page);
  fputs("<div class=\"gallery\">\n", f);
  s = put_figures(f, g, err);
  fputs("</div>\n</body>\n</html>\n", f);
  if (s) {
    pc_atomic_abort(f, tmp);
    free(tmp);
    return s;
  }
  s = pc_atomic_commit(f, tmp, path, err);
  free(tmp);
  return s;
}

pc_status pc_render_gallery(const char *path, const pc_puzzle *pz, const pc_tiling *tilings,
                            const char *const *captions, int32_t n,
                            const pc_gallery_page *page, const pc_gallery_opts *o,
                            pc_error *err)
{
  pc_gallery_opts def = pc_gallery_defaults();
  if (!o) o = &def;
  bool dir = pc_gallery_is_dir(path);
  pc_format fmt;
  pc_status s;
  if (!dir && (s = pc_format_of(path, &fmt, err))) return s;
  pc_rgb *colors = pc_alloc_array((size_t)pz->n_pieces, sizeof *colors);
  if (!colors) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_palette_puzzle(pz, colors);
  gallery g = {pz, tilings, captions, n, page, o, colors};
  s = dir ? page_html(path, &g, err) : sheet(path, &g, err);
  free(colors);
  return s;
}

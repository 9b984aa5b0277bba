/* gallery.h — many solutions of one puzzle at once: a sheet (one SVG, PNG
   or PDF file) of pictures in rows, each with a caption; or a folder
   holding a self-contained index.html (every picture inline as SVG, the
   counts and the symmetry table; no outside file), which opens offline in
   any browser. Captions and counts are the caller's words. */
#ifndef PC_GALLERY_H
#define PC_GALLERY_H

#include "render/draw.h"

/* How many solutions have symmetry scores (h, v): a row of the table. */
typedef struct pc_sym_count {
  int32_t h, v;
  uint64_t solutions;
} pc_sym_count;

/* What the page says besides the pictures; every field may be NULL/0. */
typedef struct pc_gallery_page {
  const char *title;         /* NULL: the puzzle's title */
  const char *summary;       /* the counts in words: "520 solutions, 65 unique" */
  const pc_sym_count *sym;   /* the symmetry table (index.html only) */
  int32_t n_sym;
} pc_gallery_page;

typedef struct pc_gallery_opts {
  pc_render_opts draw;   /* each picture; defaults: cells of 14 points */
  int32_t columns;       /* pictures per row; default 4 */
  double gap;            /* space between pictures and around them, points */
  double caption;        /* caption text size, points */
} pc_gallery_opts;

pc_gallery_opts pc_gallery_defaults(void);

/* The sheet's size in points (pixels for PNG, rounded up), for n pictures:
     cols   = min(columns, n) (at least 1),  rows = ceil(n / cols)
     width  = cols * picture width + (cols + 1) * gap
     height = header + rows * (picture height + 2 * caption) + (rows + 1) * gap
   where a picture is pc_draw_layout of the board, and the header (title,
   and the summary if any) is 2.5 * caption, plus 1.5 * caption with a
   summary. */
void pc_gallery_sheet_size(const pc_puzzle *pz, int32_t n, const pc_gallery_page *page,
                           const pc_gallery_opts *o, double *width, double *height);

/* Whether `path` names a folder for index.html: it ends with '/' or is an
   existing directory. */
bool pc_gallery_is_dir(const char *path);

/* Draws tilings[0..n) with captions[i] (captions may be NULL: "#i+1").
   `path` is a sheet (.svg/.png/.pdf) or a folder (created if missing)
   that gets index.html. page and o may be NULL. */
pc_status pc_render_gallery(const char *path, const pc_puzzle *pz, const pc_tiling *tilings,
                            const char *const *captions, int32_t n,
                            const pc_gallery_page *page, const pc_gallery_opts *o,
                            pc_error *err);

#endif

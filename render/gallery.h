/* gallery.h — many solutions of one puzzle at once: a sheet (one SVG, PNG
   or PDF file) of pictures in rows, each with a caption; or a folder
   holding a self-contained index.html (every picture inline as SVG, the
   counts and the symmetry table; no outside file), which opens offline in
   any browser. The counts are the caller's words; a caption is the
   caller's too, or the picture's number and symmetry scores. */
#ifndef PC_GALLERY_H
#define PC_GALLERY_H

#include "render/draw.h"
#include "poly/score.h"

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
  const pc_score *scores;    /* per picture, for captions "#3  h 56  v 70" */
  const uint64_t *numbers;   /* per picture, its number in the caption; NULL: its place */
} pc_gallery_page;

typedef struct pc_gallery_opts {
  pc_render_opts draw;   /* each picture; defaults: cells of 14 points */
  int32_t columns;       /* pictures per row; default 4 */
  double gap;            /* space between pictures and around them, points */
  double caption;        /* caption text size, points */
} pc_gallery_opts;

pc_gallery_opts pc_gallery_defaults(void);

/* Picture i's caption: captions[i] when given, else "#i+1" (or
   page->numbers[i]) and, with page->scores, its symmetry scores:
   "#3  h 56  v 70". */
void pc_gallery_caption(const char *const *captions, const pc_gallery_page *page, int32_t i,
                        char *buf, size_t size);

/* The symmetry table of n solutions' scores into table (room for n
   rows): how many have each (h, v), h and then v from the highest, as
   solve counts them; the rows written. `scores` is sorted so. */
int32_t pc_gallery_sym_table(pc_score *scores, int32_t n, pc_sym_count *table);

/* Appends to summary (size bytes) what a sheet showing `shown` of `of`
   pictures says: " (the first 5 shown)", or " (the 5 most symmetric
   shown)"; nothing when it shows them all. */
void pc_gallery_note_shown(char *summary, size_t size, int32_t shown, uint64_t of,
                           bool most_symmetric);

/* Where things go on a sheet of n pictures, in points (pixels for PNG,
   the sheet rounded up):
     cols   = min(columns, n) (at least 1),  rows = ceil(n / cols)
     column = the picture's width (pc_draw_layout of the board), or the
              widest caption at PC_TEXT_MIN when that is wider
     width  = cols * column + (cols + 1) * gap, or the title or the
              summary at the captions' size and a gap either side when
              wider (the pictures are then centred)
     height = header + rows * (picture height + 2 * caption) + (rows + 1) * gap
   where the header (title, and the summary if any) is 2.5 * caption, plus
   1.5 * caption with a summary. The title is written at 1.3 * caption
   (bold), the summary and the captions at caption, each smaller when it
   would not fit: the captions all at one size, never below PC_TEXT_MIN,
   the title and the summary never below the captions, the summary never
   above the title. */
typedef struct pc_sheet_plan {
  int32_t columns, rows;
  double width, height, column;
  double left;                       /* where the first column starts */
  double title, summary, caption;    /* text sizes */
} pc_sheet_plan;

pc_sheet_plan pc_gallery_plan(const pc_puzzle *pz, const char *const *captions, int32_t n,
                              const pc_gallery_page *page, const pc_gallery_opts *o);

/* Whether `path` names a folder for index.html: it ends with '/' or is an
   existing directory. */
bool pc_gallery_is_dir(const char *path);

/* Draws tilings[0..n), each with its caption (pc_gallery_caption).
   `path` is a sheet (.svg/.png/.pdf) or a folder (created if missing)
   that gets index.html. page and o may be NULL. */
pc_status pc_render_gallery(const char *path, const pc_puzzle *pz, const pc_tiling *tilings,
                            const char *const *captions, int32_t n,
                            const pc_gallery_page *page, const pc_gallery_opts *o,
                            pc_error *err);

#endif

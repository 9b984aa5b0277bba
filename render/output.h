/* output.h — a cairo surface that ends up in a file: the format follows
   the file name (.svg, .png, .pdf), and the file is written atomically
   (atomic.h). Or in memory, for SVG pictures inlined into HTML. */
#ifndef PC_OUTPUT_H
#define PC_OUTPUT_H

#include <cairo.h>
#include <stdio.h>

#include "core/error.h"

typedef enum pc_format {
  PC_FORMAT_SVG,
  PC_FORMAT_PNG,
  PC_FORMAT_PDF,
} pc_format;

/* The format named by the file's extension (any case); an unknown one is
   bad input. */
pc_status pc_format_of(const char *path, pc_format *fmt, pc_error *err);

typedef struct pc_canvas {
  cairo_surface_t *surface;
  cairo_t *cr;              /* draw here, in points from the top left */
  pc_format format;
  FILE *f;                  /* the temporary file, or NULL in memory */
  char *path, *tmp;
  char *data;               /* in memory: what was written so far */
  size_t len, cap;
  pc_status write_status;   /* the first failed write, if any */
} pc_canvas;

/* A width x height canvas (points; pixels for PNG, rounded up) for `path`. */
pc_status pc_canvas_open(pc_canvas *cv, const char *path, double width, double height,
                         pc_error *err);

/* A canvas whose output collects in cv->data (NUL-terminated at commit). */
pc_status pc_canvas_open_memory(pc_canvas *cv, pc_format fmt, double width, double height,
                                pc_error *err);

/* Finishes the picture and, for a file, renames it into place. The canvas
   is released either way; in memory, cv->data (cv->len bytes) then holds
   the picture and the caller frees it. */
pc_status pc_canvas_commit(pc_canvas *cv, pc_error *err);

/* Drops the picture; no file is left. */
void pc_canvas_abort(pc_canvas *cv);

#endif

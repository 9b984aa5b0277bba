/* output.c — cairo surfaces written atomically to SVG, PNG or PDF. */
#include "render/output.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/atomic.h"
#include "render/cairo_lazy.h"

pc_status pc_format_of(const char *path, pc_format *fmt, pc_error *err)
{
  static const struct {
    const char *ext;
    pc_format fmt;
  } known[] = {{".svg", PC_FORMAT_SVG}, {".png", PC_FORMAT_PNG}, {".pdf", PC_FORMAT_PDF}};
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
  for (size_t i = 0; dot && (!slash || dot > slash) && i < sizeof known / sizeof *known; i++)
    if (!strcasecmp(dot, known[i].ext)) {
      *fmt = known[i].fmt;
      return PC_OK;
    }
  pc_error_file(err, path);
  return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                      "cannot tell the picture format from the name (use .svg, .png or .pdf)");
}

/* cairo's output goes through here: to the file, or into memory. */
static cairo_status_t put(void *closure, const unsigned char *data, unsigned int len)
{
  pc_canvas *cv = closure;
  if (cv->f) {
    if (fwrite(data, 1, len, cv->f) != len) cv->write_status = PC_ERR_IO;
  } else {
    if (cv->len + len + 1 > cv->cap) {
      size_t cap = cv->cap ? cv->cap : 4096;
      while (cap < cv->len + len + 1) cap *= 2;
      char *p = realloc(cv->data, cap);
      if (!p) {
        cv->write_status = PC_ERR_NOMEM;
        return CAIRO_STATUS_NO_MEMORY;
      }
      cv->data = p;
      cv->cap = cap;
    }
    memcpy(cv->data + cv->len, data, len);
    cv->len += len;
  }
  return cv->write_status ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/* cairo's (pixman's) largest image, in pixels a side. */
#define PNG_MAX_SIDE 32767

static pc_status make_surface(pc_canvas *cv, double w, double h, pc_error *err)
{
  if (cv->format == PC_FORMAT_PNG && fmax(ceil(w), ceil(h)) > PNG_MAX_SIDE)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "a PNG picture is at most %d pixels a side, not %.0f x %.0f: use .svg "
                        "or .pdf, or fewer or smaller pictures",
                        PNG_MAX_SIDE, ceil(w), ceil(h));
  pc_status s = pc_cairo_load(err);
  if (s) return s;
  switch (cv->format) {
  case PC_FORMAT_SVG: cv->surface = cairo_svg_surface_create_for_stream(put, cv, w, h); break;
  case PC_FORMAT_PDF: cv->surface = cairo_pdf_surface_create_for_stream(put, cv, w, h); break;
  case PC_FORMAT_PNG:
    cv->surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, (int)ceil(w), (int)ceil(h));
    break;
  }
  cv->cr = cairo_create(cv->surface);
  if (cairo_status(cv->cr))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "cannot make a %.0f x %.0f picture: %s", w, h,
                        cairo_status_to_string(cairo_status(cv->cr)));
  return PC_OK;
}

static void release(pc_canvas *cv)
{
  if (cv->cr) cairo_destroy(cv->cr);
  if (cv->surface) cairo_surface_destroy(cv->surface);
  cv->cr = NULL;
  cv->surface = NULL;
  free(cv->path);
  free(cv->tmp);
  cv->path = cv->tmp = NULL;
  cv->f = NULL;
}

pc_status pc_canvas_open(pc_canvas *cv, const char *path, double width, double height,
                         pc_error *err)
{
  memset(cv, 0, sizeof *cv);
  pc_status s = pc_format_of(path, &cv->format, err);
  if (s) return s;
  if (!(cv->path = strdup(path))) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if ((s = pc_atomic_open(path, &cv->f, &cv->tmp, err)) ||
      (s = make_surface(cv, width, height, err)))
    pc_canvas_abort(cv);
  return s;
}

pc_status pc_canvas_open_memory(pc_canvas *cv, pc_format fmt, double width, double height,
                                pc_error *err)
{
  memset(cv, 0, sizeof *cv);
  cv->format = fmt;
  pc_status s = make_surface(cv, width, height, err);
  if (s) pc_canvas_abort(cv);
  return s;
}

pc_status pc_canvas_commit(pc_canvas *cv, pc_error *err)
{
  cairo_surface_flush(cv->surface);
  cairo_status_t cs = cairo_status(cv->cr);
  if (!cs && cv->format == PC_FORMAT_PNG)
    cs = cairo_surface_write_to_png_stream(cv->surface, put, cv);
  cairo_destroy(cv->cr);
  cv->cr = NULL;
  cairo_surface_finish(cv->surface); /* SVG and PDF write out here */
  if (!cs) cs = cairo_surface_status(cv->surface);
  pc_status s = PC_OK;
  if (cv->write_status || cs) {
    if (cv->path) pc_error_file(err, cv->path);
    s = pc_error_set(err, cv->write_status ? cv->write_status : PC_ERR_IO, 0, 0,
                     "cannot write the picture: %s",
                     cv->write_status == PC_ERR_NOMEM ? "out of memory"
                                                      : cairo_status_to_string(cs));
    if (cv->f) pc_atomic_abort(cv->f, cv->tmp);
    free(cv->data);
    cv->data = NULL;
  } else if (cv->f) {
    s = pc_atomic_commit(cv->f, cv->tmp, cv->path, err);
  } else if (cv->data) {
    cv->data[cv->len] = '\0';
  }
  release(cv);
  return s;
}

void pc_canvas_abort(pc_canvas *cv)
{
  if (cv->f) pc_atomic_abort(cv->f, cv->tmp);
  release(cv);
  free(cv->data);
  cv->data = NULL;
}

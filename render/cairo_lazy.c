/* cairo_lazy.c — cairo, loaded when the first picture is drawn.

   The program is not linked against cairo: mapping its twenty libraries
   at every start cost more than Knuth's ssxcc takes for a whole small
   problem (docs/speed.md), and most runs draw nothing. The functions of
   cairo that render/ calls are defined here under their own names
   (<cairo.h> checks each signature) and forward to the library, opened
   by dlopen on the first call. A program that also links cairo (the
   tests) reaches the same library through them. */
#include "render/cairo_lazy.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CAIRO_SONAME "libcairo.so.2"

/* cairo's functions that return nothing: X(name, parameters, arguments). */
#define VOID_FUNCTIONS(X)                                                                         \
  X(arc, (cairo_t * cr, double xc, double yc, double r, double a1, double a2),                   \
    (cr, xc, yc, r, a1, a2))                                                                      \
  X(close_path, (cairo_t * cr), (cr))                                                            \
  X(destroy, (cairo_t * cr), (cr))                                                               \
  X(fill, (cairo_t * cr), (cr))                                                                  \
  X(fill_preserve, (cairo_t * cr), (cr))                                                         \
  X(font_options_destroy, (cairo_font_options_t * o), (o))                                       \
  X(font_options_set_hint_metrics, (cairo_font_options_t * o, cairo_hint_metrics_t m), (o, m))   \
  X(line_to, (cairo_t * cr, double x, double y), (cr, x, y))                                     \
  X(move_to, (cairo_t * cr, double x, double y), (cr, x, y))                                     \
  X(new_path, (cairo_t * cr), (cr))                                                              \
  X(new_sub_path, (cairo_t * cr), (cr))                                                          \
  X(pattern_add_color_stop_rgb, (cairo_pattern_t * p, double at, double r, double g, double b),  \
    (p, at, r, g, b))                                                                             \
  X(pattern_destroy, (cairo_pattern_t * p), (p))                                                 \
  X(pdf_surface_set_metadata, (cairo_surface_t * s, cairo_pdf_metadata_t m, const char *text),   \
    (s, m, text))                                                                                 \
  X(rectangle, (cairo_t * cr, double x, double y, double w, double h), (cr, x, y, w, h))         \
  X(restore, (cairo_t * cr), (cr))                                                               \
  X(save, (cairo_t * cr), (cr))                                                                  \
  X(select_font_face,                                                                             \
    (cairo_t * cr, const char *family, cairo_font_slant_t slant, cairo_font_weight_t weight),    \
    (cr, family, slant, weight))                                                                  \
  X(set_font_options, (cairo_t * cr, const cairo_font_options_t *o), (cr, o))                    \
  X(set_font_size, (cairo_t * cr, double size), (cr, size))                                      \
  X(set_line_cap, (cairo_t * cr, cairo_line_cap_t cap), (cr, cap))                               \
  X(set_line_join, (cairo_t * cr, cairo_line_join_t join), (cr, join))                           \
  X(set_line_width, (cairo_t * cr, double width), (cr, width))                                   \
  X(set_source, (cairo_t * cr, cairo_pattern_t * p), (cr, p))                                    \
  X(set_source_rgb, (cairo_t * cr, double r, double g, double b), (cr, r, g, b))                 \
  X(set_source_rgba, (cairo_t * cr, double r, double g, double b, double a), (cr, r, g, b, a))   \
  X(show_page, (cairo_t * cr), (cr))                                                             \
  X(show_text, (cairo_t * cr, const char *text), (cr, text))                                     \
  X(stroke, (cairo_t * cr), (cr))                                                                \
  X(stroke_preserve, (cairo_t * cr), (cr))                                                       \
  X(surface_destroy, (cairo_surface_t * s), (s))                                                 \
  X(surface_finish, (cairo_surface_t * s), (s))                                                  \
  X(surface_flush, (cairo_surface_t * s), (s))                                                   \
  X(text_extents, (cairo_t * cr, const char *text, cairo_text_extents_t *e), (cr, text, e))      \
  X(translate, (cairo_t * cr, double x, double y), (cr, x, y))

/* The others: X(type, name, parameters, arguments). */
#define VALUE_FUNCTIONS(X)                                                                        \
  X(cairo_t *, create, (cairo_surface_t * s), (s))                                               \
  X(cairo_font_options_t *, font_options_create, (void), ())                                     \
  X(cairo_surface_t *, image_surface_create, (cairo_format_t f, int w, int h), (f, w, h))        \
  X(cairo_pattern_t *, pattern_create_radial,                                                     \
    (double x0, double y0, double r0, double x1, double y1, double r1), (x0, y0, r0, x1, y1, r1)) \
  X(cairo_surface_t *, pdf_surface_create_for_stream,                                             \
    (cairo_write_func_t put, void *to, double w, double h), (put, to, w, h))                      \
  X(cairo_surface_t *, recording_surface_create,                                                  \
    (cairo_content_t content, const cairo_rectangle_t *extents), (content, extents))              \
  X(cairo_status_t, status, (cairo_t * cr), (cr))                                                \
  X(const char *, status_to_string, (cairo_status_t status), (status))                           \
  X(cairo_status_t, surface_status, (cairo_surface_t * s), (s))                                  \
  X(cairo_status_t, surface_write_to_png_stream,                                                  \
    (cairo_surface_t * s, cairo_write_func_t put, void *to), (s, put, to))                        \
  X(cairo_surface_t *, svg_surface_create_for_stream,                                             \
    (cairo_write_func_t put, void *to, double w, double h), (put, to, w, h))

#define VOID_POINTER(name, params, args) void(*name) params;
#define VALUE_POINTER(type, name, params, args) type(*name) params;
static struct {
  VOID_FUNCTIONS(VOID_POINTER)
  VALUE_FUNCTIONS(VALUE_POINTER)
} lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char why[256]; /* empty once every function is found */

/* dlsym returns an object pointer; POSIX guarantees it converts to a
   function pointer, which memcpy does without a cast C forbids. */
static void find(void *handle, const char *name, void *slot, size_t size)
{
  void *f = dlsym(handle, name);
  if (!f && !why[0]) snprintf(why, sizeof why, "%s has no %s", CAIRO_SONAME, name);
  memcpy(slot, &f, size);
}

static void open_cairo(void)
{
  void *handle = dlopen(CAIRO_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    snprintf(why, sizeof why, "%s", dlerror());
    return;
  }
#define FIND_VOID(name, params, args) find(handle, "cairo_" #name, &lib.name, sizeof lib.name);
#define FIND_VALUE(type, name, params, args) FIND_VOID(name, params, args)
  VOID_FUNCTIONS(FIND_VOID)
  VALUE_FUNCTIONS(FIND_VALUE)
}

pc_status pc_cairo_load(pc_error *err)
{
  pthread_once(&once, open_cairo);
  if (!why[0]) return PC_OK;
  return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot draw: %s", why);
}

/* Each call opens the library first (once). A call that finds none (one
   that measures text before pc_cairo_load was asked) stops the program
   with the reason, as the loader did at its start when it was linked. */
static void need_cairo(void)
{
  pc_error err;
  if (!pc_cairo_load(&err)) return;
  fprintf(stderr, "polycover: %s\n", err.msg);
  exit(127);
}

#define FORWARD_VOID(name, params, args)                                                          \
  void cairo_##name params                                                                        \
  {                                                                                               \
    need_cairo();                                                                                 \
    lib.name args;                                                                                \
  }
#define FORWARD_VALUE(type, name, params, args)                                                   \
  type cairo_##name params                                                                        \
  {                                                                                               \
    need_cairo();                                                                                 \
    return lib.name args;                                                                         \
  }
VOID_FUNCTIONS(FORWARD_VOID)
VALUE_FUNCTIONS(FORWARD_VALUE)

/* cairo_lazy.h — cairo, opened on the first drawing (cairo_lazy.c): the
   program is not linked against it, so that runs which draw nothing start
   without mapping its libraries. */
#ifndef PC_CAIRO_LAZY_H
#define PC_CAIRO_LAZY_H

#include "core/error.h"

/* Opens cairo if it is not open yet: PC_OK, or PC_ERR_IO saying why
   (no libcairo.so.2 on this system, or one without a function we call). */
pc_status pc_cairo_load(pc_error *err);

#endif

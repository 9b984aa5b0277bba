/* iso_layer.h — one group of units of a 3-D picture (iso.h) drawn back to
   front: the whole scene, or one of its layers. Cubes look up their
   neighbours within the group only, so a layer drawn alone shows the faces
   its neighbours above and below would hide. Used by iso.c only. */
#ifndef PC_ISO_LAYER_H
#define PC_ISO_LAYER_H

#include "render/iso.h"

/* Where a group goes on the page: the scene point (0, 0, base) lands at
   (x, y) points, a unit edge is `cell` points long. */
typedef struct pc_iso_place {
  double x, y, base, cell;
} pc_iso_place;

/* cos 30°, and a ball's radius on the page in cells (the isometric
   drawing is the orthographic view scaled by sqrt(3/2)). */
#define PC_ISO_COS30 0.86602540378443865
#define PC_ISO_BALL_RADIUS 0.61237243569579452

/* The page point of the scene point (px, py, pz) through `at`. */
pc_point pc_iso_project(const pc_iso_place *at, double px, double py, double pz);

/* Draws the units s->units[which[i]] (i < n); `which` is sorted into
   painter's order on the way. PC_ERR_NOMEM if out of memory. */
pc_status pc_iso_draw_group(cairo_t *cr, const pc_iso_scene *s, const pc_iso_opts *o,
                            int32_t *which, int32_t n, const pc_iso_place *at, pc_error *err);

#endif

/* profile_plot.h — the search profile as a bar chart: nodes and updates
   at each level of the search tree, on a logarithmic scale, like the level
   tables in Knuth's paper. */
#ifndef PC_PROFILE_PLOT_H
#define PC_PROFILE_PLOT_H

#include "core/dlx.h"
#include "core/error.h"

/* Draws st's level_nodes and level_updates to `path` (.svg, .png, .pdf;
   written atomically) under `title` (may be NULL). Errors as in render.h. */
pc_status pc_render_profile(const char *path, const pc_dlx_stats *st, const char *title,
                            pc_error *err);

#endif

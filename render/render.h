/* render.h — pictures of a puzzle saved to files: one solution, or the
   pieces and the empty board. The format follows the file name (.svg,
   .png, .pdf); files are written atomically. Galleries of many solutions
   are in gallery.h, the search profile in profile_plot.h.

   Every call takes options (NULL: pc_render_defaults()) and returns
   PC_ERR_INPUT for a file name of unknown format, PC_ERR_IO when the file
   cannot be written, with err naming the file. */
#ifndef PC_RENDER_H
#define PC_RENDER_H

#include "render/draw.h"

/* One solution (a tiling of pz's board). */
pc_status pc_render_solution(const char *path, const pc_puzzle *pz, const pc_tiling *t,
                             const pc_render_opts *o, pc_error *err);

/* What a user defined, before solving: the board with its pre-placed
   pieces, and under it every piece of the set, named (with its number of
   copies when not one). */
pc_status pc_render_pieces(const char *path, const pc_puzzle *pz, const pc_render_opts *o,
                           pc_error *err);

#endif

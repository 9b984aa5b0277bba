/* engines.h — the search engines the runner (parallel.h) can use, by name:
   "dlx" (algorithm DLX, dlx.h) and "bits" (bit masks, bits.h), and the
   choice `auto` makes. */
#ifndef PC_ENGINES_H
#define PC_ENGINES_H

#include "parallel.h"

extern const pc_engine pc_engine_dlx, pc_engine_bits;

/* "dlx", "bits" or "auto"; NULL for another name. `auto` gives NULL too,
   with *is_auto set. */
const pc_engine *pc_engine_by_name(const char *name, bool *is_auto);

/* What `auto` runs for a puzzle: bits when the problem fits it (measured
   faster on every shipped board, `make bench`), else DLX. */
const pc_engine *pc_engine_auto(const pc_xc *xc);

#endif

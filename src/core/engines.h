/* engines.h — the search engines the runner (runner.h) can use, by name:
   "dlx" (algorithm DLX, dlx.h), "bitdlx" (DLX's search tree on bit masks,
   bitdlx.h) and "bits" (bit masks, another tree, bitsweep.h), and the choice
   `auto` makes. */
#ifndef PC_ENGINES_H
#define PC_ENGINES_H

#include "core/engine.h"

extern const pc_engine pc_engine_dlx, pc_engine_bitsweep, pc_engine_bitdlx;

/* "dlx", "bitdlx", "bits" or "auto"; NULL for another name. `auto` gives
   NULL too, with *is_auto set. */
const pc_engine *pc_engine_by_name(const char *name, bool *is_auto);

/* What `auto` runs for a problem searched by rule `choose`: when both
   bitset engines fit it, the one a trial on a small sample of its
   subproblems finds faster (engines.c; the same problem always gets the
   same engine); else the one that fits; else DLX. bits ignores the rule,
   so another rule than Knuth's gets bitdlx or DLX. */
const pc_engine *pc_engine_auto(const pc_xc *xc, pc_choose choose);

#endif

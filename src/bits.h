/* bits.h — a second exact-cover engine for problems small enough that every
   option fits a fixed-width bit mask (all items, primary and secondary, at
   most PC_BITS_MAX_ITEMS). It branches on the primary item with the fewest
   live options, counted with popcounts, and finds exactly the solutions
   DLX finds (not necessarily in the same order).

   It takes the same configuration as DLX (pc_dlx_config: limits, visitor,
   stop flag, prefix and split depth; `choose` is ignored) and fills the
   same statistics, except that `updates` stays 0 and the profile counts
   nodes only. */
#ifndef PC_BITS_H
#define PC_BITS_H

#include "dlx.h"

#define PC_BITS_MAX_ITEMS 256

typedef struct pc_bits pc_bits;

/* Whether the problem fits this engine. */
bool pc_bits_applies(const pc_xc *xc);

/* NULL when out of memory or when the problem does not fit. */
pc_bits *pc_bits_new(const pc_xc *xc);
void pc_bits_free(pc_bits *b);

void pc_bits_search(pc_bits *b, const pc_dlx_config *cfg, pc_dlx_stats *stats);

#endif

/* bits.h — a second exact-cover engine for problems small enough that every
   option fits a fixed-width bit mask (all items, primary and secondary, at
   most PC_BITS_MAX_ITEMS). It finds exactly the solutions DLX finds (not
   necessarily in the same order).

   Strategy (Fletcher's for pentominoes, made generic): options are masks
   of 1 to 4 words; each is listed under its first primary item in a fixed
   item order, and the search branches on the first uncovered primary item
   in that order, trying the options of its list that do not meet the
   covered mask (every option through that item that can fit is in that
   list, since all earlier items are covered). No dancing, no counts: a
   node costs a scan of one list. The order sweeps the problem with a short
   front: the given one, or the given one transposed at a stride the
   options suggest (a board's width), whichever makes options span fewer
   positions (6x10 pentominoes are filled column by column).

   It takes the same configuration as DLX (pc_dlx_config: limits, visitor,
   stop flag, prefix and split depth; `choose` and `max_updates` are
   ignored) and fills the same statistics, except that `updates` stays 0
   and the profile counts nodes only. With a prefix, levels count from the
   subproblem's root, and split_depth counts the prefix's options. A prefix
   whose options are out of range, repeated or overlapping has no
   solution (and no node). */
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

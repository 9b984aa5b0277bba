/* bitdlx.h — algorithm DLX's search on bit masks: the same search tree as
   dlx.h, node for node (the same item chosen at every node, by Knuth's rule
   or the leftmost one), without dancing links.

   What it keeps, one copy per level of the search: the set of options
   still alive (a bit per option: none of its items covered) and, for each
   primary item, how many of them go through it. Taking an option kills
   the alive options that share an item with it, found with a precomputed
   row of bits per option, and takes each killed option off the counts of
   its primary items; backing up is just going back to the level's copy.
   The counts are kept as keys, count * 2^s + item (s = 8 up to 256
   primary items, as many bits as the items need beyond), so the first
   item of smallest count is the smallest key: the choice is one pass of
   minimum over an array, which compilers vectorize. Plain problems of at
   most 256 primary items (most boards) keep the counts bit-sliced instead
   (bitdlx_sliced.h): a killed option then costs a few 128-bit operations
   (twice as many past 128 items), not a decrement in memory per item.
   The sets of options
   take as many 64-bit words as there are options to hold: no limit on the
   items.

   Against DLX: the same nodes and solutions (the tests check both), each
   node cheaper (no links to follow). Against the bits engine
   (bitsweep.h), which branches on the first uncovered item of a sweep and
   keeps no counts: a node here costs more, but the tree is smaller;
   which one wins depends on the board (engines.h chooses).

   With bounds on primary items (copies; no colors) it searches DLX3's
   tree instead (dlx3.h, node for node; bitdlx_bounds.c): an item that
   may be covered k times keeps a count of uses left and kills its options
   only when it runs out, so k copies are one item, never ordered; prefixes
   then replay a path and a split's leaves name null choices, as dlx3.h's.

   It takes the whole pc_dlx_config (`max_updates` aside: no updates are
   counted, `updates` stays 0 and the profile counts nodes only); levels
   are numbered as DLX numbers them (a prefix's options take levels 0 to
   n_prefix - 1, the subproblem's root is at n_prefix). */
#ifndef PC_BITDLX_H
#define PC_BITDLX_H

#include "core/dlx.h"

/* The rows of conflicting options take n_options^2 / 8 bytes: beyond this
   the engine does not apply (about 23,000 options); nor beyond this for
   the search's state, (depth + 1) * (n_options / 8 + 4 n_primary) bytes
   (8 n_primary with bounds), the depth being n_primary without bounds
   and at most the sum of the upper bounds with them (pc_xc_depth):
   several thousand items. */
#define PC_BITDLX_MAX_ROW_BYTES ((size_t)64 << 20)

typedef struct pc_bitdlx pc_bitdlx;

/* Whether the problem fits this engine: no colors, PC_BITDLX_MAX_ROW_BYTES
   of conflict rows at most, and as much of state. */
bool pc_bitdlx_applies(const pc_xc *xc);

/* NULL when out of memory or when the problem does not fit. */
pc_bitdlx *pc_bitdlx_new(const pc_xc *xc);
void pc_bitdlx_free(pc_bitdlx *b);

/* An instance for another thread that shares b's tables (only read while
   searching) and has a state of its own; b must outlive it. NULL when out
   of memory. */
pc_bitdlx *pc_bitdlx_share(const pc_bitdlx *b);

void pc_bitdlx_search(pc_bitdlx *b, const pc_dlx_config *cfg, pc_dlx_stats *stats);

/* Knuth's Monte Carlo estimate of the nodes of the whole search (Knuth's
   rule; plain problems): the mean over `paths` random paths from the root
   of 1 + d1 + d1 d2 + ..., d being the option counts met; reproducible
   from `seed`. Cheap: a path costs as many nodes as it is deep, and
   paths that start alike share their first levels (kept by the engine). */
double pc_bitdlx_estimate(pc_bitdlx *b, uint64_t paths, uint64_t seed);

/* The same estimate drawn in steps: the paths drawn so far from one seed
   (pc_bitdlx_paths_start), and pc_bitdlx_estimate_more draws `more` and
   returns the estimate from all of them, as pc_bitdlx_estimate would
   from as many. */
typedef struct pc_bitdlx_paths {
  uint64_t state, drawn;
  double total;
} pc_bitdlx_paths;

pc_bitdlx_paths pc_bitdlx_paths_start(uint64_t seed);
double pc_bitdlx_estimate_more(pc_bitdlx *b, pc_bitdlx_paths *p, uint64_t more);

/* Whether b lists the options a take kills with AVX-512's compress
   instructions (bitdlx_sliced.h): where the processor has them (with
   VBMI2: Intel since Ice Lake, AMD since Zen 4) and the counts are
   bit-sliced. pc_bitdlx_portable_listing turns that off for b (its
   shares made after keep it): the same tree, node for node (the tests
   compare the two). */
bool pc_bitdlx_vector_listing(const pc_bitdlx *b);
void pc_bitdlx_portable_listing(pc_bitdlx *b);

/* Only from within a visitor: as pc_dlx_path_probability (a prefix's
   levels count as 1). */
double pc_bitdlx_path_probability(const pc_bitdlx *b, int32_t n);

#endif

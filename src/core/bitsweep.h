/* bitsweep.h — a second exact-cover engine, on bit masks over all the
   items, primary and secondary. It finds exactly the solutions DLX finds
   (not necessarily in the same order).

   What it does. Options are masks of as many 64-bit words as the items
   need (the search is compiled for 1 to 4 words, and for any), the
   items renumbered by a sweep order: the given one, or the given one
   transposed at a stride the options suggest (a board's width), whichever
   makes options span fewer positions (6x10 pentominoes go column by
   column). Primary items take the low bits. At each node the search
   covers one uncovered primary item, trying in turn every option through
   it that meets no covered item; the item is chosen thus:

   - From the root until two such choices with more than one option have
     been made (forced choices do not count, in a prefix as below it,
     so that a subproblem is searched as the whole tree would be,
     whatever the split depth), the item with the fewest such options,
     the first in the order on a tie, counted by scanning each item's list
     of options; none left for some item: a dead end. So a piece
     restricted to a few placements to break symmetry is placed first, as
     DLX's minimum-remaining-values rule would.
   - Deeper, the first uncovered primary item in the order (Fletcher's
     rule for pentominoes, made generic). Every option through it that
     can still fit has it as its first primary item (the earlier ones are
     covered), so only those are listed under it, in runs by their last
     primary item (on a board, the piece): a run whose item is covered (a
     piece already placed) is skipped as a whole, found with a mask per
     item of the runs it has.
   - Before that choice, a cheap dead-end test: each primary item y has a
     set of at most 8 other items such that every option through y holds
     one of them (found greedily; on a grid, the cells next to y). When
     all of a set are covered, y can no longer be covered. After placing
     an option, the uncovered items whose set the option meets are tested
     (a pair of bit masks each): one isolated item ends the branch. (Not
     at split_depth, whose partial solutions all go to the visitor.)

   No dancing, no counts kept: a node costs a copy of the covered mask, the
   test and a scan of the runs.

   It takes the same configuration as DLX (pc_dlx_config: limits, visitor,
   stop flag, prefix and split depth; `choose` and `max_updates` are
   ignored) and fills the same statistics, except that `updates` stays 0
   and the profile counts nodes only. With a prefix, levels count from the
   subproblem's root, and split_depth counts the prefix's options. A prefix
   whose options are out of range, repeated or overlapping has no
   solution (and no node). */
#ifndef PC_BITSWEEP_H
#define PC_BITSWEEP_H

#include "core/dlx.h"

/* The bytes of masks it keeps at most (past that, DLX's links are
   smaller): about n_items / 64 words for each option and twice for each
   (option, primary item). */
#define PC_BITSWEEP_MAX_MASK_BYTES ((size_t)256 << 20)

typedef struct pc_bitsweep pc_bitsweep;

/* Whether the problem fits this engine: its masks take at most
   PC_BITSWEEP_MAX_MASK_BYTES. */
bool pc_bitsweep_applies(const pc_xc *xc);

/* NULL when out of memory or when the problem does not fit. */
pc_bitsweep *pc_bitsweep_new(const pc_xc *xc);
void pc_bitsweep_free(pc_bitsweep *b);

/* An instance for another thread that shares b's tables (only read while
   searching) and has a state of its own; b must outlive it. NULL when out
   of memory. */
pc_bitsweep *pc_bitsweep_share(const pc_bitsweep *b);

void pc_bitsweep_search(pc_bitsweep *b, const pc_dlx_config *cfg, pc_dlx_stats *stats);

/* Only from within a visitor of a split search (split_depth > 0): as
   pc_dlx_path_probability, the options at each level counted (a prefix's
   levels count as 1). */
double pc_bitsweep_path_probability(const pc_bitsweep *b, int32_t n);

/* Only from within a visitor of a split search, at a leaf where the
   split cut the search (n = split_depth options, not a solution found
   above it): what the node would be in a search split one level deeper,
   as its leaves there would show, at the cost of the node alone: the
   options it would try (0: a dead end), or PC_BITSWEEP_SOLVED where it
   covers every primary item. */
#define PC_BITSWEEP_SOLVED (-1)
int32_t pc_bitsweep_leaf_options(pc_bitsweep *b, const int32_t *options, int32_t n);

/* The same, for a subproblem whose prefix is a path of the whole tree
   with probability `above`: the whole tree's figure to the last bit
   (the same divisions in the same order). */
double pc_bitsweep_path_probability_under(const pc_bitsweep *b, int32_t n, double above);

/* The same from level `from` (at least the prefix's length) on, `above`
   being the figure these functions gave its first `from` levels: the
   whole path's to the last bit, at the cost of the levels below `from`. */
double pc_bitsweep_path_probability_from(const pc_bitsweep *b, int32_t from, int32_t n,
                                         double above);

#endif

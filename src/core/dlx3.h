/* dlx3.h — Knuth's algorithm for exact covers with bounds and colors (his
   programs DLX2 and DLX3): a primary item may be covered between a and b
   times, and options may share a secondary item when they give it the
   same color. The dlx engine (engines.h) runs this one on problems that
   are not plain (xc.h) and dlx.h's on the others.

   Same interface and counters as dlx.h, with Knuth's DLX3 branching: the
   item whose branching degree (its options left, adjusted for its bound
   and slack) is least; on an item with bound b > 1 the search "tweaks"
   rather than covers, and an item whose lower bound is already met may be
   left with no more options chosen: a null choice. So a solution of k
   options may lie k + (null choices) levels down. In a split search
   (split_depth > 0) the sequences given to the visitor hold the null
   choices too, written -1 - item; given back as a prefix, such a sequence
   replays that path of the tree exactly (the options each level passed
   over stay excluded), so the subproblems of a split add up to the whole
   search. Elsewhere the visitor sees the options alone. */
#ifndef PC_DLX3_H
#define PC_DLX3_H

#include "core/dlx.h"

typedef struct pc_dlx3 pc_dlx3;

/* Builds the structure for `xc` (which may be freed afterwards). NULL when
   out of memory. */
pc_dlx3 *pc_dlx3_new(const pc_xc *xc);
void pc_dlx3_free(pc_dlx3 *d);

/* As pc_dlx_search. `updates` counts as Knuth's DLX3 does: 1 for each
   item covered, 1 for each node that leaves a list (covering, tweaking,
   or purifying a color). */
void pc_dlx3_search(pc_dlx3 *d, const pc_dlx_config *cfg, pc_dlx_stats *stats);

/* As pc_dlx_path_probability: 1 / (d1 d2 ... dn), d being each level's
   branching degree. */
double pc_dlx3_path_probability(const pc_dlx3 *d, int32_t n);

#endif

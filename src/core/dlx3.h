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

/* Knuth's ranking of an active item for branching, shared by the engines
   that search DLX3's tree (dlx3.c, bitdlx_bounds.c): its degree len + s -
   bound + 1 (<= 0: too few options left), s = min(slack, bound), len its
   options left and bound how many more times it may be covered. */
typedef struct pc_dlx3_rank {
  int32_t degree, s, len;
} pc_dlx3_rank;

static inline pc_dlx3_rank pc_dlx3_rank_of(int32_t len, int32_t bound, int32_t slack)
{
  int32_t s = slack < bound ? slack : bound;
  return (pc_dlx3_rank){len + s - bound + 1, s, len};
}

/* Whether a ranks before b: the least degree; on ties the smaller s, then
   the longer list (the first item wins the remaining ties). */
static inline bool pc_dlx3_before(pc_dlx3_rank a, pc_dlx3_rank b)
{
  return a.degree < b.degree ||
         (a.degree == b.degree && (a.s < b.s || (a.s == b.s && a.len > b.len)));
}

#endif

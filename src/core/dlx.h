/* dlx.h — Knuth's algorithm DLX on flat arrays of 32-bit indices, as in his
   DLX1: options stored contiguously between spacer nodes, no pointers and
   no global state, so several solvers may run at once in different threads.

   Counters follow Knuth's ("Dancing Links", 2000; docs/speed.md): `nodes`
   counts every node of the search tree (the root, dead ends and solution
   leaves included);
   `updates` adds 1 each time an item leaves the active list and 1 each time
   a node leaves its item's list. */
#ifndef PC_DLX_H
#define PC_DLX_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/xc.h"

typedef struct pc_dlx pc_dlx;

typedef enum pc_choose {
  PC_CHOOSE_MRV,      /* first item of smallest size, in item order (Knuth) */
  PC_CHOOSE_LEFTMOST, /* first uncovered item */
} pc_choose;

/* The rule's name in checkpoints and job files ("mrv", "leftmost"), and
   back: false for a name that is neither. */
const char *pc_choose_name(pc_choose c);
bool pc_choose_by_name(const char *name, pc_choose *c);

/* Called with the options (indices into the pc_xc) of each solution, in the
   order they were chosen. Return true to stop the search. */
typedef bool (*pc_dlx_visit)(void *ctx, const int32_t *options, int32_t n);

typedef struct pc_dlx_config {
  pc_choose choose;
  uint64_t max_solutions; /* 0: no limit */
  uint64_t max_updates;   /* 0: no limit; checked at each node */
  /* 0: no limit; else the search visits at most this many nodes (every
     engine; the runner does not pass it on: auto's trial caps an engine's
     samples with it). */
  uint64_t max_nodes;
  pc_dlx_visit visit;     /* may be NULL */
  void *ctx;
  const atomic_int *stop; /* may be NULL; the search stops when it is set */
  /* A subproblem: these options are taken first, in this order (they must
     be disjoint), and the search enumerates their completions; the visitor
     sees them at the front of every solution. Options that overlap (or are
     not options, or have no primary item) give no solutions and no nodes.
     Taking them is not counted: the node after them is the search's root,
     counted at depth n_prefix, so the profile keeps the whole tree's
     depths, and the subproblems of a split add up to the whole search. */
  const int32_t *prefix;
  int32_t n_prefix;
  /* When > 0, the search does not go deeper than this many options: each
     partial solution of that length goes to the visitor as if it were a
     solution (how a search is split into subproblems), and is counted as
     one in the statistics. Solutions found above that depth are reported
     too. With a prefix, the depth counts the prefix's options.
     Whole search = split search + every reported prefix searched as a
     subproblem, where each subproblem's root is the split search's leaf
     (counted twice: nodes = split - reported + sum of subproblems);
     updates and solutions simply add up. */
  int32_t split_depth;
  /* The prefix is a set of options taken as given (any disjoint options,
     e.g. pieces placed beforehand), not a path of the search's own tree
     (a split's leaf). Engines that take a prefix's options alike either
     way ignore it; DLX3's prefixes replay a path otherwise (dlx3.h). */
  bool prefix_given;
  /* May be NULL: where the search keeps, as it goes, the share of its tree
     done so far (share.h), for a progress line read by another thread. */
  _Atomic double *share;
} pc_dlx_config;

typedef struct pc_dlx_stats {
  uint64_t solutions, nodes, updates;
  bool complete;          /* false when a limit, the visitor or stop ended it */
  bool no_updates;        /* the engine does not count updates (bitsweep.h) */
  bool no_nodes;          /* no search: a count by states (the frontier's) */
  /* The profile: level_nodes[l] nodes at depth l (the root is depth 0);
     level_updates[l] updates made at depth l (covering the chosen item and
     the options tried there). Arrays of `levels` entries, owned by the
     solver and valid until the next search or pc_dlx_free. */
  int32_t levels;
  const uint64_t *level_nodes, *level_updates;
} pc_dlx_stats;

/* Builds the linked structure for `xc` (which may be freed afterwards).
   Returns NULL when out of memory. */
pc_dlx *pc_dlx_new(const pc_xc *xc);
void pc_dlx_free(pc_dlx *d);

/* Enumerates solutions. The structure is restored afterwards, so a solver
   can search again. */
void pc_dlx_search(pc_dlx *d, const pc_dlx_config *cfg, pc_dlx_stats *stats);

/* Only from within a visitor: the probability that a random walk down the
   tree (each node taking one of its item's options uniformly) reaches the
   first `n` choices of the solution being visited, 1 / (d1 d2 ... dn).
   Summed over the leaves of a split search it is 1 less the dead ends'
   share: Knuth's measure of how far a search has gone. */
double pc_dlx_path_probability(const pc_dlx *d, int32_t n);

/* Knuth's Monte Carlo estimate of the search tree ("Estimating the
   efficiency of backtrack programs", 1975): random paths from a node, each
   step taking one of the chosen item's options uniformly; a node k levels
   down stands for d1 d2 ... dk nodes, d being the option counts above it.
   The top levels are enumerated exactly, as deep as leaves at least four
   paths per leaf (`depth` levels), and the paths are shared out among the
   leaves there (stratified: far less spread than paths from the root
   alone). Each figure is an unbiased estimate of the whole search's count,
   with its standard error. */
typedef struct pc_estimate {
  uint64_t paths;
  int32_t depth;
  double nodes, updates, solutions;
  double nodes_se, updates_se, solutions_se;
} pc_estimate;

/* Reproducible: the same seed gives the same paths. The structure is
   restored afterwards. Returns false when out of memory. */
bool pc_dlx_estimate(pc_dlx *d, pc_choose choose, uint64_t paths, uint64_t seed,
                     pc_estimate *est);

/* The same estimate of the nodes and solutions, to the last bit (the
   same paths), without the updates (est->updates and updates_se 0):
   counting them is most of a path's work. */
bool pc_dlx_estimate_nodes(pc_dlx *d, pc_choose choose, uint64_t paths, uint64_t seed,
                           pc_estimate *est);

#endif

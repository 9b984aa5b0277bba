/* frontier.h — counting a puzzle's solutions without visiting them one by
   one: a dynamic programme over the board's cells taken in a fixed order
   (row by row or column by column, whichever keeps placements shortest), a
   "transfer matrix" over the profile (docs/counting.md).

   At step p every cell before p is covered; a state is the pieces used so
   far and which of the next `window` cells are covered already, with the
   number of ways to reach it. If cell p is covered the state moves on;
   otherwise each placement whose first cell is p and that fits is taken.
   Partial tilings that reach the same state merge, which is what spares
   visiting every solution. Essentially different solutions follow by
   Burnside's lemma: the average over the symmetry group of the solutions
   each element fixes (those are counted by a search over orbits of
   placements, much smaller than the whole search). */
#ifndef PC_FRONTIER_H
#define PC_FRONTIER_H

#include <stdatomic.h>

#include "poly/symmetry.h"

typedef struct pc_frontier_stats {
  uint64_t solutions;            /* every solution */
  uint64_t unique;               /* essentially different ones */
  int32_t order;                 /* the group's elements */
  uint64_t fixed[PC_SYM_MAX];    /* solutions each element fixes ([0]: all) */
  int32_t window;                /* cells a state's profile spans */
  int32_t steps;                 /* cells processed (the board's) */
  uint64_t peak_states;          /* the largest step's states */
  uint64_t states;               /* states summed over the steps */
  uint64_t peak_bytes;           /* the tables' memory at the largest step */
  bool stopped;                  /* max_states reached, or interrupted: no counts */
  bool interrupted;              /* the stop flag was set */
} pc_frontier_stats;

/* The pass a count is in: the whole programme, or met in the middle its
   forward pass (to the cut) or its backward one (from the end to it). */
typedef enum pc_frontier_pass {
  PC_FRONTIER_WHOLE,
  PC_FRONTIER_FORWARD,
  PC_FRONTIER_BACKWARD
} pc_frontier_pass;

/* Where a count is, for a progress line. */
typedef struct pc_frontier_at {
  pc_frontier_pass pass;
  int32_t step, steps;           /* the pass's step under way (from 0), its steps */
  uint64_t states;               /* the states the step moves on */
  double read;                   /* the share of them read so far (by the first thread) */
} pc_frontier_at;

/* Told, on the thread that called the count, where it is: at each step
   and every few thousand states within one (at); and met in the middle,
   after each part counted (a share, or a half of one: counted), and of
   each part that a step of its passes outgrew (more than `most` states),
   to be counted in halves by the side of `piece` (halved). Each may be
   NULL. */
typedef struct pc_frontier_watch {
  void (*at)(void *ctx, const pc_frontier_at *at);
  void (*counted)(void *ctx, uint64_t left, uint64_t right, const pc_frontier_stats *part);
  void (*halved)(void *ctx, uint64_t left, uint64_t right, uint64_t piece, uint64_t most);
  void *ctx;
} pc_frontier_watch;

/* A share of the count (how it splits into jobs, docs/counting.md): every
   piece of `left` is placed with its first cell before position `cut` of
   the order, every piece of `right` at or after it (bit i: piece i, a
   single piece). The shares of all the ways to put some pieces on either
   side add up to the whole count. */
typedef struct pc_frontier_config {
  int threads;                   /* 1 to 64 */
  uint64_t max_states;           /* stop when the states summed pass it (0: never) */
  uint64_t most_at_once;         /* a share (the whole count met in the middle too)
                                    whose pass holds more states in a step is counted
                                    in halves (0: 2^27 for a split's shares, for the
                                    whole what the memory holds, PC_FRONTIER_STATE_BYTES
                                    a state) */
  const atomic_int *stop;        /* may be NULL; once set, the count stops (interrupted) */
  const pc_frontier_watch *watch; /* may be NULL */
  int32_t cut;
  uint64_t left, right;          /* both 0: the whole count */
  bool meet;                     /* meet in the middle at the cut (0: the middle) */
  int32_t split;                 /* meet, whole count: in 2^split shares, one after
                                    the other, by the side each of the first split
                                    single pieces lies on (less memory) */
} pc_frontier_config;

/* The most pieces a meeting's count splits its shares by. */
#define PC_FRONTIER_MAX_SPLIT 20

/* The memory a state of a step may take at most, all told: the two steps'
   tables (a quarter empty or more, a table being doubled kept beside its
   double) and, met in the middle, the forward pass's kept during the
   backward one. A step may hold the machine's memory over this, and a
   pass that needs more is halved, or fails (docs/counting.md). */
#define PC_FRONTIER_STATE_BYTES 256

/* NULL when the method applies to matrix m of puzzle pz; otherwise why not
   (secondary items, a profile too wide for 64 bits with the pieces, copies
   together with pre-placed pieces). */
const char *pc_frontier_unfit(const pc_puzzle *pz, const pc_matrix *m);

/* Counts the solutions of m (the full matrix: every placement) and, with g
   not NULL, the essentially different ones under g (none when stopped or
   for a share).
   PC_ERR_INPUT when the
   method does not apply (the reason in err) or a count exceeds 64 bits;
   PC_ERR_NOMEM when out of memory, or when a step would hold more states
   than the machine's memory does (the whole programme, or a share of a
   meeting that no piece is left to halve). */
pc_status pc_frontier_count(const pc_puzzle *pz, const pc_matrix *m, const pc_symmetry *g,
                            const pc_frontier_config *cfg, pc_frontier_stats *st,
                            pc_error *err);

/* Share x of the 2^split a meeting's count splits into: sets cfg's left
   and right (bit k of x puts the k-th of the puzzle's first `split`
   single pieces before the cut, else after it). False when split is not
   1 to PC_FRONTIER_MAX_SPLIT, the puzzle has fewer single pieces, or x
   is no share. */
bool pc_frontier_share(const pc_puzzle *pz, int32_t split, uint64_t x, pc_frontier_config *cfg);

/* PC_OK when a meeting's count of pz splits by `split` pieces; else
   PC_ERR_INPUT, err saying how many this puzzle allows. */
pc_status pc_frontier_split_check(const pc_puzzle *pz, int32_t split, pc_error *err);

/* Told after each share that pc_frontier_count_shares counts (not of one
   stopped: budget spent, or interrupted); a status other than PC_OK (its
   reason in err) stops the count with it. */
typedef struct pc_frontier_progress {
  pc_status (*share_done)(void *ctx, uint64_t share, const pc_frontier_stats *one,
                          pc_error *err);
  void *ctx;
} pc_frontier_progress;

/* The sum of shares ids[0 .. n) (NULL: 0 .. n - 1) of the 2^cfg->split a
   meeting's count splits into, each met in the middle with cfg's threads
   and budget, one after the other; progress (may be NULL) is told after
   each. No unique count (Burnside's lemma wants the whole). PC_ERR_INPUT
   as pc_frontier_count, or for a bad split or share. */
pc_status pc_frontier_count_shares(const pc_puzzle *pz, const pc_matrix *m,
                                   const pc_frontier_config *cfg, const int64_t *ids, int64_t n,
                                   const pc_frontier_progress *progress,
                                   pc_frontier_stats *st, pc_error *err);

/* Burnside's lemma on st->solutions (every solution): fills st->order,
   st->fixed and st->unique. PC_ERR_INPUT when the sum is not a multiple
   of the group's order or m has bounds. */
pc_status pc_frontier_burnside(const pc_matrix *m, const pc_symmetry *g, pc_frontier_stats *st,
                               pc_error *err);

/* The solutions of m that element e of g maps onto themselves: exact
   covers of m's items by orbits of placements under e's powers (the DLX
   search). PC_ERR_INPUT when m has bounds (copies, choose groups: an
   orbit may hold a piece's item more than once). */
pc_status pc_frontier_fixed(const pc_matrix *m, const pc_symmetry *g, int32_t e,
                            uint64_t *fixed, pc_error *err);

#endif

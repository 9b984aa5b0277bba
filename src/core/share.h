/* share.h — Knuth's measure of how much of a search tree is done, kept by
   a running search at its top levels so that a progress line can move
   while the search runs: the options finished at each of those levels,
   each weighed by the probability of its path (1 / (d1 d2 ... dk), the
   d's being the option counts above it). Deeper levels are left out: they
   change the measure by less than the last kept level's weight. */
#ifndef PC_SHARE_H
#define PC_SHARE_H

#include <stdatomic.h>
#include <stdint.h>

#define PC_SHARE_LEVELS 8

typedef struct pc_share {
  _Atomic double *out;     /* where the measure goes; NULL: not kept */
  int32_t base, top;       /* the levels kept: [base, top) */
  int32_t finished[PC_SHARE_LEVELS], degree[PC_SHARE_LEVELS];
} pc_share;

/* For a search whose root is at level `base`; out may be NULL. */
void pc_share_start(pc_share *s, _Atomic double *out, int32_t base);

/* Stores the measure, from the levels base .. level. */
void pc_share_publish(const pc_share *s, int32_t level);

/* A node at `level` branches `degree` ways (0: unknown; the measure then
   stops above it). */
static inline void pc_share_enter(pc_share *s, int32_t level, int32_t degree)
{
  if (level >= s->top) return;
  s->degree[level - s->base] = degree;
  s->finished[level - s->base] = 0;
}

/* The node at `level` moves on to its next option. */
static inline void pc_share_next(pc_share *s, int32_t level)
{
  if (level >= s->top) return;
  s->finished[level - s->base]++;
  pc_share_publish(s, level);
}

#endif

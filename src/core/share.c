/* share.c — the measure of a search tree done (share.h). */
#include "core/share.h"

#include <limits.h>

void pc_share_start(pc_share *s, _Atomic double *out, int32_t base)
{
  s->out = out;
  s->base = base;
  s->top = out ? base + PC_SHARE_LEVELS : INT32_MIN;
  if (out) atomic_store_explicit(out, 0.0, memory_order_relaxed);
}

void pc_share_publish(const pc_share *s, int32_t level)
{
  double done = 0, weight = 1;
  for (int32_t l = 0; l <= level - s->base; l++) {
    if (s->degree[l] <= 0) break;
    weight /= s->degree[l];
    done += s->finished[l] * weight;
  }
  atomic_store_explicit(s->out, done, memory_order_relaxed);
}

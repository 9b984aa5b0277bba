/* bitdlx_state.h — private to bitdlx.c and bitdlx_bounds.c: the engine's
   structure and the small steps both searches make on it (an option
   leaving the counts, options dying, the level's copy). Nothing else
   includes this header but bitdlx_sliced.h, bitdlx.c's own part. */
#ifndef PC_BITDLX_STATE_H
#define PC_BITDLX_STATE_H

#include <string.h>

#include "core/bitdlx.h"
#include "core/share.h"

/* The key of a covered (or, with bounds, inactive) item: above every
   count. Keys are signed so that their minimum vectorizes well without
   SSE4 (no unsigned minimum before it). */
#define PC_BITDLX_COVERED INT32_MAX

/* 128 bits: a bit-sliced plane's items, or half of them (bitdlx_sliced.h). */
typedef uint64_t pc_bitdlx_v2 __attribute__((vector_size(16)));
/* Both halves of a mask past 128 items, read where they lie as
   pc_bitdlx_v2s (so aligned to 16 bytes, and aliasing them). */
typedef uint64_t pc_bitdlx_v4 __attribute__((vector_size(32), aligned(16), may_alias));

struct pc_bitdlx {
  int32_t n_options, n_primary, words, stride; /* stride: keys a level, padded */
  int32_t levels;        /* the deepest path's options and null choices, + 1 */
  int32_t shift;         /* keys are count << shift | item */
  bool wide;             /* more than 256 primary items */
  bool shares;           /* the tables are another instance's (pc_bitdlx_share) */
  uint64_t *conflicts;   /* per option, `words` words: the options it excludes */
  int32_t *prim_start;   /* n_options + 1: where each option's primary items are */
  uint8_t *prim8;        /* one of these two, as `wide` says */
  int32_t *prim32;
  /* Per primary item, the options through it, as (word, bits) entries of
     the words where it has some. */
  int32_t *row_start;    /* n_primary + 1 */
  int32_t *row_word;
  uint64_t *row_bits;
  /* With bounds (bitdlx_bounds.c; NULL without): per primary item its
     upper bound and its slack (upper - lower); per level, how many more
     times each may be covered. */
  int32_t *upper, *slack, *left;
  uint64_t *root_alive;  /* the root's state, as level 0 starts */
  int32_t *root_keys;
  /* Plain problems of at most 256 primary items: the counts bit-sliced
     (bitdlx_sliced.h; planes 0 and these NULL otherwise). Their search
     and estimate use no keys but the root's, which the planes come from. */
  int32_t planes;        /* the bits of the largest count */
  int32_t halves;        /* 128-bit vectors a mask: 1 up to 128 primary items, else 2 */
  pc_bitdlx_v2 *imask;   /* per option, its primary items (`halves` vectors) */
  pc_bitdlx_v2 *sliced;  /* per level, the uncovered items and `planes` planes */
  uint16_t *dying;       /* n_options + 32: the options a take kills */
  bool vector_listing;   /* listed with AVX-512 (pc_bitdlx_sliced_kill_vector) */
  uint64_t *summary;     /* per level, pc_bitdlx_summary_words: its words with options alive */
  uint64_t *row_summary; /* the same for each option's conflict row */
  /* The search's state, per level (0 .. levels - 1). */
  uint64_t *alive;       /* `words` words a level */
  int32_t *keys;         /* `stride` keys a level */
  int32_t *item;         /* the item branched on */
  int32_t *next;         /* the row entry after the one being tried */
  uint64_t *rest;        /* that entry's options not tried yet */
  int32_t *untried;      /* the item's options alive not tried yet */
  int32_t *option;       /* the option taken (the prefix's too; -1 - item: null) */
  /* Levels 1 .. kept still hold the state after option[0 .. kept - 1], the
     last prefix's (a split's prefixes share their first levels): the next
     prefix takes only what follows the part it shares. 0 once anything
     else writes the levels. */
  int32_t kept;
  /* The estimate's states after a path's first options (bitdlx.c), made
     at its first path; NULL before, or when out of memory. */
  struct pc_bitdlx_memo *memo;
  int32_t *solution;     /* with bounds: the options a visitor sees */
  uint32_t *choices;     /* how many options the item had */
  uint64_t *level_nodes, *level_updates;
};

/* Level 0 takes the root's state: every option with a primary item alive
   (with bounds, every item's whole bound left). */
void pc_bitdlx_start(pc_bitdlx *b);

/* With bounds: the search of bitdlx_bounds.c. */
void pc_bitdlx_search_bounded(pc_bitdlx *b, const pc_dlx_config *cfg, pc_dlx_stats *st);

static inline bool pc_bitdlx_is_alive(const uint64_t *alive, int32_t k)
{
  return alive[k / 64] >> (k % 64) & 1;
}

/* The words of a summary (bit w: word w of options has some alive). */
static inline int32_t pc_bitdlx_summary_words(const pc_bitdlx *b)
{
  return (b->words + 63) / 64;
}

static inline uint64_t *pc_bitdlx_alive(const pc_bitdlx *b, int32_t l)
{
  return b->alive + (size_t)l * (size_t)b->words;
}

static inline int32_t *pc_bitdlx_keys(const pc_bitdlx *b, int32_t l)
{
  return b->keys + (size_t)l * (size_t)b->stride;
}

/* The j-th entry of the options' lists of primary items, and the bits
   that keys give the item: the searches are compiled twice, with `wide` a
   constant, so that both are known in the narrow case. */
static inline int32_t pc_bitdlx_prim(const pc_bitdlx *b, int32_t j, const bool wide)
{
  return wide ? b->prim32[j] : b->prim8[j];
}

static inline int32_t pc_bitdlx_shift(const pc_bitdlx *b, const bool wide)
{
  return wide ? b->shift : 8;
}

/* Option r leaves the counts of its primary items, the arrays given apart
   (restrict: the compiler then knows that the counts written do not
   change them, and keeps them in registers in a loop). */
static inline __attribute__((always_inline)) void
pc_bitdlx_leave_in(const int32_t *restrict start, const uint8_t *restrict prim8,
                   const int32_t *restrict prim32, int32_t *restrict keys, int32_t r,
                   int32_t unit, const bool wide)
{
  for (int32_t j = start[r]; j < start[r + 1]; j++) keys[wide ? prim32[j] : prim8[j]] -= unit;
}

static inline __attribute__((always_inline)) void pc_bitdlx_leave(const pc_bitdlx *b,
                                                                  int32_t *restrict keys,
                                                                  int32_t r, const bool wide)
{
  pc_bitdlx_leave_in(b->prim_start, b->prim8, b->prim32, keys, r,
                     1 << pc_bitdlx_shift(b, wide), wide);
}

/* to = from less the options in `mask` (`words` words), those alive in
   `from` leaving the counts. */
static inline __attribute__((always_inline)) void
pc_bitdlx_drop(const pc_bitdlx *b, const uint64_t *restrict from, const uint64_t *restrict mask,
               uint64_t *restrict to, int32_t *restrict keys, const bool wide)
{
  const size_t words = (size_t)b->words;
  const int32_t *restrict start = b->prim_start;
  const uint8_t *restrict prim8 = b->prim8;
  const int32_t *restrict prim32 = b->prim32;
  const int32_t unit = 1 << pc_bitdlx_shift(b, wide);
  for (size_t w = 0; w < words; w++) {
    uint64_t dying = from[w] & mask[w];
    to[w] = from[w] & ~mask[w];
    for (; dying; dying &= dying - 1)
      pc_bitdlx_leave_in(start, prim8, prim32, keys, (int32_t)(w * 64) + __builtin_ctzll(dying),
                         unit, wide);
  }
}

/* Level l + 1's keys and set of options, before option k's change: level
   l's less the options k excludes (k itself included). */
static inline __attribute__((always_inline)) void pc_bitdlx_step(pc_bitdlx *b, int32_t k,
                                                                 int32_t l, const bool wide)
{
  int32_t *keys = pc_bitdlx_keys(b, l + 1);
  memcpy(keys, pc_bitdlx_keys(b, l), (size_t)b->stride * sizeof *keys);
  pc_bitdlx_drop(b, pc_bitdlx_alive(b, l), b->conflicts + (size_t)k * (size_t)b->words,
                 pc_bitdlx_alive(b, l + 1), keys, wide);
}

/* The next option alive at level l through the level's item, in the
   options' order (item[l], next[l] and rest[l] say where the last one
   was); -1 when there is none left. */
static inline int32_t pc_bitdlx_next_option(pc_bitdlx *b, int32_t l)
{
  const uint64_t *alive = pc_bitdlx_alive(b, l);
  int32_t y = b->item[l], t = b->next[l];
  uint64_t rest = b->rest[l];
  while (!rest) {
    if (t == b->row_start[y + 1]) return -1;
    rest = alive[b->row_word[t]] & b->row_bits[t];
    t++;
  }
  b->next[l] = t;
  b->rest[l] = rest & (rest - 1);
  return b->row_word[t - 1] * 64 + __builtin_ctzll(rest);
}

/* A search's start: its profile cleared, its share kept from `base`. */
static inline void pc_bitdlx_begin(pc_bitdlx *b, const pc_dlx_config *cfg, pc_share *share,
                                   int32_t base)
{
  pc_share_start(share, cfg->share, base);
  memset(b->level_nodes, 0, (size_t)b->levels * sizeof *b->level_nodes);
}

static inline void pc_bitdlx_stats(const pc_bitdlx *b, pc_dlx_stats *st, uint64_t solutions,
                                   uint64_t nodes, bool complete, int32_t levels)
{
  *st = (pc_dlx_stats){.solutions = solutions, .nodes = nodes, .complete = complete,
                       .no_updates = true, .levels = levels,
                       .level_nodes = b->level_nodes, .level_updates = b->level_updates};
}

#endif

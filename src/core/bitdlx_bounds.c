/* bitdlx_bounds.c — bitdlx's search where primary items have bounds
   (Knuth's DLX3, without colors): his tree node for node, on masks.

   Each level keeps, per primary item, how many more times it may be
   covered (left). An item covered at most once excludes its other options
   through the conflict rows, as in the plain search; an item that may be
   covered more often stays open, and excludes its options only when its
   bound runs out: the item is closed, its options die. An item with
   several copies is so one item, and the copies are never ordered.

   Branching is dlx3.c's: the active item of least degree (len + s - left
   + 1, s = min(slack, left)); its options in order, each tried with the
   ones before it excluded when the item stays open after it ("tweaking",
   here: the tried option dies in the level's own state); then, when the
   lower bound allows, the null choice (the item takes no more options).
   A split's leaves and a replayed prefix write the null choice -1 - item,
   as dlx3.h does. */
#include <stdlib.h>

#include "core/bitdlx_state.h"
#include "core/dlx3.h"

#define COVERED PC_BITDLX_COVERED
#define NONE INT32_MAX /* the degree when no item is active: a solution */
#define DONE INT32_MIN /* a level with no choice left */

static inline int32_t *left_at(const pc_bitdlx *b, int32_t l)
{
  return b->left + (size_t)l * (size_t)b->stride;
}

/* Knuth's rule at level l (pc_dlx3_before); the leftmost rule takes the
   first active item. Returns the degree (NONE: no item). */
static int32_t choose(const pc_bitdlx *b, int32_t l, bool mrv, int32_t *best)
{
  const int32_t *keys = pc_bitdlx_keys(b, l), *left = left_at(b, l);
  pc_dlx3_rank top = {NONE, 0, 0};
  for (int32_t y = 0; y < b->n_primary; y++) {
    if (keys[y] == COVERED) continue;
    pc_dlx3_rank r = pc_dlx3_rank_of(keys[y] >> b->shift, left[y], b->slack[y]);
    if (pc_dlx3_before(r, top)) top = r, *best = y;
    if (!mrv) break;
  }
  return top.degree;
}

/* Item y takes no more options at level l: they die. */
static inline __attribute__((always_inline)) void close_item(pc_bitdlx *b, int32_t l, int32_t y,
                                                             const bool wide)
{
  uint64_t *alive = pc_bitdlx_alive(b, l);
  int32_t *keys = pc_bitdlx_keys(b, l);
  for (int32_t t = b->row_start[y]; t < b->row_start[y + 1]; t++) {
    int32_t w = b->row_word[t];
    uint64_t dying = alive[w] & b->row_bits[t];
    alive[w] &= ~b->row_bits[t];
    for (; dying; dying &= dying - 1)
      pc_bitdlx_leave(b, keys, w * 64 + __builtin_ctzll(dying), wide);
  }
  keys[y] = COVERED;
}

/* Level l + 1's state: level l's with option k taken. Its items covered
   at most once are covered; the others have one use less, and close when
   they have none left. */
static inline __attribute__((always_inline)) void take_option(pc_bitdlx *b, int32_t k, int32_t l,
                                                              const bool wide)
{
  int32_t *keys = pc_bitdlx_keys(b, l + 1), *left = left_at(b, l + 1);
  pc_bitdlx_step(b, k, l, wide);
  memcpy(left, left_at(b, l), (size_t)b->n_primary * sizeof *left);
  for (int32_t j = b->prim_start[k]; j < b->prim_start[k + 1]; j++) {
    int32_t y = pc_bitdlx_prim(b, j, wide);
    if (b->upper[y] == 1) keys[y] = COVERED;
    else if (--left[y] == 0) close_item(b, l + 1, y, wide);
  }
  b->option[l] = k;
}

/* Level l + 1's state: level l's with item y closed (the null choice). */
static inline __attribute__((always_inline)) void take_null(pc_bitdlx *b, int32_t y, int32_t l,
                                                            const bool wide)
{
  memcpy(pc_bitdlx_alive(b, l + 1), pc_bitdlx_alive(b, l), (size_t)b->words * sizeof(uint64_t));
  memcpy(pc_bitdlx_keys(b, l + 1), pc_bitdlx_keys(b, l), (size_t)b->stride * sizeof(int32_t));
  memcpy(left_at(b, l + 1), left_at(b, l), (size_t)b->n_primary * sizeof(int32_t));
  close_item(b, l + 1, y, wide);
  b->option[l] = -1 - y;
}

static inline __attribute__((always_inline)) void take_choice(pc_bitdlx *b, int32_t c, int32_t l,
                                                              const bool wide)
{
  if (c >= 0) take_option(b, c, l, wide);
  else take_null(b, -1 - c, l, wide);
}

/* Level l branches on item y, `degree` ways. */
static void open_level(pc_bitdlx *b, int32_t l, int32_t y, int32_t degree)
{
  b->item[l] = y;
  b->choices[l] = (uint32_t)degree;
  b->next[l] = b->row_start[y];
  b->rest[l] = 0;
}

/* Level l's next choice, as dlx3.c's try_choice decides: an option, the
   null choice (-1 - item), or DONE. After this choice the item still has
   `after` uses left; it stops when too few options are left to reach its
   lower bound. */
static int32_t next_choice(pc_bitdlx *b, int32_t l)
{
  int32_t y = b->item[l], after = left_at(b, l)[y] - 1, slack = b->slack[y];
  bool exact = after == 0 && slack == 0;
  if (!exact && pc_bitdlx_keys(b, l)[y] >> b->shift <= after - slack) return DONE;
  if (b->next[l] < 0) return DONE;
  int32_t k = pc_bitdlx_next_option(b, l);
  if (k >= 0) return k;
  if (exact) return DONE;
  b->next[l] = -1;
  return -1 - y;
}

/* Level l is done with its choice: an option tried while the item stays
   open is excluded from the choices after it (Knuth's tweak). */
static inline __attribute__((always_inline)) void pass_over(pc_bitdlx *b, int32_t l,
                                                            const bool wide)
{
  int32_t k = b->option[l];
  if (k < 0 || left_at(b, l)[b->item[l]] == 1) return;
  pc_bitdlx_alive(b, l)[k / 64] &= ~(1ull << (k % 64));
  pc_bitdlx_leave(b, pc_bitdlx_keys(b, l), k, wide);
}

/* Level l of a replayed path: the search's own item and, passing over the
   choices before it as the search does, the choice `want`. */
static inline __attribute__((always_inline)) bool replay_level(pc_bitdlx *b, int32_t l, bool mrv,
                                                               int32_t want, const bool wide)
{
  int32_t y, degree = choose(b, l, mrv, &y);
  if (degree <= 0 || degree == NONE) return false;
  open_level(b, l, y, degree);
  for (int32_t c; (c = next_choice(b, l)) != DONE;) {
    if (c == want) {
      take_choice(b, c, l, wide);
      return true;
    }
    if (c < 0) return false;
    b->option[l] = c;
    pass_over(b, l, wide);
  }
  return false;
}

/* The root, then the prefix at levels 0 .. n_prefix - 1: a path replayed,
   or options taken as given (each must be alive: within its items'
   bounds). False when the prefix is not one. */
static inline __attribute__((always_inline)) bool enter(pc_bitdlx *b, const pc_dlx_config *cfg,
                                                        bool mrv, const bool wide)
{
  pc_bitdlx_start(b);
  if (cfg->n_prefix >= b->levels) return false;
  for (int32_t l = 0; l < cfg->n_prefix; l++) {
    int32_t k = cfg->prefix[l];
    if (!cfg->prefix_given) {
      if (!replay_level(b, l, mrv, k, wide)) return false;
      continue;
    }
    if (k < 0 || k >= b->n_options || !pc_bitdlx_is_alive(pc_bitdlx_alive(b, l), k))
      return false;
    take_option(b, k, l, wide);
    b->choices[l] = 1;
  }
  return true;
}

/* The visitor sees the options; a split's leaves keep the null choices
   too, so that they replay as prefixes. */
static bool report(pc_bitdlx *b, const pc_dlx_config *cfg, int32_t level, uint64_t solutions)
{
  bool stop = false;
  if (cfg->visit) {
    int32_t n = 0;
    for (int32_t l = 0; l < level; l++)
      if (b->option[l] >= 0 || cfg->split_depth > 0) b->solution[n++] = b->option[l];
    stop = cfg->visit(cfg->ctx, b->solution, n);
  }
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

/* The search, inlined twice: `wide` a constant (bitdlx.c's NARROW). */
static inline __attribute__((always_inline)) void
search(pc_bitdlx *b, const pc_dlx_config *cfg, pc_dlx_stats *st, const bool wide)
{
  int32_t base = cfg->n_prefix > 0 ? cfg->n_prefix : 0;
  int32_t split = cfg->split_depth > 0 ? cfg->split_depth : INT32_MAX;
  int32_t level = base, maxlevel = -1, y = 0, degree, c;
  uint64_t nodes = 0, solutions = 0;
  bool complete = true, mrv = cfg->choose == PC_CHOOSE_MRV;
  pc_share share;
  pc_bitdlx_begin(b, cfg, &share, base);
  if (!enter(b, cfg, mrv, wide)) goto done;
forward:
  if (cfg->max_nodes && nodes == cfg->max_nodes) goto stop;
  nodes++;
  b->level_nodes[level]++;
  if (level > maxlevel) maxlevel = level;
  degree = level >= split ? NONE : choose(b, level, mrv, &y);
  if (degree == NONE) {
    if (report(b, cfg, level, ++solutions)) goto stop;
    goto backup;
  }
  if (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed)) goto stop;
  if (degree <= 0) goto backup;
  open_level(b, level, y, degree);
  pc_share_enter(&share, level, degree);
advance:
  if ((c = next_choice(b, level)) == DONE) goto backup;
  take_choice(b, c, level, wide);
  level++;
  goto forward;
backup:
  if (level == base) goto done;
  level--;
  pass_over(b, level, wide);
  pc_share_next(&share, level);
  goto advance;
stop:
  complete = false;
done:
  pc_bitdlx_stats(b, st, solutions, nodes, complete, maxlevel + 1);
}

void pc_bitdlx_search_bounded(pc_bitdlx *b, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  if (b->wide) search(b, cfg, st, true);
  else search(b, cfg, st, false);
}

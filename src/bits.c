/* bits.c — the bitset exact-cover engine (see bits.h for the strategy). */
#include "bits.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#define PC_BITS_WORDS (PC_BITS_MAX_ITEMS / 64)

struct pc_bits {
  int32_t n_options, n_primary, words;
  uint64_t *opt_mask;     /* every option's mask, `words` words each */
  /* The options whose first primary item is p, the masks copied side by
     side so that a branch scans one run of memory. */
  int32_t *list_start;    /* n_primary + 1 */
  uint64_t *list_mask;
  int32_t *list_opt;
  /* The search's state, one entry per level. */
  uint64_t *covered;      /* the covered mask before each level's choice */
  int32_t *at, *end;      /* the list entry tried and the end of its list */
  int32_t *solution;      /* option indices handed to the visitor */
  uint64_t *level_nodes, *level_updates;
};

bool pc_bits_applies(const pc_xc *xc)
{
  return xc->n_items <= PC_BITS_MAX_ITEMS;
}

/* The item order. The search branches on the first uncovered primary item
   in this order, so it should sweep the problem with a short front: on a
   rectangle, along the short side (6x10 pentominoes: 26 million nodes
   column by column, 349 million row by row). The engine knows no
   geometry, so it tries transposing the given order with the strides
   that options suggest and keeps the order whose options span the fewest
   positions. */

/* Items [0, m) are the block to reorder: the primary items that share an
   option with a higher primary item (board cells, not the piece items that
   follow them). */
static int32_t block_size(const pc_xc *xc)
{
  int32_t m = 0;
  for (int32_t k = 0; k < xc->n_options; k++) {
    int32_t hi = -1, second = -1;
    const int32_t *items = pc_xc_option(xc, k);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      int32_t x = items[j];
      if (x >= xc->n_primary) continue;
      if (x > hi) second = hi, hi = x;
      else if (x > second) second = x;
    }
    if (second + 1 > m) m = second + 1;
  }
  return m;
}

/* The sum over options of the distance between their first and last
   items of the block, under the order `pos`. */
static int64_t spread(const pc_xc *xc, int32_t m, const int32_t *pos)
{
  int64_t sum = 0;
  for (int32_t k = 0; k < xc->n_options; k++) {
    int32_t lo = INT32_MAX, hi = -1;
    const int32_t *items = pc_xc_option(xc, k);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++)
      if (items[j] < m) {
        int32_t p = pos[items[j]];
        if (p < lo) lo = p;
        if (p > hi) hi = p;
      }
    if (hi >= 0) sum += hi - lo;
  }
  return sum;
}

/* pos[i] for the block read column by column with `stride` items a row. */
static void transpose(int32_t m, int32_t stride, int32_t *pos)
{
  int32_t n = 0;
  for (int32_t c = 0; c < stride; c++)
    for (int32_t i = c; i < m; i += stride) pos[i] = n++;
}

/* Fills pos (n_items entries) with each item's bit. */
static void choose_order(const pc_xc *xc, int32_t *pos)
{
  int32_t m = block_size(xc), count[PC_BITS_MAX_ITEMS] = {0}, trial[PC_BITS_MAX_ITEMS];
  for (int32_t i = 0; i < xc->n_items; i++) pos[i] = i;
  /* The strides: how often two items of an option lie d apart, for the
     nearest item of the block above each. */
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    int32_t n = pc_xc_option_size(xc, k);
    for (int32_t j = 0; j < n; j++) {
      int32_t next = INT32_MAX;
      for (int32_t t = 0; t < n; t++)
        if (items[t] > items[j] && items[t] < m && items[t] < next) next = items[t];
      if (items[j] < m && next < m && next - items[j] > 1) count[next - items[j]]++;
    }
  }
  int64_t best = spread(xc, m, pos);
  for (int tries = 0; tries < 3; tries++) {
    int32_t s = 0;
    for (int32_t d = 2; d < m; d++)
      if (count[d] > count[s]) s = d;
    if (!s) break;
    count[s] = 0;
    memcpy(trial, pos, (size_t)xc->n_items * sizeof *trial);
    transpose(m, s, trial);
    int64_t cost = spread(xc, m, trial);
    if (cost < best) {
      best = cost;
      memcpy(pos, trial, (size_t)xc->n_items * sizeof *pos);
    }
  }
}

pc_bits *pc_bits_new(const pc_xc *xc)
{
  if (!pc_bits_applies(xc)) return NULL;
  pc_bits *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  int32_t np = xc->n_primary, words = (xc->n_items + 63) / 64;
  if (words == 0) words = 1;
  b->n_options = xc->n_options;
  b->n_primary = np;
  b->words = words;
  size_t levels = (size_t)np + 1, w = (size_t)words;
  b->opt_mask = pc_calloc_array((size_t)xc->n_options * w + 1, sizeof *b->opt_mask);
  b->list_start = pc_calloc_array(levels + 1, sizeof *b->list_start);
  b->list_mask = pc_calloc_array((size_t)xc->n_options * w + 1, sizeof *b->list_mask);
  b->list_opt = pc_alloc_array((size_t)xc->n_options + 1, sizeof *b->list_opt);
  b->covered = pc_alloc_array(levels * w, sizeof *b->covered);
  b->at = pc_alloc_array(levels, sizeof *b->at);
  b->end = pc_alloc_array(levels, sizeof *b->end);
  b->solution = pc_alloc_array((size_t)xc->n_options + levels, sizeof *b->solution);
  b->level_nodes = pc_calloc_array(levels, sizeof *b->level_nodes);
  b->level_updates = pc_calloc_array(levels, sizeof *b->level_updates);
  if (!b->opt_mask || !b->list_start || !b->list_mask || !b->list_opt || !b->covered ||
      !b->at || !b->end || !b->solution || !b->level_nodes || !b->level_updates) {
    pc_bits_free(b);
    return NULL;
  }
  /* An option is listed under its first primary item in the order; one
     with no primary item is never taken (nor by DLX, which only branches
     on primary items). */
  int32_t pos[PC_BITS_MAX_ITEMS], *first = b->solution; /* scratch */
  choose_order(xc, pos);
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    first[k] = -1;
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      int32_t q = pos[items[j]];
      b->opt_mask[(size_t)k * w + (size_t)q / 64] |= 1ull << (q % 64);
      if (items[j] < np && (first[k] < 0 || q < first[k])) first[k] = q;
    }
    if (first[k] >= 0) b->list_start[first[k] + 1]++;
  }
  for (int32_t p = 0; p < np; p++) b->list_start[p + 1] += b->list_start[p];
  /* A counting sort, keeping the options' order within a list. */
  int32_t *fill = b->at; /* scratch: np + 1 entries */
  memcpy(fill, b->list_start, (size_t)np * sizeof *fill);
  for (int32_t k = 0; k < xc->n_options; k++) {
    if (first[k] < 0) continue;
    int32_t i = fill[first[k]]++;
    b->list_opt[i] = k;
    memcpy(b->list_mask + (size_t)i * w, b->opt_mask + (size_t)k * w, w * sizeof *b->list_mask);
  }
  return b;
}

void pc_bits_free(pc_bits *b)
{
  if (!b) return;
  free(b->opt_mask);
  free(b->list_start);
  free(b->list_mask);
  free(b->list_opt);
  free(b->covered);
  free(b->at);
  free(b->end);
  free(b->solution);
  free(b->level_nodes);
  free(b->level_updates);
  free(b);
}

/* The first uncovered primary item, or -1 when all are covered. */
static inline int32_t first_uncovered(const uint64_t *covered, const uint64_t *primary,
                                      int words)
{
  for (int k = 0; k < words; k++) {
    uint64_t open = ~covered[k] & primary[k];
    if (open) return k * 64 + __builtin_ctzll(open);
  }
  return -1;
}

static inline bool meets(const uint64_t *a, const uint64_t *c, int words)
{
  uint64_t m = 0;
  for (int k = 0; k < words; k++) m |= a[k] & c[k];
  return m != 0;
}

/* Takes the prefix: false when an option is out of range, repeated or
   overlaps another. */
static bool take_prefix(const pc_bits *b, const pc_dlx_config *cfg, uint64_t *covered)
{
  size_t w = (size_t)b->words;
  memset(covered, 0, w * sizeof *covered);
  for (int32_t l = 0; l < cfg->n_prefix; l++) {
    int32_t k = cfg->prefix[l];
    if (k < 0 || k >= b->n_options) return false;
    const uint64_t *m = b->opt_mask + (size_t)k * w;
    if (meets(m, covered, b->words)) return false;
    for (int32_t j = 0; j < l; j++) /* an empty option meets nothing */
      if (cfg->prefix[j] == k) return false;
    for (size_t j = 0; j < w; j++) covered[j] |= m[j];
  }
  return true;
}

static bool report(pc_bits *b, const pc_dlx_config *cfg, int32_t level, uint64_t solutions)
{
  bool stop = false;
  if (cfg->visit) {
    int32_t n = cfg->n_prefix;
    if (n > 0) memcpy(b->solution, cfg->prefix, (size_t)n * sizeof *b->solution);
    for (int32_t l = 0; l < level; l++) b->solution[n + l] = b->list_opt[b->at[l]];
    stop = cfg->visit(cfg->ctx, b->solution, n + level);
  }
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

/* The search for masks of `words` words; inlined with a constant so that
   the loops over words unroll. */
static inline __attribute__((always_inline)) void
search(pc_bits *b, const pc_dlx_config *cfg, pc_dlx_stats *st, const int words)
{
  uint64_t *lnodes = b->level_nodes, nodes = 0, solutions = 0;
  const uint64_t *lmask = b->list_mask;
  const int32_t *lstart = b->list_start;
  int32_t *at = b->at, *end = b->end;
  int32_t level = 0, maxlevel = 0, i, e;
  int32_t split = cfg->split_depth > 0 ? cfg->split_depth - cfg->n_prefix : INT32_MAX;
  bool complete = true;
  uint64_t primary[PC_BITS_WORDS] = {0}, cov[PC_BITS_WORDS];
  for (int32_t p = 0; p < b->n_primary; p++) primary[p / 64] |= 1ull << (p % 64);
  memset(lnodes, 0, ((size_t)b->n_primary + 1) * sizeof *lnodes);
  if (!take_prefix(b, cfg, cov)) goto done;

forward:
  nodes++;
  lnodes[level]++;
  if (level > maxlevel) maxlevel = level;
  {
    int32_t x = first_uncovered(cov, primary, words);
    if (x < 0 || level >= split) {
      solutions++;
      if (report(b, cfg, level, solutions)) goto stop;
      goto backup;
    }
    if (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed)) goto stop;
    i = lstart[x];
    e = lstart[x + 1];
    memcpy(b->covered + (size_t)level * words, cov, (size_t)words * sizeof *cov);
  }
advance:
  while (i < e && meets(lmask + (size_t)i * words, cov, words)) i++;
  if (i == e) goto backup;
  at[level] = i;
  end[level] = e;
  for (int k = 0; k < words; k++) cov[k] |= lmask[(size_t)i * words + k];
  level++;
  goto forward;
backup:
  if (level == 0) goto done;
  level--;
  memcpy(cov, b->covered + (size_t)level * words, (size_t)words * sizeof *cov);
  i = at[level] + 1;
  e = end[level];
  goto advance;

stop:
  complete = false;
done:
  st->solutions = solutions;
  st->nodes = nodes;
  st->updates = 0;
  st->complete = complete;
  st->levels = nodes ? maxlevel + 1 : 0;
  st->level_nodes = lnodes;
  st->level_updates = b->level_updates;
}

void pc_bits_search(pc_bits *b, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  switch (b->words) {
  case 1: search(b, cfg, st, 1); break;
  case 2: search(b, cfg, st, 2); break;
  case 3: search(b, cfg, st, 3); break;
  default: search(b, cfg, st, 4); break;
  }
}

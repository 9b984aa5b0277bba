/* bitdlx.c — DLX's search on bit masks (see bitdlx.h). */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/bitdlx_sliced.h"
#include "core/bitdlx_state.h"
#include "core/hot.h"

#define COVERED PC_BITDLX_COVERED
/* Keys are compared in blocks of this many, padded with COVERED, so that
   the minimum is a loop of known length (vectorized at -O2 too). */
#define BLOCK 16
/* Up to this many primary items, keys give the item 8 bits and options
   list their items in bytes: the common case, compiled apart (`wide`
   false); beyond, as many bits as the items need and int32_t. */
#define NARROW 256

static size_t option_words(const pc_xc *xc) { return ((size_t)xc->n_options + 63) / 64; }

static size_t row_bytes(const pc_xc *xc)
{
  return (size_t)xc->n_options * option_words(xc) * sizeof(uint64_t);
}

static int32_t stride_of(int32_t n_primary) { return (n_primary + BLOCK - 1) / BLOCK * BLOCK; }

/* The search's state: a set of options and the keys (with bounds, the
   items' bounds left too), a level. */
static size_t state_bytes(const pc_xc *xc)
{
  size_t level = option_words(xc) * sizeof(uint64_t) +
                 (size_t)stride_of(xc->n_primary) * 4 * (pc_xc_has_bounds(xc) ? 2 : 1);
  return ((size_t)pc_xc_depth(xc) + 1) * level;
}

/* The bits that keys give the item. */
static int32_t key_shift(int32_t n_primary)
{
  int32_t shift = 8;
  while (shift < 30 && (int64_t)1 << shift < n_primary) shift++;
  return shift;
}

bool pc_bitdlx_applies(const pc_xc *xc)
{
  /* Every key (a count is at most n_options) stays below COVERED. */
  bool keys_fit = ((int64_t)xc->n_options + 1) << key_shift(xc->n_primary) < COVERED;
  return keys_fit && !pc_xc_has_colors(xc) && row_bytes(xc) <= PC_BITDLX_MAX_ROW_BYTES &&
         state_bytes(xc) <= PC_BITDLX_MAX_ROW_BYTES;
}

static inline void set_bit(uint64_t *m, int32_t k) { m[k / 64] |= 1ull << (k % 64); }

/* Each item's options as a set (n_items rows of `words` words). */
static uint64_t *item_rows(const pc_xc *xc, int32_t words)
{
  uint64_t *rows = pc_calloc_array((size_t)xc->n_items * (size_t)words + 1, sizeof *rows);
  if (!rows) return NULL;
  for (int32_t k = 0; k < xc->n_options; k++)
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++)
      set_bit(rows + (size_t)pc_xc_option(xc, k)[j] * (size_t)words, k);
  return rows;
}

/* The sparse rows of the primary items, from their sets. */
static bool make_rows(pc_bitdlx *b, const uint64_t *sets)
{
  int32_t n = 0, words = b->words;
  for (int32_t y = 0; y < b->n_primary; y++)
    for (int32_t w = 0; w < words; w++) n += sets[(size_t)y * words + w] != 0;
  b->row_word = pc_alloc_array((size_t)n + 1, sizeof *b->row_word);
  b->row_bits = pc_alloc_array((size_t)n + 1, sizeof *b->row_bits);
  if (!b->row_word || !b->row_bits) return false;
  n = 0;
  for (int32_t y = 0; y < b->n_primary; y++) {
    b->row_start[y] = n;
    for (int32_t w = 0; w < words; w++)
      if (sets[(size_t)y * words + w]) {
        b->row_word[n] = w;
        b->row_bits[n++] = sets[(size_t)y * words + w];
      }
  }
  b->row_start[b->n_primary] = n;
  return true;
}

/* Whether taking an option through item y kills y's other options: not
   where y may be covered more than once (its options exclude each other
   only when its bound runs out). */
static bool excludes(const pc_xc *xc, int32_t y) { return pc_xc_upper(xc, y) == 1; }

/* Each option's conflicts (itself and the options through its items,
   `sets`, those that exclude) and primary items. */
PC_HOT_CLONES static void list_options(pc_bitdlx *b, const pc_xc *xc,
                                       const uint64_t *restrict sets)
{
  size_t w = (size_t)b->words;
  int32_t n = 0;
  for (int32_t k = 0; k < b->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    uint64_t *restrict row = b->conflicts + (size_t)k * w;
    b->prim_start[k] = n;
    set_bit(row, k);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      const uint64_t *restrict set = sets + (size_t)items[j] * w;
      if (excludes(xc, items[j]))
        for (size_t t = 0; t < w; t++) row[t] |= set[t];
      if (items[j] >= b->n_primary) continue;
      if (b->wide) b->prim32[n++] = items[j];
      else b->prim8[n++] = (uint8_t)items[j];
    }
  }
  b->prim_start[b->n_options] = n;
}

/* The root's state, which every search starts from (a search of many
   subproblems starts many times): every option with a primary item
   alive, each item's count of them. */
static bool make_root(pc_bitdlx *b)
{
  int32_t unit = 1 << b->shift;
  b->root_alive = pc_calloc_array((size_t)b->words + 1, sizeof *b->root_alive);
  b->root_keys = pc_alloc_array((size_t)b->stride + 1, sizeof *b->root_keys);
  if (!b->root_alive || !b->root_keys) return false;
  for (int32_t y = 0; y < b->stride; y++) b->root_keys[y] = y < b->n_primary ? y : COVERED;
  for (int32_t k = 0; k < b->n_options; k++) {
    if (b->prim_start[k] == b->prim_start[k + 1]) continue;
    set_bit(b->root_alive, k);
    for (int32_t j = b->prim_start[k]; j < b->prim_start[k + 1]; j++)
      b->root_keys[pc_bitdlx_prim(b, j, b->wide)] += unit;
  }
  return true;
}

/* Item y's bit of a mask (bitdlx_sliced.h), or'ed with `bit`. */
static void set_item(pc_bitdlx_v2 *mask, int32_t y, uint64_t bit)
{
  mask[y / 128][y / 64 % 2] |= bit << (y % 64);
}

/* A level's bit-sliced state: the uncovered items and `planes` planes. */
static size_t sliced_level(const pc_bitdlx *b)
{
  return ((size_t)b->planes + 1) * (size_t)b->halves;
}

/* The options a take kills are listed as uint16_t: the conflict rows of
   65,536 options would take 512 MiB. */
_Static_assert((uint64_t)65536 * 65536 / 8 > PC_BITDLX_MAX_ROW_BYTES,
               "an option's number fits 16 bits");

/* The bit-sliced search's state: per level, the counts' planes and the
   summary of the words alive; the options a take kills. False when out
   of memory. */
static bool alloc_sliced_state(pc_bitdlx *b)
{
  size_t swords = (size_t)pc_bitdlx_summary_words(b);
  b->sliced = pc_calloc_array((size_t)b->levels * sliced_level(b), sizeof *b->sliced);
  /* From a page boundary: the vector listing's stores (bitdlx_sliced.h)
     write the list's start at every take, and a store across a page
     costs many times one within it (docs/speed.md, session 24). */
  b->dying = pc_alloc_array_paged((size_t)b->n_options + 32, sizeof *b->dying);
  b->summary = pc_calloc_array((size_t)b->levels * swords, sizeof *b->summary);
  return b->sliced && b->dying && b->summary;
}

/* The bit-sliced counts (plain problems of at most 256 primary items):
   each option's items, a level's state, room for the rows' summaries
   (filled by summarize_rows, from the item sets); false when out of
   memory. Level 0 is the root's state for good: the plain search writes
   a level only when it takes an option above it. */
static bool make_sliced(pc_bitdlx *b)
{
  int32_t most = 1, unit = 1 << b->shift, halves = b->halves = b->n_primary > 128 ? 2 : 1;
  b->vector_listing = pc_hot_vector_runs();
  for (int32_t y = 0; y < b->n_primary; y++)
    if (b->root_keys[y] / unit > most) most = b->root_keys[y] / unit;
  while (most >> b->planes) b->planes++;
  b->imask = pc_calloc_array(((size_t)b->n_options + 1) * (size_t)halves, sizeof *b->imask);
  size_t swords = (size_t)pc_bitdlx_summary_words(b);
  b->row_summary = pc_calloc_array((size_t)b->n_options * swords + 1, sizeof *b->row_summary);
  if (!b->imask || !b->row_summary || !alloc_sliced_state(b)) return false;
  for (int32_t k = 0; k < b->n_options; k++)
    for (int32_t j = b->prim_start[k]; j < b->prim_start[k + 1]; j++)
      set_item(b->imask + (size_t)k * (size_t)halves, pc_bitdlx_prim(b, j, false), 1);
  for (int32_t y = 0; y < b->n_primary; y++) {
    int32_t count = b->root_keys[y] / unit;
    set_item(b->sliced, y, 1); /* uncovered, even with no option */
    for (int32_t p = 0; p < b->planes; p++)
      set_item(b->sliced + (size_t)(1 + p) * (size_t)halves, y, (uint64_t)(count >> p & 1));
  }
  for (int32_t w = 0; w < b->words; w++)
    if (b->root_alive[w]) set_bit(b->summary, w);
  return true;
}

/* Each option's summary (the words of its conflict row with an option):
   those of its items' sets that exclude, and its own word, as the row is
   the union of those sets and itself (list_options): the items' sets
   looked at once, not every option's row. False when out of memory. */
static bool summarize_rows(pc_bitdlx *b, const pc_xc *xc, const uint64_t *sets)
{
  size_t swords = (size_t)pc_bitdlx_summary_words(b), w = (size_t)b->words;
  uint64_t *of_set = pc_calloc_array((size_t)xc->n_items * swords + 1, sizeof *of_set);
  if (!of_set) return false;
  for (size_t y = 0; y < (size_t)xc->n_items; y++)
    for (size_t t = 0; t < w; t++)
      of_set[y * swords + t / 64] |= (uint64_t)(sets[y * w + t] != 0) << (t % 64);
  for (int32_t k = 0; k < b->n_options; k++) {
    uint64_t *summary = b->row_summary + (size_t)k * swords;
    set_bit(summary, k / 64);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      int32_t y = pc_xc_option(xc, k)[j];
      if (excludes(xc, y))
        for (size_t t = 0; t < swords; t++) summary[t] |= of_set[(size_t)y * swords + t];
    }
  }
  free(of_set);
  return true;
}

/* The estimate's memo: the state after a path's first MEMO_LEVELS
   options, kept for the later paths that start with the same ones. Paths
   branch on the same few items near the root, and the takes there, where
   the most options die, are the dearest of a path (docs/speed.md). */
#define MEMO_LEVELS 3
#define MEMO_SLOTS 4096 /* a power of 2, filled to half at most */
#define MEMO_MAX_BYTES ((size_t)8 << 20) /* of states kept (pc_grow may reserve twice) */

typedef struct memo_slot {
  int32_t prefix[MEMO_LEVELS]; /* the options, -1 past the path's */
  int32_t state;               /* its index in `states`, + 1; 0: empty */
} memo_slot;

struct pc_bitdlx_memo {
  memo_slot slot[MEMO_SLOTS];
  size_t level_bytes;          /* a level's state */
  int32_t n, cap, most;        /* states kept, room for, kept at most */
  unsigned char *states;
};

static void memo_free(struct pc_bitdlx_memo *m)
{
  if (m) free(m->states);
  free(m);
}

/* The search's state, a copy per level (with bounds, the bounds left and
   the options a visitor sees too); false when out of memory. */
static bool alloc_state(pc_bitdlx *b, bool bounds)
{
  size_t levels = (size_t)b->levels;
  b->alive = pc_alloc_array(levels * (size_t)b->words + 1, sizeof *b->alive);
  b->keys = pc_alloc_array(levels * (size_t)b->stride + 1, sizeof *b->keys);
  b->item = pc_alloc_array(levels, sizeof *b->item);
  b->next = pc_alloc_array(levels, sizeof *b->next);
  b->rest = pc_alloc_array(levels, sizeof *b->rest);
  b->untried = pc_alloc_array(levels, sizeof *b->untried);
  b->option = pc_alloc_array(levels, sizeof *b->option);
  b->choices = pc_alloc_array(levels, sizeof *b->choices);
  b->level_nodes = pc_calloc_array(levels, sizeof *b->level_nodes);
  b->level_updates = pc_calloc_array(levels, sizeof *b->level_updates);
  bool ok = b->alive && b->keys && b->item && b->next && b->rest && b->untried && b->option &&
            b->choices && b->level_nodes && b->level_updates;
  if (!ok || !bounds) return ok;
  b->left = pc_alloc_array(levels * (size_t)b->stride + 1, sizeof *b->left);
  b->solution = pc_alloc_array(levels, sizeof *b->solution);
  return b->left && b->solution;
}

/* The state, and the bounds when there are some; false when out of
   memory. */
static bool alloc_levels(pc_bitdlx *b, const pc_xc *xc)
{
  size_t np = (size_t)b->n_primary;
  bool bounds = pc_xc_has_bounds(xc);
  if (!alloc_state(b, bounds)) return false;
  if (!bounds) return true;
  b->upper = pc_alloc_array(np + 1, sizeof *b->upper);
  b->slack = pc_alloc_array(np + 1, sizeof *b->slack);
  if (!b->upper || !b->slack) return false;
  for (int32_t y = 0; y < b->n_primary; y++) {
    b->upper[y] = pc_xc_upper(xc, y);
    b->slack[y] = b->upper[y] - pc_xc_lower(xc, y);
  }
  return true;
}

pc_bitdlx *pc_bitdlx_new(const pc_xc *xc)
{
  if (!pc_bitdlx_applies(xc)) return NULL;
  pc_bitdlx *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  int32_t no = xc->n_options, np = xc->n_primary, words = (no + 63) / 64;
  b->n_options = no;
  b->n_primary = np;
  b->words = words;
  b->stride = stride_of(np);
  b->levels = pc_xc_depth(xc) + 1;
  b->shift = key_shift(np);
  b->wide = np > NARROW;
  b->conflicts = pc_calloc_array((size_t)no * (size_t)words + 1, sizeof *b->conflicts);
  b->prim_start = pc_alloc_array((size_t)no + 1, sizeof *b->prim_start);
  size_t entries = no ? (size_t)xc->opt_start[no] : 0; /* no options: no opt_start */
  if (b->wide) b->prim32 = pc_alloc_array(entries + 1, sizeof *b->prim32);
  else b->prim8 = pc_alloc_array(entries + 1, sizeof *b->prim8);
  b->row_start = pc_alloc_array((size_t)np + 1, sizeof *b->row_start);
  uint64_t *sets = item_rows(xc, words);
  if (!sets || !b->conflicts || !b->prim_start || !(b->prim8 || b->prim32) || !b->row_start ||
      !alloc_levels(b, xc) || !make_rows(b, sets)) {
    free(sets);
    pc_bitdlx_free(b);
    return NULL;
  }
  list_options(b, xc, sets);
  bool sliced = !pc_xc_has_bounds(xc) && np <= PC_BITDLX_SLICED_ITEMS;
  bool made = make_root(b) && (!sliced || (make_sliced(b) && summarize_rows(b, xc, sets)));
  free(sets);
  if (made) return b;
  pc_bitdlx_free(b);
  return NULL;
}

pc_bitdlx *pc_bitdlx_share(const pc_bitdlx *b)
{
  pc_bitdlx *s = malloc(sizeof *s);
  if (!s) return NULL;
  *s = *b;
  s->shares = true;
  s->kept = 0;
  s->memo = NULL;
  s->left = s->solution = NULL;
  s->sliced = NULL;
  s->dying = NULL;
  s->summary = NULL;
  bool ok = alloc_state(s, b->left != NULL) && (!b->sliced || alloc_sliced_state(s));
  if (ok && b->sliced) { /* level 0: the root's, for good (make_sliced) */
    memcpy(s->sliced, b->sliced, sliced_level(b) * sizeof *s->sliced);
    memcpy(s->summary, b->summary, (size_t)pc_bitdlx_summary_words(b) * sizeof *s->summary);
  }
  if (ok) return s;
  pc_bitdlx_free(s);
  return NULL;
}

static void free_state(pc_bitdlx *b)
{
  free(b->alive);
  free(b->keys);
  free(b->item);
  free(b->next);
  free(b->rest);
  free(b->untried);
  free(b->option);
  free(b->choices);
  free(b->left);
  free(b->solution);
  free(b->sliced);
  free(b->dying);
  free(b->summary);
  free(b->level_nodes);
  free(b->level_updates);
  memo_free(b->memo);
}

void pc_bitdlx_free(pc_bitdlx *b)
{
  if (!b) return;
  free_state(b);
  if (!b->shares) {
    free(b->conflicts);
    free(b->prim_start);
    free(b->prim8);
    free(b->prim32);
    free(b->row_start);
    free(b->row_word);
    free(b->row_bits);
    free(b->root_alive);
    free(b->root_keys);
    free(b->imask);
    free(b->row_summary);
    free(b->upper);
    free(b->slack);
  }
  free(b);
}

void pc_bitdlx_start(pc_bitdlx *b)
{
  b->kept = 0;
  memcpy(b->alive, b->root_alive, (size_t)b->words * sizeof *b->alive);
  memcpy(b->keys, b->root_keys, (size_t)b->stride * sizeof *b->keys);
  if (b->left) memcpy(b->left, b->upper, (size_t)b->n_primary * sizeof *b->left);
}

/* Level l + 1's state: level l's with option k taken. Every alive option
   that shares an item with k dies (k itself included) and leaves the
   counts of its primary items; then k's items are covered. */
static inline __attribute__((always_inline)) void take_any(pc_bitdlx *b, int32_t k, int32_t l,
                                                           const bool wide)
{
  int32_t *restrict keys = pc_bitdlx_keys(b, l + 1);
  pc_bitdlx_step(b, k, l, wide);
  for (int32_t j = b->prim_start[k]; j < b->prim_start[k + 1]; j++)
    keys[pc_bitdlx_prim(b, j, wide)] = COVERED;
  b->option[l] = k;
}

/* How a search keeps its counts: keys with items in bytes or in int32_t,
   or bit-sliced in masks of one 128-bit vector or two. Each is compiled
   apart (`mode` a constant). */
enum { KEYS_NARROW, KEYS_WIDE, SLICED, SLICED_WIDE };

static inline bool is_sliced(const int mode) { return mode == SLICED || mode == SLICED_WIDE; }

/* The vectors of a bit-sliced mask. */
static inline int32_t halves_of(const int mode) { return mode == SLICED_WIDE ? 2 : 1; }

/* take_any compiled for each width of the item lists, apart from the
   search that calls it, and each for two processors. */
PC_HOT_CLONES static void take_narrow(pc_bitdlx *b, int32_t k, int32_t l)
{
  take_any(b, k, l, false);
}
PC_HOT_CLONES static void take_wide(pc_bitdlx *b, int32_t k, int32_t l)
{
  take_any(b, k, l, true);
}
PC_HOT_CLONES PC_HOT_SCALAR_STORES static void take_sliced(pc_bitdlx *b, int32_t k, int32_t l)
{
  pc_bitdlx_sliced_count_narrow(b, k, l, pc_bitdlx_sliced_kill(b, k, l));
}
PC_HOT_CLONES PC_HOT_SCALAR_STORES static void take_sliced_wide(pc_bitdlx *b, int32_t k, int32_t l)
{
  pc_bitdlx_sliced_count_wide(b, k, l, pc_bitdlx_sliced_kill(b, k, l));
}

#ifdef PC_HOT_VECTOR
/* The same with the dying options listed by AVX-512 (b->vector_listing). */
PC_HOT_VECTOR static void take_sliced_vector(pc_bitdlx *b, int32_t k, int32_t l)
{
  pc_bitdlx_sliced_count_narrow(b, k, l, pc_bitdlx_sliced_kill_vector(b, k, l));
}
PC_HOT_VECTOR static void take_sliced_wide_vector(pc_bitdlx *b, int32_t k, int32_t l)
{
  pc_bitdlx_sliced_count_wide(b, k, l, pc_bitdlx_sliced_kill_vector(b, k, l));
}
#endif

PC_HOT_CLONES static void settle_sliced(pc_bitdlx *b, int32_t l)
{
  pc_bitdlx_sliced_settle(b, l);
}

static inline void take(pc_bitdlx *b, int32_t k, int32_t l, const int mode)
{
#ifdef PC_HOT_VECTOR
  if (is_sliced(mode) && b->vector_listing) {
    if (mode == SLICED) take_sliced_vector(b, k, l);
    else take_sliced_wide_vector(b, k, l);
    return;
  }
#endif
  if (mode == SLICED) take_sliced(b, k, l);
  else if (mode == SLICED_WIDE) take_sliced_wide(b, k, l);
  else if (mode == KEYS_WIDE) take_wide(b, k, l);
  else take_narrow(b, k, l);
}

/* Level l + 1's options, where take left them to be written later. */
static inline void settle(pc_bitdlx *b, int32_t l, const int mode)
{
  if (is_sliced(mode)) settle_sliced(b, l);
}

/* Level l + 1's whole state. */
static inline void take_settled(pc_bitdlx *b, int32_t k, int32_t l, const int mode)
{
  take(b, k, l, mode);
  settle(b, l, mode);
}

/* The prefix, taken at levels 0 .. n_prefix - 1 (but for the levels it
   shares with the last prefix, still in place): false when one of its
   options is out of range or no longer alive (it shares an item with an
   earlier one, or has no primary item). The search then writes the levels
   below the prefix only. */
static inline __attribute__((always_inline)) bool take_prefix(pc_bitdlx *b,
                                                             const pc_dlx_config *cfg,
                                                             const int mode)
{
  int32_t same = 0;
  while (same < b->kept && same < cfg->n_prefix && b->option[same] == cfg->prefix[same]) same++;
  if (same == 0) pc_bitdlx_start(b);
  b->kept = same;
  for (int32_t l = same; l < cfg->n_prefix; l++) {
    int32_t k = cfg->prefix[l];
    if (k < 0 || k >= b->n_options || !pc_bitdlx_is_alive(pc_bitdlx_alive(b, l), k))
      return false;
    take_settled(b, k, l, mode);
    b->choices[l] = 1;
    b->kept = l + 1;
  }
  return true;
}

/* The first item of smallest count: the smallest key. */
static inline int32_t smallest(const int32_t *keys, int32_t stride)
{
  int32_t best = COVERED;
  for (int32_t i = 0; i < stride; i += BLOCK)
    for (int32_t j = 0; j < BLOCK; j++) best = keys[i + j] < best ? keys[i + j] : best;
  return best;
}

/* The first uncovered item's key. */
static inline int32_t leftmost(const int32_t *keys, int32_t n)
{
  for (int32_t i = 0; i < n; i++)
    if (keys[i] != COVERED) return keys[i];
  return COVERED;
}

static bool report(const pc_bitdlx *b, const pc_dlx_config *cfg, int32_t level,
                   uint64_t solutions)
{
  bool stop = cfg->visit && cfg->visit(cfg->ctx, b->option, level);
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

/* Level l's branching item in *y (Knuth's rule when mrv, else the first
   uncovered one) and its count; -1 when every item is covered. */
static inline __attribute__((always_inline)) int32_t choose(const pc_bitdlx *b, int32_t l,
                                                            bool mrv, int32_t *y,
                                                            const int mode)
{
  if (is_sliced(mode)) return pc_bitdlx_sliced_choose(b, l, mrv, y, halves_of(mode));
  const int32_t *keys = pc_bitdlx_keys(b, l);
  int32_t best = mrv ? smallest(keys, b->stride) : leftmost(keys, b->n_primary);
  int32_t shift = pc_bitdlx_shift(b, mode == KEYS_WIDE);
  *y = best & ((1 << shift) - 1);
  return best == COVERED ? -1 : best >> shift;
}

/* The search, inlined for each `mode`. */
static inline __attribute__((always_inline)) void
search(pc_bitdlx *b, const pc_dlx_config *cfg, pc_dlx_stats *st, const int mode)
{
  int32_t base = cfg->n_prefix > 0 ? cfg->n_prefix : 0;
  int32_t split = cfg->split_depth > 0 ? cfg->split_depth : INT32_MAX;
  int32_t level = base, maxlevel = -1;
  uint64_t *lnodes = b->level_nodes, nodes = 0, solutions = 0;
  bool complete = true, mrv = cfg->choose == PC_CHOOSE_MRV;
  pc_share share;
  pc_bitdlx_begin(b, cfg, &share, base);
  if (!take_prefix(b, cfg, mode)) goto done;

forward:
  if (cfg->max_nodes && nodes == cfg->max_nodes) goto stop;
  nodes++;
  lnodes[level]++;
  if (level > maxlevel) maxlevel = level;
  {
    int32_t y, count = choose(b, level, mrv, &y, mode);
    if (count < 0 || level >= split) {
      solutions++;
      if (report(b, cfg, level, solutions)) goto stop;
      goto backup;
    }
    if (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed)) goto stop;
    b->item[level] = y;
    b->choices[level] = (uint32_t)count;
    pc_share_enter(&share, level, count);
    if (count == 0) goto backup; /* an item with no option left: the level's options unneeded */
    if (level > base) settle(b, level - 1, mode);
    b->next[level] = b->row_start[y];
    b->rest[level] = 0;
    b->untried[level] = count;
  }
advance:
  {
    /* The item's count says how many options it has alive: the rest of
       its row, dead ones, is not scanned. */
    if (b->untried[level]-- == 0) goto backup;
    int32_t k = pc_bitdlx_next_option(b, level);
    take(b, k, level, mode);
    level++;
    goto forward;
  }
backup:
  if (level == base) goto done;
  level--;
  pc_share_next(&share, level);
  goto advance;

stop:
  complete = false;
done:
  pc_bitdlx_stats(b, st, solutions, nodes, complete, maxlevel + 1);
}

/* How a plain problem's counts are kept. */
static int mode_of(const pc_bitdlx *b)
{
  if (!b->sliced) return b->wide ? KEYS_WIDE : KEYS_NARROW;
  return b->halves == 2 ? SLICED_WIDE : SLICED;
}

void pc_bitdlx_search(pc_bitdlx *b, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  if (b->left) {
    pc_bitdlx_search_bounded(b, cfg, st);
    return;
  }
  switch (mode_of(b)) { /* each mode a constant: a search compiled for it */
  case SLICED: search(b, cfg, st, SLICED); break;
  case SLICED_WIDE: search(b, cfg, st, SLICED_WIDE); break;
  case KEYS_WIDE: search(b, cfg, st, KEYS_WIDE); break;
  default: search(b, cfg, st, KEYS_NARROW);
  }
}

/* A reproducible random number below n (xorshift64*). */
static int32_t random_below(uint64_t *state, int32_t n)
{
  *state ^= *state >> 12;
  *state ^= *state << 25;
  *state ^= *state >> 27;
  return (int32_t)((*state * 0x2545F4914F6CDD1Dull >> 33) % (uint64_t)n);
}

/* Level l's state (plain problems) in parts: the options alive and the
   counts, keys or bit-sliced with the summary of the words alive. */
typedef struct level_part {
  void *at;
  size_t bytes;
} level_part;

static int level_parts(const pc_bitdlx *b, int32_t l, level_part part[3])
{
  part[0] = (level_part){pc_bitdlx_alive(b, l), (size_t)b->words * sizeof *b->alive};
  if (!b->sliced) {
    part[1] = (level_part){pc_bitdlx_keys(b, l), (size_t)b->stride * sizeof *b->keys};
    return 2;
  }
  size_t swords = (size_t)pc_bitdlx_summary_words(b);
  part[1] = (level_part){pc_bitdlx_sliced_at(b, l, b->halves),
                         (size_t)(b->planes + 1) * (size_t)b->halves * sizeof *b->sliced};
  part[2] = (level_part){b->summary + (size_t)l * swords, swords * sizeof *b->summary};
  return 3;
}

/* Level l's state copied to `at` (`to`), or from it. */
static void copy_level(const pc_bitdlx *b, int32_t l, unsigned char *at, bool to)
{
  level_part part[3];
  for (int i = 0, n = level_parts(b, l, part); i < n; at += part[i++].bytes)
    if (to) memcpy(at, part[i].at, part[i].bytes);
    else memcpy(part[i].at, at, part[i].bytes);
}

static struct pc_bitdlx_memo *memo_new(const pc_bitdlx *b)
{
  struct pc_bitdlx_memo *m = calloc(1, sizeof *m);
  level_part part[3];
  if (!m) return NULL;
  for (int i = 0, n = level_parts(b, 0, part); i < n; i++) m->level_bytes += part[i].bytes;
  if (!m->level_bytes) { /* no options, no items: nothing to keep */
    free(m);
    return NULL;
  }
  size_t fit = MEMO_MAX_BYTES / m->level_bytes;
  m->most = fit < MEMO_SLOTS / 2 ? (int32_t)fit : MEMO_SLOTS / 2;
  return m;
}

/* The slot of the path's options 0 .. l (l < MEMO_LEVELS): the one that
   holds them, or the empty one where they go. */
static memo_slot *memo_slot_of(struct pc_bitdlx_memo *m, const int32_t *option, int32_t l)
{
  uint64_t h = 0;
  for (int32_t i = 0; i <= l; i++) h = (h + (uint64_t)option[i] + 1) * 0x9E3779B97F4A7C15ull;
  for (uint32_t i = (uint32_t)(h >> 40);; i++) {
    memo_slot *s = &m->slot[i % MEMO_SLOTS];
    bool same = s->state;
    for (int32_t j = 0; j < MEMO_LEVELS && same; j++)
      same = s->prefix[j] == (j <= l ? option[j] : -1);
    if (same || !s->state) return s;
  }
}

/* Level l + 1's state, the path's option k taken at level l: from the
   memo when an earlier path took the same options, else taken (and kept
   while there is room). */
static inline __attribute__((always_inline)) void path_take(pc_bitdlx *b, int32_t k, int32_t l,
                                                            const int mode)
{
  struct pc_bitdlx_memo *m = b->memo;
  if (l >= MEMO_LEVELS || !m) {
    take_settled(b, k, l, mode);
    return;
  }
  b->option[l] = k;
  memo_slot *s = memo_slot_of(m, b->option, l);
  if (s->state) {
    copy_level(b, l + 1, m->states + (size_t)(s->state - 1) * m->level_bytes, false);
    return;
  }
  take_settled(b, k, l, mode);
  if (m->n == m->most || !pc_grow((void **)&m->states, &m->cap, m->n + 1, m->level_bytes)) return;
  for (int32_t j = 0; j < MEMO_LEVELS; j++) s->prefix[j] = j <= l ? b->option[j] : -1;
  copy_level(b, l + 1, m->states + (size_t)m->n * m->level_bytes, true);
  s->state = ++m->n;
}

/* One random path down from the root (level 0, which the path does not
   change; plain problems, Knuth's rule): the nodes it stands for, 1 + d1
   + d1 d2 + ..., d being the option counts. */
static double random_path(pc_bitdlx *b, uint64_t *state, const int mode)
{
  double weight = 1, nodes = 1;
  for (int32_t l = 0;; l++) {
    int32_t y, d = choose(b, l, true, &y, mode);
    if (d <= 0) return nodes;
    b->item[l] = y;
    b->next[l] = b->row_start[y];
    b->rest[l] = 0;
    int32_t k = pc_bitdlx_next_option(b, l);
    for (int32_t r = random_below(state, d); r > 0; r--) k = pc_bitdlx_next_option(b, l);
    path_take(b, k, l, mode);
    weight *= d;
    nodes += weight;
  }
}

pc_bitdlx_paths pc_bitdlx_paths_start(uint64_t seed)
{
  return (pc_bitdlx_paths){.state = seed * 0x9E3779B97F4A7C15ull | 1};
}

double pc_bitdlx_estimate_more(pc_bitdlx *b, pc_bitdlx_paths *p, uint64_t more)
{
  pc_bitdlx_start(b);
  if (!b->memo) b->memo = memo_new(b);
  int mode = mode_of(b);
  for (uint64_t i = 0; i < more; i++) p->total += random_path(b, &p->state, mode);
  p->drawn += more;
  return p->drawn ? p->total / (double)p->drawn : 0;
}

double pc_bitdlx_estimate(pc_bitdlx *b, uint64_t paths, uint64_t seed)
{
  pc_bitdlx_paths p = pc_bitdlx_paths_start(seed);
  return pc_bitdlx_estimate_more(b, &p, paths);
}

bool pc_bitdlx_vector_listing(const pc_bitdlx *b) { return b->vector_listing; }

void pc_bitdlx_portable_listing(pc_bitdlx *b) { b->vector_listing = false; }

double pc_bitdlx_path_probability(const pc_bitdlx *b, int32_t n)
{
  double p = 1.0;
  for (int32_t l = 0; l < n; l++) p /= b->choices[l];
  return p;
}

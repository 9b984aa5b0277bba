/* bitsweep.c — the bitset exact-cover engine (see bitsweep.h for the strategy). */
#include "core/bitsweep.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/share.h"
/* Masks of up to this many words are searched by instances of the search
   specialised for their width (loops over words unrolled, masks in
   registers); wider ones by the general instance. */
#define FIXED_WORDS 4
/* Choices made by fewest options before the sweep takes over (forced ones
   not counted): two did best on the shipped boards; more cost more than
   they save. */
#define PC_BITSWEEP_TOP 2
/* The sweep levels whose options are counted for the share of the tree
   done (share.h): the first few below a subproblem's root, where a node
   is rare enough that counting costs nothing that shows. */
#define SHARE_SWEEP_LEVELS 2

/* A run of options listed under the same first item that share another
   primary item, their group: the whole run is skipped once the group is
   covered (a piece already placed). */
typedef struct pc_bitsweep_run {
  int32_t lo, hi;
} pc_bitsweep_run;

struct pc_bitsweep {
  int32_t n_options, n_primary, words;
  bool shares;            /* the tables are another instance's (pc_bitsweep_share) */
  uint64_t *opt_mask;     /* every option's mask, `words` words each */
  /* Entries: options' masks side by side (and their indices), so that a
     branch scans one run of memory. First come the options listed under
     their first primary item in the order, in runs by group; then, for
     each primary item, every option through it. */
  uint64_t *ent_mask;
  int32_t *ent_opt;
  int32_t *opt_entry;     /* per option: one of its entries (-1: none) */
  int32_t *first_run;     /* n_primary + 1: item x's runs, by group */
  uint64_t *groups;       /* per primary item: the groups of its runs */
  pc_bitsweep_run *run;
  int32_t *through;       /* n_primary + 1: item x's entries of the second kind */
  uint64_t *watch;        /* per entry: the items its option may isolate */
  uint64_t *hit;          /* per primary item: the items that isolate it */
  /* The search's state, one entry per level. */
  uint64_t *covered;      /* the covered mask before each level's choice */
  uint64_t *primary, *cov; /* the general instance's masks (`words` words) */
  uint64_t *leaf_cov;     /* pc_bitsweep_leaf_options's (`words` words) */
  int32_t *at, *end;      /* the entry tried and the end of its run */
  int32_t *item, *group;  /* whose runs are tried (-1: none), and which */
  int32_t *budget;        /* the levels left to choose by fewest options */
  int32_t *solution;      /* option indices handed to the visitor */
  uint32_t *choices;      /* the options the item had: at the levels
                             chosen by fewest options, in a split search, and
                             at the top levels of one that keeps its share */
  int32_t weighed;        /* those top levels: SHARE_SWEEP_LEVELS, or 0 */
  int32_t n_prefix;
  int32_t root_entry;     /* an entry of the prefix's last option, or -1 */
  /* The last prefix taken and the budget after each of its levels
     (budget_at[l]: after levels 0 .. l - 1), which the next prefix reuses
     as far as the two agree: a split's prefixes share their first levels. */
  int32_t *last_prefix, *budget_at, last_n;
  uint64_t *level_nodes, *level_updates;
};

/* Entries: one per option with a primary item, one per (option, primary
   item). */
static int64_t count_entries(const pc_xc *xc)
{
  int64_t n_ent = 0;
  for (int32_t k = 0; k < xc->n_options; k++) {
    int32_t n = 0;
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++)
      n += pc_xc_option(xc, k)[j] < xc->n_primary;
    n_ent += n ? n + 1 : 0;
  }
  return n_ent;
}

static int32_t mask_words(const pc_xc *xc)
{
  return xc->n_items > 0 ? (xc->n_items + 63) / 64 : 1;
}

/* The masks: every option's, two per entry (its mask and what it
   watches), and two per primary item (its groups and its isolating set). */
static size_t mask_bytes(const pc_xc *xc)
{
  size_t masks = (size_t)xc->n_options + 2 * (size_t)count_entries(xc) + 2 * (size_t)xc->n_primary;
  return masks * (size_t)mask_words(xc) * sizeof(uint64_t);
}

bool pc_bitsweep_applies(const pc_xc *xc)
{
  return mask_bytes(xc) <= PC_BITSWEEP_MAX_MASK_BYTES;
}

/* The item order. Below its top levels the search branches on the first
   uncovered primary item in this order, so it should sweep the problem
   with a short front: on a rectangle, along the short side, so that
   fewer ways to fill the front lead to dead ends. The engine knows no
   geometry, so it tries transposing the given order with the strides
   that options suggest and keeps the order whose options span the fewest
   positions. */

/* The block to reorder, items [lo, hi): the board's cells, not the piece
   items, which the order puts after them (a piece item first in the order
   would be swept first: every placement of that piece tried at the top,
   not the ways to fill a cell). Matrices list the piece items after the
   cells (Knuth's, ours) or before them: after, they are the primary items
   above every option's second highest; before, those below every option's
   second lowest; the side with more of them is taken (the other has only
   the cell at its end, or nothing). */
typedef struct block {
  int32_t lo, hi;
} block;

static bool in_block(block k, int32_t x) { return x >= k.lo && x < k.hi; }

static block find_block(const pc_xc *xc)
{
  int32_t hi = 0, lo = xc->n_primary;
  for (int32_t k = 0; k < xc->n_options; k++) {
    int32_t top = -1, second = -1, low = INT32_MAX, second_low = INT32_MAX;
    const int32_t *items = pc_xc_option(xc, k);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      int32_t x = items[j];
      if (x >= xc->n_primary) continue;
      if (x > top) second = top, top = x;
      else if (x > second) second = x;
      if (x < low) second_low = low, low = x;
      else if (x < second_low) second_low = x;
    }
    if (second + 1 > hi) hi = second + 1;
    if (second_low < lo) lo = second_low;
  }
  return lo > xc->n_primary - hi && lo < xc->n_primary ? (block){lo, xc->n_primary}
                                                         : (block){0, hi};
}

/* The sum over options of the distance between their first and last
   items of the block, under the order `pos`. */
static int64_t spread(const pc_xc *xc, block k, const int32_t *pos)
{
  int64_t sum = 0;
  for (int32_t o = 0; o < xc->n_options; o++) {
    int32_t lo = INT32_MAX, hi = -1;
    const int32_t *items = pc_xc_option(xc, o);
    for (int32_t j = 0; j < pc_xc_option_size(xc, o); j++)
      if (in_block(k, items[j])) {
        int32_t p = pos[items[j]];
        if (p < lo) lo = p;
        if (p > hi) hi = p;
      }
    if (hi >= 0) sum += hi - lo;
  }
  return sum;
}

/* pos[i] for the block read column by column with `stride` items a row. */
static void transpose(block k, int32_t stride, int32_t *pos)
{
  int32_t n = 0;
  for (int32_t c = 0; c < stride; c++)
    for (int32_t i = k.lo + c; i < k.hi; i += stride) pos[i] = n++;
}

/* The strides: how often two items of an option lie d apart (count[d]),
   for the nearest item of the block above each. */
static void count_strides(const pc_xc *xc, block k, int32_t *count)
{
  for (int32_t o = 0; o < xc->n_options; o++) {
    const int32_t *items = pc_xc_option(xc, o);
    int32_t n = pc_xc_option_size(xc, o);
    for (int32_t j = 0; j < n; j++) {
      int32_t next = INT32_MAX;
      for (int32_t t = 0; t < n; t++)
        if (items[t] > items[j] && in_block(k, items[t]) && items[t] < next) next = items[t];
      if (in_block(k, items[j]) && next < k.hi && next - items[j] > 1)
        count[next - items[j]]++;
    }
  }
}

/* The given order with the block first: the items before it follow it. */
static void block_first(const pc_xc *xc, block k, int32_t *pos)
{
  for (int32_t i = 0; i < xc->n_items; i++)
    pos[i] = in_block(k, i) ? i - k.lo : i < k.lo ? k.hi - k.lo + i : i;
}

/* Fills pos (n_items entries) with each item's bit; false when out of
   memory. */
static bool choose_order(const pc_xc *xc, int32_t *pos)
{
  block k = find_block(xc);
  int32_t *count = pc_calloc_array((size_t)xc->n_items + 1, sizeof *count);
  int32_t *trial = pc_alloc_array((size_t)xc->n_items + 1, sizeof *trial);
  if (!count || !trial) {
    free(count);
    free(trial);
    return false;
  }
  block_first(xc, k, pos);
  count_strides(xc, k, count);
  int64_t best = spread(xc, k, pos);
  for (int tries = 0; tries < 3; tries++) {
    int32_t s = 0;
    for (int32_t d = 2; d < k.hi - k.lo; d++)
      if (count[d] > count[s]) s = d;
    if (!s) break;
    count[s] = 0;
    memcpy(trial, pos, (size_t)xc->n_items * sizeof *trial);
    transpose(k, s, trial);
    int64_t cost = spread(xc, k, trial);
    if (cost < best) {
      best = cost;
      memcpy(pos, trial, (size_t)xc->n_items * sizeof *pos);
    }
  }
  free(count);
  free(trial);
  return true;
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

static inline bool has(const uint64_t *c, int32_t x)
{
  return c[x / 64] >> (x % 64) & 1;
}

/* Isolation: for each primary item y, a few other items such that every
   option through y holds one of them (on a grid, the cells next to y), so
   that y has no option left once they are all covered. Chosen greedily,
   the item through most options not yet held first; at most 8, none when
   that does not hold them all. An option watches the items whose set it
   meets. */
#define PC_BITSWEEP_HIT_MAX 8

/* Scratch of the greedy choice: a count per item (zero between uses)
   and the items counted. */
typedef struct tally {
  int32_t *count, *seen, n_seen;
} tally;

/* Entry i's items but y counted (by `step`) in t. */
static void tally_entry(const pc_bitsweep *b, int32_t y, int32_t i, int32_t step, tally *t)
{
  int32_t words = b->words;
  for (int k = 0; k < words; k++)
    for (uint64_t m = b->ent_mask[(size_t)i * words + k]; m; m &= m - 1) {
      int32_t z = k * 64 + __builtin_ctzll(m);
      if (z == y) continue;
      if (!t->count[z]) t->seen[t->n_seen++] = z; /* counts fall only once all are in */
      t->count[z] += step;
    }
}

/* The item counted most (through most of y's options not yet held), the
   first on a tie; -1 when none. */
static int32_t most_held(const tally *t)
{
  int32_t best = -1;
  for (int32_t j = 0; j < t->n_seen; j++) {
    int32_t z = t->seen[j], c = t->count[z];
    if (c && (best < 0 || c > t->count[best] || (c == t->count[best] && z < best))) best = z;
  }
  return best;
}

/* Item y's set, in h; whether it holds every option through y. `held` is
   scratch. The counts follow the options as they are held, so that each
   option is counted once and uncounted once. */
static bool isolating_set(const pc_bitsweep *b, int32_t y, uint64_t *h, bool *held, tally *t)
{
  int32_t words = b->words, lo = b->through[y], hi = b->through[y + 1], left = hi - lo;
  memset(held + lo, 0, (size_t)left * sizeof *held);
  t->n_seen = 0;
  for (int32_t i = lo; i < hi; i++) tally_entry(b, y, i, 1, t);
  for (int n = 0; n < PC_BITSWEEP_HIT_MAX && left > 0; n++) {
    int32_t best = most_held(t);
    if (best < 0) break;
    h[best / 64] |= 1ull << (best % 64);
    for (int32_t i = lo; i < hi; i++)
      if (!held[i] && has(b->ent_mask + (size_t)i * words, best)) {
        held[i] = true, left--;
        tally_entry(b, y, i, -1, t);
      }
  }
  for (int32_t j = 0; j < t->n_seen; j++) t->count[t->seen[j]] = 0;
  return left == 0;
}

/* Over the sets of the usable items: counts, in who_start[z + 1], the
   items y whose set holds z (who NULL), or lists them from who_start[z]
   on. */
static void list_who(const pc_bitsweep *b, const bool *usable, int32_t *who_start, int32_t *who)
{
  int32_t words = b->words;
  for (int32_t y = 0; y < b->n_primary; y++)
    for (int k = 0; usable[y] && k < words; k++)
      for (uint64_t m = b->hit[(size_t)y * words + k]; m; m &= m - 1) {
        int32_t z = k * 64 + __builtin_ctzll(m);
        if (who) who[who_start[z]++] = y;
        else who_start[z + 1]++;
      }
}

/* The items y (usable, not its own) whose set mask m meets, in wm:
   found through m's items, with the lists of list_who. */
static void watch_mask(const pc_bitsweep *b, const uint64_t *m, const int32_t *who_start,
                       const int32_t *who, uint64_t *wm)
{
  for (int k = 0; k < b->words; k++)
    for (uint64_t bits = m[k]; bits; bits &= bits - 1) {
      int32_t z = k * 64 + __builtin_ctzll(bits);
      for (int32_t j = who_start[z]; j < who_start[z + 1]; j++)
        if (!has(m, who[j])) wm[who[j] / 64] |= 1ull << (who[j] % 64);
    }
}

/* Each entry watches what its option's mask does: found once per option
   (its entries are copies of its mask) and copied to its other entries.
   who_start: n_items + 1 entries of scratch. */
static bool watch_entries(pc_bitsweep *b, int32_t n_items, const bool *usable, int32_t *who_start)
{
  int32_t words = b->words, n_ent = b->through[b->n_primary];
  int32_t *who = pc_alloc_array((size_t)b->n_primary * PC_BITSWEEP_HIT_MAX + 1, sizeof *who);
  int32_t *done = pc_alloc_array((size_t)b->n_options + 1, sizeof *done); /* its watched entry */
  if (!who || !done) {
    free(who);
    free(done);
    return false;
  }
  memset(who_start, 0, ((size_t)n_items + 1) * sizeof *who_start);
  list_who(b, usable, who_start, NULL);
  for (int32_t z = 0; z < n_items; z++) who_start[z + 1] += who_start[z];
  list_who(b, usable, who_start, who); /* who_start[z] is now z's end */
  memmove(who_start + 1, who_start, (size_t)n_items * sizeof *who_start);
  who_start[0] = 0;
  for (int32_t k = 0; k < b->n_options; k++) done[k] = -1;
  for (int32_t i = 0; i < n_ent; i++) {
    int32_t k = b->ent_opt[i];
    uint64_t *wm = b->watch + (size_t)i * words;
    if (done[k] >= 0) {
      memcpy(wm, b->watch + (size_t)done[k] * words, (size_t)words * sizeof *wm);
    } else {
      watch_mask(b, b->ent_mask + (size_t)i * words, who_start, who, wm);
      done[k] = i;
    }
  }
  free(who);
  free(done);
  return true;
}

static bool find_watch(pc_bitsweep *b, int32_t np, int32_t n_items)
{
  int32_t words = b->words, n_ent = b->through[np];
  bool *held = pc_alloc_array((size_t)n_ent + 1, sizeof *held);
  bool *usable = pc_alloc_array((size_t)np + 1, sizeof *usable);
  tally t = {pc_calloc_array((size_t)n_items + 1, sizeof *t.count),
             pc_alloc_array((size_t)n_items + 1, sizeof *t.seen), 0};
  b->hit = pc_calloc_array((size_t)np * (size_t)words + 1, sizeof *b->hit);
  bool ok = b->hit && held && usable && t.count && t.seen;
  for (int32_t y = 0; ok && y < np; y++)
    usable[y] = isolating_set(b, y, b->hit + (size_t)y * words, held, &t);
  ok = ok && watch_entries(b, n_items, usable, t.count);
  free(held);
  free(usable);
  free(t.count);
  free(t.seen);
  return ok;
}

/* The search's state, one entry per level; false when out of memory. */
static bool alloc_state(pc_bitsweep *b)
{
  size_t levels = (size_t)b->n_primary + 1, w = (size_t)b->words;
  b->covered = pc_alloc_array(levels * w, sizeof *b->covered);
  b->primary = pc_calloc_array(w, sizeof *b->primary);
  b->cov = pc_alloc_array(w, sizeof *b->cov);
  b->leaf_cov = pc_alloc_array(w, sizeof *b->leaf_cov);
  b->at = pc_alloc_array(levels, sizeof *b->at);
  b->end = pc_alloc_array(levels, sizeof *b->end);
  b->item = pc_alloc_array(levels, sizeof *b->item);
  b->group = pc_alloc_array(levels, sizeof *b->group);
  b->budget = pc_alloc_array(levels + 1, sizeof *b->budget);
  b->last_prefix = pc_alloc_array(levels, sizeof *b->last_prefix);
  b->budget_at = pc_alloc_array(levels + 1, sizeof *b->budget_at);
  b->solution = pc_alloc_array((size_t)b->n_options + levels, sizeof *b->solution);
  b->choices = pc_alloc_array(levels, sizeof *b->choices);
  b->level_nodes = pc_calloc_array(levels, sizeof *b->level_nodes);
  b->level_updates = pc_calloc_array(levels, sizeof *b->level_updates);
  for (int32_t p = 0; b->primary && p < b->n_primary; p++) b->primary[p / 64] |= 1ull << (p % 64);
  return b->covered && b->primary && b->cov && b->leaf_cov && b->at && b->end && b->item &&
         b->group && b->budget && b->last_prefix && b->budget_at && b->solution && b->choices &&
         b->level_nodes && b->level_updates;
}

/* The tables but `hit` (find_watch's), and the state; false when out of
   memory. */
static bool alloc_arrays(pc_bitsweep *b, int32_t no, int64_t n_ent)
{
  size_t levels = (size_t)b->n_primary + 1, w = (size_t)b->words;
  b->opt_mask = pc_calloc_array((size_t)no * w + 1, sizeof *b->opt_mask);
  b->ent_mask = pc_alloc_array((size_t)n_ent * w + 1, sizeof *b->ent_mask);
  b->ent_opt = pc_alloc_array((size_t)n_ent + 1, sizeof *b->ent_opt);
  b->opt_entry = pc_alloc_array((size_t)no + 1, sizeof *b->opt_entry);
  for (int32_t k = 0; b->opt_entry && k < no; k++) b->opt_entry[k] = -1;
  b->first_run = pc_calloc_array(levels, sizeof *b->first_run);
  b->run = pc_alloc_array((size_t)no + 1, sizeof *b->run);
  b->through = pc_calloc_array(levels, sizeof *b->through);
  b->watch = pc_calloc_array((size_t)n_ent * w + 1, sizeof *b->watch);
  b->groups = pc_calloc_array((size_t)b->n_primary * w + 1, sizeof *b->groups);
  return b->opt_mask && b->ent_mask && b->ent_opt && b->opt_entry && b->first_run && b->run &&
         b->through && b->watch && b->groups && alloc_state(b);
}

/* Each option's mask in the order `pos`, its first primary item and its
   group (its last one), or -1 for both when it has none; counts the
   options through each item (in through[x + 1]). */
static void mask_options(pc_bitsweep *b, const pc_xc *xc, const int32_t *pos, int32_t *first,
                         int32_t *group)
{
  int32_t np = b->n_primary;
  size_t w = (size_t)b->words;
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    first[k] = group[k] = -1;
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      int32_t q = pos[items[j]];
      b->opt_mask[(size_t)k * w + (size_t)q / 64] |= 1ull << (q % 64);
      if (items[j] >= np) continue;
      if (first[k] < 0 || q < first[k]) first[k] = q;
      if (q > group[k]) group[k] = q;
      b->through[q + 1]++;
    }
  }
}

static void put_entry(pc_bitsweep *b, int32_t i, int32_t k)
{
  size_t w = (size_t)b->words;
  b->ent_opt[i] = k;
  b->opt_entry[k] = i;
  memcpy(b->ent_mask + (size_t)i * w, b->opt_mask + (size_t)k * w, w * sizeof *b->ent_mask);
}

/* The n options of `from` into `to`, by key[option] (0 .. n_keys - 1),
   keeping their order on a tie (a counting sort; count: n_keys + 1). */
static void sort_by(const int32_t *key, int32_t n_keys, const int32_t *from, int32_t n,
                    int32_t *to, int32_t *count)
{
  memset(count, 0, ((size_t)n_keys + 1) * sizeof *count);
  for (int32_t i = 0; i < n; i++) count[key[from[i]] + 1]++;
  for (int32_t x = 0; x < n_keys; x++) count[x + 1] += count[x];
  for (int32_t i = 0; i < n; i++) to[count[key[from[i]]]++] = from[i];
}

/* The entries of the first kind: the options with a primary item sorted
   by (first, group), keeping their order within a run (by group, then by
   first); then the runs. `order` (2 n_options) and `count` (n_primary + 1)
   are scratch. Returns how many entries. */
static int32_t list_runs(pc_bitsweep *b, const int32_t *first, const int32_t *group,
                         int32_t *order, int32_t *count)
{
  int32_t np = b->n_primary, n_runs = 0, listed = 0, *by_group = order + b->n_options;
  size_t w = (size_t)b->words;
  for (int32_t k = 0; k < b->n_options; k++)
    if (first[k] >= 0) order[listed++] = k;
  sort_by(group, np, order, listed, by_group, count);
  sort_by(first, np, by_group, listed, order, count);
  for (int32_t i = 0; i < listed; i++) {
    int32_t k = order[i];
    put_entry(b, i, k);
    if (i == 0 || first[k] != first[order[i - 1]] || group[k] != group[order[i - 1]]) {
      b->run[n_runs++] = (pc_bitsweep_run){.lo = i, .hi = i};
      b->first_run[first[k] + 1] = n_runs;
      b->groups[(size_t)first[k] * w + (size_t)group[k] / 64] |= 1ull << (group[k] % 64);
    }
    b->run[n_runs - 1].hi = i + 1;
  }
  for (int32_t x = 0; x < np; x++)
    if (b->first_run[x + 1] < b->first_run[x]) b->first_run[x + 1] = b->first_run[x];
  return listed;
}

/* The entries of the second kind, after the `listed` first ones: every
   option through each primary item. */
static void list_through(pc_bitsweep *b, const pc_xc *xc, const int32_t *pos, int32_t listed)
{
  int32_t np = b->n_primary;
  b->through[0] = listed;
  for (int32_t x = 0; x < np; x++) b->through[x + 1] += b->through[x];
  int32_t *fill = b->at; /* scratch: np + 1 entries */
  memcpy(fill, b->through, (size_t)np * sizeof *fill);
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++)
      if (items[j] < np) put_entry(b, fill[pos[items[j]]]++, k);
  }
}

pc_bitsweep *pc_bitsweep_new(const pc_xc *xc)
{
  if (!pc_bitsweep_applies(xc)) return NULL;
  pc_bitsweep *b = calloc(1, sizeof *b);
  if (!b) return NULL;
  int32_t np = xc->n_primary, no = xc->n_options;
  b->n_options = no;
  b->n_primary = np;
  b->words = mask_words(xc);
  int32_t *first = pc_alloc_array((size_t)no + 1, sizeof *first);
  int32_t *group = pc_alloc_array((size_t)no + 1, sizeof *group);
  int32_t *order = pc_alloc_array(2 * (size_t)no + 1, sizeof *order);
  int32_t *count = pc_alloc_array((size_t)np + 1, sizeof *count);
  int32_t *pos = pc_alloc_array((size_t)xc->n_items + 1, sizeof *pos);
  bool ok = first && group && order && count && pos && alloc_arrays(b, no, count_entries(xc)) &&
            choose_order(xc, pos);
  if (ok) {
    /* An option is listed under its first primary item in the order, in
       the run of its last one (itself when it has one primary item); one
       with no primary item is never taken (nor by DLX, which only branches
       on primary items). */
    mask_options(b, xc, pos, first, group);
    list_through(b, xc, pos, list_runs(b, first, group, order, count));
    ok = find_watch(b, np, xc->n_items);
  }
  free(first);
  free(group);
  free(order);
  free(count);
  free(pos);
  if (!ok) {
    pc_bitsweep_free(b);
    return NULL;
  }
  return b;
}

pc_bitsweep *pc_bitsweep_share(const pc_bitsweep *b)
{
  pc_bitsweep *s = malloc(sizeof *s);
  if (!s) return NULL;
  *s = *b;
  s->shares = true;
  s->last_n = 0;
  if (alloc_state(s)) return s;
  pc_bitsweep_free(s);
  return NULL;
}

static void free_state(pc_bitsweep *b)
{
  free(b->covered);
  free(b->primary);
  free(b->cov);
  free(b->leaf_cov);
  free(b->at);
  free(b->end);
  free(b->item);
  free(b->group);
  free(b->budget);
  free(b->last_prefix);
  free(b->budget_at);
  free(b->solution);
  free(b->choices);
  free(b->level_nodes);
  free(b->level_updates);
}

void pc_bitsweep_free(pc_bitsweep *b)
{
  if (!b) return;
  free_state(b);
  if (!b->shares) {
    free(b->opt_mask);
    free(b->ent_mask);
    free(b->ent_opt);
    free(b->opt_entry);
    free(b->first_run);
    free(b->run);
    free(b->through);
    free(b->watch);
    free(b->hit);
    free(b->groups);
  }
  free(b);
}

/* How many options through item y fit, counting up to `most`. */
static inline int32_t fitting(const pc_bitsweep *b, int32_t y, const uint64_t *cov, int32_t most,
                              int words)
{
  int32_t n = 0;
  for (int32_t i = b->through[y]; i < b->through[y + 1] && n < most; i++)
    n += !meets(b->ent_mask + (size_t)i * words, cov, words);
  return n;
}

/* The uncovered primary item with the fewest options that fit, the first
   in the order on a tie, in *x (-1 when all are covered); returns its
   count. */
static inline int32_t fewest(const pc_bitsweep *b, const uint64_t *cov, const uint64_t *primary,
                             int words, int32_t *x)
{
  int32_t best = INT32_MAX;
  *x = -1;
  for (int k = 0; k < words; k++)
    for (uint64_t open = ~cov[k] & primary[k]; open; open &= open - 1) {
      int32_t y = k * 64 + __builtin_ctzll(open), n = fitting(b, y, cov, best, words);
      if (n < best) {
        best = n;
        *x = y;
        if (n == 0) return 0;
      }
    }
  return best;
}

/* Whether fewest would count more than one: every uncovered primary item
   has two options or more that fit (each counted up to two only). */
static inline bool all_have_two(const pc_bitsweep *b, const uint64_t *cov,
                                const uint64_t *primary, int words)
{
  for (int k = 0; k < words; k++)
    for (uint64_t open = ~cov[k] & primary[k]; open; open &= open - 1)
      if (fitting(b, k * 64 + __builtin_ctzll(open), cov, 2, words) < 2) return false;
  return true;
}

/* The first group after `after` among `groups` that is not covered, or
   -1. */
static inline int32_t next_group(const uint64_t *groups, const uint64_t *cov, int32_t after,
                                 int words)
{
  int32_t from = after + 1;
  for (int k = from / 64; k < words; k++) {
    uint64_t m = groups[k] & ~cov[k];
    if (k == from / 64) m &= ~0ull << (from % 64);
    if (m) return k * 64 + __builtin_ctzll(m);
  }
  return -1;
}

/* The run of item x's options in group g. */
static inline int32_t run_of(const pc_bitsweep *b, int32_t x, int32_t g, int words)
{
  const uint64_t *groups = b->groups + (size_t)x * words;
  int32_t r = b->first_run[x];
  for (int k = 0; k < g / 64; k++) r += __builtin_popcountll(groups[k]);
  return r + __builtin_popcountll(groups[g / 64] & ((1ull << (g % 64)) - 1));
}

/* How many options the sweep lists under item x that fit: those of x's
   runs whose group is not covered (fitting's count, the runs of pieces
   already placed skipped whole). */
static inline int32_t sweep_fitting(const pc_bitsweep *b, int32_t x, const uint64_t *cov,
                                    int words)
{
  const uint64_t *groups = b->groups + (size_t)x * words;
  int32_t n = 0, r = b->first_run[x];
  for (int k = 0; k < words; k++)
    for (uint64_t m = groups[k]; m; m &= m - 1, r++)
      if (!(cov[k] & (m & -m)))
        for (int32_t i = b->run[r].lo; i < b->run[r].hi; i++)
          n += !meets(b->ent_mask + (size_t)i * words, cov, words);
  return n;
}

/* Whether the option of entry i, just placed, leaves an item it watches
   with no option: every item of its set covered. */
static inline bool isolates(const pc_bitsweep *b, int32_t i, const uint64_t *cov, int words)
{
  const uint64_t *wm = b->watch + (size_t)i * words;
  for (int k = 0; k < words; k++)
    for (uint64_t open = wm[k] & ~cov[k]; open; open &= open - 1) {
      const uint64_t *h = b->hit + (size_t)(k * 64 + __builtin_ctzll(open)) * words;
      uint64_t free_ = 0;
      for (int t = 0; t < words; t++) free_ |= h[t] & ~cov[t];
      if (!free_) return true;
    }
  return false;
}

/* Takes the prefix: false when an option is out of range, repeated or
   overlaps another. On the way, the state the subproblem's root takes over
   from the whole tree's search: the budget of choices by fewest options
   left (a prefix level spends one only where the item it covers had more
   than one option, choose_item's rule, so that a subproblem is searched as
   the whole tree is, whatever the split depth; replayed only below the
   part it shares with the last prefix), and the prefix's last option. */
static bool take_prefix(pc_bitsweep *b, const pc_dlx_config *cfg, const uint64_t *primary,
                        int words, uint64_t *covered)
{
  int32_t n = cfg->n_prefix, same = 0;
  while (same < b->last_n && same < n && b->last_prefix[same] == cfg->prefix[same]) same++;
  memset(covered, 0, (size_t)words * sizeof *covered);
  b->budget_at[0] = PC_BITSWEEP_TOP;
  b->last_n = 0;
  for (int32_t l = 0; l < n; l++) {
    int32_t k = cfg->prefix[l];
    if (k < 0 || k >= b->n_options) return false;
    const uint64_t *m = b->opt_mask + (size_t)k * (size_t)words;
    if (meets(m, covered, words)) return false;
    for (int32_t j = 0; j < l; j++) /* an empty option meets nothing */
      if (cfg->prefix[j] == k) return false;
    int32_t budget = b->budget_at[l];
    if (l >= same)
      b->budget_at[l + 1] = budget - (budget > 0 && all_have_two(b, covered, primary, words));
    b->last_prefix[l] = k;
    b->last_n = l + 1;
    for (int j = 0; j < words; j++) covered[j] |= m[j];
  }
  b->budget[0] = b->budget_at[n];
  b->root_entry = n > 0 ? b->opt_entry[cfg->prefix[n - 1]] : -1;
  return true;
}

static bool report(pc_bitsweep *b, const pc_dlx_config *cfg, int32_t level, uint64_t solutions)
{
  bool stop = false;
  if (cfg->visit) {
    int32_t n = cfg->n_prefix;
    if (n > 0) memcpy(b->solution, cfg->prefix, (size_t)n * sizeof *b->solution);
    for (int32_t l = 0; l < level; l++) b->solution[n + l] = b->ent_opt[b->at[l]];
    stop = cfg->visit(cfg->ctx, b->solution, n + level);
  }
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

typedef enum node_kind { DEAD_END, LEAF, BRANCH } node_kind;

/* The node at `level`: a dead end, a leaf (all covered, or the split
   depth), or the item to branch on. Chosen by fewest options while the
   level's budget lasts (x = -1, the entries [*i, *e) through the item),
   else the first uncovered item (x, whose runs are tried; *i = *e). */
static inline __attribute__((always_inline)) node_kind
choose_item(pc_bitsweep *b, int32_t level, int32_t split, const uint64_t *cov,
            const uint64_t *primary, const int words, int32_t *x, int32_t *i, int32_t *e)
{
  int32_t y, n = 0; /* the item to cover, and its options when counted */
  if (b->budget[level] > 0 && level < split) {
    n = fewest(b, cov, primary, words, &y);
    if (n == 0) return DEAD_END;
    b->budget[level + 1] = b->budget[level] - (n > 1);
    *x = -1;
    if (y >= 0) {
      *i = b->through[y];
      *e = b->through[y + 1];
    }
  } else {
    /* What the option placed last may isolate: at a subproblem's root,
       the prefix's last, as the whole tree's search checks it there. */
    int32_t last = level > 0 ? b->at[level - 1] : b->root_entry;
    if (last >= 0 && level < split && isolates(b, last, cov, words)) return DEAD_END;
    b->budget[level + 1] = 0;
    y = *x = first_uncovered(cov, primary, words);
    *i = *e = 0;
  }
  if (y < 0 || level >= split) return LEAF;
  /* A split search's paths get probabilities: the options at each level
     (counted where the sweep does not count them); so do the top levels
     of a search that keeps its share. */
  if (*x < 0) b->choices[level] = (uint32_t)n;
  else if (split < INT32_MAX || level < b->weighed)
    b->choices[level] = (uint32_t)sweep_fitting(b, y, cov, words);
  return BRANCH;
}

/* The next entry from *i that fits: in [*i, *e), then in x's runs of the
   groups after *g that are not covered (none when x < 0). False when
   there is none. */
static inline __attribute__((always_inline)) bool
next_fit(const pc_bitsweep *b, const uint64_t *cov, const int words, int32_t x, int32_t *g,
         int32_t *i, int32_t *e)
{
  for (;;) {
    while (*i < *e && meets(b->ent_mask + (size_t)*i * words, cov, words)) ++*i;
    if (*i < *e) return true;
    if (x < 0 || (*g = next_group(b->groups + (size_t)x * words, cov, *g, words)) < 0)
      return false;
    int32_t r = run_of(b, x, *g, words);
    *i = b->run[r].lo;
    *e = b->run[r].hi;
  }
}

/* A search's start: the mask of the primary items, the profile cleared,
   the prefix's length, the share kept. */
static void begin(pc_bitsweep *b, const pc_dlx_config *cfg, uint64_t *primary, pc_share *share)
{
  for (int32_t p = 0; p < b->n_primary; p++) primary[p / 64] |= 1ull << (p % 64);
  memset(b->level_nodes, 0, ((size_t)b->n_primary + 1) * sizeof *b->level_nodes);
  b->n_prefix = cfg->n_prefix;
  pc_share_start(share, cfg->share, 0);
  b->weighed = cfg->share ? SHARE_SWEEP_LEVELS : 0;
}

static void fill_stats(const pc_bitsweep *b, pc_dlx_stats *st, uint64_t solutions,
                       uint64_t nodes, bool complete, int32_t levels)
{
  *st = (pc_dlx_stats){.solutions = solutions, .nodes = nodes, .complete = complete,
                       .no_updates = true, .levels = levels,
                       .level_nodes = b->level_nodes, .level_updates = b->level_updates};
}

/* The search for masks of `words` words; inlined with a constant up to
   FIXED_WORDS so that the loops over words unroll and the masks stay in
   registers, and once with the problem's width for wider masks. */
static inline __attribute__((always_inline)) void
search(pc_bitsweep *b, const pc_dlx_config *cfg, pc_dlx_stats *st, const int words)
{
  uint64_t *lnodes = b->level_nodes, nodes = 0, solutions = 0;
  const uint64_t *emask = b->ent_mask;
  int32_t *at = b->at, *end = b->end;
  int32_t level = 0, maxlevel = 0, i, e, x, g;
  int32_t split = cfg->split_depth > 0 ? cfg->split_depth - cfg->n_prefix : INT32_MAX;
  bool complete = true;
  uint64_t fixed_primary[FIXED_WORDS] = {0}, fixed_cov[FIXED_WORDS];
  uint64_t *primary = words <= FIXED_WORDS ? fixed_primary : b->primary;
  uint64_t *cov = words <= FIXED_WORDS ? fixed_cov : b->cov;
  pc_share share;
  begin(b, cfg, primary, &share);
  if (!take_prefix(b, cfg, primary, words, cov)) goto done;

forward:
  if (cfg->max_nodes && nodes == cfg->max_nodes) goto stop;
  nodes++;
  lnodes[level]++;
  if (level > maxlevel) maxlevel = level;
  {
    node_kind kind = choose_item(b, level, split, cov, primary, words, &x, &i, &e);
    if (kind == DEAD_END) goto backup;
    if (kind == LEAF) {
      solutions++;
      if (report(b, cfg, level, solutions)) goto stop;
      goto backup;
    }
    /* The share counts the levels whose options are counted: deeper,
       counting a sweep level's would cost too much. */
    pc_share_enter(&share, level, x < 0 || level < b->weighed ? (int32_t)b->choices[level] : 0);
  }
  g = -1;
  if (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed)) goto stop;
  memcpy(b->covered + (size_t)level * words, cov, (size_t)words * sizeof *cov);
advance:
  if (!next_fit(b, cov, words, x, &g, &i, &e)) goto backup;
  at[level] = i;
  end[level] = e;
  b->item[level] = x;
  b->group[level] = g;
  for (int k = 0; k < words; k++) cov[k] |= emask[(size_t)i * words + k];
  level++;
  goto forward;
backup:
  if (level == 0) goto done;
  level--;
  pc_share_next(&share, level);
  memcpy(cov, b->covered + (size_t)level * words, (size_t)words * sizeof *cov);
  i = at[level] + 1;
  e = end[level];
  x = b->item[level];
  g = b->group[level];
  goto advance;

stop:
  complete = false;
done:
  fill_stats(b, st, solutions, nodes, complete, nodes ? maxlevel + 1 : 0);
}

void pc_bitsweep_search(pc_bitsweep *b, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  switch (b->words) {
  case 1: search(b, cfg, st, 1); break;
  case 2: search(b, cfg, st, 2); break;
  case 3: search(b, cfg, st, 3); break;
  case FIXED_WORDS: search(b, cfg, st, FIXED_WORDS); break;
  default: search(b, cfg, st, b->words); break;
  }
}

int32_t pc_bitsweep_leaf_options(pc_bitsweep *b, const int32_t *options, int32_t n)
{
  const int words = b->words;
  int32_t level = n - b->n_prefix, x, i, e;
  uint64_t *cov = b->leaf_cov;
  if (level > 0) { /* the parent's covered items and the option it took */
    const uint64_t *before = b->covered + (size_t)(level - 1) * words,
                   *taken = b->ent_mask + (size_t)b->at[level - 1] * words;
    for (int k = 0; k < words; k++) cov[k] = before[k] | taken[k];
  } else {
    memset(cov, 0, (size_t)words * sizeof *cov);
    for (int32_t l = 0; l < n; l++)
      for (int k = 0; k < words; k++) cov[k] |= b->opt_mask[(size_t)options[l] * words + k];
  }
  /* As the node's own choice in a search whose split is below it. */
  switch (choose_item(b, level, level + 1, cov, b->primary, words, &x, &i, &e)) {
  case DEAD_END: return 0;
  case LEAF: return PC_BITSWEEP_SOLVED;
  default: return (int32_t)b->choices[level];
  }
}

double pc_bitsweep_path_probability(const pc_bitsweep *b, int32_t n)
{
  return pc_bitsweep_path_probability_under(b, n, 1.0);
}

double pc_bitsweep_path_probability_under(const pc_bitsweep *b, int32_t n, double above)
{
  return pc_bitsweep_path_probability_from(b, b->n_prefix, n, above);
}

double pc_bitsweep_path_probability_from(const pc_bitsweep *b, int32_t from, int32_t n,
                                         double above)
{
  double p = above;
  for (int32_t l = from - b->n_prefix; l < n - b->n_prefix; l++) p /= b->choices[l];
  return p;
}

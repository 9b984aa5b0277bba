/* dlx.c — algorithm DLX (Knuth, "Dancing Links", 2000) in the style of his
   DLX1: flat arrays of nodes, items 1..N as list headers, each option's
   nodes contiguous between spacer nodes. Also Knuth's Monte Carlo estimate
   of the search tree, which walks the same structure. */
#include "core/dlx.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/share.h"

/* Struct of arrays, indices as uint32_t, so that every access is one
   instruction with a scaled index and no sign extension, and the links
   (written all the time) do not share cache lines with read-only data.
   Node 0 is unused, nodes 1..N are the item headers, then come the options,
   each followed by a spacer.

   link[p]: p's neighbours in its item's list (for a header, the ends).
   item[p]: the item of an option's node; for a spacer, minus one minus the
   number of options before it (so a solution's options can be named).
   span[p]: the first and last nodes of p's option, in one load: an option
   is then walked without testing for spacers.
   len[x]: the length of item x's list. */
typedef struct pc_link {
  uint32_t up, down;
} pc_link;

typedef struct pc_span {
  uint32_t first, last;
} pc_span;

/* The doubly linked list of active primary items; 0 is the root. Secondary
   items link to themselves, so they are never chosen but cover alike. */
typedef struct pc_item {
  int32_t prev, next;
} pc_item;

struct pc_dlx {
  int32_t n_items, n_primary, n_options;
  pc_link *link;
  int32_t *item;
  pc_span *span;
  int32_t *len;
  pc_item *cl;
  uint32_t *opt_first;  /* each option's first node, to take a prefix */
  bool *taken;          /* items of the prefix being taken */
  int32_t *choice;      /* the node chosen at each level */
  int32_t *solution;    /* option indices handed to the visitor */
  uint64_t *level_nodes, *level_updates;
};

/* The arrays, for `size` nodes; false when out of memory. */
static bool alloc_arrays(pc_dlx *d, const pc_xc *xc, size_t size)
{
  size_t n = (size_t)xc->n_items, levels = (size_t)xc->n_primary + 1;
  d->link = pc_alloc_array(size, sizeof *d->link);
  d->item = pc_alloc_array(size, sizeof *d->item);
  d->span = pc_alloc_array(size, sizeof *d->span);
  d->len = pc_calloc_array(n + 1, sizeof *d->len);
  d->cl = pc_alloc_array(n + 1, sizeof *d->cl);
  d->opt_first = pc_alloc_array((size_t)xc->n_options + 1, sizeof *d->opt_first);
  d->taken = pc_calloc_array(n + 1, sizeof *d->taken);
  d->choice = pc_alloc_array(levels, sizeof *d->choice);
  d->solution = pc_alloc_array(levels, sizeof *d->solution);
  d->level_nodes = pc_calloc_array(levels, sizeof *d->level_nodes);
  d->level_updates = pc_calloc_array(levels, sizeof *d->level_updates);
  return d->link && d->item && d->span && d->len && d->cl && d->opt_first && d->taken &&
         d->choice && d->solution && d->level_nodes && d->level_updates;
}

/* Node 0 and the item headers 1..N, with the active list of the primary
   items; secondary items link to themselves. */
static void link_items(pc_dlx *d)
{
  int32_t n = d->n_items, np = d->n_primary;
  d->cl[0] = (pc_item){np, np ? 1 : 0};
  for (int32_t i = 0; i <= n; i++) {
    d->link[i] = i ? (pc_link){(uint32_t)i, (uint32_t)i} : (pc_link){0, 0};
    d->item[i] = 0;
    d->span[i] = (pc_span){0, 0};
    if (i == 0) continue;
    d->cl[i] = i <= np ? (pc_item){i - 1, i < np ? i + 1 : 0} : (pc_item){i, i};
  }
}

/* A spacer: its item names the options before it (see pc_dlx). */
static void put_spacer(pc_dlx *d, uint32_t p, int32_t options_before)
{
  d->link[p] = (pc_link){0, 0};
  d->item[p] = -options_before;
  d->span[p] = (pc_span){0, 0};
}

/* The options' nodes after the headers, each option followed by a spacer,
   appended to their items' lists in order. */
static void link_options(pc_dlx *d, const pc_xc *xc)
{
  pc_link *lk = d->link;
  uint32_t spacer = (uint32_t)d->n_items + 1;
  put_spacer(d, spacer, 0);
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    uint32_t len = (uint32_t)pc_xc_option_size(xc, k), first = spacer + 1;
    d->opt_first[k] = first;
    for (uint32_t j = 0; j < len; j++) {
      uint32_t p = first + j, x = (uint32_t)items[j] + 1, up = lk[x].up;
      lk[p] = (pc_link){up, x};
      d->item[p] = (int32_t)x;
      d->span[p] = (pc_span){first, first + len - 1};
      lk[up].down = p;
      lk[x].up = p;
      d->len[x]++;
    }
    spacer = first + len;
    put_spacer(d, spacer, k + 1);
  }
}

pc_dlx *pc_dlx_new(const pc_xc *xc)
{
  pc_dlx *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  int32_t nodes = xc->n_options ? xc->opt_start[xc->n_options] : 0;
  int64_t size = (int64_t)xc->n_items + 2 + nodes + xc->n_options;
  d->n_items = xc->n_items;
  d->n_primary = xc->n_primary;
  d->n_options = xc->n_options;
  if (size > INT32_MAX || !alloc_arrays(d, xc, (size_t)size)) {
    pc_dlx_free(d);
    return NULL;
  }
  link_items(d);
  link_options(d, xc);
  return d;
}

void pc_dlx_free(pc_dlx *d)
{
  if (!d) return;
  free(d->link);
  free(d->item);
  free(d->span);
  free(d->len);
  free(d->cl);
  free(d->opt_first);
  free(d->taken);
  free(d->choice);
  free(d->solution);
  free(d->level_nodes);
  free(d->level_updates);
  free(d);
}

/* The engine's arrays, passed together to the inlined helpers. */
typedef struct pc_arrays {
  pc_link *restrict lk;
  const int32_t *restrict item;
  const pc_span *restrict span;
  int32_t *restrict len;
  pc_item *restrict cl;
} pc_arrays;

/* Hides the option of node p from the lists of its items other than p's,
   going round the option from p; the wrap is a conditional move, and the
   loop runs a fixed number of times, so no spacer test mispredicts.
   The next node's links are loaded before the current node's neighbours
   are stored to: the option hidden just before is often this one's
   neighbour, so the processor learns to hold loads here behind earlier
   stores, and a load issued after each store would make one long chain.
   Not unrolled: on Intel the unrolled loop, with its exit in the middle,
   was slower than this one (docs/speed.md, session 40). */
static inline void hide(pc_arrays a, uint32_t p, uint32_t first, uint32_t last)
{
  uint32_t q = p == last ? first : p + 1;
  pc_link l = a.lk[q];
  uint32_t x = (uint32_t)a.item[q];
  while (q != p) {
    uint32_t next = q == last ? first : q + 1;
    pc_link next_link = a.lk[next];
    uint32_t next_item = (uint32_t)a.item[next];
    a.lk[l.up].down = l.down;
    a.lk[l.down].up = l.up;
    a.len[x]--;
    q = next, l = next_link, x = next_item;
  }
}

/* Undoes hide(p), the other way round, in the same style. */
static inline void unhide(pc_arrays a, uint32_t p, uint32_t first, uint32_t last)
{
  uint32_t q = p == first ? last : p - 1;
  pc_link l = a.lk[q];
  uint32_t x = (uint32_t)a.item[q];
  while (q != p) {
    uint32_t next = q == first ? last : q - 1;
    pc_link next_link = a.lk[next];
    uint32_t next_item = (uint32_t)a.item[next];
    a.lk[l.up].down = q;
    a.lk[l.down].up = q;
    a.len[x]++;
    q = next, l = next_link, x = next_item;
  }
}

/* Removes item c from the active list and every option in its list from
   the lists of their other items. Returns the number of updates: an option
   hidden costs its length minus one. */
static inline uint64_t cover(pc_arrays a, uint32_t c)
{
  uint64_t u = 1;
  int32_t l = a.cl[c].prev, r = a.cl[c].next;
  a.cl[l].next = r;
  a.cl[r].prev = l;
  for (uint32_t rr = a.lk[c].down; rr != c; rr = a.lk[rr].down) {
    uint32_t first = a.span[rr].first, last = a.span[rr].last;
    hide(a, rr, first, last);
    u += last - first;
  }
  return u;
}

/* Undoes cover(c), in exactly the reverse order. */
static inline void uncover(pc_arrays a, uint32_t c)
{
  for (uint32_t rr = a.lk[c].up; rr != c; rr = a.lk[rr].up) {
    uint32_t first = a.span[rr].first, last = a.span[rr].last;
    unhide(a, rr, first, last);
  }
  int32_t l = a.cl[c].prev, r = a.cl[c].next;
  a.cl[l].next = (int32_t)c;
  a.cl[r].prev = (int32_t)c;
}

/* Covers the items of the option containing node p, other than p's. */
static inline uint64_t cover_others(pc_arrays a, uint32_t p)
{
  uint64_t u = 0;
  uint32_t first = a.span[p].first, last = a.span[p].last;
  for (uint32_t q = first; q <= last; q++)
    if (q != p) u += cover(a, (uint32_t)a.item[q]);
  return u;
}

static inline void uncover_others(pc_arrays a, uint32_t p)
{
  uint32_t first = a.span[p].first, last = a.span[p].last;
  for (uint32_t q = last + 1; q-- > first;)
    if (q != p) uncover(a, (uint32_t)a.item[q]);
}

static inline int32_t choose_mrv(pc_arrays a)
{
  int32_t best = a.cl[0].next, t = INT32_MAX;
  for (int32_t k = best; k != 0; k = a.cl[k].next) {
    int32_t s = a.len[k];
    if (s < t) {
      best = k;
      t = s;
      if (s == 0) break;
    }
  }
  return best;
}

/* The option index of node p: the spacer after p's option holds it. */
static int32_t option_of(const pc_dlx *d, uint32_t p)
{
  uint32_t last = d->span[p].last;
  return -d->item[last + 1] - 1;
}

static bool report(pc_dlx *d, const pc_dlx_config *cfg, int32_t level,
                   uint64_t solutions)
{
  bool stop = false;
  if (cfg->visit) {
    for (int32_t l = 0; l < level; l++)
      d->solution[l] = option_of(d, (uint32_t)d->choice[l]);
    stop = cfg->visit(cfg->ctx, d->solution, level);
  }
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

/* Undoes the first `n` choices, the last first. */
static void release(pc_arrays a, const int32_t *choice, int32_t n)
{
  while (n > 0) {
    n--;
    uncover_others(a, (uint32_t)choice[n]);
    uncover(a, (uint32_t)a.item[choice[n]]);
  }
}

/* Takes the prefix options as choices at levels 0 .. n-1. Returns false,
   with nothing taken, when one of them is not an option, has no primary
   item or shares an item with an earlier one. Covering an option's items
   in any order leaves the same structure as the search would have, so the
   search below the prefix is the one the whole search makes there. */
static bool take_prefix(pc_dlx *d, pc_arrays a, const int32_t *prefix, int32_t n)
{
  bool ok = n <= d->n_primary;
  int32_t i = 0;
  for (; ok && i < n; i++) {
    int32_t k = prefix[i];
    if (k < 0 || k >= d->n_options) break;
    uint32_t first = d->opt_first[k], last = d->span[first].last;
    bool primary = false;
    for (uint32_t q = first; q <= last; q++) {
      uint32_t x = (uint32_t)a.item[q];
      ok = ok && !d->taken[x];
      primary = primary || (int32_t)x <= d->n_primary;
    }
    if (!ok || !primary) break;
    for (uint32_t q = first; q <= last; q++) d->taken[a.item[q]] = true;
    cover(a, (uint32_t)a.item[first]);
    cover_others(a, first);
    d->choice[i] = (int32_t)first;
  }
  for (int32_t j = 0; j < i; j++) {
    uint32_t first = (uint32_t)d->choice[j], last = d->span[first].last;
    for (uint32_t q = first; q <= last; q++) d->taken[a.item[q]] = false;
  }
  if (i == n) return true;
  release(a, d->choice, i);
  return false;
}

/* Whether a limit or the stop flag ends the search at this node. */
static inline bool interrupted(const pc_dlx_config *cfg, uint64_t updates)
{
  return (cfg->max_updates && updates >= cfg->max_updates) ||
         (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed));
}

static void fill_stats(const pc_dlx *d, pc_dlx_stats *st, uint64_t solutions, uint64_t nodes,
                       uint64_t updates, bool complete, int32_t maxlevel)
{
  st->solutions = solutions;
  st->nodes = nodes;
  st->updates = updates;
  st->complete = complete;
  st->no_updates = false;
  st->no_nodes = false;
  st->levels = maxlevel + 1;
  st->level_nodes = d->level_nodes;
  st->level_updates = d->level_updates;
}

static void clear_profile(pc_dlx *d)
{
  memset(d->level_nodes, 0, ((size_t)d->n_primary + 1) * sizeof *d->level_nodes);
  memset(d->level_updates, 0, ((size_t)d->n_primary + 1) * sizeof *d->level_updates);
}

/* Updates are made only by covering; they belong to the level that made
   them, and are booked whenever the level changes. */
#define BOOK() (lupdates[level] += updates - mark, mark = updates)

void pc_dlx_search(pc_dlx *d, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_arrays a = {d->link, d->item, d->span, d->len, d->cl};
  int32_t *choice = d->choice;
  uint64_t *lnodes = d->level_nodes, *lupdates = d->level_updates;
  uint64_t nodes = 0, updates = 0, solutions = 0, mark = 0;
  int32_t base = cfg->n_prefix > 0 ? cfg->n_prefix : 0;
  int32_t split = cfg->split_depth > 0 ? cfg->split_depth : INT32_MAX;
  int32_t level = base, maxlevel = base, best, cur;
  bool complete = true, mrv = cfg->choose == PC_CHOOSE_MRV;
  pc_share share;
  pc_share_start(&share, cfg->share, base);
  clear_profile(d);
  if (!take_prefix(d, a, cfg->prefix, base)) {
    fill_stats(d, st, 0, 0, 0, true, -1);
    return;
  }

forward:
  if (cfg->max_nodes && nodes == cfg->max_nodes) goto stop;
  nodes++;
  lnodes[level]++;
  if (level > maxlevel) maxlevel = level;
  if (a.cl[0].next == 0 || level >= split) {
    solutions++;
    if (report(d, cfg, level, solutions)) goto stop;
    goto up;
  }
  if (interrupted(cfg, updates)) goto stop;
  best = mrv ? choose_mrv(a) : a.cl[0].next;
  pc_share_enter(&share, level, a.len[best]);
  updates += cover(a, (uint32_t)best);
  cur = choice[level] = (int32_t)a.lk[best].down;
advance:
  if (cur == best) goto backup;
  updates += cover_others(a, (uint32_t)cur);
  BOOK();
  level++;
  goto forward;
backup:
  uncover(a, (uint32_t)best);
  BOOK();
up:
  if (level == base) goto done;
  level--;
  cur = choice[level];
  best = a.item[cur];
  uncover_others(a, (uint32_t)cur);
  cur = choice[level] = (int32_t)a.lk[cur].down;
  pc_share_next(&share, level);
  goto advance;

stop:
  complete = false;
  BOOK();
done:
  /* Restore the structure: undo every choice still in force. */
  release(a, choice, level);
  fill_stats(d, st, solutions, nodes, updates, complete, maxlevel);
}
#undef BOOK

double pc_dlx_path_probability(const pc_dlx *d, int32_t n)
{
  double p = 1.0;
  for (int32_t l = 0; l < n; l++) p /= d->len[d->item[d->choice[l]]];
  return p;
}

/* splitmix64: a small generator whose whole state is one number, so that
   an estimate is reproduced from its seed. */
static uint64_t next_random(uint64_t *state)
{
  uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* A running mean and variance (Welford), for one estimated figure. */
typedef struct pc_moments {
  uint64_t n;
  double mean, m2;
} pc_moments;

static void add_sample(pc_moments *m, double x)
{
  double delta = x - m->mean;
  m->mean += delta / (double)++m->n;
  m->m2 += delta * (x - m->mean);
}

/* The variance of the mean. */
static double mean_variance(const pc_moments *m)
{
  return m->n > 1 ? m->m2 / (double)(m->n - 1) / (double)m->n : 0.0;
}

/* One random path down from the node at `level` (the choices above it
   taken): each node weighs the product of the branching degrees above it
   (the number of nodes like it the tree holds, on average), and, when
   the updates are `counted`, makes exactly the updates the search makes
   there: covering the item and, for every option, covering its other
   items (most of a path's work; the path itself is the same without). */
static void random_path(pc_dlx *d, pc_arrays a, bool mrv, bool counted, int32_t level,
                        uint64_t *rng, double out[3])
{
  double w = 1.0, nodes = 0.0, updates = 0.0, solutions = 0.0;
  int32_t base = level;
  for (;;) {
    nodes += w;
    if (a.cl[0].next == 0) {
      solutions += w;
      break;
    }
    int32_t best = mrv ? choose_mrv(a) : a.cl[0].next;
    uint64_t u = cover(a, (uint32_t)best);
    for (uint32_t r = a.lk[best].down; counted && r != (uint32_t)best; r = a.lk[r].down) {
      u += cover_others(a, r);
      uncover_others(a, r);
    }
    updates += w * (double)u;
    int32_t degree = a.len[best];
    if (degree == 0) {
      uncover(a, (uint32_t)best);
      break;
    }
    uint32_t r = a.lk[best].down;
    for (uint64_t j = next_random(rng) % (uint64_t)degree; j > 0; j--) r = a.lk[r].down;
    cover_others(a, r);
    d->choice[level++] = (int32_t)r;
    w *= degree;
  }
  release(a, d->choice + base, level - base);
  out[0] = nodes;
  out[1] = updates;
  out[2] = solutions;
}

/* The leaves of the top of the tree: partial solutions of `depth` options
   (or solutions above it), `depth` entries each. */
typedef struct pc_leaves {
  int32_t depth;
  int32_t *options, *n;
  int32_t count, cap_options, cap_n;
} pc_leaves;

static bool add_leaf(void *ctx, const int32_t *options, int32_t n)
{
  pc_leaves *l = ctx;
  int64_t at = (int64_t)l->count * l->depth;
  if (!pc_grow((void **)&l->options, &l->cap_options, at + l->depth, sizeof *l->options) ||
      !pc_grow((void **)&l->n, &l->cap_n, l->count + 1, sizeof *l->n))
    return true;
  if (n) memcpy(l->options + at, options, (size_t)n * sizeof *options);
  l->n[l->count++] = n;
  return false;
}

/* Knuth's estimate has a long tail, mostly from the top levels, where
   subtrees differ most; so the top of the tree is enumerated exactly, as
   deep as leaves one stratum per four paths at least, and the paths are
   shared out evenly among its leaves (stratified sampling: each leaf's
   subtree is estimated from its own paths). */
static bool estimate(pc_dlx *d, pc_choose choose, uint64_t paths, uint64_t seed, bool updates,
                     pc_estimate *est)
{
  pc_arrays a = {d->link, d->item, d->span, d->len, d->cl};
  /* Too few paths for any level: the root alone, one stratum. */
  pc_dlx_stats st = {.nodes = 1, .solutions = 1, .complete = true};
  pc_leaves leaves = {0};
  for (int32_t depth = 1;; depth++) {
    pc_dlx_stats try;
    pc_dlx_config cfg = {.choose = choose, .split_depth = depth};
    pc_dlx_search(d, &cfg, &try);
    if (try.solutions > paths / 4) break;
    st = try;
    leaves.depth = depth;
    if (try.levels <= depth) break; /* no node that deep: all enumerated */
  }
  if (leaves.depth > 0) {
    pc_dlx_config cfg = {.choose = choose, .split_depth = leaves.depth,
                         .visit = add_leaf, .ctx = &leaves};
    pc_dlx_search(d, &cfg, &st);
  } else {
    add_leaf(&leaves, NULL, 0);
  }
  bool ok = st.complete && leaves.count == (int32_t)st.solutions;
  double mean[3] = {(double)(st.nodes - st.solutions), (double)st.updates, 0}, var[3] = {0};
  uint64_t rng = seed;
  for (int32_t i = 0; ok && i < leaves.count; i++) {
    const int32_t *prefix = leaves.options + (int64_t)i * leaves.depth;
    int32_t n = leaves.n[i];
    uint64_t k = paths / (uint64_t)leaves.count + ((uint64_t)i < paths % (uint64_t)leaves.count);
    pc_moments m[3] = {{0}};
    take_prefix(d, a, prefix, n);
    for (uint64_t j = 0; j < k; j++) {
      double x[3];
      random_path(d, a, choose == PC_CHOOSE_MRV, updates, n, &rng, x);
      for (int f = 0; f < 3; f++) add_sample(&m[f], x[f]);
    }
    release(a, d->choice, n);
    for (int f = 0; f < 3; f++) {
      mean[f] += m[f].mean;
      var[f] += mean_variance(&m[f]);
    }
  }
  free(leaves.options);
  free(leaves.n);
  *est = (pc_estimate){
      .paths = paths,
      .depth = leaves.depth,
      .nodes = mean[0],
      .updates = updates ? mean[1] : 0,
      .solutions = mean[2],
      .nodes_se = sqrt(var[0]),
      .updates_se = updates ? sqrt(var[1]) : 0,
      .solutions_se = sqrt(var[2]),
  };
  return ok;
}

bool pc_dlx_estimate(pc_dlx *d, pc_choose choose, uint64_t paths, uint64_t seed,
                     pc_estimate *est)
{
  return estimate(d, choose, paths, seed, true, est);
}

bool pc_dlx_estimate_nodes(pc_dlx *d, pc_choose choose, uint64_t paths, uint64_t seed,
                           pc_estimate *est)
{
  return estimate(d, choose, paths, seed, false, est);
}

const char *pc_choose_name(pc_choose c) { return c == PC_CHOOSE_MRV ? "mrv" : "leftmost"; }

bool pc_choose_by_name(const char *name, pc_choose *c)
{
  if (!strcmp(name, "mrv")) *c = PC_CHOOSE_MRV;
  else if (!strcmp(name, "leftmost")) *c = PC_CHOOSE_LEFTMOST;
  else return false;
  return true;
}

/* dlx.c — algorithm DLX (Knuth, "Dancing Links", 2000) in the style of his
   DLX1: one flat array of nodes, items 1..N as list headers, each option's
   nodes contiguous between spacer nodes. */
#include "dlx.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

/* For an item header, `top` is the length of its list; for an option's node,
   the item it belongs to (> 0); for a spacer, minus the number of options
   before it. A spacer's `up` is the first node of the option before it and
   its `down` the last node of the option after it, so a walk round an option
   wraps in one step. */
typedef struct pc_node {
  int32_t top, up, down;
} pc_node;

/* The doubly linked list of active primary items; 0 is the root. Secondary
   items link to themselves, so they are never chosen but cover alike. */
typedef struct pc_item {
  int32_t prev, next;
} pc_item;

struct pc_dlx {
  int32_t n_items, n_primary;
  pc_node *nd;
  pc_item *cl;
  int32_t *choice;      /* the node chosen at each level */
  int32_t *solution;    /* option indices handed to the visitor */
  uint64_t *level_nodes, *level_updates;
};

pc_dlx *pc_dlx_new(const pc_xc *xc)
{
  pc_dlx *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  int32_t n = xc->n_items, nodes = xc->n_options ? xc->opt_start[xc->n_options] : 0;
  int64_t size = (int64_t)n + 2 + nodes + xc->n_options;
  if (size > INT32_MAX) goto fail;
  d->n_items = n;
  d->n_primary = xc->n_primary;
  d->nd = pc_alloc_array((size_t)size, sizeof *d->nd);
  d->cl = pc_alloc_array((size_t)n + 1, sizeof *d->cl);
  d->choice = pc_alloc_array((size_t)xc->n_primary + 1, sizeof *d->choice);
  d->solution = pc_alloc_array((size_t)xc->n_primary + 1, sizeof *d->solution);
  d->level_nodes = pc_calloc_array((size_t)xc->n_primary + 1, sizeof *d->level_nodes);
  d->level_updates = pc_calloc_array((size_t)xc->n_primary + 1, sizeof *d->level_updates);
  if (!d->nd || !d->cl || !d->choice || !d->solution || !d->level_nodes ||
      !d->level_updates)
    goto fail;

  pc_node *nd = d->nd;
  pc_item *cl = d->cl;
  cl[0].prev = xc->n_primary;
  cl[0].next = xc->n_primary ? 1 : 0;
  for (int32_t i = 1; i <= n; i++) {
    nd[i] = (pc_node){0, i, i};
    if (i <= xc->n_primary)
      cl[i] = (pc_item){i - 1, i < xc->n_primary ? i + 1 : 0};
    else
      cl[i] = (pc_item){i, i};
  }
  int32_t spacer = n + 1;
  nd[spacer] = (pc_node){0, 0, 0};
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k);
    int32_t len = pc_xc_option_size(xc, k), first = spacer + 1;
    for (int32_t j = 0; j < len; j++) {
      int32_t p = first + j, x = items[j] + 1, up = nd[x].up;
      nd[p] = (pc_node){x, up, x};
      nd[up].down = p;
      nd[x].up = p;
      nd[x].top++;
    }
    nd[spacer].down = first + len - 1;
    spacer = first + len;
    nd[spacer] = (pc_node){-(k + 1), first, 0};
  }
  return d;
fail:
  pc_dlx_free(d);
  return NULL;
}

void pc_dlx_free(pc_dlx *d)
{
  if (!d) return;
  free(d->nd);
  free(d->cl);
  free(d->choice);
  free(d->solution);
  free(d->level_nodes);
  free(d->level_updates);
  free(d);
}

/* Removes item c from the active list and every option in its list from
   the lists of their other items. Returns the number of updates. */
static inline uint64_t cover(pc_node *restrict nd, pc_item *restrict cl, int32_t c)
{
  uint64_t u = 1;
  int32_t l = cl[c].prev, r = cl[c].next;
  cl[l].next = r;
  cl[r].prev = l;
  for (int32_t rr = nd[c].down; rr != c; rr = nd[rr].down)
    for (int32_t nn = rr + 1; nn != rr;) {
      int32_t cc = nd[nn].top;
      if (cc <= 0) {
        nn = nd[nn].up;
        continue;
      }
      int32_t uu = nd[nn].up, dd = nd[nn].down;
      nd[uu].down = dd;
      nd[dd].up = uu;
      nd[cc].top--;
      u++;
      nn++;
    }
  return u;
}

/* Undoes cover(c), in exactly the reverse order. */
static inline void uncover(pc_node *restrict nd, pc_item *restrict cl, int32_t c)
{
  for (int32_t rr = nd[c].up; rr != c; rr = nd[rr].up)
    for (int32_t nn = rr - 1; nn != rr;) {
      int32_t cc = nd[nn].top;
      if (cc <= 0) {
        nn = nd[nn].down;
        continue;
      }
      int32_t uu = nd[nn].up, dd = nd[nn].down;
      nd[uu].down = nn;
      nd[dd].up = nn;
      nd[cc].top++;
      nn--;
    }
  int32_t l = cl[c].prev, r = cl[c].next;
  cl[l].next = c;
  cl[r].prev = c;
}

/* Covers the items of the option containing node p, other than p's. */
static inline uint64_t cover_others(pc_node *restrict nd, pc_item *restrict cl,
                                    int32_t p)
{
  uint64_t u = 0;
  for (int32_t q = p + 1; q != p;) {
    int32_t x = nd[q].top;
    if (x <= 0) {
      q = nd[q].up;
      continue;
    }
    u += cover(nd, cl, x);
    q++;
  }
  return u;
}

static inline void uncover_others(pc_node *restrict nd, pc_item *restrict cl,
                                  int32_t p)
{
  for (int32_t q = p - 1; q != p;) {
    int32_t x = nd[q].top;
    if (x <= 0) {
      q = nd[q].down;
      continue;
    }
    uncover(nd, cl, x);
    q--;
  }
}

static inline int32_t choose_mrv(const pc_node *nd, const pc_item *cl)
{
  int32_t best = cl[0].next, t = INT32_MAX;
  for (int32_t k = best; k != 0; k = cl[k].next) {
    int32_t s = nd[k].top;
    if (s < t) {
      best = k;
      t = s;
      if (s == 0) break;
    }
  }
  return best;
}

/* The option index of node p: the spacer after p's option holds it. */
static int32_t option_of(const pc_node *nd, int32_t p)
{
  while (nd[p].top > 0) p++;
  return -nd[p].top - 1;
}

static bool report(pc_dlx *d, const pc_dlx_config *cfg, int32_t level,
                   uint64_t solutions)
{
  bool stop = false;
  if (cfg->visit) {
    for (int32_t l = 0; l < level; l++)
      d->solution[l] = option_of(d->nd, d->choice[l]);
    stop = cfg->visit(cfg->ctx, d->solution, level);
  }
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

void pc_dlx_search(pc_dlx *d, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_node *restrict nd = d->nd;
  pc_item *restrict cl = d->cl;
  int32_t *choice = d->choice;
  uint64_t *lnodes = d->level_nodes, *lupdates = d->level_updates;
  uint64_t nodes = 0, updates = 0, solutions = 0, mark = 0;
  int32_t level = 0, maxlevel = 0, best, cur;
  bool complete = true, mrv = cfg->choose == PC_CHOOSE_MRV;
  memset(lnodes, 0, ((size_t)d->n_primary + 1) * sizeof *lnodes);
  memset(lupdates, 0, ((size_t)d->n_primary + 1) * sizeof *lupdates);

/* Updates are made only by covering; they belong to the level that made
   them, and are booked whenever the level changes. */
#define BOOK() (lupdates[level] += updates - mark, mark = updates)

forward:
  nodes++;
  lnodes[level]++;
  if (level > maxlevel) maxlevel = level;
  if (cl[0].next == 0) {
    solutions++;
    if (report(d, cfg, level, solutions)) goto stop;
    if (level == 0) goto done;
    level--;
    cur = choice[level];
    goto recover;
  }
  if ((cfg->max_updates && updates >= cfg->max_updates) ||
      (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed)))
    goto stop;
  best = mrv ? choose_mrv(nd, cl) : cl[0].next;
  updates += cover(nd, cl, best);
  cur = choice[level] = nd[best].down;
advance:
  if (cur == best) goto backup;
  updates += cover_others(nd, cl, cur);
  BOOK();
  level++;
  goto forward;
backup:
  uncover(nd, cl, best);
  BOOK();
  if (level == 0) goto done;
  level--;
  cur = choice[level];
recover:
  best = nd[cur].top;
  uncover_others(nd, cl, cur);
  cur = choice[level] = nd[cur].down;
  goto advance;

stop:
  /* Restore the structure: undo every choice still in force. */
  complete = false;
  BOOK();
  while (level > 0) {
    level--;
    uncover_others(nd, cl, choice[level]);
    uncover(nd, cl, nd[choice[level]].top);
  }
done:
#undef BOOK
  st->solutions = solutions;
  st->nodes = nodes;
  st->updates = updates;
  st->complete = complete;
  st->levels = maxlevel + 1;
  st->level_nodes = lnodes;
  st->level_updates = lupdates;
}

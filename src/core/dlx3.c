/* dlx3.c — Knuth's DLX3 (bounds on primary items, "tweaking", null
   choices) with DLX2's colors, written after his CWEB programs: the same
   nodes, the same branching rule, the same node and update counts; plus
   what the runner needs (prefixes that replay a path, split depth, stop,
   limits, profile). */
#include "core/dlx3.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/share.h"

/* Node 0 is unused, nodes 1..N head the items' lists (`itm` holds the
   list's length there), then come the options between spacers. A spacer
   has itm <= 0 (minus the options before it); its `up` is the first node
   of the option before it, its `down` the last node of the one after.
   color: 0 none, > 0 a color, -1 when cleansed (its option agrees with
   the color its item was given). */
typedef struct node {
  int32_t up, down, itm, color;
} node;

/* The active primary items form a list from the root, item 0. bound: how
   many more times the item may be covered; slack: upper - lower bound. */
typedef struct item {
  int32_t prev, next, bound, slack;
} item;

struct pc_dlx3 {
  int32_t n_items, n_primary, n_options, levels;
  node *nd;
  item *cl;
  int32_t *opt_first;   /* each option's first node */
  /* Per level: the item branched on, the node chosen (the item's header
     for a null choice), the first node tweaked (0: the item was covered),
     the branching degree. */
  int32_t *best, *choice, *first_tweak, *degree;
  int32_t *solution;
  int32_t *uses, *color_of; /* per item, checking given options */
  uint64_t *level_nodes, *level_updates;
  uint64_t updates;
};

#define INFINITE_DEGREE INT32_MAX

static bool alloc_arrays(pc_dlx3 *d, size_t nodes)
{
  size_t n = (size_t)d->n_items + 1, levels = (size_t)d->levels;
  d->nd = pc_calloc_array(nodes, sizeof *d->nd);
  d->cl = pc_calloc_array(n, sizeof *d->cl);
  d->opt_first = pc_alloc_array((size_t)d->n_options + 1, sizeof *d->opt_first);
  d->best = pc_alloc_array(levels, sizeof *d->best);
  d->choice = pc_alloc_array(levels, sizeof *d->choice);
  d->first_tweak = pc_alloc_array(levels, sizeof *d->first_tweak);
  d->degree = pc_alloc_array(levels, sizeof *d->degree);
  d->solution = pc_alloc_array(levels, sizeof *d->solution);
  d->uses = pc_calloc_array(n, sizeof *d->uses);
  d->color_of = pc_calloc_array(n, sizeof *d->color_of);
  d->level_nodes = pc_calloc_array(levels, sizeof *d->level_nodes);
  d->level_updates = pc_calloc_array(levels, sizeof *d->level_updates);
  return d->nd && d->cl && d->opt_first && d->best && d->choice && d->first_tweak &&
         d->degree && d->solution && d->uses && d->color_of && d->level_nodes &&
         d->level_updates;
}

/* The item headers and the active list of the primary items, with their
   bounds; secondary items link to themselves. */
static void link_items(pc_dlx3 *d, const pc_xc *xc)
{
  int32_t np = d->n_primary;
  d->cl[0] = (item){np, np ? 1 : 0, 0, 0};
  for (int32_t c = 1; c <= d->n_items; c++) {
    d->nd[c] = (node){c, c, 0, 0};
    if (c > np) {
      d->cl[c] = (item){c, c, 0, 0};
      continue;
    }
    int32_t lower = pc_xc_lower(xc, c - 1), upper = pc_xc_upper(xc, c - 1);
    d->cl[c] = (item){c - 1, c < np ? c + 1 : 0, upper, upper - lower};
  }
}

/* The options after the headers, each appended to its items' lists. */
static void link_options(pc_dlx3 *d, const pc_xc *xc)
{
  node *nd = d->nd;
  int32_t spacer = d->n_items + 1;
  nd[spacer] = (node){0, 0, 0, 0};
  for (int32_t k = 0; k < xc->n_options; k++) {
    const int32_t *items = pc_xc_option(xc, k), *colors = pc_xc_option_colors(xc, k);
    int32_t len = pc_xc_option_size(xc, k), first = spacer + 1;
    d->opt_first[k] = first;
    nd[spacer].down = first + len - 1;
    for (int32_t j = 0; j < len; j++) {
      int32_t p = first + j, c = items[j] + 1, up = nd[c].up;
      nd[p] = (node){up, c, c, colors ? colors[j] : 0};
      nd[up].down = p;
      nd[c].up = p;
      nd[c].itm++;
    }
    spacer = first + len;
    nd[spacer] = (node){first, 0, -(k + 1), 0};
  }
}

pc_dlx3 *pc_dlx3_new(const pc_xc *xc)
{
  pc_dlx3 *d = calloc(1, sizeof *d);
  if (!d) return NULL;
  int32_t entries = xc->n_options ? xc->opt_start[xc->n_options] : 0;
  int64_t size = (int64_t)xc->n_items + 2 + entries + xc->n_options;
  d->n_items = xc->n_items;
  d->n_primary = xc->n_primary;
  d->n_options = xc->n_options;
  d->levels = pc_xc_depth(xc) + 1;
  if (size > INT32_MAX || !alloc_arrays(d, (size_t)size)) {
    pc_dlx3_free(d);
    return NULL;
  }
  link_items(d, xc);
  link_options(d, xc);
  return d;
}

void pc_dlx3_free(pc_dlx3 *d)
{
  if (!d) return;
  free(d->nd);
  free(d->cl);
  free(d->opt_first);
  free(d->best);
  free(d->choice);
  free(d->first_tweak);
  free(d->degree);
  free(d->solution);
  free(d->uses);
  free(d->color_of);
  free(d->level_nodes);
  free(d->level_updates);
  free(d);
}

/* ---- the dance: Knuth's cover, uncover, purify, tweak ---- */

static void deactivate(pc_dlx3 *d, int32_t c)
{
  int32_t l = d->cl[c].prev, r = d->cl[c].next;
  d->cl[l].next = r;
  d->cl[r].prev = l;
}

static void reactivate(pc_dlx3 *d, int32_t c)
{
  int32_t l = d->cl[c].prev, r = d->cl[c].next;
  d->cl[l].next = c;
  d->cl[r].prev = c;
}

/* Takes the node between uu and dd, of item cc, out of its list:
   one update. */
static inline void unlink_node(pc_dlx3 *d, int32_t uu, int32_t dd, int32_t cc)
{
  d->nd[uu].down = dd;
  d->nd[dd].up = uu;
  d->updates++;
  d->nd[cc].itm--;
}

/* Puts node nn back between uu and dd, undoing unlink_node. */
static inline void relink_node(pc_dlx3 *d, int32_t nn, int32_t uu, int32_t dd, int32_t cc)
{
  d->nd[uu].down = d->nd[dd].up = nn;
  d->nd[cc].itm++;
}

/* Takes the nodes of the option through nn, other than nn, out of their
   lists, skipping cleansed nodes (their item is purified, not listed). */
static void hide(pc_dlx3 *d, int32_t rr)
{
  node *nd = d->nd;
  for (int32_t nn = rr + 1; nn != rr;) {
    if (nd[nn].color >= 0) {
      int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
      if (cc <= 0) {
        nn = uu;
        continue;
      }
      unlink_node(d, uu, dd, cc);
    }
    nn++;
  }
}

static void unhide(pc_dlx3 *d, int32_t rr)
{
  node *nd = d->nd;
  for (int32_t nn = rr + 1; nn != rr;) {
    if (nd[nn].color >= 0) {
      int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
      if (cc <= 0) {
        nn = uu;
        continue;
      }
      relink_node(d, nn, uu, dd, cc);
    }
    nn++;
  }
}

static void cover(pc_dlx3 *d, int32_t c, bool deact)
{
  if (deact) deactivate(d, c);
  d->updates++;
  for (int32_t rr = d->nd[c].down; rr > d->n_items; rr = d->nd[rr].down) hide(d, rr);
}

/* Knuth's uncover goes down again: the dance undoes itself either way. */
static void uncover(pc_dlx3 *d, int32_t c, bool react)
{
  for (int32_t rr = d->nd[c].down; rr > d->n_items; rr = d->nd[rr].down) unhide(d, rr);
  if (react) reactivate(d, c);
}

/* Gives the secondary item of node p p's color: hides the options that
   want another color there, and marks those that agree as cleansed. */
static void purify(pc_dlx3 *d, int32_t p)
{
  node *nd = d->nd;
  int32_t c = nd[p].itm, x = nd[p].color;
  for (int32_t rr = nd[c].down; rr > d->n_items; rr = nd[rr].down) {
    if (nd[rr].color != x) {
      for (int32_t nn = rr + 1; nn != rr;) {
        int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
        if (cc <= 0) {
          nn = uu;
          continue;
        }
        if (nd[nn].color >= 0) {
          unlink_node(d, uu, dd, cc);
        }
        nn++;
      }
    } else if (rr != p) {
      nd[rr].color = -1;
    }
  }
}

static void unpurify(pc_dlx3 *d, int32_t p)
{
  node *nd = d->nd;
  int32_t c = nd[p].itm, x = nd[p].color;
  for (int32_t rr = nd[c].up; rr > d->n_items; rr = nd[rr].up) {
    if (nd[rr].color < 0) {
      nd[rr].color = x;
    } else if (rr != p) {
      for (int32_t nn = rr - 1; nn != rr;) {
        int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
        if (cc <= 0) {
          nn = dd;
          continue;
        }
        if (nd[nn].color >= 0) {
          relink_node(d, nn, uu, dd, cc);
        }
        nn--;
      }
    }
  }
}

/* Hides the option of node n, the topmost of its item's list, from every
   list (block) or from its item's list alone (the item is covered). */
static void tweak(pc_dlx3 *d, int32_t n, bool block)
{
  node *nd = d->nd;
  for (int32_t nn = block ? n + 1 : n;;) {
    if (nd[nn].color >= 0) {
      int32_t uu = nd[nn].up, dd = nd[nn].down, cc = nd[nn].itm;
      if (cc <= 0) {
        nn = uu;
        continue;
      }
      unlink_node(d, uu, dd, cc);
    }
    if (nn == n) break;
    nn++;
  }
}

/* Puts back the options tweaked out of item c's list since node x (they
   still point down to each other) and, when they were blocked, into the
   lists of their other items; else c was covered, and is uncovered (and
   made active again here, where Knuth does it when leaving a null
   choice: the same state, and right also when a search stops at another
   choice). */
static void untweak(pc_dlx3 *d, int32_t c, int32_t x, bool unblock)
{
  node *nd = d->nd;
  int32_t z = nd[c].down, k = 0, qq = c, rr = x;
  nd[c].down = x;
  for (; rr != z; qq = rr, rr = nd[rr].down) {
    nd[rr].up = qq;
    k++;
    if (unblock) unhide(d, rr);
  }
  nd[rr].up = qq;
  nd[c].itm += k;
  if (!unblock) uncover(d, c, true);
}

/* Covers, or partially covers, node p's item: a primary item's bound goes
   down (covered at 0), a secondary item is covered, or purified to p's
   color (a cleansed node's item is purified already). */
static void take_item(pc_dlx3 *d, int32_t p)
{
  int32_t c = d->nd[p].itm;
  if (c <= d->n_primary) {
    if (--d->cl[c].bound == 0) cover(d, c, true);
  } else if (!d->nd[p].color) {
    cover(d, c, true);
  } else if (d->nd[p].color > 0) {
    purify(d, p);
  }
}

static void untake_item(pc_dlx3 *d, int32_t p)
{
  int32_t c = d->nd[p].itm;
  if (c <= d->n_primary) {
    if (d->cl[c].bound == 0) uncover(d, c, true);
    d->cl[c].bound++;
  } else if (!d->nd[p].color) {
    uncover(d, c, true);
  } else if (d->nd[p].color > 0) {
    unpurify(d, p);
  }
}

/* Takes the items of node p's option other than p's, rightward. */
static void take_others(pc_dlx3 *d, int32_t p)
{
  for (int32_t pp = p + 1; pp != p;) {
    if (d->nd[pp].itm <= 0) {
      pp = d->nd[pp].up;
      continue;
    }
    take_item(d, pp++);
  }
}

/* Undoes take_others(p), leftward. */
static void untake_others(pc_dlx3 *d, int32_t p)
{
  for (int32_t pp = p - 1; pp != p;) {
    if (d->nd[pp].itm <= 0) {
      pp = d->nd[pp].down;
      continue;
    }
    untake_item(d, pp--);
  }
}

/* The item to branch on and its degree (INFINITE_DEGREE: none is left, a
   solution). Knuth's rule: least degree; on ties the smaller s, then the
   longer list, then the first. The leftmost rule takes the first item. */
static int32_t choose(const pc_dlx3 *d, bool mrv, int32_t *best)
{
  pc_dlx3_rank top = {INFINITE_DEGREE, 0, 0};
  for (int32_t k = d->cl[0].next; k != 0; k = d->cl[k].next) {
    pc_dlx3_rank r = pc_dlx3_rank_of(d->nd[k].itm, d->cl[k].bound, d->cl[k].slack);
    if (pc_dlx3_before(r, top)) top = r, *best = k;
    if (!mrv) break;
  }
  return top.degree;
}

/* Opens level `l` on item `best`: one choice fewer for it; covered when
   its bound runs out, else tweaked option by option. */
static void open_level(pc_dlx3 *d, int32_t l, int32_t best, int32_t degree)
{
  item *c = &d->cl[best];
  d->best[l] = best;
  d->degree[l] = degree;
  d->first_tweak[l] = 0;
  d->choice[l] = d->nd[best].down;
  c->bound--;
  if (c->bound == 0 && c->slack == 0) {
    cover(d, best, true);
  } else {
    d->first_tweak[l] = d->choice[l];
    if (c->bound == 0) cover(d, best, true);
  }
}

/* Whether level l's current choice may be tried (false: the level is
   done); tweaks the option out of its item, or makes the null choice
   (the item leaves the active list) when the list is exhausted. */
static bool try_choice(pc_dlx3 *d, int32_t l)
{
  int32_t best = d->best[l], cur = d->choice[l];
  item *c = &d->cl[best];
  if (c->bound == 0 && c->slack == 0) return cur != best;
  if (d->nd[best].itm <= c->bound - c->slack) return false;
  if (cur != best) tweak(d, cur, c->bound != 0);
  else if (c->bound != 0) deactivate(d, best);
  return true;
}

/* Closes level l, the level's choices all undone: its item as before. */
static void close_level(pc_dlx3 *d, int32_t l)
{
  int32_t best = d->best[l];
  item *c = &d->cl[best];
  if (c->bound == 0 && c->slack == 0) uncover(d, best, true);
  else untweak(d, best, d->first_tweak[l], c->bound != 0);
  c->bound++;
}

/* Makes level l's current choice (a null choice takes nothing). */
static void take_choice(pc_dlx3 *d, int32_t l)
{
  if (d->choice[l] > d->n_items) take_others(d, d->choice[l]);
}

/* Undoes take_choice(l); a null choice made the item inactive unless it
   was covered (close_level makes that one active). */
static void untake_choice(pc_dlx3 *d, int32_t l)
{
  int32_t cur = d->choice[l];
  if (cur > d->n_items) untake_others(d, cur);
  else if (d->cl[d->best[l]].bound != 0) reactivate(d, d->best[l]);
}

static void untake_given(pc_dlx3 *d, int32_t first);

/* Undoes the levels below `level`, the deepest first (a given option's
   level has no item: best 0). */
static void unwind(pc_dlx3 *d, int32_t level)
{
  while (level-- > 0) {
    if (!d->best[level]) {
      untake_given(d, d->choice[level]);
      continue;
    }
    untake_choice(d, level);
    close_level(d, level);
  }
}

/* ---- the search ---- */

/* The option index of node p: the spacer after its option holds it. */
static int32_t option_of(const pc_dlx3 *d, int32_t p)
{
  while (d->nd[p].itm > 0) p++;
  return -d->nd[p].itm - 1;
}

/* The choices of levels 0 .. level-1 to the visitor: options, and in a
   split search the null choices as -1 - item. */
static bool report(pc_dlx3 *d, const pc_dlx_config *cfg, int32_t level, bool raw,
                   uint64_t solutions)
{
  bool stop = false;
  if (cfg->visit) {
    int32_t n = 0;
    for (int32_t l = 0; l < level; l++)
      if (d->choice[l] > d->n_items) d->solution[n++] = option_of(d, d->choice[l]);
      else if (raw) d->solution[n++] = -d->best[l];
    stop = cfg->visit(cfg->ctx, d->solution, n);
  }
  return stop || (cfg->max_solutions && solutions >= cfg->max_solutions);
}

/* Level l of a replayed path: the search's own item and, passing over the
   choices before it as the search does, the choice `want` (an option, or
   -1 - item for a null choice). False, with level l undone, when the
   search makes no such choice here. */
static bool replay_level(pc_dlx3 *d, bool mrv, int32_t l, int32_t want)
{
  int32_t best, degree = choose(d, mrv, &best);
  if (degree <= 0 || degree == INFINITE_DEGREE || want < -d->n_items || want >= d->n_options)
    return false;
  open_level(d, l, best, degree);
  while (try_choice(d, l)) {
    int32_t cur = d->choice[l];
    bool null = cur <= d->n_items;
    if (null ? want == -best : want >= 0 && option_of(d, cur) == want) {
      take_choice(d, l);
      return true;
    }
    if (null) {
      untake_choice(d, l);
      break;
    }
    d->choice[l] = d->nd[cur].down;
  }
  close_level(d, l);
  return false;
}

/* ---- given options (pc_dlx_config.prefix_given) ---- */

/* Whether the n options can be taken together: in range, each item within
   its bound, a secondary item either alone or in one color. Counted in
   d->uses and d->color_of, which are left at 0. */
static bool givable(pc_dlx3 *d, const int32_t *options, int32_t n)
{
  bool ok = true;
  for (int32_t i = 0; i < n && ok; i++)
    ok = options[i] >= 0 && options[i] < d->n_options;
  for (int32_t i = 0; i < n && ok; i++)
    for (int32_t q = d->opt_first[options[i]]; d->nd[q].itm > 0 && ok; q++) {
      int32_t c = d->nd[q].itm, color = d->nd[q].color;
      if (c <= d->n_primary) ok = ++d->uses[c] <= d->cl[c].bound;
      else ok = !d->uses[c]++ || (color && color == d->color_of[c]);
      d->color_of[c] = color;
    }
  for (int32_t i = 0; i < n; i++)
    for (int32_t q = options[i] >= 0 && options[i] < d->n_options ? d->opt_first[options[i]] : 0;
         q && d->nd[q].itm > 0; q++)
      d->uses[d->nd[q].itm] = d->color_of[d->nd[q].itm] = 0;
  return ok;
}

/* The last node of the option whose first node is `first`. */
static int32_t last_of(const pc_dlx3 *d, int32_t first)
{
  while (d->nd[first + 1].itm > 0) first++;
  return first;
}

/* Takes the option whose first node is `first` as given: out of its
   items' lists, then each of its items taken. */
static void take_given(pc_dlx3 *d, int32_t first)
{
  node *nd = d->nd;
  int32_t last = last_of(d, first);
  for (int32_t q = first; q <= last; q++)
    if (nd[q].color >= 0) {
      nd[nd[q].up].down = nd[q].down;
      nd[nd[q].down].up = nd[q].up;
      nd[nd[q].itm].itm--;
    }
  for (int32_t q = first; q <= last; q++) take_item(d, q);
}

/* Undoes take_given(first), the other way round. */
static void untake_given(pc_dlx3 *d, int32_t first)
{
  node *nd = d->nd;
  int32_t last = last_of(d, first);
  for (int32_t q = last; q >= first; q--) untake_item(d, q);
  for (int32_t q = last; q >= first; q--)
    if (nd[q].color >= 0) {
      nd[nd[q].up].down = q;
      nd[nd[q].down].up = q;
      nd[nd[q].itm].itm++;
    }
}

/* Takes the n given options as levels 0 .. n-1; false, with nothing
   taken, when they cannot be taken together. */
static bool take_all_given(pc_dlx3 *d, const int32_t *options, int32_t n)
{
  if (n >= d->levels || !givable(d, options, n)) return false;
  for (int32_t l = 0; l < n; l++) {
    d->best[l] = 0;
    d->degree[l] = 1;
    d->choice[l] = d->opt_first[options[l]];
    take_given(d, d->choice[l]);
  }
  return true;
}

static bool replay(pc_dlx3 *d, bool mrv, const int32_t *prefix, int32_t n)
{
  if (n >= d->levels) return false;
  for (int32_t l = 0; l < n; l++)
    if (!replay_level(d, mrv, l, prefix[l])) {
      unwind(d, l);
      return false;
    }
  return true;
}

static inline bool interrupted(const pc_dlx_config *cfg, uint64_t updates)
{
  return (cfg->max_updates && updates >= cfg->max_updates) ||
         (cfg->stop && atomic_load_explicit(cfg->stop, memory_order_relaxed));
}

static void fill_stats(const pc_dlx3 *d, pc_dlx_stats *st, uint64_t solutions, uint64_t nodes,
                       bool complete, int32_t maxlevel)
{
  *st = (pc_dlx_stats){.solutions = solutions, .nodes = nodes, .updates = d->updates,
                       .complete = complete, .levels = maxlevel + 1,
                       .level_nodes = d->level_nodes, .level_updates = d->level_updates};
}

/* Updates belong to the level that made them, booked when it changes. */
#define BOOK() (d->level_updates[level] += d->updates - mark, mark = d->updates)

static void clear_counters(pc_dlx3 *d)
{
  memset(d->level_nodes, 0, (size_t)d->levels * sizeof *d->level_nodes);
  memset(d->level_updates, 0, (size_t)d->levels * sizeof *d->level_updates);
  d->updates = 0;
}

void pc_dlx3_search(pc_dlx3 *d, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  uint64_t nodes = 0, solutions = 0, mark = 0;
  int32_t base = cfg->n_prefix > 0 ? cfg->n_prefix : 0, best = 0, degree;
  int32_t split = cfg->split_depth > 0 ? cfg->split_depth : INT32_MAX;
  int32_t level = base, maxlevel = base;
  bool complete = true, mrv = cfg->choose == PC_CHOOSE_MRV;
  pc_share share;
  pc_share_start(&share, cfg->share, base);
  clear_counters(d);
  if (!(cfg->prefix_given ? take_all_given(d, cfg->prefix, base)
                          : replay(d, mrv, cfg->prefix, base))) {
    fill_stats(d, st, 0, 0, true, -1);
    return;
  }
  d->updates = 0;
forward:
  if (cfg->max_nodes && nodes == cfg->max_nodes) goto stop;
  nodes++;
  d->level_nodes[level]++;
  if (level > maxlevel) maxlevel = level;
  degree = level >= split ? INFINITE_DEGREE : choose(d, mrv, &best);
  if (degree == INFINITE_DEGREE) {
    if (report(d, cfg, level, cfg->split_depth > 0, ++solutions)) goto stop;
    goto backdown;
  }
  if (interrupted(cfg, d->updates)) goto stop;
  if (degree <= 0) goto backdown;
  open_level(d, level, best, degree);
  pc_share_enter(&share, level, degree);
advance:
  if (!try_choice(d, level)) {
    close_level(d, level);
    BOOK();
    goto backdown;
  }
  take_choice(d, level);
  BOOK();
  level++;
  goto forward;
backdown:
  if (level == base) goto done;
  level--;
  untake_choice(d, level);
  if (d->choice[level] <= d->n_items) {
    close_level(d, level);
    BOOK();
    goto backdown;
  }
  d->choice[level] = d->nd[d->choice[level]].down;
  pc_share_next(&share, level);
  goto advance;
stop:
  complete = false;
  BOOK();
done:
  unwind(d, level);
  fill_stats(d, st, solutions, nodes, complete, maxlevel);
}
#undef BOOK

double pc_dlx3_path_probability(const pc_dlx3 *d, int32_t n)
{
  double p = 1.0;
  for (int32_t l = 0; l < n; l++) p /= d->degree[l];
  return p;
}

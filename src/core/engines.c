/* engines.c — DLX and the bitset engines behind the runner's interface,
   and the choice between them. */
#include "core/engines.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/bitdlx.h"
#include "core/bitsweep.h"
#include "core/clock.h"
#include "core/dlx3.h"

/* The dlx engine: DLX1's algorithm on plain problems, DLX3's (bounds and
   colors) on the others, so that plain ones keep every bit of speed. */
typedef struct dlx_either {
  pc_dlx *plain;
  pc_dlx3 *general;
} dlx_either;

static void dlx_destroy(void *e)
{
  dlx_either *x = e;
  if (!x) return;
  pc_dlx_free(x->plain);
  pc_dlx3_free(x->general);
  free(x);
}

static void *dlx_create(const pc_engine *self, const pc_xc *xc)
{
  (void)self;
  dlx_either *x = calloc(1, sizeof *x);
  if (!x) return NULL;
  if (pc_xc_plain(xc)) x->plain = pc_dlx_new(xc);
  else x->general = pc_dlx3_new(xc);
  if (x->plain || x->general) return x;
  dlx_destroy(x);
  return NULL;
}

static void dlx_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  dlx_either *x = e;
  if (x->plain) pc_dlx_search(x->plain, cfg, st);
  else pc_dlx3_search(x->general, cfg, st);
}

static double dlx_probability(const void *e, int32_t n)
{
  const dlx_either *x = e;
  return x->plain ? pc_dlx_path_probability(x->plain, n)
                  : pc_dlx3_path_probability(x->general, n);
}

const pc_engine pc_engine_dlx = {"dlx", true, dlx_create, dlx_destroy, dlx_search, dlx_probability,
                                 NULL, NULL};

static void *bits_create(const pc_engine *self, const pc_xc *xc)
{
  (void)self;
  return pc_bitsweep_new(xc);
}
static void bits_destroy(void *e) { pc_bitsweep_free(e); }
static void bits_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_bitsweep_search(e, cfg, st);
}

static double bits_probability(const void *e, int32_t n)
{
  return pc_bitsweep_path_probability(e, n);
}

static void *bits_share(const void *e) { return pc_bitsweep_share(e); }

const pc_engine pc_engine_bitsweep = {"bits", false, bits_create, bits_destroy, bits_search,
                                  bits_probability, NULL, NULL, bits_share};

static void *bitdlx_create(const pc_engine *self, const pc_xc *xc)
{
  (void)self;
  return pc_bitdlx_new(xc);
}
static void bitdlx_destroy(void *e) { pc_bitdlx_free(e); }
static void bitdlx_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_bitdlx_search(e, cfg, st);
}
static double bitdlx_probability(const void *e, int32_t n)
{
  return pc_bitdlx_path_probability(e, n);
}

static void *bitdlx_share(const void *e) { return pc_bitdlx_share(e); }

const pc_engine pc_engine_bitdlx = {"bitdlx", false, bitdlx_create, bitdlx_destroy,
                                    bitdlx_search, bitdlx_probability, NULL, NULL, bitdlx_share};

/* The one table of names: what users type, what checkpoints and jobs
   record. */
static const pc_engine *const named[] = {&pc_engine_dlx, &pc_engine_bitdlx, &pc_engine_bitsweep};

static const pc_engine *by_name(const char *name)
{
  for (size_t i = 0; i < sizeof named / sizeof *named; i++)
    if (!strcmp(name, named[i]->name)) return named[i];
  return NULL;
}

/* The trial behind `auto`. The bits engine's own tree is split at the
   first depth with trial_leaves subproblems or more, and TRIAL_SAMPLE of
   them are drawn in proportion to their path probabilities (Knuth's
   estimate of a subtree's share: the heavy ones, where the work is), then
   searched by both bitset engines, one sample after the other. A bitdlx
   node costs several bits nodes (docs/speed.md), so bitdlx is taken when
   bits visits more nodes than the bars allow (trial_bars). Nodes, not
   seconds: a trial that ends in time always gives the same problem the
   same engine (all shipped boards but the largest); a longer one is cut
   at its time (a watch thread sets the engines' stop flag) and judged on
   the samples done by then. */
#define TRIAL_LEAVES 16384
#define TRIAL_SAMPLE 64
#define TRIAL_PATHS 1024
#define TRIAL_TICK_SECONDS 0.005

/* At most this many leaves, for a tree over TRIAL_LEAVES squared nodes. */
#define HUGE_LEAVES (16 * TRIAL_LEAVES)

/* The split's leaves for a tree of bitdlx's `nodes` (Knuth's estimate):
   TRIAL_LEAVES, or a sixteenth of a smaller tree. A split pass visits
   the nodes above its leaves, and on a small tree a sixteenth of it gives
   samples cheap enough already (pent4x15: 13,115 leaves at depth 5, where
   16,384 wanted depth 6, 54,000 leaves, a quarter of bits's tree). A
   tree over TRIAL_LEAVES squared nodes gets a leaf every TRIAL_LEAVES of
   them, up to HUGE_LEAVES: with fewer its samples were too large for
   bitdlx to finish one in a timed trial's first half (obeirne.dlx), and
   a trial that learned nothing takes bits. */
static int64_t trial_leaves(double nodes)
{
  double small = nodes / 16 < TRIAL_LEAVES ? nodes / 16 : TRIAL_LEAVES;
  double huge = nodes / TRIAL_LEAVES < HUGE_LEAVES ? nodes / TRIAL_LEAVES : HUGE_LEAVES;
  return (int64_t)(small > huge ? small : huge);
}

/* What a bitdlx node costs in bits nodes, as the trial's bars, in tenths
   of bitdlx's nodes: bitdlx wins where bits visits more than `sample` on
   the samples both searched, or more than half `trees` there and `trees`
   over the whole trees (smaller_by_node_cost); bits wins at once where it
   visits at most `quick` on a quarter of the sample (bits_clearly_wins).
   A bitdlx node is cheaper where it lists the options a take kills with
   AVX-512 (bitdlx.h), so the bars are lower there. The bars without it
   sort the tetra5x5 boards, the closest calls measured (docs/speed.md,
   sessions 19 and 23); those with it, the same boards, planar2x5x6 and
   the rectangles (session 24). */
typedef struct trial_bars {
  uint64_t sample, trees, quick;
} trial_bars;

static const trial_bars portable_bars = {44, 60, 20}, vector_bars = {30, 44, 15};

static const trial_bars *bars_for(const pc_bitdlx *d)
{
  return pc_bitdlx_vector_listing(d) ? &vector_bars : &portable_bars;
}

/* n nodes times a bar. */
static uint64_t times(uint64_t n, uint64_t tenths) { return n * tenths / 10; }

/* A split pass's leaves, in groups by parent: the node one level above
   the split (or a solution above it, alone), kept as a prefix. Parents
   are leaves of the pass before, so there are fewer than the leaves
   wanted (split_tree). */
typedef struct trial_group {
  double before, p;         /* the leaves' probabilities before it; its own */
  int32_t len;              /* its prefix's options */
} trial_group;

typedef struct trial_groups {
  int32_t n, cap, stride;   /* stride: the options kept a group */
  int32_t *prefix;
  trial_group *at;
} trial_groups;

typedef struct trial {
  pc_bitsweep *engine;
  int64_t leaves;
  int32_t depth, taken;
  int64_t *solved_at;     /* the solutions it met of l options, each l to n_primary */
  double *path_p;         /* the last group's path probabilities, by level */
  int64_t cap;            /* a pass stops past this many leaves (0: none) */
  double growth;          /* the leaves over those a level above */
  double total, seen;     /* the leaves' path probabilities: all, so far */
  trial_groups groups;    /* the last pass's */
  double above_p;         /* the path probability of the group searched */
  int32_t next;           /* the next sample point to pass */
  int32_t *prefix, *len, *weight; /* TRIAL_SAMPLE prefixes of `depth` options */
  double prob[TRIAL_SAMPLE];      /* their path probabilities */
  int32_t point[TRIAL_SAMPLE];    /* their first sample points */
  uint64_t above;                 /* the nodes above the leaves */
  /* The engines' nodes on the samples, 0 until searched (a search has its
     root): bitdlx's kept once searched (dlx_on_sample), bits's once
     searched to their end (bits_on_samples, beside_start). */
  uint64_t dlx_known[TRIAL_SAMPLE], bits_known[TRIAL_SAMPLE];
} trial;

/* Sets `halt` when the user's stop flag is set or the time is up, until
   `over`, which wakes it (the trial's end does not wait for its tick). */
typedef struct watch {
  atomic_int halt;
  const atomic_int *stop;
  double deadline, half; /* the trial's end, and the end of its first half */
  pthread_mutex_t lock;
  pthread_cond_t wake;
  bool over; /* under the lock */
  pthread_t thread;
  bool running;
} watch;

static void *watch_run(void *arg)
{
  watch *w = arg;
  pthread_mutex_lock(&w->lock);
  while (!w->over) {
    if ((w->stop && atomic_load(w->stop)) || pc_now() >= w->deadline) {
      atomic_store(&w->halt, 1);
      break;
    }
    struct timespec until = pc_realtime_in(TRIAL_TICK_SECONDS);
    pthread_cond_timedwait(&w->wake, &w->lock, &until);
  }
  pthread_mutex_unlock(&w->lock);
  return NULL;
}

/* Without a thread (none needed nor `own`ed, or none to be had) the trial
   is not cut short by the clock, but still honours `stop`. With one, the
   flag returned is the watch's own, which the trial may set too. */
static const atomic_int *watch_start(watch *w, const atomic_int *stop, double seconds, bool own)
{
  /* A stop already set halts at once, whenever the thread first looks. */
  atomic_init(&w->halt, stop && atomic_load(stop));
  w->over = false;
  pthread_mutex_init(&w->lock, NULL);
  pthread_cond_init(&w->wake, NULL);
  w->stop = stop;
  w->deadline = seconds > 0 ? pc_now() + seconds : INFINITY;
  w->half = seconds > 0 ? pc_now() + seconds / 2 : INFINITY;
  w->running = (stop || seconds > 0 || own) && !pthread_create(&w->thread, NULL, watch_run, w);
  return w->running ? &w->halt : stop;
}

static void watch_end(watch *w)
{
  pthread_mutex_lock(&w->lock);
  w->over = true;
  pthread_cond_signal(&w->wake);
  pthread_mutex_unlock(&w->lock);
  if (w->running) pthread_join(w->thread, NULL);
  pthread_cond_destroy(&w->wake);
  pthread_mutex_destroy(&w->lock);
}

static void groups_free(trial_groups *g)
{
  free(g->prefix);
  free(g->at);
  *g = (trial_groups){0};
}

/* Room for one more group; false when out of memory. */
static bool groups_grow(trial_groups *g)
{
  if (g->n < g->cap) return true;
  int32_t cap = g->cap ? 2 * g->cap : 1024;
  int32_t *prefix = realloc(g->prefix, (size_t)cap * (size_t)g->stride * sizeof *prefix);
  if (prefix) g->prefix = prefix;
  trial_group *at = realloc(g->at, (size_t)cap * sizeof *at);
  if (at) g->at = at;
  if (!prefix || !at) return false;
  g->cap = cap;
  return true;
}

/* The path probability of a new group's prefix (`len` options),
   pc_bitsweep_path_probability's to the last bit (the same divisions in
   the same order) at the cost of the levels below those it shares with
   the last group's prefix: the same nodes, whose figures t->path_p
   keeps. */
static double prefix_probability(trial *t, const int32_t *options, int32_t len)
{
  const trial_groups *g = &t->groups;
  int32_t from = 0;
  if (g->n > 0) {
    const int32_t *last = g->prefix + (size_t)(g->n - 1) * (size_t)g->stride;
    int32_t last_len = g->at[g->n - 1].len, same = 0;
    while (same < last_len && same < len && last[same] == options[same]) same++;
    from = same < last_len ? same + 1 : last_len; /* the levels it shares end a node below */
  } else {
    t->path_p[0] = 1.0;
  }
  for (int32_t l = from; l < len; l++)
    t->path_p[l + 1] = pc_bitsweep_path_probability_from(t->engine, l, l + 1, t->path_p[l]);
  return t->path_p[len];
}

/* The group of a leaf whose prefix is `len` of its options: the last
   one where it has the same prefix (a parent's leaves come one after the
   other), else a new one; false when out of memory. */
static bool group_of(trial *t, const int32_t *options, int32_t len)
{
  trial_groups *g = &t->groups;
  bool same = g->n > 0 && g->at[g->n - 1].len == len &&
              !memcmp(g->prefix + (size_t)(g->n - 1) * (size_t)g->stride, options,
                      (size_t)len * sizeof *options);
  if (same) return true;
  if (!groups_grow(g)) return false;
  double p = prefix_probability(t, options, len);
  memcpy(g->prefix + (size_t)g->n * (size_t)g->stride, options, (size_t)len * sizeof *options);
  g->at[g->n++] = (trial_group){t->total, p, len};
  return true;
}

/* A split pass's leaves: each counted, with its probability from its
   parent's figure (the last level's division alone), the same to the last
   bit as the take (take_leaf) sees. The pass stops a level above the
   split (at depth 2 and deeper), where a node stands for the
   options it would try (pc_bitsweep_leaf_options), each a leaf: the
   deepest level, the pass's costliest, is not searched. A solution above
   the split is a leaf and a group of its own. */
static bool count_leaf(void *ctx, const int32_t *options, int32_t n)
{
  trial *t = ctx;
  int32_t len = n < t->depth ? n : t->depth - 1, leaf = n, count = 1;
  if (t->depth > 1 && n == t->depth - 1) {
    count = pc_bitsweep_leaf_options(t->engine, options, n);
    if (count == 0) return false; /* a dead end */
    if (count > 0) leaf = t->depth;
  }
  if (leaf < t->depth) { /* a solution */
    count = 1;
    t->solved_at[leaf]++;
  }
  if (!group_of(t, options, len)) return true; /* out of memory: the pass stops, and fails */
  const trial_group *parent = &t->groups.at[t->groups.n - 1];
  double p = pc_bitsweep_path_probability_from(t->engine, parent->len, leaf, parent->p);
  t->leaves += count;
  for (int32_t i = 0; i < count; i++) t->total += p; /* a leaf at a time, as the take sums */
  return t->cap && t->leaves > t->cap;
}

/* Systematic sampling: the leaf in which the cumulative probability
   passes (i + 1/2) / TRIAL_SAMPLE of the total, weighted by how many such
   points fall in it. The leaves are those of one group, searched again
   under its prefix: the same leaves, with the same probabilities to the
   last bit, as a second pass over the whole tree would see. */
static bool take_leaf(void *ctx, const int32_t *options, int32_t n)
{
  trial *t = ctx;
  double p = pc_bitsweep_path_probability_under(t->engine, n, t->above_p);
  t->seen += p;
  int32_t w = 0;
  while (t->next < TRIAL_SAMPLE && t->seen >= (t->next + 0.5) / TRIAL_SAMPLE * t->total)
    t->next++, w++;
  if (w) {
    t->point[t->taken] = t->next - w;
    memcpy(t->prefix + (size_t)t->taken * (size_t)t->depth, options, (size_t)n * sizeof *options);
    t->len[t->taken] = n;
    t->prob[t->taken] = p;
    t->weight[t->taken++] = w;
  }
  return false;
}

/* The sample from the last pass's groups: only those where a sample
   point falls are searched again. */
static bool take_sample(trial *t, const atomic_int *halt)
{
  const trial_groups *g = &t->groups;
  for (int32_t i = 0; i < g->n && t->next < TRIAL_SAMPLE; i++) {
    double end = i + 1 < g->n ? g->at[i + 1].before : t->total;
    if (end < (t->next + 0.5) / TRIAL_SAMPLE * t->total) continue;
    t->seen = g->at[i].before;
    t->above_p = g->at[i].p;
    pc_dlx_stats st;
    pc_bitsweep_search(t->engine,
                       &(pc_dlx_config){.prefix = g->prefix + (size_t)i * (size_t)g->stride,
                                        .n_prefix = g->at[i].len, .split_depth = t->depth,
                                        .visit = take_leaf, .ctx = t, .stop = halt},
                       &st);
    if (!st.complete) return false;
  }
  return true;
}

/* The solutions the last pass met above `depth`. */
static int64_t solved_above(const trial *t, int32_t depth)
{
  int64_t n = 0;
  for (int32_t l = 0; l < depth; l++) n += t->solved_at[l];
  return n;
}

/* The leaves a pass at `depth` would count, from a whole pass at a
   deeper one: its nodes at that level and the solutions above it. */
static int64_t leaves_at(const trial *t, const pc_dlx_stats *st, int32_t depth)
{
  return (int64_t)st->level_nodes[depth] + solved_above(t, depth);
}

/* A pass that splits bits's tree at `depth`: t's groups, leaves, nodes
   above them and growth; false when it did not end (halted, out of
   memory, or past t->cap leaves). */
static bool split_pass(trial *t, int32_t depth, const atomic_int *halt, pc_dlx_stats *st)
{
  t->leaves = 0;
  t->total = 0;
  t->depth = depth;
  groups_free(&t->groups);
  t->groups.stride = depth;
  bool ahead = depth > 1; /* the pass stops a level above the split */
  memset(t->solved_at, 0, (size_t)depth * sizeof *t->solved_at);
  pc_bitsweep_search(t->engine,
                     &(pc_dlx_config){.split_depth = depth - ahead, .visit = count_leaf,
                                      .ctx = t, .stop = halt},
                     st);
  if (!st->complete) return false;
  /* The nodes above the split's leaves: at depth 1 the pass's leaves
     are the split's; ahead, its leaves are nodes above the split but
     for the solutions. */
  t->above = st->nodes - (ahead ? (uint64_t)solved_above(t, depth) : st->solutions);
  int64_t level_up = leaves_at(t, st, depth - 1);
  t->growth = level_up > 0 ? (double)t->leaves / (double)level_up : 0;
  return true;
}

/* A pass past a jump of more levels than one stops past JUMP_CAP times
   the leaves wanted, and the jump is halved: the growth it was aimed
   by may not hold. */
#define JUMP_CAP 4

/* The pass after t's split: one level deeper, or, where the leaves grow,
   a level short of the depth where they reach `wanted` if they grow on as
   over t's last level (at most to depth `last`): a pass a level too deep
   costs the growth times more and the split is taken again, one a level
   short costs one more pass, a growth times cheaper. Where the growth
   quickens, the pass aimed short may be the split (kanoodle-pyramid,
   whose leaves grow 8 times at the first level, 16 at the fourth). */
static bool jumped_pass(trial *t, int64_t wanted, int32_t last, const atomic_int *halt,
                        pc_dlx_stats *st)
{
  int32_t from = t->depth, steps = 1;
  if (from > 0 && t->growth > 1) {
    double levels = ceil(log((double)wanted / (double)t->leaves) / log(t->growth)) - 1;
    steps = levels < 1 ? 1 : levels < last - from ? (int32_t)levels : last - from;
  }
  for (;; steps /= 2) {
    int64_t cap = steps > 1 ? JUMP_CAP * wanted : 0;
    t->cap = cap;
    bool ended = split_pass(t, from + steps, halt, st);
    t->cap = 0;
    if (ended || !cap || t->leaves <= cap) return ended;
  }
}

/* The depth in (from, t's] where passes one level at a time would stop
   (split_tree), from t's last pass; past t's depth where none would.
   `before`: the leaves at `from`, -1 where no pass was made there. */
static int32_t split_end(const trial *t, const pc_dlx_stats *st, int32_t from, int64_t before,
                         int64_t wanted, int32_t last)
{
  for (int32_t d = from + 1; d <= t->depth; d++) {
    int64_t leaves = d == t->depth ? t->leaves : leaves_at(t, st, d);
    if (leaves >= wanted || leaves <= before || d >= last) return d;
    before = leaves;
  }
  return t->depth + 1;
}

/* Splits bits's tree at the shallowest depth with `wanted` leaves, or
   where the leaves stop growing from one depth to the next (or takes the
   whole tree), from the depth of the split before, if any; false when
   out of memory or halted. A pass visits the nodes above its split, so
   passes jump by the leaves' growth (jumped_pass) and the split is found
   from the levels of the pass that passed it. */
static bool split_tree(trial *t, const pc_xc *xc, int64_t wanted, const atomic_int *halt)
{
  int32_t last = xc->n_primary;
  if (t->leaves >= wanted || t->depth >= last) return true;
  if (!t->solved_at && !(t->solved_at = calloc((size_t)last + 1, sizeof *t->solved_at)))
    return false;
  if (!t->path_p && !(t->path_p = malloc(((size_t)last + 1) * sizeof *t->path_p))) return false;
  for (int64_t before = -1;;) {
    pc_dlx_stats st;
    int32_t from = t->depth;
    if (!jumped_pass(t, wanted, last, halt, &st)) return false;
    int32_t end = split_end(t, &st, from, before, wanted, last);
    if (end < t->depth) return split_pass(t, end, halt, &st);
    if (end == t->depth) return true;
    before = t->leaves;
  }
}

/* The sample, from the split; false when out of memory or halted. */
static bool take_points(trial *t, const atomic_int *halt)
{
  t->prefix = pc_alloc_array((size_t)TRIAL_SAMPLE * (size_t)t->depth, sizeof *t->prefix);
  t->len = pc_alloc_array(TRIAL_SAMPLE, sizeof *t->len);
  t->weight = pc_alloc_array(TRIAL_SAMPLE, sizeof *t->weight);
  return t->prefix && t->len && t->weight && take_sample(t, halt);
}

/* Sample i of the trial as a subproblem, searched within `cap` nodes (0:
   no cap) or until `halt`. */
static pc_dlx_config sample(const trial *t, int32_t i, const atomic_int *halt, uint64_t cap)
{
  return (pc_dlx_config){.prefix = t->prefix + (size_t)i * (size_t)t->depth,
                         .n_prefix = t->len[i], .stop = halt, .max_nodes = cap};
}

/* bitdlx's nodes on sample i, searched once (0 when `halt` cut it). */
static uint64_t dlx_on_sample(pc_bitdlx *d, trial *t, int32_t i, const atomic_int *halt)
{
  if (!t->dlx_known[i]) {
    pc_dlx_config sub = sample(t, i, halt, 0);
    pc_dlx_stats st;
    pc_bitdlx_search(d, &sub, &st);
    if (st.complete) t->dlx_known[i] = st.nodes;
  }
  return t->dlx_known[i];
}

/* bits's nodes on the first n samples, each weighed by its points in
   `weight` (t->weight, or a part of them: those of weight 0 left out), the
   search capped as soon as they pass `limit` (*passed then set: bitdlx
   has won); when `halt` cuts a sample short, the samples before it (*n
   set to them). *scaled: each sample's nodes over its path probability,
   weighed and summed (for Knuth's estimate of bits's whole tree). A
   sample whose nodes are known counts as its capped search would have;
   one searched to its end is known from then on (the quarter's searches
   serve the whole sample's). */
static uint64_t bits_on_samples(pc_bitsweep *b, trial *t, const int32_t *weight,
                                int32_t *n, const atomic_int *halt, uint64_t limit,
                                bool *passed, double *scaled)
{
  uint64_t nodes = 0;
  *passed = false;
  *scaled = 0;
  for (int32_t i = 0; i < *n; i++) {
    uint64_t w = (uint64_t)weight[i];
    if (!w) continue;
    if (nodes > limit) { /* a search that ended right at its cap */
      *passed = true;
      return nodes;
    }
    pc_dlx_config sub = sample(t, i, halt, (limit - nodes) / w + 1);
    pc_dlx_stats st;
    if (t->bits_known[i]) { /* as the capped search would end */
      bool under = t->bits_known[i] <= sub.max_nodes;
      st = (pc_dlx_stats){.nodes = under ? t->bits_known[i] : sub.max_nodes, .complete = under};
    } else {
      pc_bitsweep_search(b, &sub, &st);
      if (st.complete) t->bits_known[i] = st.nodes;
    }
    if (!st.complete) {
      *passed = st.nodes >= sub.max_nodes;
      *n = i;
      return *passed ? nodes + st.nodes * w : nodes;
    }
    nodes += st.nodes * w;
    *scaled += (double)(st.nodes * w) / t->prob[i];
  }
  return nodes;
}

/* With a core to spare, bits searches the samples in order on a thread of
   its own while bitdlx searches them, each sample uncapped, until `over`;
   bits_on_samples then counts those it finished as their capped searches
   would have, and searches the rest: the choice one thread makes, sooner
   where the samples are heavy. A hopeless bits costs the spare core no
   longer than bitdlx's searches take. */
typedef struct beside {
  pc_bitsweep *engine;
  trial *t;
  atomic_int over;
  pthread_t thread;
  bool running;
} beside;

static void *beside_run(void *arg)
{
  beside *s = arg;
  trial *t = s->t;
  for (int32_t i = 0; i < t->taken; i++) {
    pc_dlx_config sub = sample(t, i, &s->over, 0);
    pc_dlx_stats st;
    pc_bitsweep_search(s->engine, &sub, &st);
    if (!st.complete) break;
    t->bits_known[i] = st.nodes;
  }
  return NULL;
}

static void beside_start(beside *s, pc_bitsweep *b, trial *t, bool spare_core)
{
  *s = (beside){.engine = b, .t = t};
  atomic_init(&s->over, 0);
  s->running = spare_core && !pthread_create(&s->thread, NULL, beside_run, s);
}

static void beside_end(beside *s)
{
  atomic_store(&s->over, 1);
  if (s->running) pthread_join(s->thread, NULL);
}

/* Knuth's estimate of bitdlx's tree from random paths (a fixed seed):
   from SMALL_PATHS of them, then from TRIAL_PATHS (the same first ones
   and more) where the figure matters. Few paths can miss a tree's bulk
   when most paths die young: on y45, 64 paths put bitdlx's 48 million
   nodes at 1,100, 256 at 170,000, 1,024 at 28 million. */
#define SMALL_PATHS 256

/* The estimate from the paths drawn so far. */
static double dlx_tree_so_far(const pc_bitdlx_paths *paths)
{
  return paths->total / (double)paths->drawn;
}

/* The estimate from all TRIAL_PATHS, those not drawn yet drawn now. */
static double dlx_tree_nodes(pc_bitdlx *d, pc_bitdlx_paths *paths)
{
  if (paths->drawn < TRIAL_PATHS)
    return pc_bitdlx_estimate_more(d, paths, TRIAL_PATHS - paths->drawn);
  return dlx_tree_so_far(paths);
}

/* A search this small (bitdlx's tree under SMALL_NODES by the estimate)
   is not worth a trial, which would cost about as much as the search:
   bitdlx, whose tree the estimate measures, takes it (bits's tree can be
   far larger than DLX's). The first SMALL_PATHS settle it when they put
   the tree under a quarter of SMALL_NODES (scott_x23.dlx: a 5 ms search,
   which the other paths would lengthen by a third) or at LARGE_FIRST or
   over; in between, all TRIAL_PATHS judge. `first`: the first paths'
   estimate. */
#define SMALL_NODES 100000

/* Twice SMALL_NODES: no estimate here has fallen by 1.8 times with more
   paths (pent3x20 and scott by 1.7), and a small search taken for a larger
   one costs only a trial; the other paths cost 1 to 2 ms (pent5x12), left
   to the trial's second rule, which may not need them. */
#define LARGE_FIRST (2 * SMALL_NODES)

static bool dlx_tree_small(pc_bitdlx *d, pc_bitdlx_paths *paths, double first)
{
  if (first < SMALL_NODES / 4) return true;
  return first < LARGE_FIRST && dlx_tree_nodes(d, paths) < SMALL_NODES;
}

/* Knuth's estimates of the two whole trees: bits's from the first n
   samples (the nodes above them, and the scaled sum: systematic sampling
   by probability), bitdlx's (dlx_tree_nodes) from TRIAL_PATHS random paths.
   True when bitdlx's is the smaller by the `trees` bar. The samples,
   subproblems of bits's tree, can favour bits: on scott.dlx bits visits
   5.7 times bitdlx's nodes on them, 20 times over the whole trees
   (estimated 33); on pent6x10.dlx 3.2 times, 8.0 over the trees
   (estimated 11). But random paths miss the bulk of a tree whose paths
   mostly die young: on the 3x30 one-sided rectangle bitdlx's 1.9 million
   nodes are estimated at 0.1 million, bits's 1.0 million at 1.6 (bits
   is 7 times faster; 1.2 times bitdlx's nodes on the samples). */
static bool smaller_by_node_cost(pc_bitdlx *d, pc_bitdlx_paths *paths, const trial *t,
                                 int32_t n, double scaled)
{
  int32_t points = 0;
  for (int32_t i = 0; i < n; i++) points += t->weight[i];
  if (!points) return false;
  double bits_tree = (double)t->above + t->total / points * scaled;
  return 10 * bits_tree > (double)bars_for(d)->trees * dlx_tree_nodes(d, paths);
}

/* True when bits visits more than the `sample` bar of bitdlx's (Knuth's
   rule) nodes on the samples both searched before `halt`, or more than
   half the `trees` bar there and the `trees` bar over the whole trees
   (the estimates alone can mislead). bitdlx searches the samples of t
   (drawn: draw_trial) first, until `half` (a time: the first half of the
   trial's), so that bits's searches can stop as soon as they pass the bar
   (a board where bits is hopeless costs the trial little) and have time
   left to search what bitdlx did; with a core to spare, bits searches
   them meanwhile (beside_run). */
static bool bitdlx_wins(pc_bitdlx *d, pc_bitdlx_paths *paths, trial *t,
                        const atomic_int *halt, double half, bool spare_core)
{
  uint64_t by_dlx[TRIAL_SAMPLE + 1] = {0}, bits_nodes = 0; /* by_dlx[i]: samples < i */
  int32_t n = 0;
  bool passed = false;
  double scaled = 0;
  beside s;
  beside_start(&s, t->engine, t, spare_core);
  for (uint64_t nodes; n < t->taken && pc_now() < half; n++) {
    if (!(nodes = dlx_on_sample(d, t, n, halt))) break;
    by_dlx[n + 1] = by_dlx[n] + nodes * (uint64_t)t->weight[n];
  }
  beside_end(&s);
  if (n == 0) return false;
  const trial_bars *bars = bars_for(d);
  uint64_t bar = times(by_dlx[n], bars->sample);
  bits_nodes = bits_on_samples(t->engine, t, t->weight, &n, halt, bar, &passed, &scaled);
  return passed || bits_nodes > bar ||
         (20 * bits_nodes > bars->trees * by_dlx[n] &&
          smaller_by_node_cost(d, paths, t, n, scaled));
}

/* A quarter of the sample's points (every QUICK_EVERY-th: systematic
   sampling still) is judged first where bitdlx's tree is under
   QUICK_FIRST nodes by the paths drawn (on y45 the first 256 put 48
   million nodes at 170,000, the 1,024 at 28 million), a search of well
   under a second, where the whole sample costs a tenth of the search or more
   (docs/speed.md, session 23). Where bits visits at most the `quick` bar
   of bitdlx's nodes there (half the `sample` bar at most, under half the
   `trees` bar, at which the trees' estimates may judge), bits wins at
   once; else the whole sample is judged as without this round (bitdlx's
   searches kept). */
#define QUICK_FIRST (10 * SMALL_NODES)
#define QUICK_EVERY 4

/* The quarter's points in sample i: the multiples of QUICK_EVERY among
   its points. */
static int32_t quarter_points(const trial *t, int32_t i)
{
  int32_t from = t->point[i], to = from + t->weight[i];
  return (to + QUICK_EVERY - 1) / QUICK_EVERY - (from + QUICK_EVERY - 1) / QUICK_EVERY;
}

static bool bits_clearly_wins(pc_bitdlx *d, trial *t, const atomic_int *halt)
{
  int32_t weight[TRIAL_SAMPLE], n = t->taken;
  uint64_t dlx_nodes = 0, nodes;
  for (int32_t i = 0; i < n; i++)
    if ((weight[i] = quarter_points(t, i))) {
      if (!(nodes = dlx_on_sample(d, t, i, halt))) return false;
      dlx_nodes += nodes * (uint64_t)weight[i];
    }
  bool passed;
  double scaled;
  uint64_t bar = times(dlx_nodes, bars_for(d)->quick);
  uint64_t bits_nodes = bits_on_samples(t->engine, t, weight, &n, halt, bar, &passed, &scaled);
  return n == t->taken && !passed && bits_nodes <= bar;
}

/* The trial's verdict on its drawn sample: on a quarter of its points
   first where the paths drawn put bitdlx's tree under QUICK_FIRST
   (bits_clearly_wins), then on all (bitdlx_wins). */
static bool bitdlx_wins_drawn(pc_bitdlx *d, pc_bitdlx_paths *paths, trial *t,
                              const atomic_int *halt, double half, bool spare_core)
{
  if (dlx_tree_so_far(paths) < QUICK_FIRST && bits_clearly_wins(d, t, halt)) return false;
  return bitdlx_wins(d, paths, t, halt, half, spare_core);
}

/* Whether the run has a core besides the trial's. */
static bool spare_core(int threads)
{
  return threads > 1 || (threads == 0 && sysconf(_SC_NPROCESSORS_ONLN) > 1);
}

/* bits's instance and the split of its tree for the first paths' estimate,
   until `halt`; with a core to spare, on a thread of its own while
   bitdlx's estimate ends (bitdlx_wins_trial). */
typedef struct drawing {
  const pc_xc *xc;
  double first; /* the first paths' estimate */
  const atomic_int *halt;
  trial t; /* t.engine: bits's instance, NULL when out of memory */
  bool drawn;
  pthread_t thread;
} drawing;

static void draw_trial(drawing *g)
{
  g->t = (trial){.engine = pc_bitsweep_new(g->xc)};
  g->drawn = g->t.engine && split_tree(&g->t, g->xc, trial_leaves(g->first), g->halt);
}

/* The trial's sample for bitdlx's tree as all the paths drawn estimate it
   (more may have been drawn since the split): the split deeper where it
   wants more leaves, then the points; the same on one thread and more. */
static bool sample_drawn(trial *t, const pc_xc *xc, double nodes, const atomic_int *halt)
{
  return split_tree(t, xc, trial_leaves(nodes), halt) && take_points(t, halt);
}

static void *drawing_run(void *arg)
{
  draw_trial(arg);
  return NULL;
}

/* The sample's arrays (not the engine). */
static void trial_free(trial *t)
{
  free(t->prefix);
  free(t->len);
  free(t->weight);
  free(t->solved_at);
  free(t->path_p);
  groups_free(&t->groups);
}

/* Where the first paths' estimate is at least this (and under
   LARGE_FIRST: dlx_tree_small), with a core to spare, the trial's sample
   is drawn while the other paths are. The drawing stops where they find
   the search small, but not while bits's tables are built (some 1 ms),
   and the searches under it ended small as often as not (scott,
   planar2x3x10, hexrhombus; docs/speed.md, session 22). */
#define EARLY_NODES (SMALL_NODES * 5 / 4)

/* Whether bitdlx wins: a small search by Knuth's estimate of its tree
   (*small set), or by the trial, whose time starts with the drawing of
   its sample (early: before the estimate's other paths). *made: bits's
   instance, when it made one. */
static bool bitdlx_wins_trial(pc_bitdlx *d, const pc_xc *xc, const pc_trial_limit *limit,
                              bool *small, pc_bitsweep **made)
{
  pc_bitdlx_paths paths = pc_bitdlx_paths_start(1);
  double first = pc_bitdlx_estimate_more(d, &paths, SMALL_PATHS);
  bool spare = spare_core(limit->threads);
  bool try_early = spare && first >= EARLY_NODES && first < LARGE_FIRST;
  *small = false;
  if (!try_early && (*small = dlx_tree_small(d, &paths, first))) return true;
  watch w;
  const atomic_int *halt = watch_start(&w, limit->stop, limit->seconds, try_early);
  drawing g = {.xc = xc, .first = first, .halt = halt};
  bool early = try_early && halt == &w.halt && !pthread_create(&g.thread, NULL, drawing_run, &g);
  if (try_early) *small = dlx_tree_small(d, &paths, first); /* while drawing, when early */
  if (early) {
    if (*small) atomic_store(&w.halt, 1);
    pthread_join(g.thread, NULL);
  } else if (!*small) {
    draw_trial(&g);
  }
  bool wins = *small || (g.drawn && sample_drawn(&g.t, xc, dlx_tree_so_far(&paths), halt) &&
                         bitdlx_wins_drawn(d, &paths, &g.t, halt, w.half, spare));
  watch_end(&w);
  trial_free(&g.t);
  *made = g.t.engine;
  return wins;
}

/* The bitset engine for a problem both fit, searched by Knuth's rule:
   bitdlx for a small search, else the trial's choice (one bitdlx serves
   both); the winner's instance, which judged, kept in *made. */
static void bitset_choice(const pc_xc *xc, const pc_trial_limit *limit, pc_engine_made *made)
{
  pc_bitdlx *d = pc_bitdlx_new(xc);
  pc_bitsweep *b = NULL;
  bool small = false, wins = d && bitdlx_wins_trial(d, xc, limit, &small, &b);
  if (wins) {
    *made = (pc_engine_made){&pc_engine_bitdlx, d, small};
    pc_bitsweep_free(b);
  } else {
    *made = (pc_engine_made){&pc_engine_bitsweep, b};
    pc_bitdlx_free(d);
  }
}

/* auto's choice where it needs no estimate nor trial, else NULL. */
static const pc_engine *settled_engine(const pc_xc *xc, pc_choose choose)
{
  bool bits = pc_bitsweep_applies(xc), bitdlx = pc_bitdlx_applies(xc);
  /* Bounds without colors: DLX3's tree, on masks when they fit. */
  if (!pc_xc_plain(xc)) return bitdlx ? &pc_engine_bitdlx : &pc_engine_dlx;
  /* bits has its own order: another rule than Knuth's is DLX's tree. */
  if (choose != PC_CHOOSE_MRV) return bitdlx ? &pc_engine_bitdlx : &pc_engine_dlx;
  /* Where bitdlx's tables cannot hold the problem, DLX: no trial weighs
     bits against DLX, and bits, which chooses by fewest options only at
     its top, can visit hundreds of times DLX's nodes on such large boards
     (docs/speed.md, session 25). */
  if (!bitdlx) return &pc_engine_dlx;
  return bits ? NULL : &pc_engine_bitdlx;
}

static void auto_engine(const pc_xc *xc, pc_choose choose, const pc_trial_limit *limit,
                        pc_engine_made *made)
{
  *made = (pc_engine_made){settled_engine(xc, choose), NULL};
  if (!made->engine) bitset_choice(xc, limit ? limit : &(pc_trial_limit){.threads = 1}, made);
}

/* For an engine taken without auto's estimate (named, or settled):
   whether the search is small all the same by that estimate, so that the
   runner splits it into few parts, as it splits auto's small searches; in
   many, each part's retaking of its prefix can cost more than the search
   (DLX's on scott_x23.dlx, docs/speed.md). The estimate walks the tree of
   a plain problem by Knuth's rule, DLX's and bitdlx's; bits, whose own
   tree it is not and whose parts retake their prefixes at little cost, is
   left as it is. bitdlx's instance is kept when bitdlx searches; for DLX
   it is built only up to JUDGED_OPTIONS, whose conflict rows take 8 MiB
   (the estimate is then a few milliseconds, nothing to a large search). */
#define JUDGED_OPTIONS 8192

static void judge_small(const pc_xc *xc, pc_choose choose, pc_engine_made *made)
{
  if (made->instance || made->engine == &pc_engine_bitsweep || !pc_xc_plain(xc) ||
      choose != PC_CHOOSE_MRV || !pc_bitdlx_applies(xc) ||
      (made->engine != &pc_engine_bitdlx && xc->n_options > JUDGED_OPTIONS))
    return;
  pc_bitdlx *d = pc_bitdlx_new(xc);
  if (!d) return;
  pc_bitdlx_paths paths = pc_bitdlx_paths_start(1);
  made->small = dlx_tree_small(d, &paths, pc_bitdlx_estimate_more(d, &paths, SMALL_PATHS));
  if (made->engine == &pc_engine_bitdlx) made->instance = d;
  else pc_bitdlx_free(d);
}

void *pc_engine_instance(const pc_engine *engine, const void *first, const pc_xc *xc)
{
  void *shared = first && engine->share ? engine->share(first) : NULL;
  return shared ? shared : engine->create(engine, xc);
}

void pc_engine_made_free(pc_engine_made *made)
{
  if (made->instance) made->engine->destroy(made->instance);
  made->instance = NULL;
}

const pc_engine *pc_engine_auto(const pc_xc *xc, pc_choose choose)
{
  pc_engine_made made;
  auto_engine(xc, choose, NULL, &made);
  pc_engine_made_free(&made);
  return made.engine;
}

bool pc_engine_known(const char *name)
{
  return by_name(name) || !strcmp(name, "auto");
}

/* Whether the engine can take the problem: the bitset engines' tables
   are limited (bitdlx.h, bitsweep.h). */
static bool fits(const pc_engine *e, const pc_xc *xc)
{
  if (e == &pc_engine_bitdlx) return pc_bitdlx_applies(xc);
  if (e == &pc_engine_bitsweep) return pc_bitsweep_applies(xc);
  return true;
}

/* PC_OK, or why `engine` (named `name`) cannot search xc by rule `choose`. */
static pc_status check_engine(const char *name, bool is_auto, const pc_xc *xc, pc_choose choose,
                              const pc_engine *engine, pc_error *err)
{
  if (!engine)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        is_auto ? "engine auto needs the problem to choose"
                                : "unknown engine '%s' (dlx, bitdlx, bits or auto)",
                        name);
  if (engine == &pc_engine_bitsweep && choose != PC_CHOOSE_MRV)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "--leftmost is a rule of the dlx and bitdlx engines: bits branches in "
                        "an order of its own");
  if (xc && engine != &pc_engine_dlx && pc_xc_has_colors(xc))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "engine %s takes no colors, and this problem has some: use --engine dlx "
                        "or auto",
                        name);
  if (xc && engine == &pc_engine_bitsweep && pc_xc_has_bounds(xc))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "engine bits covers each item once, and this problem has items covered "
                        "more than once (bounds, copies): use --engine bitdlx, dlx or auto");
  if (xc && !fits(engine, xc))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "engine %s cannot take this problem: its %d items and %d options need "
                        "more than the engine's %zu MiB of bits%s (try --engine dlx or auto)",
                        name, (int)xc->n_items, (int)xc->n_options,
                        (engine == &pc_engine_bitdlx ? PC_BITDLX_MAX_ROW_BYTES
                                                     : PC_BITSWEEP_MAX_MASK_BYTES) >> 20,
                        engine == &pc_engine_bitdlx
                            ? " (about 23,000 options, or a few thousand items)"
                            : "");
  return PC_OK;
}

pc_status pc_engine_select(const char *name, const pc_xc *xc, pc_choose choose,
                           const pc_trial_limit *limit, const pc_engine **engine, pc_error *err)
{
  pc_engine_made made;
  pc_status s = pc_engine_select_made(name, xc, choose, limit, &made, err);
  pc_engine_made_free(&made);
  *engine = made.engine;
  return s;
}

pc_status pc_engine_select_made(const char *name, const pc_xc *xc, pc_choose choose,
                                const pc_trial_limit *limit, pc_engine_made *made,
                                pc_error *err)
{
  bool is_auto = !strcmp(name, "auto");
  *made = (pc_engine_made){by_name(name), NULL};
  if (is_auto && xc)
    auto_engine(xc, choose, limit, made);
  pc_status s = check_engine(name, is_auto, xc, choose, made->engine, err);
  if (s) pc_engine_made_free(made);
  else if (xc) judge_small(xc, choose, made);
  return s;
}

/* engines.c — DLX and the bitset engines behind the runner's interface,
   and the choice between them. */
#include "core/engines.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/bitdlx.h"
#include "core/bitsweep.h"

static void *dlx_create(const pc_engine *self, const pc_xc *xc)
{
  (void)self;
  return pc_dlx_new(xc);
}
static void dlx_destroy(void *e) { pc_dlx_free(e); }
static void dlx_search(void *e, const pc_dlx_config *cfg, pc_dlx_stats *st)
{
  pc_dlx_search(e, cfg, st);
}
static double dlx_probability(const void *e, int32_t n) { return pc_dlx_path_probability(e, n); }

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

static double bits_probability(const void *e, int32_t n) { return pc_bitsweep_path_probability(e, n); }

const pc_engine pc_engine_bitsweep = {"bits", false, bits_create, bits_destroy, bits_search,
                                  bits_probability, NULL, NULL};

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

const pc_engine pc_engine_bitdlx = {"bitdlx", false, bitdlx_create, bitdlx_destroy,
                                    bitdlx_search, bitdlx_probability, NULL, NULL};

const pc_engine *pc_engine_by_name(const char *name, bool *is_auto)
{
  *is_auto = !strcmp(name, "auto");
  if (!strcmp(name, "dlx")) return &pc_engine_dlx;
  if (!strcmp(name, "bits")) return &pc_engine_bitsweep;
  if (!strcmp(name, "bitdlx")) return &pc_engine_bitdlx;
  return NULL;
}

/* The trial behind `auto`. The bits engine's own tree is split at the
   first depth with TRIAL_LEAVES subproblems or more, and TRIAL_SAMPLE of
   them are drawn in proportion to their path probabilities (Knuth's
   estimate of a subtree's share: the heavy ones, where the work is), then
   searched by both bitset engines. A bitdlx node costs about
   TRIAL_NODE_COST bits nodes (4 to 9 on the shipped boards), so bitdlx is
   taken when bits visits more than that many times its nodes. Nodes, not
   seconds: the same problem always gets the same engine. On the shipped
   boards the trial takes a few hundredths of a second, about 2 s on
   O'Beirne's hexagon (2% of its search). */
#define TRIAL_LEAVES 16384
#define TRIAL_SAMPLE 64
#define TRIAL_NODE_COST 7

typedef struct trial {
  pc_bitsweep *engine;
  int64_t leaves;
  int32_t depth, taken;
  double total, seen;     /* the leaves' path probabilities: all, so far */
  int32_t next;           /* the next sample point to pass */
  int32_t *prefix, *len, *weight; /* TRIAL_SAMPLE prefixes of `depth` options */
} trial;

static bool count_leaf(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  trial *t = ctx;
  t->leaves++;
  t->total += pc_bitsweep_path_probability(t->engine, n);
  return false;
}

/* Systematic sampling: the leaf in which the cumulative probability
   passes (i + 1/2) / TRIAL_SAMPLE of the total, weighted by how many such
   points fall in it. */
static bool take_leaf(void *ctx, const int32_t *options, int32_t n)
{
  trial *t = ctx;
  t->seen += pc_bitsweep_path_probability(t->engine, n);
  int32_t w = 0;
  while (t->next < TRIAL_SAMPLE && t->seen >= (t->next + 0.5) / TRIAL_SAMPLE * t->total)
    t->next++, w++;
  if (w) {
    memcpy(t->prefix + (size_t)t->taken * (size_t)t->depth, options, (size_t)n * sizeof *options);
    t->len[t->taken] = n;
    t->weight[t->taken++] = w;
  }
  return false;
}

/* True when bitdlx (Knuth's rule) visits fewer than 1 / TRIAL_NODE_COST
   of bits's nodes on the sample; false too when out of memory. */
static bool bitdlx_wins(const pc_xc *xc)
{
  pc_bitdlx *d = pc_bitdlx_new(xc);
  pc_bitsweep *b = pc_bitsweep_new(xc);
  trial t = {.engine = b};
  pc_dlx_stats st;
  uint64_t dlx_nodes = 0, bits_nodes = 0;
  bool wins = false;
  if (!d || !b) goto done;
  /* The shallowest depth with enough leaves, or the whole tree. */
  for (int64_t before = -1;
       t.leaves < TRIAL_LEAVES && t.leaves > before && t.depth < xc->n_primary;) {
    before = t.leaves;
    t.leaves = 0;
    t.total = 0;
    t.depth++;
    pc_bitsweep_search(b, &(pc_dlx_config){.split_depth = t.depth, .visit = count_leaf, .ctx = &t},
                   &st);
  }
  t.prefix = pc_alloc_array((size_t)TRIAL_SAMPLE * (size_t)t.depth, sizeof *t.prefix);
  t.len = pc_alloc_array(TRIAL_SAMPLE, sizeof *t.len);
  t.weight = pc_alloc_array(TRIAL_SAMPLE, sizeof *t.weight);
  if (!t.prefix || !t.len || !t.weight) goto done;
  pc_bitsweep_search(b, &(pc_dlx_config){.split_depth = t.depth, .visit = take_leaf, .ctx = &t}, &st);
  /* bitdlx first: bits can stop as soon as it is past the mark. */
  for (int pass = 0; pass < 2; pass++)
    for (int32_t i = 0; i < t.taken && !wins; i++) {
      pc_dlx_config sub = {.prefix = t.prefix + (size_t)i * (size_t)t.depth,
                           .n_prefix = t.len[i]};
      if (pass == 0) {
        pc_bitdlx_search(d, &sub, &st);
        dlx_nodes += st.nodes * (uint64_t)t.weight[i];
      } else {
        pc_bitsweep_search(b, &sub, &st);
        bits_nodes += st.nodes * (uint64_t)t.weight[i];
        wins = bits_nodes > TRIAL_NODE_COST * dlx_nodes;
      }
    }
done:
  free(t.prefix);
  free(t.len);
  free(t.weight);
  pc_bitdlx_free(d);
  pc_bitsweep_free(b);
  return wins;
}

const pc_engine *pc_engine_auto(const pc_xc *xc, pc_choose choose)
{
  bool bits = pc_bitsweep_applies(xc), bitdlx = pc_bitdlx_applies(xc);
  /* bits has its own order: another rule than Knuth's is DLX's tree. */
  if (choose != PC_CHOOSE_MRV) return bitdlx ? &pc_engine_bitdlx : &pc_engine_dlx;
  if (bits && bitdlx) return bitdlx_wins(xc) ? &pc_engine_bitdlx : &pc_engine_bitsweep;
  return bitdlx ? &pc_engine_bitdlx : bits ? &pc_engine_bitsweep : &pc_engine_dlx;
}

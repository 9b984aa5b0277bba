/* test_dlx.c — the DLX engine against Knuth's published figures
   (Knuth's matrices and figures, copied to tests/data). */
#include <criterion/criterion.h>
#include <string.h>

#include "core/dlx.h"
#include "engine_check.h"
#include "support.h"

typedef struct figures {
  const char *file;
  uint64_t solutions, nodes, updates;
} figures;

static pc_dlx_stats solve(const char *file, const pc_dlx_config *cfg)
{
  pc_xc xc;
  pc_load_dlx1(file, &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  cr_assert_not_null(d);
  pc_dlx_stats st;
  pc_dlx_search(d, cfg, &st);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  return st;
}

static void check(figures f)
{
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  pc_dlx_stats st = solve(f.file, &cfg);
  cr_expect_eq(st.solutions, f.solutions, "%s solutions %llu", f.file,
               (unsigned long long)st.solutions);
  cr_expect_eq(st.nodes, f.nodes, "%s nodes %llu", f.file, (unsigned long long)st.nodes);
  cr_expect_eq(st.updates, f.updates, "%s updates %llu", f.file,
               (unsigned long long)st.updates);
  cr_expect(st.complete);
}

Test(dlx, knuth3_figures) { check((figures){"knuth3.dlx", 1, 6, 30}); }
Test(dlx, scott_x23_figures) { check((figures){"scott_x23.dlx", 19, 10422, 3617723}); }
Test(dlx, scott_x24_figures) { check((figures){"scott_x24.dlx", 20, 12901, 4547186}); }
Test(dlx, hexi_rhombus_figures) { check((figures){"hexi_rhombus.dlx", 156, 70505, 37313405}); }
Test(dlx, scott_figures) { check((figures){"scott.dlx", 520, 289327, 101013837}); }

typedef struct collected {
  int count;
  int32_t options[8][8];
  int32_t sizes[8];
} collected;

static bool collect(void *ctx, const int32_t *options, int32_t n)
{
  collected *c = ctx;
  memcpy(c->options[c->count], options, (size_t)n * sizeof *options);
  c->sizes[c->count++] = n;
  return false;
}

/* The paper: the one solution of matrix (3) is rows 1, 4 and 5, chosen in
   the order 4 (A D), 1 (C E F), 5 (B G) by Knuth's rule. */
Test(dlx, knuth3_solution_rows)
{
  collected c = {0};
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = collect, .ctx = &c};
  solve("knuth3.dlx", &cfg);
  cr_assert_eq(c.count, 1);
  cr_assert_eq(c.sizes[0], 3);
  cr_expect_eq(c.options[0][0], 3); /* row 4: A D */
  cr_expect_eq(c.options[0][1], 0); /* row 1: C E F */
  cr_expect_eq(c.options[0][2], 4); /* row 5: B G */
}

/* Without the S heuristic the paper's Scott X-at-23 tree has 103,005 nodes
   below the root (Knuth counts the root out): 103,006 with it. The paper
   branched on X first, so its item comes first in this copy. */
Test(dlx, leftmost_scott_x23)
{
  pc_dlx_config cfg = {.choose = PC_CHOOSE_LEFTMOST};
  pc_dlx_stats st = solve("scott_x23_xfirst.dlx", &cfg);
  cr_expect_eq(st.solutions, 19);
  cr_expect_eq(st.nodes, 103006);
  cr_expect_eq(st.updates, 17818752);
}

/* The paper's profile of Scott's X at 23 (its level k is our level k + 1
   for nodes, since it leaves the root out, and our level k for updates). */
Test(dlx, profile_matches_paper)
{
  static const uint64_t nodes[] = {1, 1, 2, 22, 77, 219, 518, 1395, 2483, 2574, 2475, 636, 19};
  static const uint64_t updates[] = {2031, 1676, 28492, 77687, 152957, 367939,
                                     853788, 941265, 740523, 418334, 32205, 826, 0};
  pc_xc xc;
  pc_load_dlx1("scott_x23.dlx", &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  cr_assert_eq(st.levels, 13);
  for (int l = 0; l < 13; l++) {
    cr_expect_eq(st.level_nodes[l], nodes[l], "level %d nodes %llu", l,
                 (unsigned long long)st.level_nodes[l]);
    cr_expect_eq(st.level_updates[l], updates[l], "level %d updates %llu", l,
                 (unsigned long long)st.level_updates[l]);
  }
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

static bool stop_at_once(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  (void)n;
  ++*(int *)ctx;
  return true;
}

/* Limits stop the search, and the structure comes back intact: a second
   search on the same solver gives the full figures. */
Test(dlx, limits_and_restore)
{
  pc_xc xc;
  pc_load_dlx1("scott_x24.dlx", &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_dlx_stats st;
  pc_dlx_config lim = {.choose = PC_CHOOSE_MRV, .max_solutions = 3};
  pc_dlx_search(d, &lim, &st);
  cr_expect_eq(st.solutions, 3);
  cr_expect(!st.complete);
  int visits = 0;
  pc_dlx_config vis = {.choose = PC_CHOOSE_MRV, .visit = stop_at_once, .ctx = &visits};
  pc_dlx_search(d, &vis, &st);
  cr_expect_eq(visits, 1);
  pc_dlx_config few = {.choose = PC_CHOOSE_MRV, .max_nodes = 100};
  pc_dlx_search(d, &few, &st);
  cr_expect_eq(st.nodes, 100);
  cr_expect(!st.complete);
  pc_dlx_config upd = {.choose = PC_CHOOSE_MRV, .max_updates = 1000000};
  pc_dlx_search(d, &upd, &st);
  cr_expect(!st.complete);
  cr_expect(st.updates >= 1000000 && st.updates < 4547186);
  atomic_int stop = 1;
  pc_dlx_config stopped = {.choose = PC_CHOOSE_MRV, .stop = &stop};
  pc_dlx_search(d, &stopped, &st);
  cr_expect_eq(st.nodes, 1);
  cr_expect(!st.complete);
  pc_dlx_config full = {.choose = PC_CHOOSE_MRV};
  pc_dlx_search(d, &full, &st);
  cr_expect_eq(st.solutions, 20);
  cr_expect_eq(st.nodes, 12901);
  cr_expect_eq(st.updates, 4547186);
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

/* Secondary items are covered at most once: two options sharing only a
   secondary item cannot both be chosen. */
Test(dlx, secondary_items)
{
  pc_xc xc;
  pc_xc_init(&xc);
  int32_t a, b, s;
  pc_xc_add_item(&xc, "a", false, &a, NULL);
  pc_xc_add_item(&xc, "b", false, &b, NULL);
  pc_xc_add_item(&xc, "s", true, &s, NULL);
  int32_t o1[] = {a, s}, o2[] = {b, s}, o3[] = {a}, o4[] = {b};
  pc_xc_add_option(&xc, o1, 2, NULL);
  pc_xc_add_option(&xc, o2, 2, NULL);
  pc_xc_add_option(&xc, o3, 1, NULL);
  pc_xc_add_option(&xc, o4, 1, NULL);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_dlx_stats st;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  pc_dlx_search(d, &cfg, &st);
  cr_expect_eq(st.solutions, 3); /* {o1,o4} {o3,o2} {o3,o4} */
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

/* The long enumeration goes to `make check-long`. */
Test(long, pent6x10_figures, .timeout = 600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  check((figures){"pent6x10.dlx", 9356, 3620988, 1235724537});
  check((figures){"pent6x10_xq.dlx", 2339, 904970, 309134131});
  check((figures){"hexi_rhombus_all.dlx", 624, 267663, 137107467});
}

/* Solutions as sets of options, sorted, for comparing two enumerations
   that meet them in different orders. */
#define MAX_OPTIONS 16

typedef struct solution_set {
  int32_t (*rows)[MAX_OPTIONS + 1]; /* rows[i][0] = n, then the options sorted */
  size_t n, cap;
  const int32_t *prefix;            /* when set, every solution must start so */
  int32_t n_prefix;
} solution_set;

static int cmp_i32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static int cmp_row(const void *a, const void *b)
{
  return memcmp(a, b, sizeof(int32_t[MAX_OPTIONS + 1]));
}

static bool add_solution(void *ctx, const int32_t *options, int32_t n)
{
  solution_set *s = ctx;
  cr_assert(n <= MAX_OPTIONS);
  for (int32_t i = 0; i < s->n_prefix; i++) cr_assert_eq(options[i], s->prefix[i]);
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 64;
    s->rows = realloc(s->rows, s->cap * sizeof *s->rows);
  }
  int32_t *row = s->rows[s->n++];
  memset(row, 0, sizeof(int32_t[MAX_OPTIONS + 1]));
  row[0] = n;
  memcpy(row + 1, options, (size_t)n * sizeof *options);
  qsort(row + 1, (size_t)n, sizeof *row, cmp_i32);
  return false;
}

/* Splitting at `depth` and solving every part as a subproblem gives the
   whole search: the same solutions, and the same nodes and updates once
   each part's root (a leaf of the split search) is counted once. */
static void check_split(const char *file, int32_t depth)
{
  pc_xc xc;
  pc_load_dlx1(file, &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  cr_assert_not_null(d);
  solution_set whole = {0}, parts = {0}, split = {0};
  pc_dlx_stats all, top, sub;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = add_solution, .ctx = &whole};
  pc_dlx_search(d, &cfg, &all);
  uint64_t all_level_nodes[64]; /* the solver's arrays change at each search */
  cr_assert(all.levels <= 64);
  memcpy(all_level_nodes, all.level_nodes, (size_t)all.levels * sizeof *all_level_nodes);
  cfg = (pc_dlx_config){.choose = PC_CHOOSE_MRV, .visit = add_solution, .ctx = &split,
                        .split_depth = depth};
  pc_dlx_search(d, &cfg, &top);
  cr_expect_eq(top.solutions, split.n);
  uint64_t solutions = 0, nodes = top.nodes - top.solutions, updates = top.updates;
  uint64_t level_nodes[64] = {0};
  for (int32_t l = 0; l < top.levels; l++) level_nodes[l] = top.level_nodes[l];
  for (size_t i = 0; i < split.n; i++) {
    int32_t n = split.rows[i][0];
    cr_assert(n <= depth);
    /* The split visitor's rows are sorted: search again in that order. */
    parts.prefix = split.rows[i] + 1;
    parts.n_prefix = n;
    cfg = (pc_dlx_config){.choose = PC_CHOOSE_MRV, .visit = add_solution, .ctx = &parts,
                          .prefix = parts.prefix, .n_prefix = n};
    pc_dlx_search(d, &cfg, &sub);
    cr_assert(sub.complete);
    cr_assert(sub.nodes >= 1);
    solutions += sub.solutions;
    nodes += sub.nodes;
    updates += sub.updates;
    level_nodes[n]--;
    for (int32_t l = 0; l < sub.levels; l++) level_nodes[l] += sub.level_nodes[l];
  }
  cr_expect_eq(solutions, all.solutions, "%s depth %d: %llu solutions", file, depth,
               (unsigned long long)solutions);
  cr_expect_eq(nodes, all.nodes, "%s depth %d: %llu nodes", file, depth,
               (unsigned long long)nodes);
  cr_expect_eq(updates, all.updates, "%s depth %d: %llu updates", file, depth,
               (unsigned long long)updates);
  for (int32_t l = 0; l < all.levels; l++)
    cr_expect_eq(level_nodes[l], all_level_nodes[l], "%s depth %d level %d", file, depth, l);
  cr_assert_eq(parts.n, whole.n);
  qsort(whole.rows, whole.n, sizeof *whole.rows, cmp_row);
  qsort(parts.rows, parts.n, sizeof *parts.rows, cmp_row);
  cr_expect(!memcmp(whole.rows, parts.rows, whole.n * sizeof *whole.rows));
  free(whole.rows);
  free(parts.rows);
  free(split.rows);
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

Test(dlx, split_knuth3)
{
  for (int32_t depth = 1; depth <= 4; depth++) check_split("knuth3.dlx", depth);
}

Test(dlx, split_scott_x23)
{
  for (int32_t depth = 1; depth <= 5; depth++) check_split("scott_x23.dlx", depth);
}

Test(dlx, split_hexi_rhombus) { check_split("hexi_rhombus.dlx", 3); }
Test(dlx, split_scott) { check_split("scott.dlx", 2); }

/* The prefix is taken whatever item the search would choose: two options
   of knuth3 that together leave one way to finish. */
Test(dlx, prefix_any_options)
{
  pc_xc xc;
  pc_load_dlx1("knuth3.dlx", &xc);
  pc_dlx *d = pc_dlx_new(&xc);
  int32_t good[] = {4, 0}, overlap[] = {3, 5}, twice[] = {0, 0}, bad[] = {0, 99};
  solution_set s = {.prefix = good, .n_prefix = 2};
  pc_dlx_stats st;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = add_solution, .ctx = &s,
                       .prefix = good, .n_prefix = 2};
  pc_dlx_search(d, &cfg, &st);
  cr_expect_eq(st.solutions, 1);
  cr_expect_eq(st.levels, 4);
  cr_expect_eq(st.level_nodes[2], 1);
  const int32_t *wrong[] = {overlap, twice, bad};
  for (int i = 0; i < 3; i++) {
    cfg = (pc_dlx_config){.choose = PC_CHOOSE_MRV, .prefix = wrong[i], .n_prefix = 2};
    pc_dlx_search(d, &cfg, &st);
    cr_expect_eq(st.solutions, 0);
    cr_expect_eq(st.nodes, 0);
    cr_expect(st.complete);
  }
  pc_dlx_config full = {.choose = PC_CHOOSE_MRV};
  pc_dlx_search(d, &full, &st);
  cr_expect_eq(st.solutions, 1);
  cr_expect_eq(st.nodes, 6);
  cr_expect_eq(st.updates, 30);
  free(s.rows);
  pc_dlx_free(d);
  pc_xc_free(&xc);
}

/* The share of the tree done moves as the search goes (for the progress
   line), within what the solutions still to come leave. */
Test(dlx, share_of_tree_done)
{
  pc_xc xc;
  pc_load_dlx1("hexi_rhombus.dlx", &xc);
  pc_check_share(&pc_engine_dlx, &xc);
  pc_xc_free(&xc);
}

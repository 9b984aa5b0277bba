/* test_dlx3.c — bounds and colors (Knuth's DLX2 and DLX3): his documented
   examples, random small problems against a brute-force count, plain
   problems against DLX, and split searches that add up; bitdlx on bounds
   (no colors) against all of these, node for node with DLX3. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "core/dlx1.h"
#include "core/dlx3.h"
#include "core/engines.h"
#include "engine_check.h"
#include "run/runner.h"
#include "support.h"

static void read_text(const char *text, pc_xc *xc, pc_dlx1_notes *notes)
{
  FILE *in = fmemopen((void *)text, strlen(text), "r");
  cr_assert_not_null(in);
  pc_error err = {0};
  cr_assert_eq(pc_dlx1_read(in, xc, notes, &err), PC_OK, "%d:%d: %s", err.line, err.column,
               err.msg);
  fclose(in);
}

typedef struct collected {
  char text[4096];
  uint64_t count;
} collected;

/* Each solution's options as written in DLX1, one line each. */
static const pc_xc *shown_xc;
static bool collect(void *ctx, const int32_t *options, int32_t n)
{
  collected *c = ctx;
  FILE *out = fmemopen(c->text + strlen(c->text), sizeof c->text - strlen(c->text), "w");
  for (int32_t i = 0; i < n; i++) pc_dlx1_write_option(out, shown_xc, options[i]);
  fclose(out);
  c->count++;
  return false;
}

static pc_dlx_stats search(const pc_xc *xc, collected *c)
{
  pc_dlx3 *d = pc_dlx3_new(xc);
  cr_assert_not_null(d);
  shown_xc = xc;
  pc_dlx_stats st;
  pc_dlx3_search(d, &(pc_dlx_config){.visit = c ? collect : NULL, .ctx = c}, &st);
  pc_dlx3_free(d);
  return st;
}

/* The examples at the head of Knuth's dlx2.w and dlx3.w, with the unique
   solution each documents ("The unique solution consists of options..."). */
Test(dlx3, knuths_documented_examples)
{
  pc_xc xc;
  pc_dlx1_notes notes;
  collected c = {{0}, 0};
  read_text("| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\n"
            "X:0 Y:1\nB X:1\nC Y:1\n",
            &xc, &notes);
  cr_expect_eq(notes.skipped, 1, "dlx2 drops the option without a primary item");
  cr_expect_eq(notes.first_skipped, 5);
  cr_expect(search(&xc, &c).complete);
  cr_expect_eq(c.count, 1);
  cr_expect_str_eq(c.text, "A C X:1 Y:1\nB X:1\n");
  pc_xc_free(&xc);
  c = (collected){{0}, 0};
  read_text("| A simple example of color controls\nA B 2:3|C | X Y\nA B X:0 Y:0\n"
            "A C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n",
            &xc, NULL);
  cr_expect_eq(pc_xc_lower(&xc, 2), 2);
  cr_expect_eq(pc_xc_upper(&xc, 2), 3);
  search(&xc, &c);
  cr_expect_eq(c.count, 1);
  cr_expect_str_eq(c.text, "A C X:1 Y:1\nB X:1\nC Y:1\n");
  pc_xc_free(&xc);
}

/* ---- random problems against brute force ---- */

static uint64_t rng_state;
static uint32_t next_u32(void)
{
  rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng_state >> 33);
}

/* A random problem: up to 4 primary items with bounds in 0..3, up to 3
   secondary ones, up to 11 options, each with a primary item, colors on
   some secondary entries when `colored`. */
static void random_problem(pc_xc *xc, bool colored)
{
  int32_t np = 1 + (int32_t)(next_u32() % 4), ns = (int32_t)(next_u32() % 4);
  int32_t no = 1 + (int32_t)(next_u32() % 11), colors[2];
  pc_xc_init(xc);
  for (int32_t i = 0; i < np + ns; i++) {
    char name[8];
    snprintf(name, sizeof name, "%c%d", i < np ? 'p' : 's', i);
    cr_assert_eq(pc_xc_add_item(xc, name, i >= np, NULL, NULL), PC_OK);
  }
  for (int32_t i = 0; i < np; i++) {
    int32_t b = 1 + (int32_t)(next_u32() % 3), a = (int32_t)(next_u32() % (uint32_t)(b + 1));
    cr_assert_eq(pc_xc_set_bounds(xc, i, a, b, NULL), PC_OK);
  }
  cr_assert_eq(pc_xc_color(xc, "a", &colors[0], NULL), PC_OK);
  cr_assert_eq(pc_xc_color(xc, "b", &colors[1], NULL), PC_OK);
  for (int32_t k = 0; k < no; k++) {
    int32_t items[8], col[8], n = 0;
    items[n] = (int32_t)(next_u32() % (uint32_t)np), col[n++] = 0;
    for (int32_t i = 0; i < np + ns; i++) {
      if (i == items[0] || next_u32() % 3) continue;
      items[n] = i;
      col[n++] = colored && i >= np && next_u32() % 2 ? colors[next_u32() % 2] : 0;
    }
    cr_assert_eq(pc_xc_add_colored_option(xc, items, col, n, NULL), PC_OK);
  }
}

/* Whether the options in `set` (a bit mask) satisfy every bound and color. */
static bool satisfies(const pc_xc *xc, uint32_t set)
{
  int32_t count[8] = {0}, color[8] = {0};
  for (int32_t k = 0; k < xc->n_options; k++) {
    if (!(set >> k & 1)) continue;
    const int32_t *items = pc_xc_option(xc, k), *colors = pc_xc_option_colors(xc, k);
    for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
      int32_t i = items[j], c = colors ? colors[j] : 0;
      count[i]++;
      if (i < xc->n_primary) continue;
      /* Uncolored: alone there; colored: the same color as the others. */
      if (count[i] > 1 && (!c || color[i] != c)) return false;
      color[i] = c;
    }
  }
  for (int32_t i = 0; i < xc->n_primary; i++)
    if (count[i] < pc_xc_lower(xc, i) || count[i] > pc_xc_upper(xc, i)) return false;
  return true;
}

static uint64_t brute_force(const pc_xc *xc)
{
  uint64_t n = 0;
  for (uint32_t set = 0; set < 1u << xc->n_options; set++) n += satisfies(xc, set);
  return n;
}

Test(dlx3, random_problems_match_brute_force)
{
  rng_state = 2026;
  for (int trial = 0; trial < 3000; trial++) {
    pc_xc xc;
    random_problem(&xc, true);
    pc_dlx_stats st = search(&xc, NULL);
    cr_assert(st.complete);
    cr_assert_eq(st.solutions, brute_force(&xc), "trial %d: dlx3 %llu", trial,
                 (unsigned long long)st.solutions);
    pc_xc_free(&xc);
  }
}

/* ---- split searches: the leaves replayed as prefixes add up ---- */

typedef struct leaves {
  int32_t prefix[4096][16], n[4096], count;
} leaves;

static bool keep_leaf(void *ctx, const int32_t *options, int32_t n)
{
  leaves *l = ctx;
  cr_assert_lt(l->count, 4096);
  cr_assert_leq(n, 16);
  memcpy(l->prefix[l->count], options, (size_t)n * sizeof *options);
  l->n[l->count++] = n;
  return false;
}

/* Whole search = split search + every leaf searched as a subproblem
   (dlx.h): solutions and updates add up, nodes less the leaves. */
static void check_split(const pc_engine *engine, const pc_xc *xc, int32_t depth, int trial)
{
  void *d = engine->create(engine, xc);
  cr_assert_not_null(d);
  pc_dlx_stats whole, top, sub;
  static leaves l;
  l.count = 0;
  engine->search(d, &(pc_dlx_config){0}, &whole);
  engine->search(d, &(pc_dlx_config){.split_depth = depth, .visit = keep_leaf, .ctx = &l}, &top);
  uint64_t solutions = 0, nodes = top.nodes - top.solutions, updates = top.updates;
  for (int32_t i = 0; i < l.count; i++) {
    engine->search(d, &(pc_dlx_config){.prefix = l.prefix[i], .n_prefix = l.n[i]}, &sub);
    solutions += sub.solutions;
    nodes += sub.nodes;
    updates += sub.updates;
  }
  cr_expect_eq(solutions, whole.solutions, "%s trial %d depth %d", engine->name, trial, depth);
  cr_expect_eq(nodes, whole.nodes, "%s trial %d depth %d", engine->name, trial, depth);
  cr_expect_eq(updates, whole.updates, "%s trial %d depth %d", engine->name, trial, depth);
  engine->destroy(d);
}

Test(dlx3, split_searches_add_up)
{
  rng_state = 7;
  for (int trial = 0; trial < 300; trial++) {
    pc_xc xc;
    random_problem(&xc, true);
    for (int32_t depth = 1; depth <= 3; depth++) check_split(&pc_engine_dlx, &xc, depth, trial);
    pc_xc_free(&xc);
  }
}

/* On plain problems DLX3's rule is DLX's: the same tree, node for node. */
Test(dlx3, plain_problems_have_dlx_nodes)
{
  static const char *const files[] = {"knuth3.dlx", "scott.dlx"};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    pc_xc xc;
    pc_load_dlx1(files[i], &xc);
    pc_dlx *plain = pc_dlx_new(&xc);
    pc_dlx_stats a, b = search(&xc, NULL);
    pc_dlx_search(plain, &(pc_dlx_config){0}, &a);
    cr_expect_eq(b.solutions, a.solutions, "%s", files[i]);
    cr_expect_eq(b.nodes, a.nodes, "%s", files[i]);
    pc_dlx_free(plain);
    pc_xc_free(&xc);
  }
}

/* Completions of a random set of given options (prefix_given), against
   the brute-force count of the solutions that hold them all (0 when they
   cannot be taken together); afterwards the engine searches the whole
   problem right again. */
static void check_given(const pc_engine *engine, const pc_xc *xc, int trial)
{
  int32_t given[2], n = (int32_t)(next_u32() % 3);
  uint32_t mask = 0;
  for (int32_t i = 0; i < n; i++) {
    given[i] = (int32_t)(next_u32() % (uint32_t)xc->n_options);
    if (mask >> given[i] & 1) n = i; /* no option twice */
    mask |= 1u << given[i];
  }
  uint64_t want = 0;
  for (uint32_t set = 0; set < 1u << xc->n_options; set++)
    want += (set & mask) == mask && satisfies(xc, set);
  void *d = engine->create(engine, xc);
  cr_assert_not_null(d);
  pc_dlx_stats st;
  engine->search(d, &(pc_dlx_config){.prefix = given, .n_prefix = n, .prefix_given = true}, &st);
  cr_assert_eq(st.solutions, want, "%s trial %d", engine->name, trial);
  engine->search(d, &(pc_dlx_config){0}, &st);
  cr_assert_eq(st.solutions, brute_force(xc), "%s trial %d: structure restored", engine->name,
               trial);
  engine->destroy(d);
}

Test(dlx3, given_options_match_brute_force)
{
  rng_state = 99;
  for (int trial = 0; trial < 2000; trial++) {
    pc_xc xc;
    random_problem(&xc, true);
    check_given(&pc_engine_dlx, &xc, trial);
    pc_xc_free(&xc);
  }
}

/* ---- bitdlx on bounds: DLX3's tree on masks ---- */

/* Random problems with bounds and no colors: bitdlx finds DLX3's
   solutions with DLX3's nodes and profile (both rules), the brute-force
   count, and its splits and given options work as DLX3's. */
Test(dlx3, bitdlx_searches_dlx3s_tree)
{
  rng_state = 2027;
  for (int trial = 0; trial < 3000; trial++) {
    pc_xc xc;
    random_problem(&xc, false);
    char what[32];
    snprintf(what, sizeof what, "trial %d", trial);
    cr_assert(!pc_xc_has_colors(&xc));
    uint64_t n = pc_check_same_as_dlx(&pc_engine_bitdlx, &xc, what, PC_CHOOSE_MRV, true);
    cr_assert_eq(n, brute_force(&xc), "%s", what);
    pc_check_same_as_dlx(&pc_engine_bitdlx, &xc, what, PC_CHOOSE_LEFTMOST, true);
    if (trial % 10 == 0)
      for (int32_t depth = 1; depth <= 3; depth++)
        check_split(&pc_engine_bitdlx, &xc, depth, trial);
    check_given(&pc_engine_bitdlx, &xc, trial);
    pc_xc_free(&xc);
  }
}

/* Beyond 256 primary items (bitdlx's wide keys): 130 dominoes in a row,
   each plain or marked, two of them marked (item 260, bounds [2, 2]):
   C(130, 2) = 8,385 ways, with DLX3's nodes. (The same with 150 dominoes
   and three marked: 551,300 ways in 21,374,049 nodes, as Knuth's dlx3
   counts them.) */
Test(dlx3, bitdlx_beyond_256_items)
{
  pc_xc xc;
  pc_xc_with_items(&xc, 261, 0);
  cr_assert_eq(pc_xc_set_bounds(&xc, 260, 2, 2, NULL), PC_OK);
  for (int32_t k = 0; k < 260; k += 2) {
    int32_t items[3] = {k, k + 1, 260};
    cr_assert_eq(pc_xc_add_option(&xc, items, 2, NULL), PC_OK);
    cr_assert_eq(pc_xc_add_option(&xc, items, 3, NULL), PC_OK);
  }
  uint64_t n = pc_check_same_as_dlx(&pc_engine_bitdlx, &xc, "260 + 1 items", PC_CHOOSE_MRV, true);
  cr_expect_eq(n, 8385);
  pc_xc_free(&xc);
}

/* max_nodes with bounds: at most that many nodes, DLX3 and bitdlx alike;
   then the whole search again. */
Test(dlx3, node_limit)
{
  pc_board bd;
  pc_board_load("tetra2x5x8", &bd);
  const pc_engine *const engines[] = {&pc_engine_dlx, &pc_engine_bitdlx};
  for (int i = 0; i < 2; i++) {
    void *e = engines[i]->create(engines[i], &bd.m.xc);
    pc_dlx_stats st;
    engines[i]->search(e, &(pc_dlx_config){.max_nodes = 100}, &st);
    cr_expect_eq(st.nodes, 100, "%s", engines[i]->name);
    cr_expect_not(st.complete);
    engines[i]->search(e, &(pc_dlx_config){0}, &st);
    cr_expect_eq(st.solutions, 3106, "%s", engines[i]->name);
    engines[i]->destroy(e);
  }
  pc_board_free(&bd);
}

/* With copies (bounds), DLX3 and bitdlx keep the share of their tree done too. */
Test(dlx3, share_of_tree_done)
{
  pc_board bd;
  pc_board_load("tetra2x5x8", &bd);
  cr_assert(!pc_xc_plain(&bd.m.xc));
  pc_check_share(&pc_engine_dlx, &bd.m.xc);
  pc_check_share(&pc_engine_bitdlx, &bd.m.xc);
  pc_board_free(&bd);
}

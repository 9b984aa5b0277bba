/* test_bits.c — the bitset engine finds exactly DLX's solutions, the
   published counts, and honours the search configuration (the checks of
   engine_check.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bitsweep.h"
#include "engine_check.h"
#include "support.h"

static const pc_engine *const bits = &pc_engine_bitsweep;

static uint64_t board_same_as_dlx(const char *name) { return pc_check_board(bits, name, false); }
static uint64_t file_same_as_dlx(const char *file) { return pc_check_file(bits, file, false); }

Test(bits, reduced_boards, .timeout = 300)
{
  pc_check_reduced(bits, "scott", false);
  pc_check_reduced(bits, "pent6x10", false);
  pc_check_reduced(bits, "hexrhombus", false);
}

Test(long, bits_reduced_boards, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  pc_check_reduced(bits, "pent5x12", false);
  pc_check_reduced(bits, "onesided3x30", false);
  pc_check_reduced(bits, "tetra5x5-noH", false);
  pc_check_reduced(bits, "kanoodle", false);
  pc_check_reduced(bits, "dudeney", false);
}

/* Published counts: Scott, Haselgrove, Golomb, Torbijn, Leech (Knuth,
   "Dancing Links"; boards/README.md). The larger ones take DLX seconds:
   long. */
Test(bits, scott) { cr_expect_eq(board_same_as_dlx("scott"), 520); }
Test(bits, pent4x15, .timeout = 300) { cr_expect_eq(board_same_as_dlx("pent4x15"), 1472); }
Test(bits, pent3x20) { cr_expect_eq(board_same_as_dlx("pent3x20"), 8); }
Test(bits, hexrhombus) { cr_expect_eq(board_same_as_dlx("hexrhombus"), 624); }
Test(bits, mutilated) { cr_expect_eq(board_same_as_dlx("mutilated"), 0); }

Test(bits, kanoodle_starts)
{
  cr_expect_eq(board_same_as_dlx("kanoodle-start1"), 1);
  cr_expect_eq(board_same_as_dlx("kanoodle-start2"), 1);
}

Test(long, bits_pentominoes, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(board_same_as_dlx("pent6x10"), 9356);
  cr_expect_eq(board_same_as_dlx("pent5x12"), 4040);
  cr_expect_eq(board_same_as_dlx("onesided3x30"), 184);
}

/* Knuth's matrices (shared/bench): his counts, and DLX's solutions. */
Test(bits, dlx1_files, .timeout = 300)
{
  cr_expect_eq(file_same_as_dlx("knuth3.dlx"), 1);
  cr_expect_eq(file_same_as_dlx("scott_x23.dlx"), 19);
  cr_expect_eq(file_same_as_dlx("scott_x23_xfirst.dlx"), 19);
  cr_expect_eq(file_same_as_dlx("scott_x24.dlx"), 20);
  cr_expect_eq(file_same_as_dlx("hexi_rhombus.dlx"), 156);
}

Test(long, bits_dlx1_files, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(file_same_as_dlx("hexi_rhombus_all.dlx"), 624);
  cr_expect_eq(file_same_as_dlx("pent6x10_xq.dlx"), 2339);
}

Test(bits, random_problems) { pc_check_random_problems(bits, false); }
Test(bits, strips) { pc_check_strips(bits, false); }

/* Any number of items, up to PC_BITSWEEP_MAX_MASK_BYTES of masks: with
   10,000 items (157 words a mask), 30,000 options of one item (an option
   and two entries each) fit, 60,000 do not. */
Test(bits, applies_up_to_its_masks)
{
  pc_xc xc;
  pc_xc_with_items(&xc, 10000, 0);
  pc_error err;
  for (int32_t k = 0; k < 60000; k++) {
    if (k == 30000) cr_expect(pc_bitsweep_applies(&xc));
    int32_t item = k % 10000;
    cr_assert_eq(pc_xc_add_option(&xc, &item, 1, &err), PC_OK);
  }
  cr_expect_not(pc_bitsweep_applies(&xc));
  cr_expect_null(pc_bitsweep_new(&xc));
  pc_xc_free(&xc);
}

/* xc's problem with its last `moved` primary items listed first. */
static void pieces_first(const pc_xc *xc, int32_t moved, pc_xc *out)
{
  int32_t np = xc->n_primary, cells = np - moved, at, to[256];
  pc_error err;
  cr_assert(xc->n_items <= 256 && xc->n_items == np);
  pc_xc_init(out);
  for (int32_t i = 0; i < np; i++) {
    int32_t from = i < moved ? cells + i : i - moved;
    cr_assert_eq(pc_xc_add_item(out, xc->names[from], false, &at, &err), PC_OK);
    to[from] = at;
  }
  for (int32_t k = 0; k < xc->n_options; k++) {
    int32_t items[256], n = pc_xc_option_size(xc, k);
    for (int32_t j = 0; j < n; j++) items[j] = to[pc_xc_option(xc, k)[j]];
    cr_assert_eq(pc_xc_add_option(out, items, n, &err), PC_OK);
  }
}

/* bits sweeps the board's cells whether the piece items come after them
   (Knuth's scott_x23.dlx, 60 cells and 12 pieces) or before: the same
   tree node for node. Taken as cells, the pieces listed first were swept
   first, every placement of a piece at the top: on the Kanoodle pyramid's
   matrix (its pieces first) bits did not end in minutes. */
Test(bits, pieces_listed_first)
{
  pc_xc cells_first, moved;
  pc_load_dlx1("scott_x23.dlx", &cells_first);
  pieces_first(&cells_first, 12, &moved);
  pc_dlx_stats a = pc_engine_run(bits, &cells_first, &(pc_dlx_config){0}, NULL, NULL);
  pc_dlx_stats b = pc_engine_run(bits, &moved, &(pc_dlx_config){0}, NULL, NULL);
  cr_expect_eq(a.solutions, 19); /* Knuth's figure */
  cr_expect_eq(b.solutions, 19);
  cr_expect_eq(b.nodes, a.nodes);
  pc_xc_free(&cells_first);
  pc_xc_free(&moved);
}

Test(bits, split_and_prefix) { pc_check_split_and_prefix(bits); }
Test(bits, forced_first) { pc_check_forced_first(bits); }
Test(bits, bad_prefix) { pc_check_bad_prefix(bits); }
Test(bits, limits_and_stop) { pc_check_limits_and_stop(bits); }

/* Minutes with DLX, seconds to a minute here: long. Kanoodle's empty
   tray, the tetrasticks (Goodger's 72 and 607, times 8), Dudeney (Knuth's
   16,146 times 8) and Y45 (Knuth's 212 times 8; 225 items). */
static uint64_t board_count(const char *name) { return pc_engine_board_count(bits, name); }

Test(long, bits_kanoodle, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(board_same_as_dlx("kanoodle"), 371020);
}

Test(long, bits_tetrasticks, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(board_same_as_dlx("tetra5x5-noH"), 8 * 72);
  cr_expect_eq(board_count("tetra5x5-noL"), 8 * 607);
}

Test(long, bits_dudeney_y45, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(board_count("dudeney"), 8 * 16146);
  cr_expect_eq(board_count("y45"), 8 * 212);
}

/* A split search's leaves carry path probabilities: 1 / (d1 d2), d1 the
   root's options (the leaves of a split at depth 1), d2 those of the
   leaf's parent (its siblings, all leaves at depth 2). */
typedef struct paths {
  pc_bitsweep *b;
  int32_t n, first[8192];
  double p[8192];
} paths;

static bool note_path(void *ctx, const int32_t *options, int32_t n)
{
  paths *t = ctx;
  cr_assert_lt(t->n, 8192);
  t->first[t->n] = options[0];
  t->p[t->n++] = pc_bitsweep_path_probability(t->b, n);
  /* From any level on, carried from that level's figure: the same to the
     last bit (how the trial sums its leaves). */
  for (int32_t from = 0; from < n; from++) {
    double above = pc_bitsweep_path_probability(t->b, from);
    cr_expect(pc_bitsweep_path_probability_from(t->b, from, n, above) == t->p[t->n - 1]);
  }
  return false;
}

Test(bits, path_probability)
{
  pc_board bd;
  pc_board_load("pent4x15", &bd);
  paths *one = calloc(1, sizeof *one), *two = calloc(1, sizeof *two);
  one->b = two->b = pc_bitsweep_new(&bd.m.xc);
  cr_assert_not_null(one->b);
  pc_dlx_stats st;
  pc_bitsweep_search(one->b, &(pc_dlx_config){.split_depth = 1, .visit = note_path, .ctx = one}, &st);
  cr_assert_gt(one->n, 1);
  for (int32_t i = 0; i < one->n; i++) cr_expect_float_eq(one->p[i], 1.0 / one->n, 1e-12);
  pc_bitsweep_search(two->b, &(pc_dlx_config){.split_depth = 2, .visit = note_path, .ctx = two}, &st);
  cr_assert_gt(two->n, one->n);
  for (int32_t i = 0; i < two->n; i++) {
    int32_t siblings = 0;
    for (int32_t j = 0; j < two->n; j++) siblings += two->first[j] == two->first[i];
    cr_expect_float_eq(two->p[i], 1.0 / ((double)one->n * siblings), 1e-12, "leaf %d", (int)i);
  }
  pc_bitsweep_free(one->b);
  free(one);
  free(two);
  pc_board_free(&bd);
}

/* The leaves of a split search (of 8 options at most): their options,
   their probabilities under a prefix of probability `above`, and what
   pc_bitsweep_leaf_options says of each when `ask`. */
typedef struct leaves {
  pc_bitsweep *b;
  double above;
  bool ask;
  int32_t n, (*options)[8], *len, *below;
  double *p;
} leaves;

static bool note_leaf(void *ctx, const int32_t *options, int32_t n)
{
  leaves *t = ctx;
  cr_assert_lt(t->n, 1 << 17);
  cr_assert_leq(n, 8);
  memcpy(t->options[t->n], options, (size_t)n * sizeof *options);
  t->len[t->n] = n;
  t->below[t->n] = t->ask ? pc_bitsweep_leaf_options(t->b, options, n) : 0;
  t->p[t->n++] = pc_bitsweep_path_probability_under(t->b, n, t->above);
  return false;
}

static leaves leaves_new(pc_bitsweep *b)
{
  return (leaves){b, 1.0, false, 0, calloc(1 << 17, sizeof(int32_t[8])),
                  calloc(1 << 17, sizeof(int32_t)), calloc(1 << 17, sizeof(int32_t)),
                  calloc(1 << 17, sizeof(double))};
}

static void leaves_free(leaves *t)
{
  free(t->options), free(t->len), free(t->below), free(t->p);
}

/* The auto trial draws its sample that way: it must see the whole tree's
   leaves, in its order, with its probabilities to the last bit. */
Test(bits, path_probability_under_a_prefix)
{
  pc_board bd;
  pc_board_load("pent4x15", &bd);
  pc_bitsweep *b = pc_bitsweep_new(&bd.m.xc);
  cr_assert_not_null(b);
  leaves whole = leaves_new(b), parents = leaves_new(b), parts = leaves_new(b);
  pc_dlx_stats st;
  pc_bitsweep_search(b, &(pc_dlx_config){.split_depth = 3, .visit = note_leaf, .ctx = &whole}, &st);
  pc_bitsweep_search(b, &(pc_dlx_config){.split_depth = 2, .visit = note_leaf, .ctx = &parents},
                     &st);
  cr_assert_gt(parents.n, 10);
  for (int32_t i = 0; i < parents.n; i++) {
    parts.above = parents.p[i];
    pc_bitsweep_search(b,
                       &(pc_dlx_config){.prefix = parents.options[i], .n_prefix = 2,
                                        .split_depth = 3, .visit = note_leaf, .ctx = &parts},
                       &st);
  }
  cr_assert_eq(parts.n, whole.n);
  cr_assert_gt(whole.n, parents.n);
  for (int32_t i = 0; i < whole.n; i++) {
    cr_expect(!memcmp(parts.options[i], whole.options[i], sizeof whole.options[i]), "leaf %d", i);
    cr_expect(parts.p[i] == whole.p[i], "leaf %d: %.17g, not %.17g", i, parts.p[i], whole.p[i]);
  }
  leaves_free(&whole), leaves_free(&parents), leaves_free(&parts);
  pc_bitsweep_free(b);
  pc_board_free(&bd);
}

/* auto's trial counts a split's leaves from a pass a level above it: a
   leaf there must tell the options the deeper split finds under it (0
   for none), or that it is a solution, which the deeper split reports as
   it is. Under a prefix of n options when n > 0 (a leaf at depth n is
   the subproblem's root). Returns the leaves with options under them, and
   in *solved those that are solutions. */
static int32_t check_leaf_options(const char *name, const pc_xc *xc, const int32_t *prefix,
                                  int32_t n, int32_t depth, int32_t *solved)
{
  pc_bitsweep *b = pc_bitsweep_new(xc);
  cr_assert_not_null(b);
  leaves above = leaves_new(b), below = leaves_new(b);
  above.ask = true;
  pc_dlx_stats st;
  pc_bitsweep_search(b, &(pc_dlx_config){.prefix = prefix, .n_prefix = n, .split_depth = depth,
                                         .visit = note_leaf, .ctx = &above}, &st);
  pc_bitsweep_search(b, &(pc_dlx_config){.prefix = prefix, .n_prefix = n,
                                         .split_depth = depth + 1, .visit = note_leaf,
                                         .ctx = &below}, &st);
  int32_t j = 0, parents = 0;
  *solved = 0;
  for (int32_t i = 0; i < above.n; i++) {
    size_t bytes = (size_t)above.len[i] * sizeof(int32_t);
    int32_t under = 0;
    bool same = j < below.n && below.len[j] == above.len[i] &&
                !memcmp(below.options[j], above.options[i], bytes);
    if (same) j++;
    else
      while (j < below.n && below.len[j] > above.len[i] &&
             !memcmp(below.options[j], above.options[i], bytes))
        j++, under++;
    int32_t expected = same ? PC_BITSWEEP_SOLVED : under;
    cr_expect_eq(above.below[i], expected, "%s, leaf %d: %d, not %d", name, i,
                 (int)above.below[i], (int)expected);
    parents += under > 0;
    *solved += same;
  }
  cr_expect_eq(j, below.n, "%s: leaves below no leaf above", name);
  leaves_free(&above), leaves_free(&below);
  pc_bitsweep_free(b);
  return parents;
}

static int32_t board_leaf_options(const char *name, int32_t depth)
{
  pc_board bd;
  pc_board_load(name, &bd);
  int32_t solved, parents = check_leaf_options(name, &bd.m.xc, NULL, 0, depth, &solved);
  pc_board_free(&bd);
  return parents;
}

/* Items 0 to 3; options {0 1}, {2 3} and each item alone: solutions of
   2, 3 and 4 options. */
static void four_items(pc_xc *xc)
{
  pc_error err;
  pc_xc_with_items(xc, 4, 0);
  static const int32_t options[][2] = {{0, 1}, {2, 3}, {0, -1}, {1, -1}, {2, -1}, {3, -1}};
  for (int k = 0; k < 6; k++)
    cr_assert_eq(pc_xc_add_option(xc, options[k], options[k][1] < 0 ? 1 : 2, &err), PC_OK);
}

/* y45 takes the masks wider than the specialised searches. */
Test(bits, leaf_options)
{
  cr_expect_gt(board_leaf_options("pent4x15", 3), 100);
  cr_expect_gt(board_leaf_options("y45", 3), 10);
  /* four_items split at depth 2 has solutions among its leaves ({0 1}
     {2 3}) and nodes with options under them. */
  pc_xc xc;
  four_items(&xc);
  int32_t solved, parents = check_leaf_options("four items", &xc, NULL, 0, 2, &solved);
  cr_expect_gt(parents, 0);
  cr_expect_gt(solved, 0);
  /* Under the prefix {0}, split at its root. */
  int32_t only_0 = 2;
  cr_expect_eq(check_leaf_options("four items under {0}", &xc, &only_0, 1, 1, &solved), 1);
  pc_xc_free(&xc);
}

/* A split search's leaves by their options: those above the split are
   solutions. */
typedef struct by_length {
  int64_t n[65];
} by_length;

static bool count_by_length(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  cr_assert_leq(n, 64);
  ((by_length *)ctx)->n[n]++;
  return false;
}

/* auto's trial jumps its split passes (engines.c, split_tree): a split at
   depth d has as many leaves as a deeper split's search visits nodes at
   level d, and solutions above it. */
static void check_split_levels(const char *name, const pc_xc *xc, int32_t deep)
{
  pc_bitsweep *b = pc_bitsweep_new(xc);
  cr_assert_not_null(b);
  by_length at_deep = {0};
  pc_dlx_stats st;
  pc_bitsweep_search(b, &(pc_dlx_config){.split_depth = deep, .visit = count_by_length,
                                         .ctx = &at_deep}, &st);
  uint64_t level_nodes[65] = {0};
  memcpy(level_nodes, st.level_nodes, (size_t)st.levels * sizeof *level_nodes);
  int64_t solved_above = 0;
  for (int32_t d = 1; d <= deep; d++) {
    solved_above += at_deep.n[d - 1];
    by_length at_d = {0};
    pc_bitsweep_search(b, &(pc_dlx_config){.split_depth = d, .visit = count_by_length,
                                           .ctx = &at_d}, &st);
    int64_t leaves = 0;
    for (int32_t n = 0; n <= d; n++) leaves += at_d.n[n];
    cr_expect_eq(leaves, (int64_t)level_nodes[d] + solved_above, "%s, depth %d", name, d);
  }
  pc_bitsweep_free(b);
}

Test(bits, split_levels)
{
  const struct { const char *name; int32_t deep; } boards[] = {{"pent4x15", 6}, {"mutilated", 20}};
  for (int i = 0; i < 2; i++) {
    pc_board bd;
    pc_board_load(boards[i].name, &bd);
    check_split_levels(boards[i].name, &bd.m.xc, boards[i].deep);
    pc_board_free(&bd);
  }
  /* Solutions above the split. */
  pc_xc xc;
  four_items(&xc);
  check_split_levels("four items", &xc, 4);
  pc_xc_free(&xc);
}

/* The share of the tree done moves as the search goes (the progress
   line), within what the solutions still to come leave. */
Test(bits, share_of_tree_done)
{
  pc_xc xc;
  pc_load_dlx1("hexi_rhombus.dlx", &xc);
  pc_check_share(&pc_engine_bitsweep, &xc);
  pc_xc_free(&xc);
}

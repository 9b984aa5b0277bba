/* test_bitdlx.c — DLX on bit masks: DLX's solutions and DLX's very search
   tree (nodes and profile, under either rule, with or without a prefix),
   Knuth's figures, DLX's path probabilities, and the search configuration
   (the checks of engine_check.h). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/bitdlx.h"
#include "core/hot.h"
#include "engine_check.h"
#include "support.h"

static const pc_engine *const bitdlx = &pc_engine_bitdlx;

/* Knuth's matrices (tests/data): his solutions and nodes. */
Test(bitdlx, knuth_figures, .timeout = 300)
{
  static const struct {
    const char *file;
    uint64_t solutions, nodes;
  } figures[] = {
      {"knuth3.dlx", 1, 6},
      {"scott_x23.dlx", 19, 10422},
      {"scott_x24.dlx", 20, 12901},
      {"hexi_rhombus.dlx", 156, 70505},
  };
  for (size_t i = 0; i < sizeof figures / sizeof *figures; i++) {
    pc_xc xc;
    pc_load_dlx1(figures[i].file, &xc);
    pc_dlx_stats st = pc_engine_run(bitdlx, &xc, &(pc_dlx_config){0}, NULL, NULL);
    cr_expect_eq(st.solutions, figures[i].solutions, "%s", figures[i].file);
    cr_expect_eq(st.nodes, figures[i].nodes, "%s", figures[i].file);
    cr_expect_eq(pc_check_file(bitdlx, figures[i].file, true), figures[i].solutions);
    pc_xc_free(&xc);
  }
}

Test(bitdlx, boards, .timeout = 300)
{
  cr_expect_eq(pc_check_board(bitdlx, "scott", true), 520);
  cr_expect_eq(pc_check_board(bitdlx, "pent3x20", true), 8);
  cr_expect_eq(pc_check_board(bitdlx, "hexrhombus", true), 624);
  cr_expect_eq(pc_check_board(bitdlx, "mutilated", true), 0);
  cr_expect_eq(pc_check_board(bitdlx, "kanoodle-start1", true), 1);
  cr_expect_eq(pc_check_board(bitdlx, "kanoodle-start2", true), 1);
}

Test(bitdlx, reduced_boards, .timeout = 300)
{
  pc_check_reduced(bitdlx, "scott", true);
  pc_check_reduced(bitdlx, "pent6x10", true);
  pc_check_reduced(bitdlx, "hexrhombus", true);
  pc_check_reduced(bitdlx, "tetra5x5-noH", true);
  pc_check_reduced(bitdlx, "onesided3x30", true);
}

/* DLX takes seconds to half a minute on each. The reduced searches meet
   one solution per class here: Kanoodle 92,755, Dudeney 16,146 (Knuth),
   the tetrasticks 607 (Goodger), the Y pentominoes 212 (Knuth). */
Test(long, bitdlx_boards, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  cr_expect_eq(pc_check_board(bitdlx, "pent6x10", true), 9356);
  cr_expect_eq(pc_check_board(bitdlx, "onesided3x30", true), 184);
  cr_expect_eq(pc_check_reduced(bitdlx, "kanoodle", true), 92755);
  cr_expect_eq(pc_check_reduced(bitdlx, "dudeney", true), 16146);
  cr_expect_eq(pc_check_file(bitdlx, "pent6x10_xq.dlx", true), 2339);
  cr_expect_eq(pc_check_reduced(bitdlx, "tetra5x5-noL", true), 607);
  cr_expect_eq(pc_check_reduced(bitdlx, "y45", true), 212);
}

Test(bitdlx, random_problems) { pc_check_random_problems(bitdlx, true); }
Test(bitdlx, strips) { pc_check_strips(bitdlx, true); }

/* The leftmost rule: DLX's tree under it too (Knuth's 103,006 nodes with
   the X first, test_dlx.c). */
Test(bitdlx, leftmost_rule)
{
  pc_xc xc;
  pc_load_dlx1("scott_x23_xfirst.dlx", &xc);
  pc_check_same_as_dlx(bitdlx, &xc, "scott_x23_xfirst.dlx", PC_CHOOSE_LEFTMOST, true);
  pc_dlx_stats st =
      pc_engine_run(bitdlx, &xc, &(pc_dlx_config){.choose = PC_CHOOSE_LEFTMOST}, NULL, NULL);
  cr_expect_eq(st.nodes, 103006);
  pc_xc_free(&xc);
  pc_load_dlx1("knuth3.dlx", &xc);
  pc_check_same_as_dlx(bitdlx, &xc, "knuth3.dlx", PC_CHOOSE_LEFTMOST, true);
  pc_xc_free(&xc);
}

/* Past 128 primary items a mask of counts takes two vectors
   (bitdlx_sliced.h): O'Beirne's hexagon, its first 20 solutions under
   either rule, in DLX's nodes. */
Test(bitdlx, two_vector_masks, .timeout = 120)
{
  pc_xc xc;
  pc_load_dlx1("obeirne.dlx", &xc);
  cr_assert_gt(xc.n_primary, 128);
  for (int leftmost = 0; leftmost < 2; leftmost++) {
    pc_dlx_config cfg = {.choose = leftmost ? PC_CHOOSE_LEFTMOST : PC_CHOOSE_MRV,
                         .max_solutions = 20};
    pc_dlx_stats got = pc_engine_run(bitdlx, &xc, &cfg, NULL, NULL);
    pc_dlx_stats dlx = pc_engine_run(&pc_engine_dlx, &xc, &cfg, NULL, NULL);
    cr_expect_eq(got.solutions, 20, "leftmost %d", leftmost);
    cr_expect_eq(got.nodes, dlx.nodes, "leftmost %d", leftmost);
  }
  pc_xc_free(&xc);
}

/* The leaves of a split, each with its path probability, in the order met. */
typedef struct leaves {
  const pc_engine *engine;
  void *e;
  int32_t depth;
  int32_t n, cap;
  int32_t *options; /* depth per leaf, -1 past a shorter one */
  double *p;
} leaves;

static bool add_leaf(void *ctx, const int32_t *options, int32_t n)
{
  leaves *l = ctx;
  if (l->n == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->options = realloc(l->options, (size_t)l->cap * (size_t)l->depth * sizeof *l->options);
    l->p = realloc(l->p, (size_t)l->cap * sizeof *l->p);
  }
  for (int32_t i = 0; i < l->depth; i++)
    l->options[(size_t)l->n * (size_t)l->depth + (size_t)i] = i < n ? options[i] : -1;
  l->p[l->n++] = l->engine->path_probability(l->e, n);
  return false;
}

static leaves split_leaves(const pc_engine *engine, const pc_xc *xc, int32_t depth)
{
  leaves l = {.engine = engine, .e = engine->create(engine, xc), .depth = depth};
  cr_assert_not_null(l.e);
  pc_dlx_stats st;
  engine->search(l.e, &(pc_dlx_config){.split_depth = depth, .visit = add_leaf, .ctx = &l}, &st);
  engine->destroy(l.e);
  return l;
}

/* The same leaves as DLX's split, with DLX's path probabilities; and each
   subproblem under its prefix has DLX's nodes and profile (levels counted
   from the whole tree's root). */
Test(bitdlx, split_as_dlx)
{
  pc_board bd;
  pc_board_load("pent4x15", &bd);
  const pc_xc *xc = &bd.m.xc;
  leaves d = split_leaves(&pc_engine_dlx, xc, 3), b = split_leaves(bitdlx, xc, 3);
  cr_assert_eq(b.n, d.n);
  cr_assert_gt(d.n, 100);
  cr_expect(!memcmp(b.options, d.options, (size_t)d.n * 3 * sizeof *d.options));
  double sum = 0;
  for (int32_t i = 0; i < d.n; i++) {
    cr_expect_float_eq(b.p[i], d.p[i], 1e-15, "leaf %d", (int)i);
    sum += b.p[i];
  }
  cr_expect_leq(sum, 1.0 + 1e-9);
  size_t levels = (size_t)xc->n_primary + 1;
  uint64_t *pd = calloc(levels, sizeof *pd), *pb = calloc(levels, sizeof *pb);
  for (int32_t i = 0; i < d.n; i += 37) {
    pc_dlx_config cfg = {.prefix = d.options + (size_t)i * 3, .n_prefix = 3};
    pc_dlx_stats sd = pc_engine_run(&pc_engine_dlx, xc, &cfg, NULL, pd);
    pc_dlx_stats sb = pc_engine_run(bitdlx, xc, &cfg, NULL, pb);
    cr_expect_eq(sb.nodes, sd.nodes, "leaf %d", (int)i);
    cr_expect_eq(sb.solutions, sd.solutions, "leaf %d", (int)i);
    cr_expect(!memcmp(pb, pd, levels * sizeof *pb), "leaf %d: another profile", (int)i);
  }
  free(pd);
  free(pb);
  free(d.options);
  free(d.p);
  free(b.options);
  free(b.p);
  pc_board_free(&bd);
}

Test(bitdlx, split_and_prefix) { pc_check_split_and_prefix(bitdlx); }
Test(bitdlx, forced_first) { pc_check_forced_first(bitdlx); }
Test(bitdlx, bad_prefix) { pc_check_bad_prefix(bitdlx); }
Test(bitdlx, limits_and_stop) { pc_check_limits_and_stop(bitdlx); }

/* bitdlx with the options a take kills listed portably (bitdlx.h) even
   where the processor would list them with AVX-512, as the other tests'
   bitdlx does there. */
static void *portable_create(const pc_engine *self, const pc_xc *xc)
{
  pc_bitdlx *b = pc_engine_bitdlx.create(self, xc);
  if (b) pc_bitdlx_portable_listing(b);
  return b;
}

static pc_engine portable_bitdlx(void)
{
  pc_engine e = pc_engine_bitdlx;
  e.name = "bitdlx, portable listing";
  e.create = portable_create;
  return e;
}

/* `blocks` blocks of three primary items, each with one option on all
   three and `partial` options on two of them (which two rotates), the
   blocks' options interleaved: one solution, and a take kills options in
   every word of the masks (thousands of options: several summary words). */
static void blocks_xc(pc_xc *xc, int32_t blocks, int32_t partial)
{
  pc_xc_with_items(xc, 3 * blocks, 0);
  pc_error err;
  for (int32_t j = -1; j < partial; j++)
    for (int32_t b = 0; b < blocks; b++) {
      int32_t items[3] = {3 * b, 3 * b + 1, 3 * b + 2}, n = 3;
      if (j >= 0) items[j % 3] = items[2], n = 2; /* item j % 3 left out */
      cr_assert_eq(pc_xc_add_option(xc, items, n, &err), PC_OK);
    }
}

/* Both listings give DLX's tree, node for node: where the processor has
   AVX-512 (VBMI2) the other tests check the vector listing, these the
   portable one; elsewhere both are the portable one. */
Test(bitdlx, portable_listing, .timeout = 120)
{
  pc_engine portable = portable_bitdlx();
  cr_expect_eq(pc_check_file(&portable, "knuth3.dlx", true), 1);
  cr_expect_eq(pc_check_file(&portable, "scott_x23.dlx", true), 19);
  cr_expect_eq(pc_check_file(&portable, "hexi_rhombus.dlx", true), 156);
  cr_expect_eq(pc_check_board(&portable, "scott", true), 520);
  pc_check_random_problems(&portable, true);
  pc_check_reduced(&portable, "tetra5x5-noH", true);
  static const int32_t shapes[][2] = {{33, 130}, {80, 60}}; /* one vector a mask, two */
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    pc_xc xc;
    blocks_xc(&xc, shapes[i][0], shapes[i][1]);
    cr_assert_gt(xc.n_options, 4096);
    cr_expect_eq(pc_check_same_as_dlx(&pc_engine_bitdlx, &xc, "blocks", PC_CHOOSE_MRV, true), 1);
    cr_expect_eq(pc_check_same_as_dlx(&portable, &xc, "blocks", PC_CHOOSE_MRV, true), 1);
    pc_bitdlx *b = pc_bitdlx_new(&xc);
    cr_assert_not_null(b);
    cr_expect_eq(pc_bitdlx_vector_listing(b), pc_hot_vector_runs());
    pc_bitdlx_portable_listing(b);
    cr_expect_not(pc_bitdlx_vector_listing(b));
    pc_bitdlx_free(b);
    pc_xc_free(&xc);
  }
}

/* Conflict rows up to PC_BITDLX_MAX_ROW_BYTES, and as much state: a few
   thousand items. */
Test(bitdlx, applies)
{
  pc_xc xc;
  pc_xc_with_items(&xc, 256, 0);
  pc_error err;
  int32_t two[2];
  int32_t options = 0;
  while (((size_t)options + 1) * (((size_t)options + 64) / 64) * 8 <= PC_BITDLX_MAX_ROW_BYTES) {
    two[0] = options % 256;
    two[1] = (options / 256 + 1 + options % 256) % 256;
    cr_assert_eq(pc_xc_add_option(&xc, two, 1 + (two[0] != two[1]), &err), PC_OK);
    options++;
  }
  cr_expect(pc_bitdlx_applies(&xc), "%d options", (int)options);
  cr_assert_eq(pc_xc_add_option(&xc, two, 1, &err), PC_OK);
  cr_expect_not(pc_bitdlx_applies(&xc));
  cr_expect_null(pc_bitdlx_new(&xc));
  pc_xc_free(&xc);

  pc_xc_with_items(&xc, 3000, 1);
  cr_expect(pc_bitdlx_applies(&xc));
  pc_xc_free(&xc);
  pc_xc_with_items(&xc, 5000, 0);
  cr_expect_not(pc_bitdlx_applies(&xc));
  cr_expect_null(pc_bitdlx_new(&xc));
  pc_xc_free(&xc);
}

/* auto's trial (engines.c), on the matrices `solve` searches: bitdlx where
   its tree is far smaller (Kanoodle's pyramid: 135 times, 12 times
   faster) and Dudeney's chessboard (7 times, bitdlx 1.1 times faster),
   bits on the pentomino rectangles (3 to 4 times, bits 2 to 3 times
   faster); the same answer every time. */
static const pc_engine *auto_for(const char *name)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_board_solver(name, &pz, &sv);
  const pc_engine *e = pc_engine_auto(&sv.matrix.xc, PC_CHOOSE_MRV);
  cr_expect_eq(pc_engine_auto(&sv.matrix.xc, PC_CHOOSE_MRV), e, "%s: not the same", name);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  return e;
}

static const pc_engine *auto_for_matrix(const char *name)
{
  pc_xc xc;
  pc_load_dlx1(name, &xc);
  const pc_engine *e = pc_engine_auto(&xc, PC_CHOOSE_MRV);
  pc_xc_free(&xc);
  return e;
}

/* O'Beirne's hexagon as a matrix, without the board's symmetry
   reduction: a tree of billions of nodes by bitdlx's estimate, where
   bitdlx is the faster engine. The trial splits bits's tree deeper there
   (engines.c, trial_leaves), into samples small enough to search in a
   timed trial; split as smaller trees are, its timed trial ended with no
   sample done and took bits by default (docs/speed.md, session 27, with
   the figures). Untimed here, the trial reaches the same verdict either
   way, only later: this holds the verdict; the timed trial's was checked
   by hand. */
Test(bitdlx, auto_on_a_huge_tree, .timeout = 120)
{
  cr_expect_str_eq(auto_for_matrix("obeirne.dlx")->name, "bitdlx");
}

Test(bitdlx, auto_choice)
{
  /* A bitdlx node costs fewer bits nodes where it lists with AVX-512
     (bitdlx.h), and the trial's bars say so (engines.c, trial_bars). */
  bool vector = pc_hot_vector_runs();
  cr_expect_str_eq(auto_for("kanoodle-pyramid")->name, "bitdlx");
  /* Dudeney's puzzle: bits needs 7.4 times bitdlx's nodes (31,143,441
     and 4,186,172), over either sample bar; the rectangles 2.3 and 1.3. */
  cr_expect_str_eq(auto_for("dudeney")->name, "bitdlx");
  cr_expect_str_eq(auto_for("pent6x10")->name, "bits");
  cr_expect_str_eq(auto_for("pent5x12")->name, "bits");
  /* bits 7 times faster, though Knuth's estimate of bitdlx's tree from
     random paths is 16 times under bits's (engines.c). */
  cr_expect_str_eq(auto_for("onesided3x30")->name, "bits");
  /* Under a million nodes the trial judges a quarter of its sample first
     (engines.c, bits_clearly_wins): the 5x5 tetrastick board without H
     (bits 2,918,021 nodes, bitdlx 905,131: bits 1.2 times faster, bitdlx
     1.15 times with the vector listing) passes the quick bar with it
     (1.63 times bitdlx's nodes there) and the sample bar over the whole
     sample (3.2); without it, the quick bar takes bits. Without L (bits
     13,431,528 and 2,470,605; bitdlx 1.6 times faster, 2.1 with the
     vector listing) passes both; pent4x15 (bits 2.4 times faster) neither. */
  cr_expect_str_eq(auto_for("tetra5x5-noH")->name, vector ? "bitdlx" : "bits");
  cr_expect_str_eq(auto_for("tetra5x5-noL")->name, "bitdlx");
  cr_expect_str_eq(auto_for("pent4x15")->name, "bits");
  /* A search too small for a trial (Knuth's estimate of its tree): bitdlx
     without one, Scott's problem as beyond 256 items (with no option at
     all, a tree of one node). */
  cr_expect_str_eq(auto_for("scott")->name, "bitdlx");
  /* The 45 Y pentominoes: a tree whose random paths mostly die young, so
     that 64 of them put bitdlx's 48 million nodes at 1,100; the trial
     takes bits (152 million nodes, 1.9 times faster on one thread). A
     near call: with the sample's points elsewhere in their intervals the
     trial takes bitdlx (docs/speed.md, session 26); this holds the choice
     the trial makes now. */
  cr_expect_str_eq(auto_for("y45")->name, "bits");
  /* All of Scott's solutions: bits needs 5.7 times bitdlx's nodes on the
     samples (over the vector listing's sample bar), 20 times over the
     whole trees (bitdlx 3.5 times faster; 6 with the vector listing): the
     estimates of the whole trees say so without it. All the 6x10
     rectangle's: 3.2 times on the samples, 8.0 over the trees, bitdlx 1.2
     times faster (2 with it); with the X in one quarter only 2.6 times,
     bits 2 times faster (1.55 with it). */
  cr_expect_eq(auto_for_matrix("scott.dlx"), &pc_engine_bitdlx);
  cr_expect_eq(auto_for_matrix("pent6x10.dlx"), &pc_engine_bitdlx);
  cr_expect_eq(auto_for_matrix("pent6x10_xq.dlx"), &pc_engine_bitsweep);
  pc_xc xc;
  pc_xc_with_items(&xc, 257, 0);
  cr_expect_eq(pc_engine_auto(&xc, PC_CHOOSE_MRV), &pc_engine_bitdlx);
  pc_xc_free(&xc);
}

/* Knuth's estimate of the tree is unbiased: the mean of a few seeds'
   estimates comes close to the nodes the search visits (its spread is
   wide: one estimate of 100,000 paths is 10% off at times), and the same
   seed gives the same figure. */
Test(bitdlx, estimate)
{
  pc_xc xc;
  pc_load_dlx1("scott_x23.dlx", &xc);
  pc_bitdlx *b = pc_bitdlx_new(&xc);
  pc_dlx_stats st;
  pc_bitdlx_search(b, &(pc_dlx_config){0}, &st);
  double sum = 0;
  for (uint64_t seed = 1; seed <= 4; seed++) sum += pc_bitdlx_estimate(b, 50000, seed);
  cr_expect(sum / 4 > 0.85 * (double)st.nodes && sum / 4 < 1.15 * (double)st.nodes,
            "estimate %.0f, %llu nodes", sum / 4, (unsigned long long)st.nodes);
  cr_expect_eq(pc_bitdlx_estimate(b, 256, 3), pc_bitdlx_estimate(b, 256, 3));
  /* Drawn in steps, the same paths and the same figure. */
  pc_bitdlx_paths paths = pc_bitdlx_paths_start(3);
  pc_bitdlx_estimate_more(b, &paths, 256);
  cr_expect_eq(pc_bitdlx_estimate_more(b, &paths, 768), pc_bitdlx_estimate(b, 1024, 3));
  pc_bitdlx_free(b);
  pc_xc_free(&xc);
}

/* The estimate keeps the states after a path's first options for the
   paths that start alike: a figure is the same whether the states it
   reads were kept by other paths before or made afresh (bit-sliced counts
   on scott_x23, keys on O'Beirne's 133 items). */
Test(bitdlx, estimate_from_kept_states)
{
  const char *files[] = {"scott_x23.dlx", "obeirne.dlx"};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    pc_xc xc;
    pc_load_dlx1(files[i], &xc);
    pc_bitdlx *fresh = pc_bitdlx_new(&xc), *warm = pc_bitdlx_new(&xc);
    pc_bitdlx_estimate(warm, 20000, 9);
    cr_expect_eq(pc_bitdlx_estimate(warm, 1024, 1), pc_bitdlx_estimate(fresh, 1024, 1), "%s",
                 files[i]);
    pc_bitdlx_free(fresh);
    pc_bitdlx_free(warm);
    pc_xc_free(&xc);
  }
}

/* The share of the tree done moves as the search goes (the progress
   line), within what the solutions still to come leave. */
Test(bitdlx, share_of_tree_done)
{
  pc_xc xc;
  pc_load_dlx1("hexi_rhombus.dlx", &xc);
  pc_check_share(&pc_engine_bitdlx, &xc);
  pc_xc_free(&xc);
}

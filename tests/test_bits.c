/* test_bits.c — the bitset engine finds exactly DLX's solutions (compared
   as sorted lists of order-independent hashes of each solution's option
   set), the published counts, and honours the search configuration. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bits.h"
#include "dlx.h"
#include "matrix.h"
#include "solver.h"
#include "support.h"

/* The hashes of the solutions met, one per solution. */
typedef struct found {
  uint64_t *hash;
  size_t n, cap;
  int32_t **parts;    /* with keep: the solutions themselves */
  int32_t *sizes;
  bool keep;
} found;

static uint64_t mix(uint64_t x)
{
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

static int cmp_i32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* A hash of the set of options: sorted, then chained through mix. */
static uint64_t set_hash(const int32_t *options, int32_t n)
{
  int32_t *s = malloc(((size_t)n + 1) * sizeof *s);
  memcpy(s, options, (size_t)n * sizeof *s);
  qsort(s, (size_t)n, sizeof *s, cmp_i32);
  uint64_t h = mix((uint64_t)n);
  for (int32_t i = 0; i < n; i++) h = mix(h ^ (uint64_t)(uint32_t)s[i]);
  free(s);
  return h;
}

static bool collect(void *ctx, const int32_t *options, int32_t n)
{
  found *f = ctx;
  if (f->n == f->cap) {
    f->cap = f->cap ? 2 * f->cap : 256;
    f->hash = realloc(f->hash, f->cap * sizeof *f->hash);
    if (f->keep) {
      f->parts = realloc(f->parts, f->cap * sizeof *f->parts);
      f->sizes = realloc(f->sizes, f->cap * sizeof *f->sizes);
    }
  }
  if (f->keep) {
    f->parts[f->n] = malloc(((size_t)n + 1) * sizeof **f->parts);
    memcpy(f->parts[f->n], options, (size_t)n * sizeof **f->parts);
    f->sizes[f->n] = n;
  }
  f->hash[f->n++] = set_hash(options, n);
  return false;
}

static void sort_found(found *f)
{
  if (f->n) qsort(f->hash, f->n, sizeof *f->hash, cmp_u64);
}

static void found_free(found *f)
{
  for (size_t i = 0; f->keep && i < f->n; i++) free(f->parts[i]);
  free(f->parts);
  free(f->sizes);
  free(f->hash);
}

static pc_dlx_stats run_dlx(const pc_xc *xc, found *f)
{
  pc_dlx *d = pc_dlx_new(xc);
  cr_assert_not_null(d);
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = collect, .ctx = f};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  sort_found(f);
  return st;
}

static pc_dlx_stats run_bits(pc_bits *b, const pc_dlx_config *base, found *f)
{
  pc_dlx_config cfg = *base;
  cfg.visit = collect;
  cfg.ctx = f;
  pc_dlx_stats st;
  pc_bits_search(b, &cfg, &st);
  sort_found(f);
  return st;
}

/* Both engines on xc: the same solutions. Returns the count. */
static uint64_t same_as_dlx(const pc_xc *xc, const char *what)
{
  cr_assert(pc_bits_applies(xc), "%s: %d items", what, xc->n_items);
  pc_bits *b = pc_bits_new(xc);
  cr_assert_not_null(b);
  found fd = {0}, fb = {0};
  pc_dlx_stats sd = run_dlx(xc, &fd);
  pc_dlx_stats sb = run_bits(b, &(pc_dlx_config){0}, &fb);
  cr_expect_eq(sb.solutions, sd.solutions, "%s: bits %llu, dlx %llu", what,
               (unsigned long long)sb.solutions, (unsigned long long)sd.solutions);
  cr_expect_eq(fb.n, fd.n, "%s", what);
  cr_expect(fb.n == fd.n && (!fd.n || !memcmp(fb.hash, fd.hash, fd.n * sizeof *fd.hash)),
            "%s: different solutions", what);
  cr_expect(sb.complete);
  cr_expect_eq(sb.updates, 0);
  /* The profile adds up to the nodes, the root alone at level 0. */
  uint64_t sum = 0;
  for (int32_t l = 0; l < sb.levels; l++) sum += sb.level_nodes[l];
  cr_expect_eq(sum, sb.nodes, "%s", what);
  cr_expect_eq(sb.level_nodes[0], 1, "%s", what);
  found_free(&fd);
  found_free(&fb);
  pc_bits_free(b);
  return sb.solutions;
}

typedef struct board {
  pc_puzzle pz;
  pc_matrix m;
} board;

static void load_board(const char *name, board *bd)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", name);
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &bd->pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_matrix_build(&bd->pz, &bd->m, &err), PC_OK, "%s: %s", path, err.msg);
}

static void free_board(board *bd)
{
  pc_matrix_free(&bd->m);
  pc_puzzle_free(&bd->pz);
}

static uint64_t board_same_as_dlx(const char *name)
{
  board bd;
  load_board(name, &bd);
  uint64_t n = same_as_dlx(&bd.m.xc, name);
  free_board(&bd);
  return n;
}

static uint64_t file_same_as_dlx(const char *file)
{
  pc_xc xc;
  pc_load_dlx1(file, &xc);
  uint64_t n = same_as_dlx(&xc, file);
  pc_xc_free(&xc);
  return n;
}

/* The matrix `solve` searches by default: one piece restricted to break
   the symmetry (the engine must pick that piece early to gain from it). */
static void reduced_same_as_dlx(const char *name)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", name);
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_solver_init(&sv, &pz, false, false, 0, &err), PC_OK, "%s: %s", path, err.msg);
  char what[300];
  snprintf(what, sizeof what, "%s reduced", name);
  cr_expect_gt(same_as_dlx(&sv.matrix.xc, what), 0, "%s", what);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
}

Test(bits, reduced_boards, .timeout = 300)
{
  reduced_same_as_dlx("scott");
  reduced_same_as_dlx("pent6x10");
  reduced_same_as_dlx("hexrhombus");
}

Test(long, bits_reduced_boards, .timeout = 3600)
{
  if (!getenv("POLYCOVER_LONG")) cr_skip_test("set POLYCOVER_LONG=1 (make check-long)");
  reduced_same_as_dlx("pent5x12");
  reduced_same_as_dlx("onesided3x30");
  reduced_same_as_dlx("tetra5x5-noH");
  reduced_same_as_dlx("kanoodle");
  reduced_same_as_dlx("dudeney");
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

/* Random problems with secondary items and every mask width (up to 256
   items): a random part on `hard` primary items spread over the whole
   range (three planted partitions into blocks of 2 to 4, and random
   options), the other primary items in a single partition. The first
   partition has no secondary item, so it is a solution. */
static int32_t draw(uint64_t *seed, int32_t n)
{
  return (int32_t)((*seed = mix(*seed)) % (uint64_t)n);
}

static void random_xc(pc_xc *xc, uint64_t *seed, int32_t n_primary, int32_t n_secondary,
                      int32_t n_options)
{
  pc_xc_init(xc);
  pc_error err;
  char name[16];
  for (int32_t i = 0; i < n_primary + n_secondary; i++) {
    snprintf(name, sizeof name, "i%d", (int)i);
    cr_assert_eq(pc_xc_add_item(xc, name, i >= n_primary, NULL, &err), PC_OK);
  }
  int32_t items[8], perm[PC_BITS_MAX_ITEMS], hard = n_primary < 24 ? n_primary : 24;
  for (int32_t i = 0; i < n_primary; i++) perm[i] = i;
  for (int32_t i = n_primary - 1; i > 0; i--) {
    int32_t j = draw(seed, i + 1), t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (int plant = 0; plant < 3; plant++) {
    int32_t start = plant ? n_primary - hard : 0;
    for (int32_t i = start; i < n_primary;) {
      int32_t n = 2 + draw(seed, 3);
      if (n > n_primary - i) n = n_primary - i;
      for (int32_t j = 0; j < n; j++) items[j] = perm[i + n - 1 - j];
      i += n;
      if (plant && n_secondary && draw(seed, 2)) items[n++] = n_primary + draw(seed, n_secondary);
      cr_assert_eq(pc_xc_add_option(xc, items, n, &err), PC_OK);
    }
    /* The hard part is the end of perm: reshuffle it for the next plant. */
    for (int32_t i = hard - 1; i > 0; i--) {
      int32_t j = draw(seed, i + 1), t = perm[n_primary - hard + i];
      perm[n_primary - hard + i] = perm[n_primary - hard + j];
      perm[n_primary - hard + j] = t;
    }
  }
  for (int32_t k = 0; k < n_options; k++) {
    int32_t n = 2 + draw(seed, 4), m = 0;
    for (int32_t j = 0; j < n; j++) {
      int32_t x = j == 0 || !n_secondary || draw(seed, 2)
                      ? perm[n_primary - hard + draw(seed, hard)]
                      : n_primary + draw(seed, n_secondary);
      bool dup = false;
      for (int32_t t = 0; t < m; t++) dup |= items[t] == x;
      if (!dup) items[m++] = x;
    }
    cr_assert_eq(pc_xc_add_option(xc, items, m, &err), PC_OK);
  }
}

Test(bits, random_problems)
{
  static const int32_t shapes[][3] = {
      {6, 0, 10},    {12, 4, 20},   {40, 10, 40},  {60, 20, 60},
      {100, 28, 60}, {150, 40, 60}, {200, 56, 60}, {256, 0, 60},
  };
  uint64_t seed = 6;
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (int rep = 0; rep < 4; rep++) {
      pc_xc xc;
      random_xc(&xc, &seed, shapes[s][0], shapes[s][1], shapes[s][2]);
      char what[64];
      snprintf(what, sizeof what, "random %zu.%d", s, rep);
      cr_expect_geq(same_as_dlx(&xc, what), 1, "%s", what);
      pc_xc_free(&xc);
    }
}

Test(bits, applies_up_to_256_items)
{
  pc_xc xc;
  pc_xc_init(&xc);
  pc_error err;
  char name[16];
  for (int32_t i = 0; i < PC_BITS_MAX_ITEMS; i++) {
    snprintf(name, sizeof name, "i%d", (int)i);
    cr_assert_eq(pc_xc_add_item(&xc, name, false, NULL, &err), PC_OK);
  }
  cr_expect(pc_bits_applies(&xc));
  cr_assert_eq(pc_xc_add_item(&xc, "extra", true, NULL, &err), PC_OK);
  cr_expect_not(pc_bits_applies(&xc));
  cr_expect_null(pc_bits_new(&xc));
  pc_xc_free(&xc);
}

/* Splitting at depth 2 and solving each part with its prefix gives back
   every solution once; the visitor sees the prefix first. */
Test(bits, split_and_prefix)
{
  board bd;
  load_board("pent4x15", &bd);
  pc_bits *b = pc_bits_new(&bd.m.xc);
  cr_assert_not_null(b);
  found whole = {0}, parts = {.keep = true}, again = {0};
  pc_dlx_stats st = run_bits(b, &(pc_dlx_config){0}, &whole);
  cr_assert_eq(st.solutions, 1472);
  st = run_bits(b, &(pc_dlx_config){.split_depth = 2}, &parts);
  cr_expect(st.complete);
  cr_assert_gt(parts.n, 1);
  for (size_t i = 0; i < parts.n; i++) {
    cr_assert_eq(parts.sizes[i], 2);
    found one = {.keep = true};
    pc_bits_search(b, &(pc_dlx_config){.prefix = parts.parts[i], .n_prefix = 2,
                                       .visit = collect, .ctx = &one}, &st);
    cr_expect(st.complete);
    for (size_t j = 0; j < one.n; j++) {
      cr_expect(!memcmp(one.parts[j], parts.parts[i], 2 * sizeof(int32_t)));
      collect(&again, one.parts[j], one.sizes[j]);
    }
    found_free(&one);
  }
  sort_found(&again);
  cr_expect_eq(again.n, whole.n);
  cr_expect(again.n == whole.n && !memcmp(again.hash, whole.hash, whole.n * sizeof *whole.hash));
  /* The prefix counts towards the split depth. */
  int32_t first = parts.parts[0][0];
  found deeper = {.keep = true};
  run_bits(b, &(pc_dlx_config){.prefix = &first, .n_prefix = 1, .split_depth = 2}, &deeper);
  cr_expect_gt(deeper.n, 0);
  for (size_t j = 0; j < deeper.n; j++) {
    cr_expect_eq(deeper.sizes[j], 2);
    cr_expect_eq(deeper.parts[j][0], first);
  }
  found_free(&deeper);
  found_free(&whole);
  found_free(&parts);
  found_free(&again);
  pc_bits_free(b);
  free_board(&bd);
}

/* Two options that share an item, or one taken twice: no solution. */
Test(bits, bad_prefix)
{
  pc_xc xc;
  pc_load_dlx1("knuth3.dlx", &xc);
  pc_bits *b = pc_bits_new(&xc);
  cr_assert_not_null(b);
  pc_dlx_stats st;
  /* Knuth's rows 1 (C E F) and 3 (B C F) share C. */
  int32_t overlap[] = {0, 2}, twice[] = {3, 3}, outside[] = {6};
  pc_bits_search(b, &(pc_dlx_config){.prefix = overlap, .n_prefix = 2}, &st);
  cr_expect_eq(st.solutions, 0);
  pc_bits_search(b, &(pc_dlx_config){.prefix = twice, .n_prefix = 2}, &st);
  cr_expect_eq(st.solutions, 0);
  pc_bits_search(b, &(pc_dlx_config){.prefix = outside, .n_prefix = 1}, &st);
  cr_expect_eq(st.solutions, 0);
  int32_t good[] = {3, 0};
  pc_bits_search(b, &(pc_dlx_config){.prefix = good, .n_prefix = 2}, &st);
  cr_expect_eq(st.solutions, 1);
  pc_bits_free(b);
  pc_xc_free(&xc);
}

static bool stop_after_five(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  (void)n;
  int *seen = ctx;
  return ++*seen == 5;
}

typedef struct flag {
  atomic_int stop;
  int seen;
} flag;

static bool raise_after_three(void *ctx, const int32_t *options, int32_t n)
{
  (void)options;
  (void)n;
  flag *f = ctx;
  if (++f->seen == 3) atomic_store(&f->stop, 1);
  return false;
}

Test(bits, limits_and_stop)
{
  board bd;
  load_board("scott", &bd);
  pc_bits *b = pc_bits_new(&bd.m.xc);
  cr_assert_not_null(b);
  pc_dlx_stats st;
  pc_bits_search(b, &(pc_dlx_config){.max_solutions = 10}, &st);
  cr_expect_eq(st.solutions, 10);
  cr_expect_not(st.complete);

  int seen = 0;
  pc_bits_search(b, &(pc_dlx_config){.visit = stop_after_five, .ctx = &seen}, &st);
  cr_expect_eq(st.solutions, 5);
  cr_expect_eq(seen, 5);
  cr_expect_not(st.complete);

  /* The flag is polled: the search ends soon after it is raised. */
  flag f = {0};
  pc_bits_search(b, &(pc_dlx_config){.visit = raise_after_three, .ctx = &f, .stop = &f.stop},
                 &st);
  cr_expect_geq(st.solutions, 3);
  cr_expect_lt(st.solutions, 520);
  cr_expect_not(st.complete);

  /* Raised before: nothing beyond the root. */
  pc_bits_search(b, &(pc_dlx_config){.stop = &f.stop}, &st);
  cr_expect_eq(st.solutions, 0);
  cr_expect_eq(st.nodes, 1);
  cr_expect_not(st.complete);

  /* And the engine searches again from scratch afterwards. */
  pc_bits_search(b, &(pc_dlx_config){0}, &st);
  cr_expect_eq(st.solutions, 520);
  cr_expect(st.complete);
  pc_bits_free(b);
  free_board(&bd);
}

/* Minutes with DLX, seconds to a minute here: long. Kanoodle's empty
   tray, the tetrasticks (Goodger's 72 and 607, times 8), Dudeney (Knuth's
   16,146 times 8) and Y45 (Knuth's 212 times 8; 225 items). */
static uint64_t board_count(const char *name)
{
  board bd;
  load_board(name, &bd);
  pc_bits *b = pc_bits_new(&bd.m.xc);
  cr_assert_not_null(b, "%s", name);
  pc_dlx_stats st;
  pc_bits_search(b, &(pc_dlx_config){0}, &st);
  pc_bits_free(b);
  free_board(&bd);
  return st.solutions;
}

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

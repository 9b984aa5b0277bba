/* engine_check.c — the checks every search engine passes against DLX. */
#include "engine_check.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

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

bool pc_found_add(void *ctx, const int32_t *options, int32_t n)
{
  pc_found *f = ctx;
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

void pc_found_sort(pc_found *f)
{
  if (f->n) qsort(f->hash, f->n, sizeof *f->hash, cmp_u64);
}

void pc_found_free(pc_found *f)
{
  for (size_t i = 0; f->keep && i < f->n; i++) free(f->parts[i]);
  free(f->parts);
  free(f->sizes);
  free(f->hash);
}

pc_dlx_stats pc_engine_run(const pc_engine *engine, const pc_xc *xc, const pc_dlx_config *cfg,
                           pc_found *f, uint64_t *profile)
{
  void *e = engine->create(engine, xc);
  cr_assert_not_null(e, "%s: no engine", engine->name);
  pc_dlx_config c = *cfg;
  if (f) {
    c.visit = pc_found_add;
    c.ctx = f;
  }
  pc_dlx_stats st;
  engine->search(e, &c, &st);
  if (profile) {
    memset(profile, 0, ((size_t)pc_xc_depth(xc) + 1) * sizeof *profile);
    for (int32_t l = 0; l < st.levels; l++) profile[l] = st.level_nodes[l];
  }
  st.level_nodes = st.level_updates = NULL; /* the engine's, gone with it */
  engine->destroy(e);
  if (f) pc_found_sort(f);
  return st;
}

uint64_t pc_check_same_as_dlx(const pc_engine *engine, const pc_xc *xc, const char *what,
                              pc_choose choose, bool same_tree)
{
  size_t levels = (size_t)pc_xc_depth(xc) + 1;
  uint64_t *pd = calloc(levels, sizeof *pd), *pe = calloc(levels, sizeof *pe);
  pc_found fd = {0}, fe = {0};
  pc_dlx_config cfg = {.choose = choose};
  pc_dlx_stats sd = pc_engine_run(&pc_engine_dlx, xc, &cfg, &fd, pd);
  pc_dlx_stats se = pc_engine_run(engine, xc, &cfg, &fe, pe);
  cr_expect_eq(se.solutions, sd.solutions, "%s: %s %llu, dlx %llu", what, engine->name,
               (unsigned long long)se.solutions, (unsigned long long)sd.solutions);
  cr_expect_eq(fe.n, fd.n, "%s", what);
  cr_expect(fe.n == fd.n && (!fd.n || !memcmp(fe.hash, fd.hash, fd.n * sizeof *fd.hash)),
            "%s: different solutions", what);
  cr_expect(se.complete);
  cr_expect_eq(se.updates, 0);
  /* The profile adds up to the nodes, the root alone at level 0. */
  uint64_t sum = 0;
  for (size_t l = 0; l < levels; l++) sum += pe[l];
  cr_expect_eq(sum, se.nodes, "%s", what);
  cr_expect_eq(pe[0], 1, "%s", what);
  if (same_tree) {
    cr_expect_eq(se.nodes, sd.nodes, "%s: %s %llu nodes, dlx %llu", what, engine->name,
                 (unsigned long long)se.nodes, (unsigned long long)sd.nodes);
    cr_expect_eq(se.levels, sd.levels, "%s", what);
    cr_expect(!memcmp(pe, pd, levels * sizeof *pe), "%s: another profile", what);
  }
  pc_found_free(&fd);
  pc_found_free(&fe);
  free(pd);
  free(pe);
  return se.solutions;
}

void pc_board_load(const char *name, pc_board *bd)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", name);
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &bd->pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_matrix_build(&bd->pz, &bd->m, &err), PC_OK, "%s: %s", path, err.msg);
}

void pc_board_free(pc_board *bd)
{
  pc_matrix_free(&bd->m);
  pc_puzzle_free(&bd->pz);
}

uint64_t pc_check_board(const pc_engine *engine, const char *name, bool same_tree)
{
  pc_board bd;
  pc_board_load(name, &bd);
  uint64_t n = pc_check_same_as_dlx(engine, &bd.m.xc, name, PC_CHOOSE_MRV, same_tree);
  pc_board_free(&bd);
  return n;
}

uint64_t pc_check_file(const pc_engine *engine, const char *file, bool same_tree)
{
  pc_xc xc;
  pc_load_dlx1(file, &xc);
  uint64_t n = pc_check_same_as_dlx(engine, &xc, file, PC_CHOOSE_MRV, same_tree);
  pc_xc_free(&xc);
  return n;
}

void pc_board_solver(const char *name, pc_puzzle *pz, pc_solver *sv)
{
  char path[256];
  snprintf(path, sizeof path, "boards/%s.yaml", name);
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_solver_init(sv, pz, false, false, 0, &err), PC_OK, "%s: %s", path, err.msg);
}

void pc_xc_with_items(pc_xc *xc, int32_t n_primary, int32_t n_secondary)
{
  pc_xc_init(xc);
  pc_error err;
  char name[16];
  for (int32_t i = 0; i < n_primary + n_secondary; i++) {
    snprintf(name, sizeof name, "i%d", (int)i);
    cr_assert_eq(pc_xc_add_item(xc, name, i >= n_primary, NULL, &err), PC_OK);
  }
}

uint64_t pc_check_reduced(const pc_engine *engine, const char *name, bool same_tree)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_board_solver(name, &pz, &sv);
  char what[300];
  snprintf(what, sizeof what, "%s reduced", name);
  uint64_t n = pc_check_same_as_dlx(engine, &sv.matrix.xc, what, PC_CHOOSE_MRV, same_tree);
  cr_expect_gt(n, 0, "%s", what);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  return n;
}

uint64_t pc_engine_board_count(const pc_engine *engine, const char *name)
{
  pc_board bd;
  pc_board_load(name, &bd);
  pc_dlx_stats st = pc_engine_run(engine, &bd.m.xc, &(pc_dlx_config){0}, NULL, NULL);
  pc_board_free(&bd);
  return st.solutions;
}

int32_t pc_draw(uint64_t *seed, int32_t n)
{
  return (int32_t)((*seed = mix(*seed)) % (uint64_t)n);
}

/* Random problems: a random part on `hard` primary items spread over the
   whole range (three planted partitions into blocks of 2 to 4, and random
   options), the other primary items in a single partition. The first
   partition has no secondary item, so it is a solution. */
static void random_xc(pc_xc *xc, uint64_t *seed, int32_t n_primary, int32_t n_secondary,
                      int32_t n_options)
{
  pc_xc_with_items(xc, n_primary, n_secondary);
  pc_error err;
  int32_t items[8], *perm = malloc((size_t)n_primary * sizeof *perm);
  int32_t hard = n_primary < 24 ? n_primary : 24;
  cr_assert_not_null(perm);
  for (int32_t i = 0; i < n_primary; i++) perm[i] = i;
  for (int32_t i = n_primary - 1; i > 0; i--) {
    int32_t j = pc_draw(seed, i + 1), t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
  }
  for (int plant = 0; plant < 3; plant++) {
    int32_t start = plant ? n_primary - hard : 0;
    for (int32_t i = start; i < n_primary;) {
      int32_t n = 2 + pc_draw(seed, 3);
      if (n > n_primary - i) n = n_primary - i;
      for (int32_t j = 0; j < n; j++) items[j] = perm[i + n - 1 - j];
      i += n;
      if (plant && n_secondary && pc_draw(seed, 2))
        items[n++] = n_primary + pc_draw(seed, n_secondary);
      cr_assert_eq(pc_xc_add_option(xc, items, n, &err), PC_OK);
    }
    /* The hard part is the end of perm: reshuffle it for the next plant. */
    for (int32_t i = hard - 1; i > 0; i--) {
      int32_t j = pc_draw(seed, i + 1), t = perm[n_primary - hard + i];
      perm[n_primary - hard + i] = perm[n_primary - hard + j];
      perm[n_primary - hard + j] = t;
    }
  }
  for (int32_t k = 0; k < n_options; k++) {
    int32_t n = 2 + pc_draw(seed, 4), m = 0;
    for (int32_t j = 0; j < n; j++) {
      int32_t x = j == 0 || !n_secondary || pc_draw(seed, 2)
                      ? perm[n_primary - hard + pc_draw(seed, hard)]
                      : n_primary + pc_draw(seed, n_secondary);
      bool dup = false;
      for (int32_t t = 0; t < m; t++) dup |= items[t] == x;
      if (!dup) items[m++] = x;
    }
    cr_assert_eq(pc_xc_add_option(xc, items, m, &err), PC_OK);
  }
  free(perm);
}

void pc_check_random_problems(const pc_engine *engine, bool same_tree)
{
  static const int32_t shapes[][3] = {
      {6, 0, 10},    {12, 4, 20},   {40, 10, 40},  {60, 20, 60},
      {100, 28, 60}, {150, 40, 60}, {200, 56, 60}, {256, 0, 60},
      /* Masks of one word and more, by the items (primary and secondary):
         64, 65, 128, 129, 256, 257; bitdlx's wider keys past 256 primary
         items; then 300 and 600 items. */
      {64, 0, 60},   {60, 5, 60},   {128, 0, 60},  {100, 29, 60},
      {230, 26, 60}, {250, 7, 60},  {257, 0, 60},  {280, 40, 60},
      {600, 0, 60},
  };
  uint64_t seed = 6;
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++)
    for (int rep = 0; rep < 4; rep++) {
      pc_xc xc;
      random_xc(&xc, &seed, shapes[s][0], shapes[s][1], shapes[s][2]);
      char what[64];
      snprintf(what, sizeof what, "random %zu.%d", s, rep);
      uint64_t n = pc_check_same_as_dlx(engine, &xc, what, PC_CHOOSE_MRV, same_tree);
      cr_expect_geq(n, 1, "%s", what);
      pc_xc_free(&xc);
    }
}

/* Dominoes in a 2 x n strip cut into segments: a 2 x m segment has
   Fibonacci F(m + 1) tilings (F(1) = F(2) = 1), so the strip has the
   product of its segments' counts. Cells are items in the order of the
   strip, column by column. */
static void strip_xc(pc_xc *xc, const int32_t *segments, int32_t n_segments)
{
  int32_t columns = 0, items[2];
  for (int32_t s = 0; s < n_segments; s++) columns += segments[s];
  pc_xc_with_items(xc, 2 * columns, 0);
  pc_error err;
  for (int32_t s = 0, c = 0; s < n_segments; c += segments[s++])
    for (int32_t i = c; i < c + segments[s]; i++) {
      items[0] = 2 * i, items[1] = 2 * i + 1; /* upright */
      cr_assert_eq(pc_xc_add_option(xc, items, 2, &err), PC_OK);
      for (int32_t row = 0; i + 1 < c + segments[s] && row < 2; row++) {
        items[0] = 2 * i + row, items[1] = 2 * (i + 1) + row; /* flat */
        cr_assert_eq(pc_xc_add_option(xc, items, 2, &err), PC_OK);
      }
    }
}

void pc_check_strips(const pc_engine *engine, bool same_tree)
{
  /* 300 and 600 cells: segments of 2 x 10 (89 tilings) and 2 x 6 (13)
     among single columns (one tiling each). */
  int32_t segments[300];
  for (int32_t i = 0; i < 300; i++) segments[i] = 1;
  segments[7] = segments[100] = 10;
  pc_xc xc;
  strip_xc(&xc, segments, 132);
  cr_expect_eq(pc_check_same_as_dlx(engine, &xc, "2 x 150 strip", PC_CHOOSE_MRV, same_tree),
               89 * 89);
  pc_xc_free(&xc);
  segments[100] = segments[250] = 6;
  strip_xc(&xc, segments, 281);
  cr_expect_eq(pc_check_same_as_dlx(engine, &xc, "2 x 300 strip", PC_CHOOSE_MRV, same_tree),
               89 * 13 * 13);
  pc_xc_free(&xc);
}

/* Split at `depth`, then each part searched under its prefix: the nodes
   add up to the whole search's (a part's leaf counted twice), whatever
   the depth. */
static void expect_nodes_add_up(const pc_engine *engine, void *e, int32_t depth,
                                uint64_t whole)
{
  pc_found parts = {.keep = true};
  pc_dlx_stats st;
  engine->search(e, &(pc_dlx_config){.split_depth = depth, .visit = pc_found_add, .ctx = &parts},
                 &st);
  uint64_t nodes = st.nodes - parts.n;
  for (size_t i = 0; i < parts.n; i++) {
    engine->search(e, &(pc_dlx_config){.prefix = parts.parts[i], .n_prefix = parts.sizes[i]},
                   &st);
    nodes += st.nodes;
  }
  cr_expect_eq(nodes, whole, "%s at depth %d: %llu nodes, whole %llu", engine->name, (int)depth,
               (unsigned long long)nodes, (unsigned long long)whole);
  pc_found_free(&parts);
}

void pc_check_split_and_prefix(const pc_engine *engine)
{
  pc_board bd;
  pc_board_load("pent4x15", &bd);
  void *e = engine->create(engine, &bd.m.xc);
  cr_assert_not_null(e);
  pc_found whole = {0}, parts = {.keep = true}, again = {0};
  pc_dlx_stats st;
  engine->search(e, &(pc_dlx_config){.visit = pc_found_add, .ctx = &whole}, &st);
  cr_assert_eq(st.solutions, 1472);
  pc_found_sort(&whole);
  for (int32_t depth = 1; depth <= 4; depth++) expect_nodes_add_up(engine, e, depth, st.nodes);
  engine->search(e, &(pc_dlx_config){.split_depth = 2, .visit = pc_found_add, .ctx = &parts},
                 &st);
  cr_expect(st.complete);
  cr_assert_gt(parts.n, 1);
  for (size_t i = 0; i < parts.n; i++) {
    cr_assert_eq(parts.sizes[i], 2);
    pc_found one = {.keep = true};
    engine->search(e, &(pc_dlx_config){.prefix = parts.parts[i], .n_prefix = 2,
                                        .visit = pc_found_add, .ctx = &one}, &st);
    cr_expect(st.complete);
    for (size_t j = 0; j < one.n; j++) {
      cr_expect(!memcmp(one.parts[j], parts.parts[i], 2 * sizeof(int32_t)));
      pc_found_add(&again, one.parts[j], one.sizes[j]);
    }
    pc_found_free(&one);
  }
  pc_found_sort(&again);
  cr_expect_eq(again.n, whole.n);
  cr_expect(again.n == whole.n && !memcmp(again.hash, whole.hash, whole.n * sizeof *whole.hash));
  int32_t first = parts.parts[0][0];
  pc_found deeper = {.keep = true};
  engine->search(e, &(pc_dlx_config){.prefix = &first, .n_prefix = 1, .split_depth = 2,
                                      .visit = pc_found_add, .ctx = &deeper}, &st);
  cr_expect_gt(deeper.n, 0);
  for (size_t j = 0; j < deeper.n; j++) {
    cr_expect_eq(deeper.sizes[j], 2);
    cr_expect_eq(deeper.parts[j][0], first);
  }
  pc_found_free(&deeper);
  pc_found_free(&whole);
  pc_found_free(&parts);
  pc_found_free(&again);
  engine->destroy(e);
  pc_board_free(&bd);
}

void pc_check_forced_first(const pc_engine *engine)
{
  pc_board bd;
  pc_board_load("pent4x15", &bd);
  pc_xc xc;
  pc_xc_init(&xc);
  pc_error err = {0};
  int32_t forced;
  cr_assert_eq(pc_xc_copy_items(&bd.m.xc, &xc, &err), PC_OK);
  cr_assert_eq(pc_xc_add_item(&xc, "forced", false, &forced, &err), PC_OK);
  for (int32_t k = 0; k < bd.m.xc.n_options; k++)
    cr_assert_eq(pc_xc_copy_option(&bd.m.xc, k, &xc, &err), PC_OK);
  cr_assert_eq(pc_xc_add_option(&xc, &forced, 1, &err), PC_OK);
  void *e = engine->create(engine, &xc);
  cr_assert_not_null(e);
  pc_dlx_stats st;
  engine->search(e, &(pc_dlx_config){0}, &st);
  cr_assert_eq(st.solutions, 1472);
  for (int32_t depth = 1; depth <= 4; depth++) expect_nodes_add_up(engine, e, depth, st.nodes);
  engine->destroy(e);
  pc_xc_free(&xc);
  pc_board_free(&bd);
}

void pc_check_bad_prefix(const pc_engine *engine)
{
  pc_xc xc;
  pc_load_dlx1("knuth3.dlx", &xc);
  void *e = engine->create(engine, &xc);
  cr_assert_not_null(e);
  pc_dlx_stats st;
  /* Knuth's rows 1 (C E F) and 3 (B C F) share C. */
  int32_t overlap[] = {0, 2}, twice[] = {3, 3}, outside[] = {6};
  engine->search(e, &(pc_dlx_config){.prefix = overlap, .n_prefix = 2}, &st);
  cr_expect_eq(st.solutions, 0);
  engine->search(e, &(pc_dlx_config){.prefix = twice, .n_prefix = 2}, &st);
  cr_expect_eq(st.solutions, 0);
  engine->search(e, &(pc_dlx_config){.prefix = outside, .n_prefix = 1}, &st);
  cr_expect_eq(st.solutions, 0);
  int32_t good[] = {3, 0};
  engine->search(e, &(pc_dlx_config){.prefix = good, .n_prefix = 2}, &st);
  cr_expect_eq(st.solutions, 1);
  engine->destroy(e);
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

void pc_check_limits_and_stop(const pc_engine *engine)
{
  pc_board bd;
  pc_board_load("scott", &bd);
  void *e = engine->create(engine, &bd.m.xc);
  cr_assert_not_null(e);
  pc_dlx_stats st;
  engine->search(e, &(pc_dlx_config){.max_solutions = 10}, &st);
  cr_expect_eq(st.solutions, 10);
  cr_expect_not(st.complete);

  int seen = 0;
  engine->search(e, &(pc_dlx_config){.visit = stop_after_five, .ctx = &seen}, &st);
  cr_expect_eq(st.solutions, 5);
  cr_expect_eq(seen, 5);
  cr_expect_not(st.complete);

  /* The flag is polled: the search ends soon after it is raised. */
  flag f = {0};
  engine->search(e, &(pc_dlx_config){.visit = raise_after_three, .ctx = &f, .stop = &f.stop},
                 &st);
  cr_expect_geq(st.solutions, 3);
  cr_expect_lt(st.solutions, 520);
  cr_expect_not(st.complete);

  /* At most max_nodes nodes. */
  engine->search(e, &(pc_dlx_config){.max_nodes = 100}, &st);
  cr_expect_eq(st.nodes, 100);
  cr_expect_not(st.complete);

  /* Raised before: nothing beyond the root. */
  engine->search(e, &(pc_dlx_config){.stop = &f.stop}, &st);
  cr_expect_eq(st.solutions, 0);
  cr_expect_eq(st.nodes, 1);
  cr_expect_not(st.complete);

  /* And the engine searches again from scratch afterwards. */
  engine->search(e, &(pc_dlx_config){0}, &st);
  cr_expect_eq(st.solutions, 520);
  cr_expect(st.complete);
  engine->destroy(e);
  pc_board_free(&bd);
}

/* What pc_check_share's visitor records at each solution. */
typedef struct share_seen {
  const pc_engine *engine;
  void *e;
  _Atomic double share;
  double at[4096], path[4096];
  int n;
} share_seen;

static bool note_share(void *ctx, const int32_t *options, int32_t n)
{
  share_seen *s = ctx;
  (void)options;
  if (s->n == 4096) return true;
  s->at[s->n] = atomic_load(&s->share);
  s->path[s->n++] = s->engine->path_probability(s->e, n);
  return false;
}

void pc_check_share(const pc_engine *engine, const pc_xc *xc)
{
  share_seen *s = calloc(1, sizeof *s);
  cr_assert_not_null(s);
  s->engine = engine;
  s->e = engine->create(engine, xc);
  cr_assert_not_null(s->e);
  pc_dlx_stats st;
  engine->search(s->e, &(pc_dlx_config){.visit = note_share, .ctx = s, .share = &s->share}, &st);
  cr_assert(st.complete && s->n > 10, "%s: %d solutions", engine->name, s->n);
  double to_come = 0;
  for (int i = s->n - 1; i >= 0; i--) {
    to_come += s->path[i];
    cr_expect(s->at[i] >= 0 && s->at[i] + to_come <= 1 + 1e-9, "%s: solution %d: %g + %g",
              engine->name, i, s->at[i], to_come);
    if (i) cr_expect_geq(s->at[i], s->at[i - 1], "%s: solution %d", engine->name, i);
  }
  cr_expect_gt(s->at[s->n - 1], s->at[0] + 0.1, "%s: %g to %g", engine->name, s->at[0],
               s->at[s->n - 1]);
  engine->destroy(s->e);
  free(s);
}

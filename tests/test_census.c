/* test_census.c — a census survives a checkpoint: saved and loaded back,
   it holds the same counts, table and best solutions; the censuses of two
   halves of a search, merged, are the whole search's. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "poly/census.h"
#include "core/dlx.h"

typedef struct fixture {
  pc_puzzle pz;
  pc_matrix full, m;
  pc_symmetry g;
  pc_classes classes;
  pc_scorer scorer;
} fixture;

static void setup(fixture *x, const char *path)
{
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &x->pz, &err), PC_OK, "%s", err.msg);
  cr_assert_eq(pc_matrix_build(&x->pz, &x->full, &err), PC_OK);
  cr_assert_eq(pc_symmetry_find(&x->pz, &x->g), PC_OK);
  cr_assert_eq(pc_classes_init(&x->classes, &x->pz, &x->g, &x->full, true), PC_OK);
  cr_assert_eq(pc_classes_reduce(&x->classes, &x->full, &x->m, &err), PC_OK);
  cr_assert_eq(pc_scorer_init(&x->scorer, x->pz.grid, x->pz.cells, x->pz.n_cells), PC_OK);
}

static void teardown(fixture *x)
{
  pc_scorer_free(&x->scorer);
  pc_classes_free(&x->classes);
  pc_symmetry_free(&x->g);
  pc_matrix_free(&x->m);
  pc_matrix_free(&x->full);
  pc_puzzle_free(&x->pz);
}

static bool add(void *ctx, const int32_t *options, int32_t n)
{
  pc_census_add(ctx, options, n);
  return false;
}

Test(census, save_and_load)
{
  static fixture x;
  setup(&x, "boards/scott.yaml");
  pc_census a, b;
  cr_assert_eq(pc_census_init(&a, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  pc_dlx *d = pc_dlx_new(&x.m.xc);
  pc_dlx_config cfg = {.visit = add, .ctx = &a};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  cr_assert_eq(a.unique, 65);
  cr_assert_eq(a.n_best, 1);

  FILE *f = tmpfile();
  cr_assert_eq(pc_census_save(&a, f), PC_OK);
  rewind(f);
  cr_assert_eq(pc_census_init(&b, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  pc_error err = {0};
  cr_assert_eq(pc_census_load(&b, f, &err), PC_OK, "%s", err.msg);
  fclose(f);
  cr_expect_eq(b.solutions, 520);
  cr_expect_eq(b.unique, 65);
  cr_expect_eq(b.best.h, a.best.h);
  cr_expect_eq(b.best.v, a.best.v);
  cr_expect_eq(b.best_count, 1);
  cr_assert_eq(b.n_best, 1);
  cr_expect_eq(pc_tiling_cmp(&a.best_tilings[0], &b.best_tilings[0]), 0);
  cr_expect_eq(memcmp(a.table, b.table, (size_t)a.table_side * (size_t)a.table_side * sizeof *a.table), 0);

  /* Something else is refused, not half read. */
  f = tmpfile();
  fputs("census 1 2\ntable 9999 0 1\nend census\n", f);
  rewind(f);
  cr_expect_eq(pc_census_load(&b, f, &err), PC_ERR_INPUT);
  fclose(f);
  pc_census_free(&a);
  pc_census_free(&b);
  teardown(&x);
}

/* Solutions dealt alternately to two censuses. */
typedef struct halves {
  pc_census *c[3];
  int turn;
} halves;

static bool deal(void *ctx, const int32_t *options, int32_t n)
{
  halves *h = ctx;
  pc_census_add(h->c[2], options, n);
  pc_census_add(h->c[h->turn], options, n);
  h->turn ^= 1;
  return false;
}

Test(census, merge_halves)
{
  static fixture x;
  setup(&x, "boards/scott.yaml");
  pc_census a, b, whole, merged;
  cr_assert_eq(pc_census_init(&a, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  cr_assert_eq(pc_census_init(&b, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  cr_assert_eq(pc_census_init(&whole, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  cr_assert_eq(pc_census_init(&merged, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  halves h = {{&a, &b, &whole}, 0};
  pc_dlx *d = pc_dlx_new(&x.m.xc);
  pc_dlx_config cfg = {.visit = deal, .ctx = &h};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  cr_assert_eq(whole.unique, 65);
  cr_assert(a.unique > 0 && b.unique > 0);

  FILE *f = tmpfile();
  cr_assert_eq(pc_census_save(&a, f), PC_OK);
  cr_assert_eq(pc_census_save(&b, f), PC_OK);
  rewind(f);
  pc_error err = {0};
  int line = 0;
  cr_assert_eq(pc_census_merge(&merged, f, &line, &err), PC_OK, "%s", err.msg);
  int first = line;
  cr_assert_eq(pc_census_merge(&merged, f, &line, &err), PC_OK, "%s", err.msg);
  cr_expect(line > first);
  fclose(f);
  cr_expect_eq(merged.solutions, 520);
  cr_expect_eq(merged.unique, 65);
  cr_expect_eq(merged.best.h, whole.best.h);
  cr_expect_eq(merged.best.v, whole.best.v);
  cr_expect_eq(merged.best_count, whole.best_count);
  cr_assert_eq(merged.n_best, 1);
  cr_expect_eq(pc_tiling_cmp(&merged.best_tilings[0], &whole.best_tilings[0]), 0);
  cr_expect_eq(memcmp(merged.table, whole.table,
                      (size_t)whole.table_side * (size_t)whole.table_side * sizeof *whole.table),
               0);

  /* A bad line is reported at its line. */
  f = tmpfile();
  fputs("census 1 1\nbest 3 2 1\ntiling 1 2 x\nend census\n", f);
  rewind(f);
  line = 10;
  cr_expect_eq(pc_census_merge(&merged, f, &line, &err), PC_ERR_INPUT);
  cr_expect_eq(err.line, 13);
  fclose(f);
  pc_census_free(&a);
  pc_census_free(&b);
  pc_census_free(&whole);
  pc_census_free(&merged);
  teardown(&x);
}

/* Cleared, a census is as new: the same search taken again gives the same
   counts, table and best (Scott's 520 and 65, as above). */
Test(census, clear)
{
  static fixture x;
  setup(&x, "boards/scott.yaml");
  pc_census a;
  cr_assert_eq(pc_census_init(&a, &x.m, &x.classes, &x.scorer, false, 10), PC_OK);
  pc_dlx *d = pc_dlx_new(&x.m.xc);
  pc_dlx_config cfg = {.visit = add, .ctx = &a, .max_nodes = 5000};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st); /* a part: some solutions, a best */
  cr_assert(a.solutions > 0 && a.solutions < 520 && a.n_best > 0);
  pc_census_clear(&a);
  cr_expect_eq(a.solutions, 0);
  cr_expect_eq(a.unique, 0);
  cr_expect_eq(a.n_best, 0);
  cr_expect_eq(a.best_count, 0);
  cr_expect_eq(a.best.h, -1);
  cfg.max_nodes = 0;
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  cr_expect_eq(a.solutions, 520);
  cr_expect_eq(a.unique, 65);
  cr_expect_eq(a.best_count, 1);
  uint64_t table = 0;
  for (int32_t i = 0; i < a.table_side * a.table_side; i++) table += a.table[i];
  cr_expect_eq(table, 520);
  pc_census_free(&a);
  teardown(&x);
}

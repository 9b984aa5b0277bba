/* test_polyform.c — enumerating polyforms: the known counts (free and
   one-sided), the fixed counts they imply, names, and `polycover pieces`
   (its YAML read back with libyaml, the art cell by cell). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "poly/polyform.h"
#include "poly/shape.h"
#include "support.h"

static const pc_grid *grid(const char *name) { return pc_grid_by_name(name); }

static const pc_cell *form(const pc_polyforms *p, int32_t i)
{
  return p->cells + (size_t)i * (size_t)p->size;
}

static int32_t count(const char *g, int32_t size, bool one_sided)
{
  pc_polyforms p;
  cr_assert_eq(pc_polyforms_make(grid(g), size, one_sided, &p), PC_OK);
  int32_t n = p.count;
  pc_polyforms_free(&p);
  return n;
}

typedef struct known {
  const char *grid;
  int sizes;
  int32_t free[7], one_sided[7], fixed[7];
} known;

/* OEIS A000105, A000988, A001168; A000577, A006534, A001420; A019988,
   A151537 (one-sided polysticks), A096267. */
static const known table[] = {
    {"square", 7, {1, 1, 2, 5, 12, 35, 108}, {1, 1, 2, 7, 18, 60, 196},
     {1, 2, 6, 19, 63, 216, 760}},
    {"triangle", 7, {1, 1, 1, 3, 4, 12, 24}, {1, 1, 1, 4, 6, 19, 43},
     {2, 3, 6, 14, 36, 94, 250}},
    {"stick", 5, {1, 2, 5, 16, 55}, {1, 2, 7, 25, 99}, {2, 6, 22, 88, 372}},
};

Test(polyform, counts)
{
  for (size_t k = 0; k < sizeof table / sizeof *table; k++)
    for (int n = 1; n <= table[k].sizes; n++) {
      int32_t f = count(table[k].grid, n, false), o = count(table[k].grid, n, true);
      cr_expect_eq(f, table[k].free[n - 1], "%s %d: %d free", table[k].grid, n, f);
      cr_expect_eq(o, table[k].one_sided[n - 1], "%s %d: %d one-sided", table[k].grid, n, o);
    }
}

/* Each free form's orientations, summed, count the fixed forms; so do the
   one-sided forms' rotations. */
Test(polyform, fixed_counts)
{
  for (size_t k = 0; k < sizeof table / sizeof *table; k++)
    for (int n = 1; n <= table[k].sizes; n++) {
      for (int sided = 0; sided < 2; sided++) {
        pc_polyforms p;
        cr_assert_eq(pc_polyforms_make(grid(table[k].grid), n, sided, &p), PC_OK);
        int32_t fixed = 0;
        for (int32_t i = 0; i < p.count; i++) {
          pc_orients o;
          cr_assert_eq(pc_orients_make(p.grid, form(&p, i), n, sided, &o), PC_OK);
          fixed += o.count;
          pc_orients_free(&o);
        }
        cr_expect_eq(fixed, table[k].fixed[n - 1], "%s %d %s: %d fixed", table[k].grid, n,
                     sided ? "one-sided" : "free", fixed);
        pc_polyforms_free(&p);
      }
    }
}

/* Every form is connected, normalized, of distinct cells, and no two are
   the same up to the transforms that count. */
static void check_forms(const char *g, int32_t n, bool one_sided)
{
  pc_polyforms p;
  cr_assert_eq(pc_polyforms_make(grid(g), n, one_sided, &p), PC_OK);
  cr_assert_eq(p.size, n);
  pc_cell *canon = malloc((size_t)p.count * (size_t)n * sizeof *canon);
  cr_assert_not_null(canon);
  for (int32_t i = 0; i < p.count; i++) {
    const pc_cell *f = form(&p, i);
    cr_assert(pc_shape_connected(p.grid, f, n), "%s %d: form %d", g, n, i);
    pc_cell copy[PC_POLYFORM_MAX_SIZE];
    memcpy(copy, f, (size_t)n * sizeof *copy);
    pc_shape_normalize(p.grid, copy, n);
    cr_assert(!memcmp(copy, f, (size_t)n * sizeof *copy), "%s %d: form %d", g, n, i);
    for (int32_t j = 1; j < n; j++) cr_assert_lt(pc_cell_cmp(&f[j - 1], &f[j]), 0);
    for (int32_t j = 0; j < n; j++) cr_assert(pc_grid_is_cell(p.grid, f[j]));
    memcpy(canon + (size_t)i * (size_t)n, f, (size_t)n * sizeof *canon);
    cr_assert_eq(pc_polyform_canonical(p.grid, canon + (size_t)i * (size_t)n, n, one_sided),
                 PC_OK);
    /* Free forms are drawn canonical; so are one-sided ones but mirrors. */
    if (!p.mirror[i])
      cr_assert(!memcmp(canon + (size_t)i * (size_t)n, f, (size_t)n * sizeof *canon));
    for (int32_t j = 0; j < i; j++)
      cr_assert(memcmp(canon + (size_t)i * (size_t)n, canon + (size_t)j * (size_t)n,
                       (size_t)n * sizeof *canon),
                "%s %d: forms %d and %d are the same", g, n, j, i);
  }
  free(canon);
  pc_polyforms_free(&p);
}

Test(polyform, forms_are_distinct_and_whole)
{
  check_forms("square", 6, false);
  check_forms("square", 6, true);
  check_forms("triangle", 7, false);
  check_forms("triangle", 7, true);
  check_forms("stick", 4, false);
  check_forms("stick", 4, true);
}

/* One-sided sets: each free form, then its mirror image when chiral. */
Test(polyform, one_sided_pairs)
{
  const char *grids[] = {"square", "triangle", "stick"};
  const int32_t sizes[] = {6, 6, 4};
  for (int k = 0; k < 3; k++) {
    pc_polyforms f, o;
    cr_assert_eq(pc_polyforms_make(grid(grids[k]), sizes[k], false, &f), PC_OK);
    cr_assert_eq(pc_polyforms_make(grid(grids[k]), sizes[k], true, &o), PC_OK);
    int32_t n = f.size, i = 0;
    cr_expect_eq(o.free_count, f.count);
    for (int32_t j = 0; j < f.count; j++) {
      cr_assert_lt(i, o.count);
      cr_expect_eq(o.free_index[i], j);
      cr_expect_not(o.mirror[i]);
      cr_expect(!memcmp(form(&o, i), form(&f, j), (size_t)n * sizeof(pc_cell)));
      i++;
      if (pc_shape_mirror_symmetric(f.grid, form(&f, j), n)) continue;
      /* The mirror image: the reflection of form j. */
      cr_assert_lt(i, o.count);
      cr_expect_eq(o.free_index[i], j);
      cr_expect(o.mirror[i]);
      pc_cell m[PC_POLYFORM_MAX_SIZE];
      for (int32_t c = 0; c < n; c++)
        m[c] = pc_grid_transform(f.grid, pc_grid_rotations(f.grid), form(&f, j)[c]);
      pc_shape_normalize(f.grid, m, n);
      cr_expect(!memcmp(form(&o, i), m, (size_t)n * sizeof(pc_cell)));
      i++;
    }
    cr_expect_eq(i, o.count);
    pc_polyforms_free(&f);
    pc_polyforms_free(&o);
  }
}

Test(polyform, names)
{
  pc_polyforms p;
  char name[32];
  cr_assert_eq(pc_polyforms_make(grid("square"), 5, false, &p), PC_OK);
  pc_polyform_name(&p, 0, name, sizeof name);
  cr_expect_str_eq(name, "Q01");
  pc_polyform_name(&p, 11, name, sizeof name);
  cr_expect_str_eq(name, "Q12");
  pc_polyforms_free(&p);
  cr_assert_eq(pc_polyforms_make(grid("stick"), 3, true, &p), PC_OK);
  const char *want[] = {"S1", "S2", "S2m", "S3", "S4", "S5", "S5m"};
  cr_assert_eq(p.count, 7);
  for (int32_t i = 0; i < p.count; i++) {
    pc_polyform_name(&p, i, name, sizeof name);
    cr_expect_str_eq(name, want[i]);
  }
  pc_polyforms_free(&p);
  cr_assert_eq(pc_polyforms_make(grid("triangle"), 7, false, &p), PC_OK);
  pc_polyform_name(&p, 23, name, sizeof name);
  cr_expect_str_eq(name, "T24");
  pc_polyforms_free(&p);
}

Test(polyform, bad_sizes)
{
  pc_polyforms p;
  cr_expect_eq(pc_polyforms_make(grid("square"), 0, false, &p), PC_ERR_INPUT);
  cr_expect_eq(pc_polyforms_make(grid("stick"), PC_POLYFORM_MAX_SIZE + 1, true, &p),
               PC_ERR_INPUT);
}

/* The pieces of a YAML piece set, read with libyaml. */
typedef struct yaml_set {
  char name[64], grid[16];
  int count;
  char keys[256][16];
  char *arts[256];
} yaml_set;

static char *scalar(const yaml_event_t *e)
{
  cr_assert_eq(e->type, YAML_SCALAR_EVENT);
  return strndup((const char *)e->data.scalar.value, e->data.scalar.length);
}

static void next(yaml_parser_t *y, yaml_event_t *e)
{
  cr_assert(yaml_parser_parse(y, e), "YAML: %s at line %zu", y->problem,
            y->problem_mark.line + 1);
}

static void read_yaml(const char *text, yaml_set *s)
{
  memset(s, 0, sizeof *s);
  yaml_parser_t y;
  yaml_event_t e;
  yaml_parser_initialize(&y);
  yaml_parser_set_input_string(&y, (const unsigned char *)text, strlen(text));
  for (int i = 0; i < 3; i++) { /* stream, document, mapping */
    next(&y, &e);
    yaml_event_delete(&e);
  }
  for (;;) {
    next(&y, &e);
    if (e.type == YAML_MAPPING_END_EVENT) break;
    char *key = scalar(&e);
    yaml_event_delete(&e);
    next(&y, &e);
    if (!strcmp(key, "pieces")) {
      cr_assert_eq(e.type, YAML_MAPPING_START_EVENT);
      for (;;) {
        yaml_event_delete(&e);
        next(&y, &e);
        if (e.type == YAML_MAPPING_END_EVENT) break;
        cr_assert_lt(s->count, 256);
        char *name = scalar(&e);
        snprintf(s->keys[s->count], sizeof s->keys[0], "%s", name);
        free(name);
        yaml_event_delete(&e);
        next(&y, &e);
        s->arts[s->count++] = scalar(&e);
      }
    } else {
      char *v = scalar(&e);
      if (!strcmp(key, "name")) snprintf(s->name, sizeof s->name, "%s", v);
      else if (!strcmp(key, "grid")) snprintf(s->grid, sizeof s->grid, "%s", v);
      else cr_assert_fail("unexpected key %s", key);
      free(v);
    }
    yaml_event_delete(&e);
    free(key);
  }
  yaml_event_delete(&e);
  yaml_parser_delete(&y);
}

static void free_yaml(yaml_set *s)
{
  for (int i = 0; i < s->count; i++) free(s->arts[i]);
}

/* Reads art cell by cell; returns the number of cells. */
static int32_t parse_art(const pc_grid *g, const char *art, pc_cell *cells, int32_t max)
{
  int32_t n = 0, c = 0, r = 0;
  for (const char *p = art; *p; p++, c++) {
    if (*p == '\n') {
      r++;
      c = -1;
      continue;
    }
    int k = pc_grid_ascii_cell(g, c, r, *p);
    cr_assert_neq(k, -1, "'%c' at (%d, %d) in\n%s", *p, c, r, art);
    if (k == 1) {
      cr_assert_lt(n, max);
      cells[n++] = (pc_cell){c, r};
    }
  }
  return n;
}

/* `polycover pieces` prints the library's forms, in order, under the
   library's names, as art that reads back to the same cells. */
static void round_trip(const char *g, const char *size, bool one_sided)
{
  const char *args[] = {"pieces", "--grid", g, "--size", size, one_sided ? "--one-sided" : NULL,
                        NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect_str_eq(r.err, "");
  yaml_set s;
  read_yaml(r.out, &s);
  cr_expect_str_eq(s.grid, g);
  char want_name[64];
  snprintf(want_name, sizeof want_name, "%s%s-%s", one_sided ? "one-sided-" : "",
           !strcmp(g, "square") ? "polyominoes" : !strcmp(g, "triangle") ? "polyiamonds"
                                                                          : "polysticks",
           size);
  cr_expect_str_eq(s.name, want_name);
  pc_polyforms p;
  cr_assert_eq(pc_polyforms_make(grid(g), atoi(size), one_sided, &p), PC_OK);
  cr_assert_eq(s.count, p.count, "%s %s: %d pieces printed, %d made", g, size, s.count, p.count);
  for (int32_t i = 0; i < p.count; i++) {
    char name[32];
    pc_polyform_name(&p, i, name, sizeof name);
    cr_expect_str_eq(s.keys[i], name);
    pc_cell cells[PC_POLYFORM_MAX_SIZE];
    int32_t n = parse_art(p.grid, s.arts[i], cells, PC_POLYFORM_MAX_SIZE);
    cr_assert_eq(n, p.size, "%s: %d cells in\n%s", name, n, s.arts[i]);
    /* Art starts at the top-left: the cells are already normalized. */
    cr_expect(!memcmp(cells, form(&p, i), (size_t)n * sizeof *cells), "%s:\n%s", name,
              s.arts[i]);
  }
  pc_polyforms_free(&p);
  free_yaml(&s);
  pc_run_free(&r);
}

Test(polyform, program_round_trip)
{
  round_trip("square", "5", false);
  round_trip("square", "5", true);
  round_trip("triangle", "6", false);
  round_trip("triangle", "6", true);
  round_trip("stick", "4", false);
  round_trip("stick", "4", true); /* art that starts with blanks: '|2' */
}

static void expect_output(const char *const *args, int status, const char *out)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, status, "status %d: %s", r.status, r.err);
  if (out) cr_expect_str_eq(r.out, out);
  if (status == 2) cr_expect_neq(r.err[0], '\0', "a message");
  pc_run_free(&r);
}

Test(polyform, program_counts)
{
  expect_output((const char *[]){"pieces", "--size", "7", "--count", NULL}, 0, "108\n");
  expect_output((const char *[]){"pieces", "-g", "triangle", "-s", "7", "-1", "-c", NULL}, 0,
                "43\n");
  expect_output((const char *[]){"pieces", "--grid", "stick", "--size", "5", "--count", NULL},
                0, "55\n");
  expect_output((const char *[]){"pieces", "--grid", "stick", "--size", "5", "--count",
                                 "--one-sided", NULL},
                0, "99\n");
}

Test(polyform, program_json)
{
  pc_run r = pc_run_program(
      NULL, (const char *[]){"pieces", "--grid", "stick", "--size", "2", "--json", NULL});
  cr_assert_eq(r.status, 0);
  cr_expect(strstr(r.out, "\"grid\": \"stick\", \"size\": 2, \"one_sided\": false, "
                          "\"count\": 2, \"seconds\": "));
  cr_expect(strstr(r.out, "\"pieces\": {\"S1\": [[1, 0], [3, 0]], \"S2\": [[1, 0], [0, 1]]}}\n"),
            "%s", r.out);
  pc_run_free(&r);
}

Test(polyform, program_errors)
{
  expect_output((const char *[]){"pieces", "--size", "11", NULL}, 2, "");
  expect_output((const char *[]){"pieces", "--size", "0", NULL}, 2, "");
  expect_output((const char *[]){"pieces", "--size", "five", NULL}, 2, "");
  expect_output((const char *[]){"pieces", NULL}, 2, "");
  expect_output((const char *[]){"pieces", "--grid", "octagon", "--size", "3", NULL}, 2, "");
  expect_output((const char *[]){"pieces", "--size", "3", "extra", NULL}, 2, "");
  expect_output((const char *[]){"pieces", "--bogus", NULL}, 2, "");
  pc_run r = pc_run_program(NULL, (const char *[]){"pieces", "--help", NULL});
  cr_expect_eq(r.status, 0);
  cr_expect(strstr(r.out, "--one-sided"));
  pc_run_free(&r);
}

Test(polyform, program_name)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"pieces", "--size", "1", "--name",
                                                   "my set: \"x\"", NULL});
  cr_assert_eq(r.status, 0);
  yaml_set s;
  read_yaml(r.out, &s);
  cr_expect_str_eq(s.name, "my set: \"x\"");
  cr_expect_eq(s.count, 1);
  cr_expect_str_eq(s.keys[0], "Q1");
  cr_expect_str_eq(s.arts[0], "#\n");
  free_yaml(&s);
  pc_run_free(&r);
}

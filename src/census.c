/* census.c — counting solutions, classes and symmetry scores. */
#include "census.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"

pc_status pc_census_init(pc_census *c, const pc_matrix *m, pc_classes *classes,
                         const pc_scorer *scorer, bool all, int32_t best_cap)
{
  memset(c, 0, sizeof *c);
  c->m = m;
  c->classes = classes;
  c->scorer = scorer;
  c->all = all;
  c->best = (pc_score){-1, -1};
  c->best_cap = best_cap;
  pc_status s = pc_tiling_init(&c->found, m->n_cells);
  if (!s && scorer) {
    c->table_side = scorer->n_edges + 1;
    c->table = pc_alloc_array((size_t)c->table_side * (size_t)c->table_side, sizeof *c->table);
    c->best_tilings = pc_alloc_array((size_t)best_cap + 1, sizeof *c->best_tilings);
    if (!c->table || !c->best_tilings) s = PC_ERR_NOMEM;
    else memset(c->table, 0, (size_t)c->table_side * (size_t)c->table_side * sizeof *c->table);
  }
  if (s) pc_census_free(c);
  return s;
}

void pc_census_free(pc_census *c)
{
  for (int32_t i = 0; i < c->n_best; i++) pc_tiling_free(&c->best_tilings[i]);
  free(c->best_tilings);
  free(c->table);
  pc_tiling_free(&c->found);
  memset(c, 0, sizeof *c);
}

/* A class reaching score sc, shown by tiling t. */
static void best_candidate(pc_census *c, pc_score sc, const pc_tiling *t)
{
  int cmp = pc_score_cmp(sc, c->best);
  if (cmp < 0) return;
  if (cmp > 0) {
    c->best = sc;
    c->best_count = 0;
    for (int32_t i = 0; i < c->n_best; i++) pc_tiling_free(&c->best_tilings[i]);
    c->n_best = 0;
  }
  c->best_count++;
  if (c->n_best < c->best_cap && !pc_tiling_init(&c->best_tilings[c->n_best], t->n_cells))
    pc_tiling_copy(&c->best_tilings[c->n_best++], t);
}

/* Scores the class of c->found: each member once in the table, and the
   class's best member as its candidate. The images under the group show
   every member |stabilizer| times. With `all` the class is the solution. */
static void score_class(pc_census *c)
{
  const pc_symmetry *g = c->classes->g;
  int32_t members = c->all ? 1 : g->order;
  int32_t repeats = c->all ? 1 : g->order / c->found_class;
  pc_score sc[PC_SYM_MAX] = {{0, 0}}, best = {-1, -1};
  const pc_tiling *shown = &c->found;
  for (int32_t e = 0; e < members; e++) {
    const pc_tiling *t = e ? &c->classes->image[e] : &c->found;
    sc[e] = pc_score_tiling(c->scorer, t);
    if (pc_score_cmp(sc[e], best) > 0) best = sc[e], shown = t;
  }
  c->found_score = sc[0];
  for (int32_t e = 0; e < members; e++) {
    int32_t same = 0, first = e;
    for (int32_t f = 0; f < members; f++)
      if (sc[f].h == sc[e].h && sc[f].v == sc[e].v) {
        same++;
        if (f < first) first = f;
      }
    if (first == e)
      c->table[(size_t)sc[e].h * (size_t)c->table_side + (size_t)sc[e].v] += (uint64_t)(same / repeats);
  }
  best_candidate(c, best, shown);
}

bool pc_census_add(pc_census *c, const int32_t *options, int32_t n)
{
  if (!pc_matrix_canonical(c->m, options, n)) return false;
  pc_tiling_from_options(&c->found, c->m, options, n);
  int32_t size;
  bool represents = pc_classes_represents(c->classes, &c->found, &size);
  c->found_class = size;
  if (c->all) {
    c->solutions++;
    c->unique += represents;
  } else if (represents) {
    c->solutions += (uint64_t)size;
    c->unique++;
  }
  if (c->scorer && (c->all || represents)) score_class(c);
  return c->all || represents;
}

pc_status pc_census_save(const pc_census *c, FILE *f)
{
  fprintf(f, "census %llu %llu\n", (unsigned long long)c->solutions,
          (unsigned long long)c->unique);
  for (int32_t i = 0; i < c->table_side * c->table_side; i++)
    if (c->table[i])
      fprintf(f, "table %d %d %llu\n", (int)(i / c->table_side), (int)(i % c->table_side),
              (unsigned long long)c->table[i]);
  if (c->best.h >= 0)
    fprintf(f, "best %d %d %llu\n", (int)c->best.h, (int)c->best.v,
            (unsigned long long)c->best_count);
  for (int32_t k = 0; k < c->n_best; k++) {
    const pc_tiling *t = &c->best_tilings[k];
    fputs("tiling", f);
    for (int32_t i = 0; i < t->n_cells; i++) fprintf(f, " %d %d", (int)t->piece[i], (int)t->anchor[i]);
    fputc('\n', f);
  }
  fputs("end census\n", f);
  return ferror(f) ? PC_ERR_IO : PC_OK;
}

/* Reads one tiling's pairs after "tiling". */
static bool read_tiling(pc_census *c, FILE *f)
{
  if (c->n_best >= c->best_cap || pc_tiling_init(&c->best_tilings[c->n_best], c->found.n_cells))
    return false;
  pc_tiling *t = &c->best_tilings[c->n_best++];
  for (int32_t i = 0; i < t->n_cells; i++) {
    int p, a;
    if (fscanf(f, "%d %d", &p, &a) != 2 || p < -1 || a < -1 || a >= t->n_cells) return false;
    t->piece[i] = p;
    t->anchor[i] = a;
  }
  return true;
}

pc_status pc_census_load(pc_census *c, FILE *f, pc_error *err)
{
  char word[16];
  unsigned long long a, b;
  if (fscanf(f, " census %llu %llu", &a, &b) != 2)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "no census in the checkpoint");
  c->solutions = a;
  c->unique = b;
  while (fscanf(f, " %15s", word) == 1) {
    int h, v;
    bool ok = true;
    if (!strcmp(word, "end")) {
      ok = fscanf(f, " %15s", word) == 1 && !strcmp(word, "census");
      return ok ? PC_OK : pc_error_set(err, PC_ERR_INPUT, 0, 0, "bad census end");
    } else if (!strcmp(word, "table")) {
      ok = fscanf(f, "%d %d %llu", &h, &v, &a) == 3 && h >= 0 && v >= 0 && h < c->table_side &&
           v < c->table_side;
      if (ok) c->table[(size_t)h * (size_t)c->table_side + (size_t)v] = a;
    } else if (!strcmp(word, "best")) {
      ok = fscanf(f, "%d %d %llu", &h, &v, &a) == 3 && h >= 0 && v >= 0;
      if (ok) c->best = (pc_score){h, v}, c->best_count = a;
    } else if (!strcmp(word, "tiling")) {
      ok = read_tiling(c, f);
    } else {
      ok = false;
    }
    if (!ok) return pc_error_set(err, PC_ERR_INPUT, 0, 0, "bad census line '%s' in the checkpoint", word);
  }
  return pc_error_set(err, PC_ERR_INPUT, 0, 0, "the checkpoint's census is cut short");
}

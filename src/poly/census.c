/* census.c — counting solutions, classes and symmetry scores. */
#include "poly/census.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/lines.h"

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

/* A saved tiling's pairs, after "tiling": false when they do not fit. */
static bool parse_tiling(const char *text, pc_tiling *t)
{
  for (int32_t i = 0; i < t->n_cells; i++) {
    long v[2];
    for (int k = 0; k < 2; k++) {
      char *end;
      v[k] = strtol(text, &end, 10);
      if (end == text) return false;
      text = end;
    }
    if (v[0] < -1 || v[0] > INT32_MAX || v[1] < -1 || v[1] >= t->n_cells) return false;
    t->piece[i] = (int32_t)v[0];
    t->anchor[i] = (int32_t)v[1];
  }
  while (*text == ' ') text++;
  return !*text;
}

/* One line of a saved census (after the first), merged into c. *taking
   says whether the best solutions that follow are kept. */
static bool merge_line(pc_census *c, const char *line, bool *taking, bool *end)
{
  int h, v, used;
  unsigned long long k;
  if (!strcmp(line, "end census")) return *end = true;
  if (sscanf(line, "table %d %d %llu%n", &h, &v, &k, &used) == 3 && !line[used]) {
    if (h < 0 || v < 0 || h >= c->table_side || v >= c->table_side) return false;
    c->table[(size_t)h * (size_t)c->table_side + (size_t)v] += k;
    return true;
  }
  if (sscanf(line, "best %d %d %llu%n", &h, &v, &k, &used) == 3 && !line[used]) {
    if (h < 0 || v < 0 || !c->scorer) return false;
    pc_score sc = {h, v};
    int cmp = pc_score_cmp(sc, c->best);
    if (cmp > 0) {
      for (int32_t i = 0; i < c->n_best; i++) pc_tiling_free(&c->best_tilings[i]);
      c->n_best = 0;
      c->best = sc;
      c->best_count = 0;
    }
    if (cmp >= 0) c->best_count += k;
    *taking = cmp >= 0;
    return true;
  }
  if (strncmp(line, "tiling ", 7)) return false;
  pc_tiling t;
  if (pc_tiling_init(&t, c->found.n_cells)) return false;
  bool ok = parse_tiling(line + 7, &t);
  if (ok && *taking && c->n_best < c->best_cap) c->best_tilings[c->n_best++] = t;
  else pc_tiling_free(&t);
  return ok;
}

pc_status pc_census_merge(pc_census *c, FILE *f, int *line, pc_error *err)
{
  pc_lines in = {.f = f, .number = *line};
  bool first = true, taking = false, end = false;
  pc_status s = PC_OK;
  while (!s && !end && pc_lines_next(&in)) {
    const char *text = in.line;
    if (!text[0]) continue; /* the rest of the caller's line before it */
    unsigned long long a, b;
    int used;
    if (first) {
      if (sscanf(text, "census %llu %llu%n", &a, &b, &used) != 2 || text[used])
        s = pc_error_set(err, PC_ERR_INPUT, in.number, 0, "expected 'census SOLUTIONS UNIQUE'");
      else c->solutions += a, c->unique += b;
      first = false;
    } else if (!merge_line(c, text, &taking, &end)) {
      s = pc_error_set(err, PC_ERR_INPUT, in.number, 0, "bad census line '%.40s'", text);
    }
  }
  free(in.line);
  *line = in.number;
  if (!s && !end)
    s = pc_error_set(err, PC_ERR_INPUT, *line, 0, "the census is cut short (no 'end census')");
  return s;
}

pc_status pc_census_load(pc_census *c, FILE *f, pc_error *err)
{
  int line = 0;
  pc_status s = pc_census_merge(c, f, &line, err);
  if (s && err) err->line = 0; /* lines of the caller's section, not of its file */
  return s;
}

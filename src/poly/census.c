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

/* No class reaching the best score so far. */
static void forget_best(pc_census *c)
{
  for (int32_t i = 0; i < c->n_best; i++) pc_tiling_free(&c->best_tilings[i]);
  c->n_best = 0;
  c->best_count = 0;
}

void pc_census_clear(pc_census *c)
{
  forget_best(c);
  c->best = (pc_score){-1, -1};
  c->solutions = c->unique = 0;
  if (c->table)
    memset(c->table, 0, (size_t)c->table_side * (size_t)c->table_side * sizeof *c->table);
}

void pc_census_free(pc_census *c)
{
  forget_best(c);
  free(c->best_tilings);
  free(c->table);
  pc_tiling_free(&c->found);
  memset(c, 0, sizeof *c);
}

/* Of two tied scores (pc_score_cmp 0, as 36/30 and 30/36), within a
   class (a quarter turn swaps them) or between classes, the one with the
   higher vertical score is shown, as in Knuth's figures, so that neither
   the member the reduced search meets nor the order classes come in
   (threads, jobs) changes the report. */
static bool shown_before(pc_score a, pc_score b)
{
  int cmp = pc_score_cmp(a, b);
  return cmp > 0 || (cmp == 0 && a.v > b.v);
}

/* A class reaching score sc, shown by tiling t. */
static void best_candidate(pc_census *c, pc_score sc, const pc_tiling *t)
{
  int cmp = pc_score_cmp(sc, c->best);
  if (cmp < 0) return;
  if (cmp > 0) forget_best(c);
  if (shown_before(sc, c->best)) c->best = sc;
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
    if (shown_before(sc[e], best)) best = sc[e], shown = t;
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
      c->table[(size_t)sc[e].h * (size_t)c->table_side + (size_t)sc[e].v] +=
          (uint64_t)(same / repeats);
  }
  best_candidate(c, best, shown);
}

bool pc_census_add(pc_census *c, const int32_t *options, int32_t n)
{
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
    for (int32_t i = 0; i < t->n_cells; i++)
      fprintf(f, " %d %d", (int)t->piece[i], (int)t->anchor[i]);
    fputc('\n', f);
  }
  fputs("end census\n", f);
  return ferror(f) ? PC_ERR_IO : PC_OK;
}

/* A cell's "PIECE ANCHOR" pair, after a space at *p: -1 (none) or a
   number up to max. */
static bool scan_index(const char **p, uint64_t max, int32_t *v)
{
  uint64_t x;
  if (*(*p)++ != ' ') return false;
  if (!strncmp(*p, "-1", 2)) {
    *p += 2;
    *v = -1;
    return true;
  }
  if (!pc_scan_u64(p, max, &x)) return false;
  *v = (int32_t)x;
  return true;
}

/* A saved tiling's pairs, after "tiling": false when they do not fit the
   board, the pieces, or each other (a cell's anchor is a cell of the same
   piece that is its own anchor). */
static bool parse_tiling(const char *text, pc_tiling *t, int32_t n_pieces)
{
  for (int32_t i = 0; i < t->n_cells; i++)
    if (!scan_index(&text, (uint64_t)n_pieces - 1, &t->piece[i]) ||
        !scan_index(&text, (uint64_t)t->n_cells - 1, &t->anchor[i]))
      return false;
  if (*text) return false;
  for (int32_t i = 0; i < t->n_cells; i++) {
    int32_t a = t->anchor[i];
    if ((a < 0) != (t->piece[i] < 0)) return false;
    if (a >= 0 && (t->anchor[a] != a || t->piece[a] != t->piece[i])) return false;
  }
  return true;
}

/* What one saved census holds, to check it adds up. */
typedef struct section {
  uint64_t solutions, unique;
  uint64_t table_sum;
  int64_t table_at;        /* the last table entry's index */
  bool best, taking;       /* a best line read; its tilings are kept */
  uint64_t best_count, tilings;
  int32_t n_pieces;
} section;

static bool add_to(uint64_t *sum, uint64_t v)
{
  if (*sum + v < *sum) return false;
  *sum += v;
  return true;
}

/* "table H V K": in increasing order, K > 0. */
static bool merge_table(pc_census *c, section *sec, const char *line)
{
  uint64_t v[3];
  uint64_t side = (uint64_t)c->table_side;
  if (sec->best || pc_scan_u64s(line, "table", v, 3, UINT64_MAX) || v[0] >= side ||
      v[1] >= side || !v[2])
    return false;
  int64_t at = (int64_t)(v[0] * side + v[1]);
  if (at <= sec->table_at || !add_to(&sec->table_sum, v[2]) || !add_to(&c->table[at], v[2]))
    return false;
  sec->table_at = at;
  return true;
}

/* "best H V K", once, K no more than the classes (with `all`, the
   solutions) counted. */
static bool merge_best(pc_census *c, section *sec, const char *line)
{
  uint64_t v[3];
  uint64_t side = (uint64_t)c->table_side;
  if (sec->best || pc_scan_u64s(line, "best", v, 3, UINT64_MAX) || v[0] >= side ||
      v[1] >= side || !v[2] || v[2] > (c->all ? sec->solutions : sec->unique))
    return false;
  sec->best = true;
  sec->best_count = v[2];
  pc_score sc = {(int32_t)v[0], (int32_t)v[1]};
  int cmp = pc_score_cmp(sc, c->best);
  if (cmp > 0) forget_best(c);
  if (shown_before(sc, c->best)) c->best = sc;
  if (cmp >= 0 && !add_to(&c->best_count, v[2])) return false;
  sec->taking = cmp >= 0;
  return true;
}

/* "tiling ...": after the best line, no more than it counts. */
static bool merge_tiling(pc_census *c, section *sec, const char *line)
{
  if (!sec->best || strncmp(line, "tiling", 6) || ++sec->tilings > sec->best_count ||
      sec->tilings > (uint64_t)c->best_cap)
    return false;
  pc_tiling t;
  if (pc_tiling_init(&t, c->found.n_cells)) return false;
  bool ok = parse_tiling(line + 6, &t, sec->n_pieces);
  if (ok && sec->taking && c->n_best < c->best_cap) c->best_tilings[c->n_best++] = t;
  else pc_tiling_free(&t);
  return ok;
}

/* "census S U": no more classes than solutions, nor (reduced) classes
   of more members than the symmetry group has. */
static bool merge_head(pc_census *c, section *sec, const char *line)
{
  uint64_t v[2];
  if (pc_scan_u64s(line, "census", v, 2, UINT64_MAX) || v[1] > v[0]) return false;
  if (!c->all && v[0] > v[1] * (uint64_t)c->classes->g->order) return false;
  sec->solutions = v[0];
  sec->unique = v[1];
  return add_to(&c->solutions, v[0]) && add_to(&c->unique, v[1]);
}

/* The most pieces a tiling may name: the matrix's placements'. */
static int32_t pieces_of(const pc_matrix *m)
{
  int32_t n = 0;
  for (int32_t o = 0; o < m->xc.n_options; o++)
    if (m->placement[o].piece >= n) n = m->placement[o].piece + 1;
  return n;
}

static pc_status merge_lines(pc_census *c, pc_lines *in, section *sec, pc_error *err)
{
  bool first = true;
  while (pc_lines_next(in)) {
    const char *text = in->line;
    if (first && !text[0]) continue; /* the rest of the caller's line before it */
    bool ok = first                            ? merge_head(c, sec, text)
              : !strncmp(text, "table ", 6)    ? c->scorer && merge_table(c, sec, text)
              : !strncmp(text, "best ", 5)     ? c->scorer && merge_best(c, sec, text)
              : !strcmp(text, "end census")    ? true
                                               : merge_tiling(c, sec, text);
    if (!ok) {
      char shown[4 * 40 + 1];
      pc_lines_escape(text, 40, shown);
      return pc_error_set(err, PC_ERR_INPUT, in->number, 0,
                          first ? "expected 'census SOLUTIONS UNIQUE', not '%s'"
                                : "bad census line '%s'", shown);
    }
    if (!first && !strcmp(text, "end census")) return PC_OK;
    first = false;
  }
  if (in->status) return pc_lines_fault(in, err);
  return pc_error_set(err, PC_ERR_INPUT, in->number ? in->number : 1, 0,
                      "the census is cut short (no 'end census')");
}

pc_status pc_census_merge(pc_census *c, FILE *f, int *line, pc_error *err)
{
  pc_lines in;
  pc_lines_init(&in, f, *line);
  section sec = {.table_at = -1, .n_pieces = pieces_of(c->m)};
  pc_status s = merge_lines(c, &in, &sec, err);
  if (!s && c->scorer && sec.table_sum != sec.solutions)
    s = pc_error_set(err, PC_ERR_INPUT, in.number, 0,
                     "the census's table counts %llu solutions, its first line %llu",
                     (unsigned long long)sec.table_sum, (unsigned long long)sec.solutions);
  free(in.line);
  *line = in.number;
  return s;
}

pc_status pc_census_load(pc_census *c, FILE *f, pc_error *err)
{
  int line = 0;
  pc_status s = pc_census_merge(c, f, &line, err);
  if (s && err) err->line = 0; /* lines of the caller's section, not of its file */
  return s;
}

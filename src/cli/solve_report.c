/* solve_report.c — the report of a finished search of a puzzle. */
#include "cli/solve_report.h"

#include <stdlib.h>
#include <string.h>

#include "cli/common.h"

void pc_solve_report_tiling(FILE *out, const pc_puzzle *pz, const char *heading,
                            uint64_t number, const pc_tiling *t)
{
  char *art = pc_tiling_ascii(t, pz);
  fprintf(out, "%s %llu:\n%s\n", heading, (unsigned long long)number, art ? art : "");
  free(art);
}

/* Where the report goes: stdout, unless the solution file does. */
static FILE *stream(const pc_solve_report *r) { return r->out ? r->out : stdout; }

/* "8 (4 rotations, 4 reflections)". */
static void describe_group(const pc_symmetry *g, const pc_grid *grid, char *out, size_t size)
{
  int32_t rot = pc_symmetry_rotations(g, grid);
  snprintf(out, size, "%d (%d rotation%s, %d reflection%s)", (int)g->order, (int)rot,
           rot == 1 ? "" : "s", (int)(g->order - rot), g->order - rot == 1 ? "" : "s");
}

/* The (horizontal, vertical) pairs of scores that solutions have, best
   first: fn for each. */
static void each_score_pair(const pc_census *c, void (*fn)(void *, int32_t, int32_t, uint64_t),
                            void *ctx)
{
  for (int32_t h = c->table_side - 1; h >= 0; h--)
    for (int32_t v = c->table_side - 1; v >= 0; v--) {
      uint64_t k = c->table[(size_t)h * (size_t)c->table_side + (size_t)v];
      if (k) fn(ctx, h, v, k);
    }
}

static void table_line(void *out, int32_t h, int32_t v, uint64_t k)
{
  fprintf(out, "%10d %10d %12llu\n", (int)h, (int)v, (unsigned long long)k);
}

static void table_json(void *j, int32_t h, int32_t v, uint64_t k)
{
  pc_json_object(j, NULL);
  pc_json_u64(j, "horizontal", (uint64_t)h);
  pc_json_u64(j, "vertical", (uint64_t)v);
  pc_json_u64(j, "count", k);
  pc_json_close(j);
}

/* The art's rows, each a string. */
static void json_art(pc_json *j, const pc_puzzle *pz, const pc_tiling *t)
{
  char *art = pc_tiling_ascii(t, pz);
  pc_json_array(j, "art");
  for (char *row = art, *end; row && *row; row = end ? end + 1 : NULL) {
    end = strchr(row, '\n');
    if (end) *end = '\0';
    pc_json_str(j, NULL, row);
  }
  pc_json_close(j);
  free(art);
}

/* Each placed piece (its cells share an anchor, its first cell) with its
   cells. */
static void json_placements(pc_json *j, const pc_puzzle *pz, const pc_tiling *t)
{
  pc_json_array(j, "pieces");
  for (int32_t a = 0; a < t->n_cells; a++) {
    if (t->anchor[a] != a || t->piece[a] < 0) continue;
    pc_json_object(j, NULL);
    pc_json_str(j, "name", pz->pieces[t->piece[a]].name);
    pc_json_array(j, "cells");
    for (int32_t i = a; i < t->n_cells; i++) {
      if (t->anchor[i] != a) continue;
      pc_json_array(j, NULL);
      /* Coordinates may be negative (a sphere board's c - r). */
      pc_json_i64(j, NULL, pz->cells[i].c);
      pc_json_i64(j, NULL, pz->cells[i].r);
      if (pc_grid_dimensions(pz->grid) == 3) pc_json_i64(j, NULL, pz->cells[i].l);
      pc_json_close(j);
    }
    pc_json_close(j);
    pc_json_close(j);
  }
  pc_json_close(j);
}

static void json_solution(pc_json *j, const pc_puzzle *pz, uint64_t number, const pc_tiling *t,
                          const pc_score *score)
{
  pc_json_object(j, NULL);
  pc_json_u64(j, "number", number);
  if (score) {
    pc_json_u64(j, "horizontal", (uint64_t)score->h);
    pc_json_u64(j, "vertical", (uint64_t)score->v);
  }
  json_placements(j, pz, t);
  json_art(j, pz, t);
  pc_json_close(j);
}

void pc_solve_json_tiling(pc_solve_json *d, const pc_puzzle *pz, uint64_t number,
                          const pc_tiling *t, const pc_score *score)
{
  if (!d->started) pc_json_begin(&d->j, stdout), d->started = true;
  if (!d->listing) pc_json_array(&d->j, "solution_list"), d->listing = true;
  json_solution(&d->j, pz, number, t, score);
}

static void json_best(pc_json *j, const pc_solve_report *r)
{
  const pc_census *cs = &r->sv->census;
  if (cs->best.h < 0) return;
  pc_json_u64(j, "best_horizontal", (uint64_t)cs->best.h);
  pc_json_u64(j, "best_vertical", (uint64_t)cs->best.v);
  pc_json_u64(j, "best_count", cs->best_count);
  if (!r->show_best) return;
  pc_json_array(j, "best_list");
  for (int32_t i = 0; i < cs->n_best; i++) {
    pc_score sc = pc_score_tiling(cs->scorer, &cs->best_tilings[i]);
    json_solution(j, r->sv->pz, (uint64_t)i + 1, &cs->best_tilings[i], &sc);
  }
  pc_json_close(j);
}

static void report_json(const pc_solve_report *r, const pc_dlx_stats *st)
{
  const pc_solver *sv = r->sv;
  pc_solve_json fresh = {0}, *d = r->doc ? r->doc : &fresh;
  pc_json *j = &d->j;
  if (!d->started) pc_json_begin(j, stream(r)), d->started = true;
  if (d->listing) pc_json_close(j), d->listing = false;
  pc_json_str(j, "board", !strcmp(r->board, "-") ? "<stdin>" : r->board);
  pc_json_str(j, "title", sv->pz->title);
  pc_json_stats(j, st, r->seconds);
  pc_json_u64(j, "unique", sv->census.unique);
  pc_json_str(j, "engine", r->engine);
  if (r->refuted) pc_json_str(j, "no_solutions", r->refuted);
  if (r->threads) pc_json_u64(j, "threads", (uint64_t)r->threads);
  if (r->jobs) pc_json_u64(j, "jobs", (uint64_t)r->jobs);
  if (r->frontier) pc_json_u64(j, "states", r->states);
  if (r->subproblems || !r->frontier)
    pc_json_u64(j, r->frontier ? "shares" : "subproblems", (uint64_t)r->subproblems);
  pc_json_u64(j, "symmetries", (uint64_t)sv->group.order);
  pc_json_bool(j, "reduced", sv->classes.piece >= 0 || sv->classes.cell >= 0);
  pc_json_u64(j, "options", (uint64_t)sv->matrix.xc.n_options);
  pc_json_u64(j, "items", (uint64_t)sv->matrix.xc.n_items);
  if (r->best) json_best(j, r);
  if (r->sym_table) {
    pc_json_array(j, "sym_table");
    each_score_pair(&sv->census, table_json, j);
    pc_json_close(j);
  }
  if (r->profile) pc_json_profile(j, st);
  pc_json_end(j);
  d->started = false;
}

static void print_best(const pc_solve_report *r)
{
  FILE *out = stream(r);
  const pc_census *c = &r->sv->census;
  if (c->best.h < 0) return;
  fprintf(out, "maximally symmetric: horizontal %d, vertical %d; %llu %s\n", (int)c->best.h,
         (int)c->best.v, (unsigned long long)c->best_count,
         c->all ? pc_plural(c->best_count, "solution", "solutions")
                : pc_plural(c->best_count, "essentially different solution",
                            "essentially different solutions"));
  if (c->best_count > (uint64_t)c->n_best)
    fprintf(out, "(the first %d shown)\n", (int)c->n_best);
  for (int32_t i = 0; r->show_best && i < c->n_best; i++) {
    pc_score sc = pc_score_tiling(c->scorer, &c->best_tilings[i]);
    fprintf(out, "horizontal %d, vertical %d\n", (int)sc.h, (int)sc.v);
    pc_solve_report_tiling(out, r->sv->pz, "best", (uint64_t)i + 1, &c->best_tilings[i]);
  }
}

/* "engine: bitdlx, 2 threads, 360 subproblems"; merged, "2 jobs"; a
   count by the frontier has shares, if any, and no subproblems. */
static void engine_line(const pc_solve_report *r)
{
  FILE *out = stream(r);
  uint64_t runs = (uint64_t)(r->jobs ? r->jobs : r->threads);
  fprintf(out, "engine: %s, %llu %s", r->engine, (unsigned long long)runs,
          r->jobs ? pc_plural(runs, "job", "jobs") : pc_plural(runs, "thread", "threads"));
  uint64_t parts = (uint64_t)r->subproblems;
  if (parts || !r->frontier)
    fprintf(out, ", %llu %s", (unsigned long long)parts,
            r->frontier ? pc_plural(parts, "share", "shares")
                        : pc_plural(parts, "subproblem", "subproblems"));
  fputc('\n', out);
}

/* The puzzle, its symmetries and reduction, how it was searched. */
static void text_heading(const pc_solve_report *r)
{
  FILE *out = stream(r);
  const pc_puzzle *pz = r->sv->pz;
  const pc_classes *classes = &r->sv->classes;
  char group_text[64];
  describe_group(&r->sv->group, pz->grid, group_text, sizeof group_text);
  fprintf(out, "%s\n", pz->title);
  fprintf(out, "symmetries: %s\n", group_text);
  if (classes->piece >= 0)
    fprintf(out, "reduction: piece %s kept on %d of its %d %s\n", pz->pieces[classes->piece].name,
           (int)classes->kept, (int)classes->placements,
           pc_plural((uint64_t)classes->placements, "placement", "placements"));
  if (classes->second >= 0)
    fprintf(out, "reduction: piece %s restricted where %s's placement is symmetric (%d %s)\n",
            pz->pieces[classes->second].name, pz->pieces[classes->piece].name,
            (int)classes->symmetric, pc_plural((uint64_t)classes->symmetric, "place", "places"));
  else if (classes->cell >= 0)
    fprintf(out, "reduction: the %d %s covering cell (%d,%d) kept on %d\n",
           (int)classes->placements,
           pc_plural((uint64_t)classes->placements, "placement", "placements"),
           (int)pz->cells[classes->cell].c, (int)pz->cells[classes->cell].r,
           (int)classes->kept);
  if (r->refuted) fprintf(out, "no solutions: %s\n", r->refuted);
  else engine_line(r);
}

void pc_solve_report_print(const pc_solve_report *r)
{
  FILE *out = stream(r);
  const pc_census *cs = &r->sv->census;
  pc_dlx_stats st = r->st;
  st.solutions = cs->solutions;
  if (r->json) {
    report_json(r, &st);
    return;
  }
  text_heading(r);
  pc_print_summary(out, &st, r->seconds);
  if (r->frontier) fprintf(out, "states: %llu\n", (unsigned long long)r->states);
  fprintf(out, "unique: %llu\n", (unsigned long long)cs->unique);
  /* With --all a class counts when its representative is met, which a
     stopped search may not have reached. */
  if (!st.complete)
    fprintf(out, r->all ? "(stopped early: unique counts the classes whose representative "
                          "was among the solutions found)\n"
                        : "(stopped early: counts cover the classes found so far)\n");
  if (r->best) print_best(r);
  if (r->sym_table) {
    fprintf(out, "%10s %10s %12s\n", "horizontal", "vertical", "solutions");
    each_score_pair(cs, table_line, out);
  }
  if (r->profile) pc_print_profile(out, &st);
}

/* solve_report.c — the report of a finished search of a puzzle. */
#include "cli/solve_report.h"

#include <stdlib.h>

#include "cli/common.h"

void pc_solve_report_tiling(const pc_puzzle *pz, const char *heading, uint64_t number,
                            const pc_tiling *t)
{
  char *art = pc_tiling_ascii(t, pz);
  printf("%s %llu:\n%s\n", heading, (unsigned long long)number, art ? art : "");
  free(art);
}

/* "8 (4 rotations, 4 reflections)". */
static void describe_group(const pc_symmetry *g, const pc_grid *grid, char *out, size_t size)
{
  int32_t rot = pc_symmetry_rotations(g, grid);
  snprintf(out, size, "%d (%d rotation%s, %d reflection%s)", (int)g->order, (int)rot,
           rot == 1 ? "" : "s", (int)(g->order - rot), g->order - rot == 1 ? "" : "s");
}

void pc_solve_report_table(FILE *out, const pc_census *c)
{
  fprintf(out, "%10s %10s %12s\n", "horizontal", "vertical", "solutions");
  for (int32_t h = c->table_side - 1; h >= 0; h--)
    for (int32_t v = c->table_side - 1; v >= 0; v--) {
      uint64_t k = c->table[(size_t)h * (size_t)c->table_side + (size_t)v];
      if (k) fprintf(out, "%10d %10d %12llu\n", (int)h, (int)v, (unsigned long long)k);
    }
}

static void print_best(const pc_solve_report *r)
{
  const pc_census *c = &r->sv->census;
  if (c->best.h < 0) return;
  printf("maximally symmetric: horizontal %d, vertical %d; %llu %s\n", (int)c->best.h,
         (int)c->best.v, (unsigned long long)c->best_count,
         c->all ? pc_plural(c->best_count, "solution", "solutions")
                : pc_plural(c->best_count, "essentially different solution",
                            "essentially different solutions"));
  if (c->best_count > (uint64_t)c->n_best)
    printf("(the first %d shown)\n", (int)c->n_best);
  for (int32_t i = 0; r->show_best && i < c->n_best; i++) {
    pc_score sc = pc_score_tiling(c->scorer, &c->best_tilings[i]);
    printf("horizontal %d, vertical %d\n", (int)sc.h, (int)sc.v);
    pc_solve_report_tiling(r->sv->pz, "best", (uint64_t)i + 1, &c->best_tilings[i]);
  }
}

void pc_solve_report_print(const pc_solve_report *r)
{
  const pc_puzzle *pz = r->sv->pz;
  const pc_symmetry *group = &r->sv->group;
  const pc_classes *classes = &r->sv->classes;
  const pc_xc *xc = &r->sv->matrix.xc;
  const pc_census *cs = &r->sv->census;
  pc_dlx_stats st = r->st;
  st.solutions = cs->solutions;
  if (r->json) {
    pc_json j;
    pc_json_begin(&j, stdout);
    pc_json_str(&j, "board", r->board);
    pc_json_str(&j, "title", pz->title);
    pc_json_stats(&j, &st, r->seconds);
    pc_json_u64(&j, "unique", cs->unique);
    pc_json_str(&j, "engine", r->engine);
    if (r->refuted) pc_json_str(&j, "no_solutions", r->refuted);
    if (r->threads) pc_json_u64(&j, "threads", (uint64_t)r->threads);
    if (r->jobs) pc_json_u64(&j, "jobs", (uint64_t)r->jobs);
    pc_json_u64(&j, "subproblems", (uint64_t)r->subproblems);
    pc_json_u64(&j, "symmetries", (uint64_t)group->order);
    pc_json_bool(&j, "reduced", classes->piece >= 0 || classes->cell >= 0);
    pc_json_u64(&j, "options", (uint64_t)xc->n_options);
    pc_json_u64(&j, "items", (uint64_t)xc->n_items);
    if (r->best && cs->best.h >= 0) {
      pc_json_u64(&j, "best_horizontal", (uint64_t)cs->best.h);
      pc_json_u64(&j, "best_vertical", (uint64_t)cs->best.v);
      pc_json_u64(&j, "best_count", cs->best_count);
    }
    pc_json_end(&j);
    return;
  }
  char group_text[64];
  describe_group(group, pz->grid, group_text, sizeof group_text);
  printf("%s\n", pz->title);
  printf("symmetries: %s\n", group_text);
  if (classes->piece >= 0)
    printf("reduction: piece %s kept on %d of its %d %s\n", pz->pieces[classes->piece].name,
           (int)classes->kept, (int)classes->placements,
           pc_plural((uint64_t)classes->placements, "placement", "placements"));
  else if (classes->cell >= 0)
    printf("reduction: the %d %s covering cell (%d,%d) kept on %d\n",
           (int)classes->placements,
           pc_plural((uint64_t)classes->placements, "placement", "placements"), (int)pz->cells[classes->cell].c,
           (int)pz->cells[classes->cell].r, (int)classes->kept);
  if (r->refuted)
    printf("no solutions: %s\n", r->refuted);
  else if (r->jobs)
    printf("engine: %s, %d %s, %lld %s\n", r->engine, (int)r->jobs,
           pc_plural((uint64_t)r->jobs, "job", "jobs"), (long long)r->subproblems,
           pc_plural((uint64_t)r->subproblems, "subproblem", "subproblems"));
  else
    printf("engine: %s, %d %s, %lld %s\n", r->engine, r->threads,
           pc_plural((uint64_t)r->threads, "thread", "threads"), (long long)r->subproblems,
           pc_plural((uint64_t)r->subproblems, "subproblem", "subproblems"));
  pc_print_summary(stdout, &st, r->seconds);
  printf("unique: %llu\n", (unsigned long long)cs->unique);
  if (!st.complete && !r->all) printf("(stopped early: counts cover the classes found so far)\n");
  if (r->best) print_best(r);
}

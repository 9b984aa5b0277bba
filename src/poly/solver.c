/* solver.c — preparing a puzzle's search. */
#include "poly/solver.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

pc_status pc_solver_init(pc_solver *s, const pc_puzzle *pz, bool all, bool scored,
                         int32_t best_cap, pc_error *err)
{
  memset(s, 0, sizeof *s);
  s->pz = pz;
  pc_status st = pc_matrix_build(pz, &s->full, err);
  if (st) return st;
  st = pc_symmetry_find(pz, &s->group);
  if (st) goto done;
  st = pc_classes_init(&s->classes, pz, &s->group, &s->full, !all);
  if (st) goto done;
  st = pc_classes_reduce(&s->classes, &s->full, &s->matrix, err);
  if (st) goto done;
  if (scored) {
    st = pc_scorer_init(&s->scorer, pz->grid, pz->cells, pz->n_cells);
    if (st) goto done;
  }
  st = pc_census_init(&s->census, &s->matrix, &s->classes, scored ? &s->scorer : NULL, all,
                      best_cap);
done:
  /* The steps that fill no error record fail only for want of memory. */
  if (st == PC_ERR_NOMEM) st = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (st) pc_solver_free(s);
  return st;
}

void pc_solver_free(pc_solver *s)
{
  pc_census_free(&s->census);
  pc_scorer_free(&s->scorer);
  pc_classes_free(&s->classes);
  pc_symmetry_free(&s->group);
  pc_matrix_free(&s->matrix);
  pc_matrix_free(&s->full);
}

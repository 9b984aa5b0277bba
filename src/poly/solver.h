/* solver.h — a puzzle made ready to search: its exact-cover matrix, its
   symmetry group, the reduction to one solution per class (or none), the
   scorer when scores are wanted, and the census that takes the solutions.
   What `solve`, the bench and the tests share, so they all count alike. */
#ifndef PC_SOLVER_H
#define PC_SOLVER_H

#include "poly/census.h"

typedef struct pc_solver {
  const pc_puzzle *pz;
  pc_matrix full;           /* every placement */
  pc_matrix matrix;         /* what is searched: full, or reduced */
  pc_symmetry group;
  pc_classes classes;
  pc_scorer scorer;         /* filled when scored */
  pc_census census;
} pc_solver;

/* all: search every solution; otherwise one per class. scored: keep the
   symmetry table and the best (best_cap of them to show). */
pc_status pc_solver_init(pc_solver *s, const pc_puzzle *pz, bool all, bool scored,
                         int32_t best_cap, pc_error *err);
void pc_solver_free(pc_solver *s);

#endif

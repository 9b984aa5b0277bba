/* solve_frontier.h — `solve --count --method`: counting by the frontier
   programme (poly/frontier.h) in place of the search, and the choice that
   auto makes between them. */
#ifndef PC_SOLVE_FRONTIER_H
#define PC_SOLVE_FRONTIER_H

#include "poly/solver.h"

typedef enum pc_method {
  PC_METHOD_AUTO,
  PC_METHOD_SEARCH,
  PC_METHOD_FRONTIER,
  PC_METHOD_MEET,
} pc_method;

/* "auto", "search", "frontier" or "meet"; false for another name. */
bool pc_method_by_name(const char *name, pc_method *method);
const char *pc_method_name(pc_method method);

typedef struct pc_solve_frontier {
  const char *board;       /* as named, for the report */
  const pc_solver *sv;
  pc_method method;        /* auto, frontier or meet */
  int threads;             /* 0: one per core */
  int32_t split;           /* meet: 2^split parts (pc_frontier_config) */
  FILE *progress;          /* where the progress line goes (NULL: none) */
  bool all, json;
} pc_solve_frontier;

/* Whether auto may count by the frontier: the method applies, on a board
   of 80 cells or more. */
bool pc_solve_frontier_auto_applies(const pc_solve_frontier *f);

/* Where auto may count by the frontier, it first searches, within this
   many nodes of `engine` (the runner's max_nodes): a search that ends
   there is faster than the estimate that budgets the frontier. */
uint64_t pc_solve_frontier_first_nodes(const char *engine);

/* Counts by the frontier and prints the report as `solve` does. With
   auto (called only where pc_solve_frontier_auto_applies), only while
   the programme's states stay under the estimated nodes of DLX's search
   (Knuth's estimate): it is then expected to be faster than the search;
   *counted is false when it did not count (the caller then searches).
   Forced (frontier or meet), it fails with PC_ERR_INPUT where it does
   not apply. */
pc_status pc_solve_frontier_run(const pc_solve_frontier *f, bool *counted, pc_error *err);

#endif

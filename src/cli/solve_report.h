/* solve_report.h — what `solve` prints about a finished search: the
   puzzle, its symmetries and reduction, the engine, the counts (text or
   JSON), the maximally symmetric solutions and the symmetry table. Shared
   with `merge`, which prints the same for the results of job files. */
#ifndef PC_SOLVE_REPORT_H
#define PC_SOLVE_REPORT_H

#include "core/dlx.h"
#include "poly/solver.h"

/* How many maximally symmetric solutions a census keeps to show. */
#define PC_BEST_SHOWN 100

typedef struct pc_solve_report {
  const char *board;       /* the board file as named */
  const pc_solver *sv;     /* the puzzle, group, reduction, matrix, census */
  const char *engine;
  const char *refuted;     /* the argument that there is no solution, or NULL */
  int threads;             /* 0: not one run (merged jobs) */
  int32_t jobs;            /* > 0: merged from that many jobs */
  int64_t subproblems;
  pc_dlx_stats st;         /* its solutions are the census's */
  double seconds;
  bool all, best, json;
  bool show_best;          /* draw the maximally symmetric ones (with best) */
} pc_solve_report;

/* "solution 3:" then the tiling as the board's ASCII art, on stdout. */
void pc_solve_report_tiling(const pc_puzzle *pz, const char *heading, uint64_t number,
                            const pc_tiling *t);

/* The counts and, with best, the maximally symmetric solutions: one JSON
   object or text lines, on stdout. */
void pc_solve_report_print(const pc_solve_report *r);

/* How many solutions have each (horizontal, vertical) pair of scores. */
void pc_solve_report_table(FILE *out, const pc_census *c);

#endif

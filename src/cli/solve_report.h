/* solve_report.h — what `solve` prints about a finished search: the
   puzzle, its symmetries and reduction, the engine, the counts (text or
   JSON), the maximally symmetric solutions and the symmetry table. Shared
   with `merge`, which prints the same for the results of job files. */
#ifndef PC_SOLVE_REPORT_H
#define PC_SOLVE_REPORT_H

#include <stdio.h>

#include "cli/common.h"
#include "core/dlx.h"
#include "poly/solver.h"

/* How many maximally symmetric solutions a census keeps to show. */
#define PC_BEST_SHOWN 100

/* solve's JSON document on stdout, one object: "solution_list" (the
   solutions reported, written as they are found), then the counts and the
   rest of the report. */
typedef struct pc_solve_json {
  pc_json j;
  bool started;            /* the object is open */
  bool listing;            /* so is its solution_list */
} pc_solve_json;

typedef struct pc_solve_report {
  const char *board;       /* the board file as named */
  const pc_solver *sv;     /* the puzzle, group, reduction, matrix, census */
  const char *engine;
  const char *refuted;     /* the argument that there is no solution, or NULL */
  int threads;             /* 0: not one run (merged jobs) */
  int32_t jobs;            /* > 0: merged from that many jobs */
  int64_t subproblems;     /* a count by the frontier: its shares (0: none) */
  pc_dlx_stats st;         /* its solutions are the census's */
  bool frontier;           /* a count by the frontier: states in place of nodes */
  uint64_t states;
  double seconds;
  bool all, best, json;
  bool show_best;          /* draw the maximally symmetric ones (with best) */
  bool sym_table, profile; /* the table of scores, the levels of the search */
  pc_solve_json *doc;      /* json: the document begun, or NULL */
  FILE *out;               /* where it goes; NULL: stdout */
} pc_solve_report;

/* "solution 3:" then the tiling as the board's ASCII art, on `out`. */
void pc_solve_report_tiling(FILE *out, const pc_puzzle *pz, const char *heading,
                            uint64_t number, const pc_tiling *t);

/* A solution reported, into the document's solution_list: its number,
   its scores (NULL: not scored), its pieces with their cells [column,
   row] and the board's art, a string a row. */
void pc_solve_json_tiling(pc_solve_json *d, const pc_puzzle *pz, uint64_t number,
                          const pc_tiling *t, const pc_score *score);

/* The counts; with best, the maximally symmetric solutions; the table and
   the profile when asked for: the end of the JSON document, or text
   lines, on stdout. */
void pc_solve_report_print(const pc_solve_report *r);

#endif

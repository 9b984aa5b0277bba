/* census.h — what a search has found, solution by solution: every solution
   and the essentially different ones (exactly, by class), and when asked
   the symmetry scores: how many solutions have each (horizontal, vertical)
   pair, and the maximally symmetric ones. The search engines know nothing
   of this; the commands feed it each solution the search meets. */
#ifndef PC_CENSUS_H
#define PC_CENSUS_H

#include <stdio.h>

#include "poly/score.h"
#include "poly/classes.h"

typedef struct pc_census {
  const pc_matrix *m;
  pc_classes *classes;
  const pc_scorer *scorer;  /* NULL: no scores */
  bool all;                 /* the search finds every solution (no reduction) */
  uint64_t solutions;       /* every solution (the classes' sizes summed) */
  uint64_t unique;          /* one per class */
  uint64_t *table;          /* (n_edges+1)^2: solutions with scores (h, v) */
  int32_t table_side;
  pc_score best;            /* the best score so far (-1, -1 before any) */
  pc_tiling *best_tilings;  /* one per class reaching it, at most best_cap */
  int32_t n_best, best_cap;
  uint64_t best_count;      /* classes reaching it */
  pc_tiling found;          /* the solution last added */
  pc_score found_score;     /* its scores (when scoring) */
  int32_t found_class;      /* its class's size */
} pc_census;

/* `all` says whether the search was reduced (false) or finds every
   solution (true); classes come from pc_classes_init accordingly. */
pc_status pc_census_init(pc_census *c, const pc_matrix *m, pc_classes *classes,
                         const pc_scorer *scorer, bool all, int32_t best_cap);
void pc_census_free(pc_census *c);

/* Forgets every solution taken: the counts, the table and the best as
   pc_census_init left them. */
void pc_census_clear(pc_census *c);

/* Takes a solution the search met. Returns true when it is one to report:
   a class's representative, or with `all` every solution. It is then in
   c->found. */
bool pc_census_add(pc_census *c, const int32_t *options, int32_t n);

/* The counts, the table and the best so far, as text lines (for a
   checkpoint or a job's result), from a "census" line to "end census". */
pc_status pc_census_save(const pc_census *c, FILE *f);

/* Reads a saved census and adds it to c, initialized for the same puzzle
   and options: counts and table summed, the best kept when it beats or
   ties c's (ties: counts summed, solutions shown up to the cap). Into a
   fresh census that is exactly what was saved; over the results of the
   parts of a split search, the whole search's census. *line counts the
   lines read (start it at the line before the census); errors, with
   PC_ERR_INPUT, are at *line. */
pc_status pc_census_merge(pc_census *c, FILE *f, int *line, pc_error *err);

/* pc_census_merge into a fresh census (a checkpoint's), without lines. */
pc_status pc_census_load(pc_census *c, FILE *f, pc_error *err);

#endif

/* count_progress.h — the progress of a count by the frontier programme
   (`solve --count` whole or met in the middle, and meet jobs): one line
   rewritten in place, with the pass, its step and how much of the step is
   read; and, where a count met in the middle goes by parts (halves,
   shares), a line per part counted and per part counted in halves. */
#ifndef PC_COUNT_PROGRESS_H
#define PC_COUNT_PROGRESS_H

#include <stdio.h>

#include "poly/frontier.h"

typedef struct pc_count_progress {
  FILE *out;
  const pc_puzzle *pz;
  bool part_lines;          /* a line per part counted */
  pc_frontier_watch watch;
  double t0, shown, since;  /* the count's start, the line's last drawing, the last part's end */
  int drawn;                /* the line's characters on the screen (0: none) */
  uint64_t parts, solutions; /* the parts counted, their solutions */
} pc_count_progress;

/* The watch to give the count of puzzle pz: NULL when out is NULL (no
   progress). With part_lines, a line per part counted (a share or a half
   of the whole), else the parts only show on the line in place. */
const pc_frontier_watch *pc_count_progress_start(pc_count_progress *p, FILE *out,
                                                 const pc_puzzle *pz, bool part_lines);

/* Wipes the line in place, if drawn, so that a line printed next stands
   alone. */
void pc_count_progress_clear(pc_count_progress *p);

#endif

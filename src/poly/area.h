/* area.h — whether some choice of the pieces covers exactly as many cells
   as the board has: each piece between its least and most copies, each
   `choose` group's pieces placed as many times in all as it says. Sound:
   a board with a solution is never refused. */
#ifndef PC_AREA_H
#define PC_AREA_H

#include <stdbool.h>

#include "poly/puzzle.h"

/* *reachable: some choice of copies (and of each group's pieces) has the
   board's cell count as its area. PC_ERR_NOMEM in err when out of
   memory. */
pc_status pc_area_reachable(const pc_puzzle *pz, bool *reachable, pc_error *err);

#endif

/* xc.h — an exact-cover problem: named items and the options that cover
   them. Primary items come first and must be covered exactly once;
   secondary items follow and may be covered at most once. Every front-end
   (DLX1 files, queens, sudoku, puzzles) builds one of these; every engine
   solves one. */
#ifndef PC_XC_H
#define PC_XC_H

#include <stdbool.h>
#include <stdint.h>

#include "core/error.h"

#define PC_XC_NAME_MAX 31 /* longest item name the model holds */

typedef struct pc_xc {
  int32_t n_items;       /* primary + secondary */
  int32_t n_primary;     /* items [0, n_primary) are primary */
  char (*names)[PC_XC_NAME_MAX + 1];
  int32_t n_options;
  int32_t *opt_start;    /* option k is opt_items[opt_start[k] .. opt_start[k+1]) */
  int32_t *opt_items;    /* item indices */
  int32_t cap_items, cap_options, cap_nodes;
} pc_xc;

void pc_xc_init(pc_xc *xc);
void pc_xc_free(pc_xc *xc);

/* Adds an item and stores its index in *index (may be NULL). All primary
   items must be added before the first secondary one (PC_ERR_INPUT). */
pc_status pc_xc_add_item(pc_xc *xc, const char *name, bool secondary,
                         int32_t *index, pc_error *err);

/* Adds an option made of `n` distinct item indices. */
pc_status pc_xc_add_option(pc_xc *xc, const int32_t *items, int32_t n,
                           pc_error *err);

static inline int32_t pc_xc_option_size(const pc_xc *xc, int32_t k)
{
  return xc->opt_start[k + 1] - xc->opt_start[k];
}

static inline const int32_t *pc_xc_option(const pc_xc *xc, int32_t k)
{
  return xc->opt_items + xc->opt_start[k];
}

#endif

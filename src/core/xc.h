/* xc.h — an exact-cover problem: named items and the options that cover
   them. Primary items come first and must be covered exactly once;
   secondary items follow and may be covered at most once. Every front-end
   (DLX1 files, queens, sudoku, puzzles) builds one of these; every engine
   solves one.

   Two generalisations of Knuth's (DLX2, DLX3): a primary item may have
   bounds [a, b], to be covered between a and b times (an item with
   multiplicity); and an option may give a secondary item a color, so
   that options agreeing on that item's color may share it (options
   without a color there still exclude every other). A problem that uses
   neither is plain (pc_xc_plain), and the plain engines take only those. */
#ifndef PC_XC_H
#define PC_XC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"

#define PC_XC_NAME_MAX 31 /* longest item name the model holds */

typedef struct pc_xc_bounds {
  int32_t lower, upper;
} pc_xc_bounds;

typedef struct pc_xc {
  int32_t n_items;       /* primary + secondary */
  int32_t n_primary;     /* items [0, n_primary) are primary */
  char (*names)[PC_XC_NAME_MAX + 1];
  int32_t n_options;
  int32_t *opt_start;    /* option k is opt_items[opt_start[k] .. opt_start[k+1]) */
  int32_t *opt_items;    /* item indices */
  /* Bounds of the primary items: NULL when all are [1, 1]. */
  pc_xc_bounds *bounds;
  /* Parallel to opt_items: 0 for no color, else a color number >= 1 named
     color_names[number - 1]. NULL when no option has a color. */
  int32_t *opt_colors;
  int32_t n_colors;
  char (*color_names)[PC_XC_NAME_MAX + 1];
  int32_t cap_items, cap_options, cap_nodes, cap_colors, cap_bounds;
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

/* The same, with colors[i] the color of items[i] (0: none; only secondary
   items take one). `colors` may be NULL. */
pc_status pc_xc_add_colored_option(pc_xc *xc, const int32_t *items, const int32_t *colors,
                                   int32_t n, pc_error *err);

/* The number of the color called `name`, made when new. */
pc_status pc_xc_color(pc_xc *xc, const char *name, int32_t *color, pc_error *err);

/* Primary item `item` is to be covered between lower and upper times
   (0 <= lower <= upper, 1 <= upper). pc_xc_lower and pc_xc_upper give 1
   for a secondary item. */
pc_status pc_xc_set_bounds(pc_xc *xc, int32_t item, int32_t lower, int32_t upper,
                           pc_error *err);

static inline int32_t pc_xc_lower(const pc_xc *xc, int32_t item)
{
  return xc->bounds && item < xc->n_primary ? xc->bounds[item].lower : 1;
}

static inline int32_t pc_xc_upper(const pc_xc *xc, int32_t item)
{
  return xc->bounds && item < xc->n_primary ? xc->bounds[item].upper : 1;
}

/* dst (initialised, empty) gets src's items, their bounds and src's
   color names: ready for src's options in any order or subset. */
pc_status pc_xc_copy_items(const pc_xc *src, pc_xc *dst, pc_error *err);

/* Adds option k of src to dst (made by pc_xc_copy_items), colors and all. */
pc_status pc_xc_copy_option(const pc_xc *src, int32_t k, pc_xc *dst, pc_error *err);

/* Whether some item has bounds other than [1, 1]; some option a color. */
bool pc_xc_has_bounds(const pc_xc *xc);
bool pc_xc_has_colors(const pc_xc *xc);

/* Neither bounds nor colors: exact cover as in DLX1. */
static inline bool pc_xc_plain(const pc_xc *xc)
{
  return !pc_xc_has_bounds(xc) && !pc_xc_has_colors(xc);
}

/* The most choices a path of the search can take: each covers a primary
   item once more (the sum of the upper bounds; n_primary when plain), and
   takes an option or leaves an item for good (n_options + n_primary at
   most). Profiles have one more level (the root). */
int32_t pc_xc_depth(const pc_xc *xc);

static inline int32_t pc_xc_option_size(const pc_xc *xc, int32_t k)
{
  return xc->opt_start[k + 1] - xc->opt_start[k];
}

static inline const int32_t *pc_xc_option(const pc_xc *xc, int32_t k)
{
  return xc->opt_items + xc->opt_start[k];
}

/* Option k's colors, parallel to pc_xc_option; NULL when none has one. */
static inline const int32_t *pc_xc_option_colors(const pc_xc *xc, int32_t k)
{
  return xc->opt_colors ? xc->opt_colors + xc->opt_start[k] : NULL;
}

#endif

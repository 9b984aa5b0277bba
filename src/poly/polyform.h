/* polyform.h — every polyform of a size on a grid (free, or one-sided),
   their names, and writing them as a YAML piece set. */
#ifndef PC_POLYFORM_H
#define PC_POLYFORM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "core/error.h"
#include "poly/grid.h"

/* Sizes pc_polyforms_make accepts (the largest set, one-sided sticks of
   10, has 182,829 forms and takes about 1.5 s). */
#define PC_POLYFORM_MAX_SIZE 10

/* The polyforms of one size. Free forms are each drawn in their canonical
   orientation (the smallest normalized one, cells compared by
   pc_cell_cmp) and sorted by it. One-sided sets list each free form's
   canonical orientation, followed by its mirror image (drawn as the
   reflection of it) when the form is chiral. */
typedef struct pc_polyforms {
  const pc_grid *grid;
  int32_t size;        /* cells in each polyform */
  int32_t count;       /* polyforms */
  int32_t free_count;  /* free polyforms: count unless one-sided */
  bool one_sided;
  pc_cell *cells;      /* polyform i: cells + i * size, normalized */
  int32_t *free_index; /* the free form polyform i is (or mirrors) */
  bool *mirror;        /* whether polyform i is the mirror image of it */
} pc_polyforms;

/* Enumerates by growing each form of size n - 1 by one neighbouring cell
   and keeping canonical forms (only rotations count when one_sided).
   PC_ERR_INPUT for a size outside 1..PC_POLYFORM_MAX_SIZE. */
pc_status pc_polyforms_make(const pc_grid *g, int32_t size, bool one_sided,
                            pc_polyforms *out);
void pc_polyforms_free(pc_polyforms *p);

/* The canonical form of a shape: its smallest normalized orientation
   under all transforms, or only the rotations when one_sided (cells
   compared in order by pc_cell_cmp). `cells` is replaced by it. */
pc_status pc_polyform_canonical(const pc_grid *g, pc_cell *cells, int32_t n, bool one_sided);

/* Polyform i's name: the grid's letter (pc_grid_letter), the free form's number from 1
   padded to the width of the largest, and 'm' for a mirror image: Q01 ..
   Q12 for pentominoes, and Q05, Q05m in a one-sided set. */
void pc_polyform_name(const pc_polyforms *p, int32_t i, char *buf, size_t size);

/* A YAML piece set (docs/formats.md): name (NULL: "polyominoes-5",
   "one-sided-polysticks-4" ...), grid, and pieces as literal blocks of
   ASCII art. PC_ERR_NOMEM or PC_ERR_IO (a write failed). */
pc_status pc_polyforms_write_yaml(FILE *out, const pc_polyforms *p, const char *name);

#endif

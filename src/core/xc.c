/* xc.c — building an exact-cover problem. */
#include "core/xc.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

void pc_xc_init(pc_xc *xc)
{
  memset(xc, 0, sizeof *xc);
}

void pc_xc_free(pc_xc *xc)
{
  free(xc->names);
  free(xc->opt_start);
  free(xc->opt_items);
  memset(xc, 0, sizeof *xc);
}

pc_status pc_xc_add_item(pc_xc *xc, const char *name, bool secondary,
                         int32_t *index, pc_error *err)
{
  if (!secondary && xc->n_primary < xc->n_items)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "primary item '%s' after a secondary item", name);
  if (strlen(name) > PC_XC_NAME_MAX)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "item name '%s' is longer than %d characters", name,
                        PC_XC_NAME_MAX);
  if (!pc_grow((void **)&xc->names, &xc->cap_items, xc->n_items + 1,
               sizeof *xc->names))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  strcpy(xc->names[xc->n_items], name);
  if (index) *index = xc->n_items;
  xc->n_items++;
  if (!secondary) xc->n_primary++;
  return PC_OK;
}

/* An item the option names twice, -1 if none, -2 out of memory: pairwise
   for short options, through a hash set for long ones (linear time). */
static int32_t repeated(const int32_t *items, int32_t n)
{
  if (n <= 32) {
    for (int32_t i = 0; i < n; i++)
      for (int32_t j = 0; j < i; j++)
        if (items[j] == items[i]) return items[i];
    return -1;
  }
  uint32_t mask = 63;
  while (mask < 2 * (uint32_t)n) mask = 2 * mask + 1;
  int32_t *slot = malloc(((size_t)mask + 1) * sizeof *slot), found = -1;
  if (!slot) return -2;
  memset(slot, -1, ((size_t)mask + 1) * sizeof *slot);
  for (int32_t i = 0; i < n && found < 0; i++) {
    uint32_t at = (uint32_t)(((uint64_t)items[i] * 0x9e3779b97f4a7c15ull) >> 32) & mask;
    while (slot[at] >= 0 && slot[at] != items[i]) at = (at + 1) & mask;
    if (slot[at] == items[i]) found = items[i];
    slot[at] = items[i];
  }
  free(slot);
  return found;
}

pc_status pc_xc_add_option(pc_xc *xc, const int32_t *items, int32_t n,
                           pc_error *err)
{
  int32_t used = xc->n_options ? xc->opt_start[xc->n_options] : 0;
  if (n < 0 || n > INT32_MAX - used)
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "too many nodes");
  for (int32_t i = 0; i < n; i++)
    if (items[i] < 0 || items[i] >= xc->n_items)
      return pc_error_set(err, PC_ERR_INPUT, 0, 0, "item index %d out of range",
                          (int)items[i]);
  /* A repeated item would thread one node list through itself. */
  int32_t again = repeated(items, n);
  if (again == -2) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (again >= 0)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "item '%s' repeated in an option",
                        xc->names[again]);
  if (!pc_grow((void **)&xc->opt_items, &xc->cap_nodes, used + n,
               sizeof *xc->opt_items))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  /* opt_start has one more entry than there are options. */
  if (!pc_grow((void **)&xc->opt_start, &xc->cap_options, xc->n_options + 2,
               sizeof *xc->opt_start))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  xc->opt_start[0] = 0;
  memcpy(xc->opt_items + used, items, (size_t)n * sizeof *items);
  xc->n_options++;
  xc->opt_start[xc->n_options] = used + n;
  return PC_OK;
}

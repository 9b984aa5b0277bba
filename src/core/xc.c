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

pc_status pc_xc_add_option(pc_xc *xc, const int32_t *items, int32_t n,
                           pc_error *err)
{
  int32_t used = xc->n_options ? xc->opt_start[xc->n_options] : 0;
  if (n < 0 || n > INT32_MAX - used)
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "too many nodes");
  for (int32_t i = 0; i < n; i++) {
    if (items[i] < 0 || items[i] >= xc->n_items)
      return pc_error_set(err, PC_ERR_INPUT, 0, 0, "item index %d out of range",
                          (int)items[i]);
    /* A repeated item would thread one node list through itself. */
    for (int32_t j = 0; j < i; j++)
      if (items[j] == items[i])
        return pc_error_set(err, PC_ERR_INPUT, 0, 0, "item '%s' repeated in an option",
                            xc->names[items[i]]);
  }
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

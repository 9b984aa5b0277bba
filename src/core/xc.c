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
  free(xc->bounds);
  free(xc->opt_colors);
  free(xc->color_names);
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
  if (!secondary && xc->bounds) {
    if (!pc_grow((void **)&xc->bounds, &xc->cap_bounds, xc->n_items + 1, sizeof *xc->bounds))
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    xc->bounds[xc->n_items] = (pc_xc_bounds){1, 1};
  }
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

/* Colors on primary items, or out of range. */
static pc_status check_colors(const pc_xc *xc, const int32_t *items, const int32_t *colors,
                              int32_t n, pc_error *err)
{
  for (int32_t i = 0; colors && i < n; i++) {
    if (colors[i] < 0 || colors[i] > xc->n_colors)
      return pc_error_set(err, PC_ERR_INPUT, 0, 0, "color %d out of range", (int)colors[i]);
    if (colors[i] && items[i] < xc->n_primary)
      return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                          "primary item '%s' has a color (only secondary items take one)",
                          xc->names[items[i]]);
  }
  return PC_OK;
}

/* Stores the colors of the option just added at `used` (the first colors
   met make the array, with 0 for every earlier node). */
static pc_status store_colors(pc_xc *xc, int32_t used, const int32_t *colors, int32_t n,
                              pc_error *err)
{
  bool any = false;
  for (int32_t i = 0; colors && i < n; i++) any |= colors[i] != 0;
  if (!any && !xc->opt_colors) return PC_OK;
  if (!xc->opt_colors) {
    xc->opt_colors = pc_calloc_array((size_t)xc->cap_nodes, sizeof *xc->opt_colors);
    if (!xc->opt_colors) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  } else {
    int32_t *grown = realloc(xc->opt_colors, (size_t)xc->cap_nodes * sizeof *grown);
    if (!grown) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    xc->opt_colors = grown;
  }
  for (int32_t i = 0; i < n; i++) xc->opt_colors[used + i] = any ? colors[i] : 0;
  return PC_OK;
}

pc_status pc_xc_add_option(pc_xc *xc, const int32_t *items, int32_t n, pc_error *err)
{
  return pc_xc_add_colored_option(xc, items, NULL, n, err);
}

pc_status pc_xc_add_colored_option(pc_xc *xc, const int32_t *items, const int32_t *colors,
                                   int32_t n, pc_error *err)
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
  pc_status s = check_colors(xc, items, colors, n, err);
  if (s) return s;
  if (!pc_grow((void **)&xc->opt_items, &xc->cap_nodes, used + n,
               sizeof *xc->opt_items))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if ((s = store_colors(xc, used, colors, n, err))) return s;
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

pc_status pc_xc_color(pc_xc *xc, const char *name, int32_t *color, pc_error *err)
{
  for (int32_t i = 0; i < xc->n_colors; i++)
    if (!strcmp(xc->color_names[i], name)) {
      *color = i + 1;
      return PC_OK;
    }
  if (strlen(name) > PC_XC_NAME_MAX)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "color name '%s' is longer than %d characters",
                        name, PC_XC_NAME_MAX);
  if (!pc_grow((void **)&xc->color_names, &xc->cap_colors, xc->n_colors + 1,
               sizeof *xc->color_names))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  strcpy(xc->color_names[xc->n_colors++], name);
  *color = xc->n_colors;
  return PC_OK;
}

pc_status pc_xc_set_bounds(pc_xc *xc, int32_t item, int32_t lower, int32_t upper,
                           pc_error *err)
{
  if (item < 0 || item >= xc->n_primary)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "only primary items have bounds");
  if (lower < 0 || upper < 1 || lower > upper)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "bounds %d:%d of item '%s' (want 0 <= lower <= upper, upper >= 1)",
                        (int)lower, (int)upper, xc->names[item]);
  if (!xc->bounds) {
    if (!pc_grow((void **)&xc->bounds, &xc->cap_bounds, xc->n_primary, sizeof *xc->bounds))
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    for (int32_t i = 0; i < xc->n_primary; i++) xc->bounds[i] = (pc_xc_bounds){1, 1};
  }
  xc->bounds[item] = (pc_xc_bounds){lower, upper};
  return PC_OK;
}

bool pc_xc_has_bounds(const pc_xc *xc)
{
  for (int32_t i = 0; xc->bounds && i < xc->n_primary; i++)
    if (xc->bounds[i].lower != 1 || xc->bounds[i].upper != 1) return true;
  return false;
}

bool pc_xc_has_colors(const pc_xc *xc)
{
  int32_t nodes = xc->n_options ? xc->opt_start[xc->n_options] : 0;
  for (int32_t i = 0; xc->opt_colors && i < nodes; i++)
    if (xc->opt_colors[i]) return true;
  return false;
}

int32_t pc_xc_depth(const pc_xc *xc)
{
  int64_t depth = 0, most = (int64_t)xc->n_options + xc->n_primary;
  for (int32_t i = 0; i < xc->n_primary; i++) depth += pc_xc_upper(xc, i);
  return (int32_t)(depth < most ? depth : most);
}

pc_status pc_xc_copy_items(const pc_xc *src, pc_xc *dst, pc_error *err)
{
  pc_status s = PC_OK;
  int32_t color;
  for (int32_t i = 0; i < src->n_items && !s; i++)
    s = pc_xc_add_item(dst, src->names[i], i >= src->n_primary, NULL, err);
  for (int32_t i = 0; src->bounds && i < src->n_primary && !s; i++)
    s = pc_xc_set_bounds(dst, i, pc_xc_lower(src, i), pc_xc_upper(src, i), err);
  for (int32_t i = 0; i < src->n_colors && !s; i++)
    s = pc_xc_color(dst, src->color_names[i], &color, err);
  return s;
}

pc_status pc_xc_copy_option(const pc_xc *src, int32_t k, pc_xc *dst, pc_error *err)
{
  return pc_xc_add_colored_option(dst, pc_xc_option(src, k), pc_xc_option_colors(src, k),
                                  pc_xc_option_size(src, k), err);
}

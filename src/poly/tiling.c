/* tiling.c — solutions as which placed piece covers each cell. */
#include "poly/tiling.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/matrix.h"
#include "poly/shape.h"

pc_status pc_tiling_init(pc_tiling *t, int32_t n_cells)
{
  t->n_cells = n_cells;
  t->piece = pc_alloc_array((size_t)n_cells + 1, sizeof *t->piece);
  t->anchor = pc_alloc_array((size_t)n_cells + 1, sizeof *t->anchor);
  if (!t->piece || !t->anchor) {
    pc_tiling_free(t);
    return PC_ERR_NOMEM;
  }
  for (int32_t i = 0; i < n_cells; i++) t->piece[i] = t->anchor[i] = -1;
  return PC_OK;
}

void pc_tiling_free(pc_tiling *t)
{
  free(t->piece);
  free(t->anchor);
  t->piece = t->anchor = NULL;
  t->n_cells = 0;
}

void pc_tiling_copy(pc_tiling *dst, const pc_tiling *src)
{
  memcpy(dst->piece, src->piece, (size_t)src->n_cells * sizeof *src->piece);
  memcpy(dst->anchor, src->anchor, (size_t)src->n_cells * sizeof *src->anchor);
}

void pc_tiling_from_options(pc_tiling *t, const pc_matrix *m, const int32_t *options,
                            int32_t n)
{
  for (int32_t i = 0; i < t->n_cells; i++) t->piece[i] = t->anchor[i] = -1;
  for (int32_t k = 0; k < n; k++) {
    const int32_t *items = pc_xc_option(&m->xc, options[k]);
    int32_t size = pc_xc_option_size(&m->xc, options[k]), anchor = INT32_MAX;
    for (int32_t j = 0; j < size; j++)
      if (items[j] < m->n_cells && items[j] < anchor) anchor = items[j];
    for (int32_t j = 0; j < size; j++)
      if (items[j] < m->n_cells) {
        t->piece[items[j]] = m->placement[options[k]].piece;
        t->anchor[items[j]] = anchor;
      }
  }
}

int pc_tiling_cmp(const pc_tiling *a, const pc_tiling *b)
{
  for (int32_t i = 0; i < a->n_cells; i++) {
    if (a->piece[i] != b->piece[i]) return a->piece[i] < b->piece[i] ? -1 : 1;
    if (a->anchor[i] != b->anchor[i]) return a->anchor[i] < b->anchor[i] ? -1 : 1;
  }
  return 0;
}

char *pc_tiling_ascii(const pc_tiling *t, const pc_puzzle *pz)
{
  char *labels = pc_alloc_array((size_t)pz->n_cells + 1, 1);
  if (!labels) return NULL;
  for (int32_t i = 0; i < pz->n_cells; i++)
    labels[i] = t->piece[i] >= 0 ? pz->pieces[t->piece[i]].symbol : '?';
  char *art = pc_shape_ascii(pz->grid, pz->cells, pz->n_cells, labels);
  free(labels);
  return art;
}

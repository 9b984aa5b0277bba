/* symmetry.c — the symmetry group of a puzzle. */
#include "poly/symmetry.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/shape.h"

/* The cell map of grid transform t followed by the translation that puts
   the board back on itself, if there is one. */
static bool board_map(const pc_puzzle *pz, int t, pc_cell *image, int32_t *map)
{
  pc_cell low = {0, 0};
  for (int32_t i = 0; i < pz->n_cells; i++) {
    image[i] = pc_grid_transform(pz->grid, t, pz->cells[i]);
    if (i == 0 || pc_cell_cmp(&image[i], &low) < 0) low = image[i];
  }
  /* The board is sorted, so its first cell is where the image's first goes. */
  pc_cell by = {pz->cells[0].c - low.c, pz->cells[0].r - low.r, pz->cells[0].l - low.l};
  if (!pc_grid_is_translation_by(pz->grid, by)) return false;
  for (int32_t i = 0; i < pz->n_cells; i++) {
    pc_cell moved = {image[i].c + by.c, image[i].r + by.r, image[i].l + by.l};
    map[i] = pc_puzzle_cell_index(pz, moved);
    if (map[i] < 0) return false;
  }
  return true;
}

/* Whether transform t maps piece a's allowed orientations onto piece b's. */
static bool maps_orients(const pc_grid *grid, int t, const pc_orients *a, const pc_orients *b,
                         pc_cell *shape)
{
  if (a->count != b->count || a->size != b->size) return false;
  for (int i = 0; i < a->count; i++) {
    for (int32_t j = 0; j < a->size; j++)
      shape[j] = pc_grid_transform(grid, t, a->cells[(size_t)i * (size_t)a->size + (size_t)j]);
    pc_shape_normalize(grid, shape, a->size);
    bool found = false;
    for (int k = 0; k < b->count && !found; k++)
      found = !memcmp(shape, b->cells + (size_t)k * (size_t)b->size,
                      (size_t)b->size * sizeof *shape);
    if (!found) return false;
  }
  return true;
}

/* The pre-placed piece on the image of pre-placed piece k's first cell:
   where transform t puts k (two may swap places), or -1. */
static int32_t fixed_image(const pc_puzzle *pz, int32_t k, const int32_t *cells)
{
  for (int32_t i = 0; i < pz->n_cells; i++)
    if (pz->fixed[i] == k) return pz->fixed[cells[i]];
  return -1;
}

/* Whether pieces a and b may be each other's images: the same copies, and
   in no group both or in groups of the same bounds (a symmetry may swap
   two groups, groups_map checks that it does so whole). */
static bool alike(const pc_puzzle *pz, const pc_piece *a, const pc_piece *b)
{
  if (a->copies != b->copies || a->copies_min != b->copies_min) return false;
  if (a->group < 0 || b->group < 0) return a->group == b->group;
  const pc_piece_group *x = &pz->groups[a->group], *y = &pz->groups[b->group];
  return x->lower == y->lower && x->upper == y->upper;
}

/* Whether the piece map carries each group's pieces into one group
   (`image`, n_groups entries, gets where each goes). */
static bool groups_map(const pc_puzzle *pz, const int32_t *map, int32_t *image)
{
  for (int32_t g = 0; g < pz->n_groups; g++) image[g] = -1;
  for (int32_t k = 0; k < pz->n_pieces; k++) {
    int32_t g = pz->pieces[k].group, h = pz->pieces[map[k]].group;
    if (g < 0) continue;
    if (image[g] >= 0 && image[g] != h) return false;
    image[g] = h;
  }
  return true;
}

/* The piece map of transform t (itself preferred, then the first free
   match; a pre-placed piece to the one it lands on), checked against the
   pre-placed pieces. */
static bool piece_map(const pc_puzzle *pz, int t, const pc_orients *o, const bool *fixed,
                      const int32_t *cells, int32_t *map, bool *used, pc_cell *shape)
{
  int32_t n = pz->n_pieces;
  memset(used, 0, (size_t)n * sizeof *used);
  for (int32_t k = 0; k < n; k++) {
    map[k] = -1;
    for (int32_t pass = 0; pass < 2 && map[k] < 0; pass++)
      for (int32_t j = pass ? 0 : k; j < (pass ? n : k + 1) && map[k] < 0; j++) {
        const pc_piece *a = &pz->pieces[k], *b = &pz->pieces[j];
        if (used[j] || !alike(pz, a, b) || fixed[k] != fixed[j]) continue;
        bool maps = fixed[k] ? fixed_image(pz, k, cells) == j
                             : maps_orients(pz->grid, t, &o[k], &o[j], shape);
        if (maps) map[k] = j, used[j] = true;
      }
    if (map[k] < 0) return false;
  }
  for (int32_t i = 0; i < pz->n_cells; i++) {
    int32_t from = pz->fixed[i], to = pz->fixed[cells[i]];
    if (from < 0 ? to >= 0 : to != map[from]) return false;
  }
  return true;
}

pc_status pc_symmetry_find(const pc_puzzle *pz, pc_symmetry *g)
{
  memset(g, 0, sizeof *g);
  int32_t n = pz->n_cells, np = pz->n_pieces;
  int transforms = pc_grid_transforms(pz->grid);
  g->n_cells = n;
  g->n_pieces = np;
  g->cell = pc_alloc_array((size_t)transforms * (size_t)n + 1, sizeof *g->cell);
  g->piece = pc_alloc_array((size_t)transforms * (size_t)np + 1, sizeof *g->piece);
  pc_cell *image = pc_alloc_array((size_t)n + 1, sizeof *image);
  pc_orients *o = calloc((size_t)np + 1, sizeof *o);
  bool *fixed = calloc((size_t)np + 1, sizeof *fixed), *used = calloc((size_t)np + 1, 1);
  int32_t *group_image = pc_alloc_array((size_t)pz->n_groups + 1, sizeof *group_image);
  int32_t max_size = 1;
  for (int32_t k = 0; k < np; k++)
    if (pz->pieces[k].size > max_size) max_size = pz->pieces[k].size;
  pc_cell *shape = pc_alloc_array((size_t)max_size, sizeof *shape);
  pc_status s = g->cell && g->piece && image && o && fixed && used && group_image && shape
                    ? PC_OK
                    : PC_ERR_NOMEM;
  for (int32_t i = 0; i < n && !s; i++)
    if (pz->fixed[i] >= 0) fixed[pz->fixed[i]] = true;
  for (int32_t k = 0; k < np && !s; k++)
    if (pc_orients_make(pz->grid, pz->pieces[k].cells, pz->pieces[k].size,
                        pz->pieces[k].one_sided, &o[k]))
      s = PC_ERR_NOMEM;
  for (int t = 0; t < transforms && !s; t++) {
    int32_t *cells = g->cell + (size_t)g->order * (size_t)n;
    int32_t *pieces = g->piece + (size_t)g->order * (size_t)np;
    if (board_map(pz, t, image, cells) && piece_map(pz, t, o, fixed, cells, pieces, used, shape) &&
        groups_map(pz, pieces, group_image))
      g->transform[g->order++] = t;
  }
  for (int32_t k = 0; o && k < np; k++) pc_orients_free(&o[k]);
  free(o);
  free(image);
  free(fixed);
  free(used);
  free(group_image);
  free(shape);
  if (s) pc_symmetry_free(g);
  return s;
}

void pc_symmetry_free(pc_symmetry *g)
{
  free(g->cell);
  free(g->piece);
  memset(g, 0, sizeof *g);
}

int32_t pc_symmetry_rotations(const pc_symmetry *g, const pc_grid *grid)
{
  int32_t n = 0;
  for (int32_t e = 0; e < g->order; e++) n += g->transform[e] < pc_grid_rotations(grid);
  return n;
}

void pc_symmetry_apply(const pc_symmetry *g, int32_t e, const pc_tiling *src, pc_tiling *dst,
                       int32_t *scratch)
{
  const int32_t *cell = g->cell + (size_t)e * (size_t)g->n_cells;
  const int32_t *piece = g->piece + (size_t)e * (size_t)g->n_pieces;
  int32_t n = g->n_cells;
  /* A placed piece's anchor is its lowest cell, which may change. */
  for (int32_t i = 0; i < n; i++) scratch[i] = INT32_MAX;
  for (int32_t i = 0; i < n; i++)
    if (src->anchor[i] >= 0 && cell[i] < scratch[src->anchor[i]]) scratch[src->anchor[i]] = cell[i];
  for (int32_t i = 0; i < n; i++) {
    dst->piece[cell[i]] = src->piece[i] >= 0 ? piece[src->piece[i]] : -1;
    dst->anchor[cell[i]] = src->anchor[i] >= 0 ? scratch[src->anchor[i]] : -1;
  }
}

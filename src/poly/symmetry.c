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

/* What the piece map of transform t needs: each piece's orientations and
   whether it is pre-placed, the board map, and room to work in. */
typedef struct mapping {
  const pc_puzzle *pz;
  pc_orients *o;
  bool *fixed, *used;
  pc_cell *shape;
  int t;
  int32_t *cells;       /* t's board map */
  bool *taken;          /* per group: some group is mapped onto it */
} mapping;

/* Whether pieces k and j may be each other's images: the same copies, and
   in no group both or in groups of the same bounds. */
static bool alike(const mapping *m, int32_t k, int32_t j)
{
  const pc_piece *a = &m->pz->pieces[k], *b = &m->pz->pieces[j];
  if (a->copies != b->copies || a->copies_min != b->copies_min) return false;
  if (a->group < 0 || b->group < 0) return a->group == b->group;
  const pc_piece_group *x = &m->pz->groups[a->group], *y = &m->pz->groups[b->group];
  return x->lower == y->lower && x->upper == y->upper;
}

/* Whether t carries piece k onto piece j: a pre-placed piece onto the one
   it lands on, another onto one whose orientations are its own
   transformed. */
static bool maps_piece(const mapping *m, int32_t k, int32_t j)
{
  const pc_puzzle *pz = m->pz;
  if (!alike(m, k, j) || m->fixed[k] != m->fixed[j]) return false;
  if (m->fixed[k]) return fixed_image(pz, k, m->cells) == j;
  return maps_orients(pz->grid, m->t, &m->o[k], &m->o[j], m->shape);
}

/* Maps the pieces of group g (-1: those in none) one to one onto those of
   group h, itself preferred, into map; false when they do not match. A
   piece's candidates are those of one kind (its image's shape and copies,
   or the one it lands on), so taking the first free one never blocks a
   match that exists. */
static bool match_group(const mapping *m, int32_t g, int32_t h, int32_t *map)
{
  const pc_piece *piece = m->pz->pieces;
  int32_t n = m->pz->n_pieces, left = 0;
  for (int32_t j = 0; j < n; j++) {
    m->used[j] = false;
    left += (piece[j].group == h) - (piece[j].group == g);
  }
  for (int32_t k = 0; k < n && !left; k++) {
    if (piece[k].group != g) continue;
    map[k] = -1;
    for (int32_t pass = 0; pass < 2 && map[k] < 0; pass++)
      for (int32_t j = pass ? 0 : k; j < (pass ? n : k + 1) && map[k] < 0; j++)
        if (piece[j].group == h && !m->used[j] && maps_piece(m, k, j))
          map[k] = j, m->used[j] = true;
    if (map[k] < 0) return false;
  }
  return !left;
}

/* The piece map of t: each group onto the first free group whose pieces
   match its own (itself first; a symmetry may swap two groups, whole),
   then the pieces in no group; checked against the pre-placed cells. The
   groups a group matches are those of one kind (its pieces' kinds, as in
   match_group, and its bounds), so first free never blocks a map that
   exists, and it keeps the order within a kind: the maps of two
   transforms compose into the map of their product, as a group's must. */
static bool piece_map(const mapping *m, int32_t *map)
{
  const pc_puzzle *pz = m->pz;
  int32_t n = pz->n_groups;
  memset(m->taken, 0, (size_t)n * sizeof *m->taken);
  for (int32_t g = 0; g < n; g++) { /* the last match made wrote g's pieces */
    int32_t h = !m->taken[g] && match_group(m, g, g, map) ? g : -1;
    for (int32_t i = 0; i < n && h < 0; i++)
      if (i != g && !m->taken[i] && match_group(m, g, i, map)) h = i;
    if (h < 0) return false;
    m->taken[h] = true;
  }
  if (!match_group(m, -1, -1, map)) return false;
  for (int32_t i = 0; i < pz->n_cells; i++) {
    int32_t from = pz->fixed[i], to = pz->fixed[m->cells[i]];
    if (from < 0 ? to >= 0 : to != map[from]) return false;
  }
  return true;
}

/* The mapping's tables for pz, the orientations made; false when out of
   memory (mapping_free frees what was made). */
static bool mapping_make(mapping *m, const pc_puzzle *pz)
{
  int32_t np = pz->n_pieces, ng = pz->n_groups, max_size = 1;
  for (int32_t k = 0; k < np; k++)
    if (pz->pieces[k].size > max_size) max_size = pz->pieces[k].size;
  *m = (mapping){.pz = pz,
                 .o = calloc((size_t)np + 1, sizeof *m->o),
                 .fixed = calloc((size_t)np + 1, sizeof *m->fixed),
                 .used = calloc((size_t)np + 1, sizeof *m->used),
                 .shape = pc_alloc_array((size_t)max_size, sizeof *m->shape),
                 .taken = calloc((size_t)ng + 1, sizeof *m->taken)};
  if (!m->o || !m->fixed || !m->used || !m->shape || !m->taken) return false;
  for (int32_t i = 0; i < pz->n_cells; i++)
    if (pz->fixed[i] >= 0) m->fixed[pz->fixed[i]] = true;
  for (int32_t k = 0; k < np; k++)
    if (pc_orients_make(pz->grid, pz->pieces[k].cells, pz->pieces[k].size,
                        pz->pieces[k].one_sided, &m->o[k]))
      return false;
  return true;
}

static void mapping_free(mapping *m)
{
  for (int32_t k = 0; m->o && k < m->pz->n_pieces; k++) pc_orients_free(&m->o[k]);
  free(m->o);
  free(m->fixed);
  free(m->used);
  free(m->shape);
  free(m->taken);
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
  mapping m;
  bool made = mapping_make(&m, pz);
  pc_status s = g->cell && g->piece && image && made ? PC_OK : PC_ERR_NOMEM;
  for (int t = 0; t < transforms && !s; t++) {
    m.t = t;
    m.cells = g->cell + (size_t)g->order * (size_t)n;
    if (board_map(pz, t, image, m.cells) &&
        piece_map(&m, g->piece + (size_t)g->order * (size_t)np))
      g->transform[g->order++] = t;
  }
  mapping_free(&m);
  free(image);
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

/* symmetry.c — the symmetry group of a puzzle and exact counting of its
   classes of solutions. */
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

/* The piece map of transform t (itself preferred, then the first free
   match), checked against the pre-placed pieces. */
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
        if (used[j] || a->copies != b->copies || a->copies_min != b->copies_min ||
            a->group != b->group || fixed[k] != fixed[j])
          continue;
        if (fixed[k] || maps_orients(pz->grid, t, &o[k], &o[j], shape)) map[k] = j, used[j] = true;
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
  int32_t max_size = 1;
  for (int32_t k = 0; k < np; k++)
    if (pz->pieces[k].size > max_size) max_size = pz->pieces[k].size;
  pc_cell *shape = pc_alloc_array((size_t)max_size, sizeof *shape);
  pc_status s = g->cell && g->piece && image && o && fixed && used && shape ? PC_OK : PC_ERR_NOMEM;
  for (int32_t i = 0; i < n && !s; i++)
    if (pz->fixed[i] >= 0) fixed[pz->fixed[i]] = true;
  for (int32_t k = 0; k < np && !s; k++)
    if (pc_orients_make(pz->grid, pz->pieces[k].cells, pz->pieces[k].size,
                        pz->pieces[k].one_sided, &o[k]))
      s = PC_ERR_NOMEM;
  for (int t = 0; t < transforms && !s; t++) {
    int32_t *cells = g->cell + (size_t)g->order * (size_t)n;
    int32_t *pieces = g->piece + (size_t)g->order * (size_t)np;
    if (board_map(pz, t, image, cells) && piece_map(pz, t, o, fixed, cells, pieces, used, shape))
      g->transform[g->order++] = t;
  }
  for (int32_t k = 0; o && k < np; k++) pc_orients_free(&o[k]);
  free(o);
  free(image);
  free(fixed);
  free(used);
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

static int cmp_i32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* Whether a placement (its sorted cells, then its piece) is the smallest
   of its orbit under the elements that fix the restricted piece or cell. */
static bool smallest_in_orbit(const pc_classes *c, const int32_t *cells, int32_t n, int32_t piece,
                              int32_t *image)
{
  const pc_symmetry *g = c->g;
  for (int32_t e = 1; e < g->order; e++) {
    if (!c->stabilizes[e]) continue;
    for (int32_t i = 0; i < n; i++) image[i] = g->cell[(size_t)e * (size_t)g->n_cells + (size_t)cells[i]];
    qsort(image, (size_t)n, sizeof *image, cmp_i32);
    int32_t i = 0;
    while (i < n && image[i] == cells[i]) i++;
    if (i < n ? image[i] < cells[i]
              : g->piece[(size_t)e * (size_t)g->n_pieces + (size_t)piece] < piece)
      return false;
  }
  return true;
}

/* The board cells of option o, sorted; returns how many. */
static int32_t option_cells(const pc_matrix *m, int32_t o, int32_t *cells)
{
  const int32_t *items = pc_xc_option(&m->xc, o);
  int32_t n = 0;
  for (int32_t j = 0; j < pc_xc_option_size(&m->xc, o); j++)
    if (items[j] < m->n_cells) cells[n++] = items[j];
  qsort(cells, (size_t)n, sizeof *cells, cmp_i32);
  return n;
}

static bool covers(const pc_matrix *m, int32_t o, int32_t cell)
{
  const int32_t *items = pc_xc_option(&m->xc, o);
  for (int32_t j = 0; j < pc_xc_option_size(&m->xc, o); j++)
    if (items[j] == cell) return true;
  return false;
}

static void set_restricted(pc_classes *c, int32_t piece, int32_t cell)
{
  const pc_symmetry *g = c->g;
  c->piece = piece;
  c->cell = cell;
  for (int32_t e = 0; e < g->order; e++)
    c->stabilizes[e] =
        piece >= 0 ? g->piece[(size_t)e * (size_t)g->n_pieces + (size_t)piece] == piece
                   : cell >= 0 && g->cell[(size_t)e * (size_t)g->n_cells + (size_t)cell] == cell;
}

/* Counts the restricted placements (piece k's, or those covering cell x)
   and those the reduction keeps. */
static void count_kept(pc_classes *c, const pc_matrix *m, int32_t k, int32_t x, int32_t *cells,
                       int32_t *image, bool *keep)
{
  set_restricted(c, k, x);
  c->placements = c->kept = 0;
  bool stabilized = false;
  for (int32_t e = 1; e < c->g->order; e++) stabilized |= c->stabilizes[e];
  for (int32_t o = 0; o < m->xc.n_options; o++) {
    if (k >= 0 ? m->placement[o].piece != k : !covers(m, o, x)) continue;
    int32_t n = option_cells(m, o, cells);
    bool kept = !stabilized || smallest_in_orbit(c, cells, n, m->placement[o].piece, image);
    c->placements++;
    c->kept += kept;
    if (keep) keep[o] = kept;
  }
}

/* Whether restricting c's piece or cell keeps a smaller share than the
   best so far (then fewer placements); records it if so. */
static void consider(const pc_classes *c, int32_t *best_piece, int32_t *best_cell,
                     int32_t *best_kept, int32_t *best_of)
{
  if (c->placements < 2 || c->kept == c->placements) return;
  int64_t lhs = (int64_t)c->kept * *best_of, rhs = (int64_t)*best_kept * c->placements;
  if (lhs < rhs || (lhs == rhs && c->kept < *best_kept))
    *best_piece = c->piece, *best_cell = c->cell, *best_kept = c->kept, *best_of = c->placements;
}

pc_status pc_classes_init(pc_classes *c, const pc_puzzle *pz, const pc_symmetry *g,
                          const pc_matrix *m, bool reduce, bool *keep)
{
  memset(c, 0, sizeof *c);
  c->g = g;
  int32_t n = g->n_cells;
  c->scratch = pc_alloc_array((size_t)n + 1, sizeof *c->scratch);
  int32_t *cells = pc_alloc_array((size_t)n + 1, sizeof *cells);
  int32_t *image = pc_alloc_array((size_t)n + 1, sizeof *image);
  pc_status s = c->scratch && cells && image ? PC_OK : PC_ERR_NOMEM;
  for (int32_t e = 0; e < g->order && !s; e++) s = pc_tiling_init(&c->image[e], n);
  /* A solution holds exactly one placement of a piece with one copy, and
     exactly one covering each cell: restrict the piece or the cell that
     keeps the smallest share of its placements, then the fewest. A cell
     only pays when some element fixes it (a centre, an axis). */
  int32_t best_piece = -1, best_cell = -1, best_kept = 1, best_of = 1;
  bool any = !s && reduce && g->order > 1;
  for (int32_t k = 0; any && k < g->n_pieces; k++) {
    if (!pc_piece_exactly_once(&pz->pieces[k])) continue;
    count_kept(c, m, k, -1, cells, image, NULL);
    consider(c, &best_piece, &best_cell, &best_kept, &best_of);
  }
  for (int32_t x = 0; any && x < n; x++) {
    bool fixed = false;
    for (int32_t e = 1; e < g->order; e++) fixed |= g->cell[(size_t)e * (size_t)n + (size_t)x] == x;
    if (!fixed) continue;
    count_kept(c, m, -1, x, cells, image, NULL);
    consider(c, &best_piece, &best_cell, &best_kept, &best_of);
  }
  if (keep)
    for (int32_t o = 0; o < m->xc.n_options; o++) keep[o] = true;
  if (best_piece >= 0 || best_cell >= 0) {
    count_kept(c, m, best_piece, best_cell, cells, image, keep);
  } else {
    set_restricted(c, -1, -1);
    c->placements = c->kept = 0;
  }
  free(cells);
  free(image);
  if (s) pc_classes_free(c);
  return s;
}

void pc_classes_free(pc_classes *c)
{
  for (int32_t e = 0; e < PC_SYM_MAX; e++) pc_tiling_free(&c->image[e]);
  free(c->scratch);
  c->scratch = NULL;
}

/* Whether the reduced search can find tiling t: the restricted piece, or
   the placement covering the restricted cell, is a kept placement. */
static bool findable(pc_classes *c, const pc_tiling *t, int32_t *cells, int32_t *image)
{
  if (c->piece < 0 && c->cell < 0) return true;
  int32_t n = 0, piece = c->piece;
  if (piece >= 0) {
    for (int32_t i = 0; i < t->n_cells; i++)
      if (t->piece[i] == piece) cells[n++] = i;
  } else {
    piece = t->piece[c->cell];
    for (int32_t i = 0; i < t->n_cells; i++)
      if (t->anchor[i] == t->anchor[c->cell]) cells[n++] = i;
  }
  return smallest_in_orbit(c, cells, n, piece, image);
}

bool pc_classes_represents(pc_classes *c, const pc_tiling *s, int32_t *class_size)
{
  const pc_symmetry *g = c->g;
  int32_t stabilizer = 0;
  bool smallest = true;
  /* image[0] and scratch serve as the work arrays of findable(). */
  for (int32_t e = 1; e < g->order; e++) {
    pc_tiling *t = &c->image[e];
    pc_symmetry_apply(g, e, s, t, c->scratch);
    int cmp = pc_tiling_cmp(t, s);
    stabilizer += cmp == 0;
    if (cmp < 0 && smallest) smallest = !findable(c, t, c->image[0].piece, c->image[0].anchor);
  }
  *class_size = g->order / (stabilizer + 1);
  return smallest;
}

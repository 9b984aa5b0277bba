/* classes.c — symmetry breaking, and the test that counts each class of
   solutions once (classes.h). */
#include "poly/classes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

static int cmp_i32(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* Sorts n cell indices. A placement has a piece's few cells, sorted once
   per option and symmetry: insertion sort, without qsort's calls. */
static void sort_cell_indices(int32_t *cells, int32_t n)
{
  if (n > 32) {
    qsort(cells, (size_t)n, sizeof *cells, cmp_i32);
    return;
  }
  for (int32_t i = 1; i < n; i++) {
    int32_t x = cells[i], j = i;
    for (; j > 0 && cells[j - 1] > x; j--) cells[j] = cells[j - 1];
    cells[j] = x;
  }
}

/* Element e's image of n cells, sorted. */
static void image_of(const pc_symmetry *g, int32_t e, const int32_t *cells, int32_t n,
                     int32_t *image)
{
  const int32_t *map = g->cell + (size_t)e * (size_t)g->n_cells;
  for (int32_t i = 0; i < n; i++) image[i] = map[cells[i]];
  sort_cell_indices(image, n);
}

/* Whether a placement (its sorted cells, then its piece) is the smallest
   of its orbit under the elements marked in `under`. */
static bool smallest_under(const pc_symmetry *g, const bool *under, const int32_t *cells,
                           int32_t n, int32_t piece, int32_t *image)
{
  for (int32_t e = 1; e < g->order; e++) {
    if (!under[e]) continue;
    image_of(g, e, cells, n, image);
    int32_t i = 0;
    while (i < n && image[i] == cells[i]) i++;
    if (i < n ? image[i] < cells[i]
              : g->piece[(size_t)e * (size_t)g->n_pieces + (size_t)piece] < piece)
      return false;
  }
  return true;
}

/* out[e]: element e is marked in `under`, maps the placement (its sorted
   cells) onto itself and piece j onto itself. Whether any is. */
static bool fixing(const pc_symmetry *g, const bool *under, const int32_t *cells, int32_t n,
                   int32_t j, int32_t *image, bool *out)
{
  bool any = false;
  out[0] = false;
  for (int32_t e = 1; e < g->order; e++) {
    out[e] = under[e] && g->piece[(size_t)e * (size_t)g->n_pieces + (size_t)j] == j;
    if (out[e]) {
      image_of(g, e, cells, n, image);
      out[e] = !memcmp(image, cells, (size_t)n * sizeof *cells);
    }
    any |= out[e];
  }
  return any;
}

/* The board cells of option o, sorted; returns how many. */
static int32_t option_cells(const pc_matrix *m, int32_t o, int32_t *cells)
{
  const int32_t *items = pc_xc_option(&m->xc, o);
  int32_t n = 0;
  for (int32_t j = 0; j < pc_xc_option_size(&m->xc, o); j++)
    if (items[j] < m->n_cells) cells[n++] = items[j];
  sort_cell_indices(cells, n);
  return n;
}

static bool covers(const pc_matrix *m, int32_t o, int32_t cell)
{
  const int32_t *items = pc_xc_option(&m->xc, o);
  for (int32_t j = 0; j < pc_xc_option_size(&m->xc, o); j++)
    if (items[j] == cell) return true;
  return false;
}

/* Whether option o is one the first restriction concerns (the restricted
   piece's, or one covering the restricted cell). */
static bool restricted(const pc_classes *c, const pc_matrix *m, int32_t o)
{
  return c->piece >= 0 ? m->placement[o].piece == c->piece
                       : c->cell >= 0 && covers(m, o, c->cell);
}

/* Whether the first restriction keeps option o; its cells in `cells`
   (how many in *n) when it concerns o. */
static bool kept(const pc_classes *c, const pc_matrix *m, int32_t o, int32_t *cells, int32_t *n,
                 int32_t *image)
{
  if (!restricted(c, m, o)) return true;
  *n = option_cells(m, o, cells);
  return smallest_under(c->g, c->stabilizes, cells, *n, m->placement[o].piece, image);
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
static void count_kept(pc_classes *c, const pc_matrix *m, int32_t k, int32_t x, int32_t *work)
{
  set_restricted(c, k, x);
  c->placements = c->kept = 0;
  int32_t n;
  for (int32_t o = 0; o < m->xc.n_options; o++) {
    if (!restricted(c, m, o)) continue;
    c->placements++;
    c->kept += kept(c, m, o, work, &n, work + c->g->n_cells);
  }
}

/* Whether restricting c's piece or cell beats the best so far; records
   it if so. A piece: the fewer placements kept, the better (the search
   branches on it first, since it has the fewest options, so fewer kept
   means fewer subtrees; on most shipped boards that beats keeping the
   smallest share, docs/symmetry.md), then the smaller share. A cell: the
   smaller share, then the fewer kept (restricting a cell that few
   placements cover cuts little). */
static void consider(const pc_classes *c, int32_t *best_piece, int32_t *best_cell,
                     int32_t *best_kept, int32_t *best_of)
{
  if (c->placements < 2 || c->kept == c->placements) return;
  bool first = *best_piece < 0 && *best_cell < 0;
  int64_t lhs = (int64_t)c->kept * *best_of, rhs = (int64_t)*best_kept * c->placements;
  bool better = c->piece >= 0 ? c->kept < *best_kept || (c->kept == *best_kept && lhs < rhs)
                              : lhs < rhs || (lhs == rhs && c->kept < *best_kept);
  if (first || better)
    *best_piece = c->piece, *best_cell = c->cell, *best_kept = c->kept, *best_of = c->placements;
}

/* The first restriction: a piece (a solution holds exactly one placement
   of a piece with one copy), else a cell (exactly one placement covers
   it; a cell only pays when some element fixes it: a centre, an axis),
   as consider() ranks them. */
static void choose_first(pc_classes *c, const pc_puzzle *pz, const pc_matrix *m, int32_t *work)
{
  const pc_symmetry *g = c->g;
  int32_t best_piece = -1, best_cell = -1, best_kept = 1, best_of = 1;
  for (int32_t k = 0; k < g->n_pieces; k++) {
    if (!pc_piece_exactly_once(&pz->pieces[k])) continue;
    count_kept(c, m, k, -1, work);
    consider(c, &best_piece, &best_cell, &best_kept, &best_of);
  }
  for (int32_t x = 0; x < g->n_cells && best_piece < 0; x++) {
    bool fixed = false;
    for (int32_t e = 1; e < g->order; e++)
      fixed |= g->cell[(size_t)e * (size_t)g->n_cells + (size_t)x] == x;
    if (!fixed) continue;
    count_kept(c, m, -1, x, work);
    consider(c, &best_piece, &best_cell, &best_kept, &best_of);
  }
  if (best_piece >= 0 || best_cell >= 0) {
    count_kept(c, m, best_piece, best_cell, work);
  } else {
    set_restricted(c, -1, -1);
    c->placements = c->kept = 0;
  }
}

/* Adds to gain[j], for one kept placement of the first piece that the
   elements `fix` fix (mapping the solutions with it there onto each
   other), the options of piece j that the second restriction would drop
   there. */
static void add_gains(const pc_classes *c, const pc_puzzle *pz, const pc_matrix *m,
                      const bool *fix, int64_t *gain, int32_t *work)
{
  bool fix_j[PC_SYM_MAX];
  int32_t *image = work, *other = work + c->g->n_cells;
  for (int32_t q = 0; q < m->xc.n_options; q++) {
    int32_t j = m->placement[q].piece;
    if (j == c->piece || !pc_piece_exactly_once(&pz->pieces[j])) continue;
    int32_t nq = option_cells(m, q, other);
    for (int32_t e = 0; e < c->g->order; e++)
      fix_j[e] = fix[e] && c->g->piece[(size_t)e * (size_t)c->g->n_pieces + (size_t)j] == j;
    gain[j] += !smallest_under(c->g, fix_j, other, nq, j, image);
  }
}

/* The kept placements of the first piece that elements mapping the
   second piece onto itself fix: how many. When fix and slot are not NULL,
   fix[j * PC_SYM_MAX + e]: element e is one fixing the j-th of them (in
   option order), and slot[o]: j for its option, else -1. */
static int32_t find_symmetric(const pc_classes *c, const pc_matrix *m, bool *fix, int32_t *slot,
                              int32_t *work)
{
  int32_t *cells = work, *image = work + c->g->n_cells, n = 0, j = 0;
  bool here[PC_SYM_MAX];
  for (int32_t o = 0; o < m->xc.n_options; o++) {
    if (slot) slot[o] = -1;
    if (c->second < 0 || !restricted(c, m, o) || !kept(c, m, o, cells, &n, image) ||
        !fixing(c->g, c->stabilizes, cells, n, c->second, image, here))
      continue;
    if (fix) memcpy(fix + (size_t)j * PC_SYM_MAX, here, sizeof here);
    if (slot) slot[o] = j;
    j++;
  }
  return j;
}

/* The second restriction: the piece that loses the most options where the
   first piece is at a symmetric kept placement, if any loses one. */
static pc_status choose_second(pc_classes *c, const pc_puzzle *pz, const pc_matrix *m,
                               int32_t *work)
{
  c->second = -1;
  c->symmetric = 0;
  if (c->piece < 0) return PC_OK;
  int64_t *gain = pc_calloc_array((size_t)c->g->n_pieces + 1, sizeof *gain);
  if (!gain) return PC_ERR_NOMEM;
  int32_t *cells = work, *image = work + c->g->n_cells, n = 0;
  bool fix[PC_SYM_MAX];
  for (int32_t o = 0; o < m->xc.n_options; o++)
    if (restricted(c, m, o) && kept(c, m, o, cells, &n, image) &&
        fixing(c->g, c->stabilizes, cells, n, c->piece, image, fix))
      add_gains(c, pz, m, fix, gain, image);
  for (int32_t j = 0; j < c->g->n_pieces; j++)
    if (gain[j] > 0 && (c->second < 0 || gain[j] > gain[c->second])) c->second = j;
  free(gain);
  c->symmetric = find_symmetric(c, m, NULL, NULL, work);
  if (!c->symmetric) c->second = -1;
  return PC_OK;
}

pc_status pc_classes_init(pc_classes *c, const pc_puzzle *pz, const pc_symmetry *g,
                          const pc_matrix *m, bool reduce)
{
  memset(c, 0, sizeof *c);
  c->g = g;
  c->second = -1;
  int32_t n = g->n_cells;
  c->scratch = pc_alloc_array(3 * (size_t)n + 1, sizeof *c->scratch);
  pc_status s = c->scratch ? PC_OK : PC_ERR_NOMEM;
  for (int32_t e = 0; e < g->order && !s; e++) s = pc_tiling_init(&c->image[e], n);
  set_restricted(c, -1, -1);
  if (!s && reduce && g->order > 1) {
    choose_first(c, pz, m, c->scratch);
    s = choose_second(c, pz, m, c->scratch);
  }
  if (s) pc_classes_free(c);
  return s;
}

void pc_classes_free(pc_classes *c)
{
  for (int32_t e = 0; e < PC_SYM_MAX; e++) pc_tiling_free(&c->image[e]);
  free(c->scratch);
  c->scratch = NULL;
}

/* The reduced matrix's items: full's, then one secondary item per
   symmetric kept placement of the first piece. */
static pc_status reduced_items(const pc_classes *c, const pc_matrix *full, pc_matrix *out,
                               pc_error *err)
{
  pc_status s = pc_xc_copy_items(&full->xc, &out->xc, err);
  for (int32_t i = 0; i < c->symmetric && !s; i++) {
    char name[PC_XC_NAME_MAX + 1];
    snprintf(name, sizeof name, "#sym%d", (int)i + 1);
    s = pc_xc_add_item(&out->xc, name, true, NULL, err);
  }
  return s;
}

/* Adds option o of full with `n_extra` more secondary items. */
static pc_status add_option(const pc_matrix *full, int32_t o, const int32_t *extra,
                            int32_t n_extra, pc_matrix *out, int32_t *items, int32_t *colors,
                            pc_error *err)
{
  int32_t n = pc_xc_option_size(&full->xc, o);
  const int32_t *from_colors = pc_xc_option_colors(&full->xc, o);
  memcpy(items, pc_xc_option(&full->xc, o), (size_t)n * sizeof *items);
  memcpy(items + n, extra, (size_t)n_extra * sizeof *items);
  for (int32_t j = 0; j < n + n_extra; j++) colors[j] = from_colors && j < n ? from_colors[j] : 0;
  pc_status s = pc_xc_add_colored_option(&out->xc, items, colors, n + n_extra, err);
  int32_t k = out->xc.n_options - 1;
  if (!s && !pc_grow((void **)&out->placement, &out->cap_placements, k + 1, sizeof *out->placement))
    s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) out->placement[k] = full->placement[o];
  return s;
}

/* The secondary items option o gets: its own when it is a symmetric kept
   placement of the first piece; when it is the second piece's, those of
   the placements under whose elements it is not the smallest. */
static int32_t extra_items(const pc_classes *c, const pc_matrix *m, int32_t o, const bool *fix,
                           const int32_t *slot, int32_t *extra, int32_t *work)
{
  int32_t base = m->xc.n_items, n = 0;
  if (slot[o] >= 0) {
    extra[n++] = base + slot[o];
  } else if (m->placement[o].piece == c->second) {
    int32_t nq = option_cells(m, o, work);
    for (int32_t j = 0; j < c->symmetric; j++)
      if (!smallest_under(c->g, fix + (size_t)j * PC_SYM_MAX, work, nq, c->second,
                          work + c->g->n_cells))
        extra[n++] = base + j;
  }
  return n;
}

pc_status pc_classes_reduce(const pc_classes *c, const pc_matrix *full, pc_matrix *out,
                            pc_error *err)
{
  memset(out, 0, sizeof *out);
  pc_xc_init(&out->xc);
  out->n_cells = full->n_cells;
  int32_t no = full->xc.n_options, width = 1, n_cells = c->g->n_cells;
  for (int32_t o = 0; o < no; o++)
    if (pc_xc_option_size(&full->xc, o) > width) width = pc_xc_option_size(&full->xc, o);
  width += c->symmetric;
  bool *fix = pc_alloc_array((size_t)c->symmetric * PC_SYM_MAX + 1, sizeof *fix);
  int32_t *slot = pc_alloc_array((size_t)no + 1, sizeof *slot),
          *work = pc_alloc_array(3 * (size_t)n_cells + 1, sizeof *work),
          *items = pc_alloc_array(2 * (size_t)width + c->symmetric + 1, sizeof *items);
  pc_status s = fix && slot && work && items
                    ? reduced_items(c, full, out, err)
                    : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) find_symmetric(c, full, fix, slot, work);
  int32_t *colors = items + width, *extra = colors + width, n;
  for (int32_t o = 0; o < no && !s; o++) {
    if (!kept(c, full, o, work, &n, work + n_cells)) continue;
    int32_t n_extra = extra_items(c, full, o, fix, slot, extra, work);
    s = add_option(full, o, extra, n_extra, out, items, colors, err);
  }
  free(fix), free(slot), free(work), free(items);
  if (s) pc_matrix_free(out);
  return s;
}

/* Whether the reduced search can find tiling t: the first restricted
   piece (or the placement covering the restricted cell) is at a kept
   placement, and where that placement is symmetric, the second piece at
   the smallest of its orbit under the elements fixing it. */
static bool findable(pc_classes *c, const pc_tiling *t)
{
  if (c->piece < 0 && c->cell < 0) return true;
  int32_t n_cells = c->g->n_cells, *cells = c->scratch, *image = cells + n_cells, n = 0;
  int32_t piece = c->piece >= 0 ? c->piece : t->piece[c->cell];
  for (int32_t i = 0; i < t->n_cells; i++)
    if (c->piece >= 0 ? t->piece[i] == piece : t->anchor[i] == t->anchor[c->cell]) cells[n++] = i;
  if (!smallest_under(c->g, c->stabilizes, cells, n, piece, image)) return false;
  bool fix[PC_SYM_MAX];
  if (c->second < 0 || !fixing(c->g, c->stabilizes, cells, n, c->second, image, fix)) return true;
  int32_t *other = image + n_cells, m = 0;
  for (int32_t i = 0; i < t->n_cells; i++)
    if (t->piece[i] == c->second) other[m++] = i;
  return smallest_under(c->g, fix, other, m, c->second, image);
}

bool pc_classes_represents(pc_classes *c, const pc_tiling *s, int32_t *class_size)
{
  const pc_symmetry *g = c->g;
  int32_t stabilizer = 0;
  bool smallest = true;
  for (int32_t e = 1; e < g->order; e++) {
    pc_tiling *t = &c->image[e];
    pc_symmetry_apply(g, e, s, t, c->scratch);
    int cmp = pc_tiling_cmp(t, s);
    stabilizer += cmp == 0;
    if (cmp < 0 && smallest) smallest = !findable(c, t);
  }
  *class_size = g->order / (stabilizer + 1);
  return smallest;
}

/* score.c — Knuth's horizontal and vertical symmetry scores. */
#include "poly/score.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/shape.h"

/* The mirror image of every cell under grid transform t, translated so
   that the board's bounding box maps onto itself (or, when the lattice
   does not allow that exact shift, the nearest shift covering most of the
   board). */
static void mirror(const pc_grid *g, int t, const pc_cell *cells, int32_t n, int32_t *out)
{
  pc_cell lo = {INT32_MAX, INT32_MAX, INT32_MAX}, ilo = lo;
  for (int32_t i = 0; i < n; i++) {
    pc_cell y = pc_grid_transform(g, t, cells[i]);
    if (cells[i].c < lo.c) lo.c = cells[i].c;
    if (cells[i].r < lo.r) lo.r = cells[i].r;
    if (cells[i].l < lo.l) lo.l = cells[i].l;
    if (y.c < ilo.c) ilo.c = y.c;
    if (y.r < ilo.r) ilo.r = y.r;
    if (y.l < ilo.l) ilo.l = y.l;
  }
  int32_t best = -1;
  pc_cell best_by = {0, 0, 0};
  for (int32_t k = 0; k < 9; k++) {
    pc_cell by = {lo.c - ilo.c + (k % 3 + 1) % 3 - 1, lo.r - ilo.r + (k / 3 + 1) % 3 - 1,
                  lo.l - ilo.l};
    if (!pc_grid_is_translation_by(g, by)) continue;
    int32_t on = 0;
    for (int32_t i = 0; i < n; i++) {
      pc_cell y = pc_grid_transform(g, t, cells[i]);
      on += pc_cells_index(cells, n, (pc_cell){y.c + by.c, y.r + by.r, y.l + by.l}) >= 0;
    }
    if (on > best) best = on, best_by = by;
  }
  for (int32_t i = 0; i < n; i++) {
    pc_cell y = pc_grid_transform(g, t, cells[i]);
    out[i] = pc_cells_index(cells, n, (pc_cell){y.c + best_by.c, y.r + best_by.r, y.l + best_by.l});
  }
}

pc_status pc_scorer_init(pc_scorer *s, const pc_grid *g, const pc_cell *cells, int32_t n)
{
  memset(s, 0, sizeof *s);
  s->n_cells = n;
  s->edge = pc_alloc_array((size_t)n * PC_GRID_MAX_NEIGHBOURS / 2 + 1, sizeof *s->edge);
  s->mirror_h = pc_alloc_array((size_t)n + 1, sizeof *s->mirror_h);
  s->mirror_v = pc_alloc_array((size_t)n + 1, sizeof *s->mirror_v);
  if (!s->edge || !s->mirror_h || !s->mirror_v) {
    pc_scorer_free(s);
    return PC_ERR_NOMEM;
  }
  for (int32_t i = 0; i < n; i++) {
    pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
    int k = pc_grid_neighbours(g, cells[i], nb);
    for (int j = 0; j < k; j++) {
      int32_t other = pc_cells_index(cells, n, nb[j]);
      if (other > i) s->edge[s->n_edges][0] = i, s->edge[s->n_edges++][1] = other;
    }
  }
  mirror(g, pc_grid_mirror_h(g), cells, n, s->mirror_h);
  mirror(g, pc_grid_mirror_v(g), cells, n, s->mirror_v);
  return PC_OK;
}

void pc_scorer_free(pc_scorer *s)
{
  free(s->edge);
  free(s->mirror_h);
  free(s->mirror_v);
  memset(s, 0, sizeof *s);
}

static int32_t symmetric_edges(const pc_scorer *s, const int32_t *m, const pc_tiling *t)
{
  int32_t score = 0;
  for (int32_t e = 0; e < s->n_edges; e++) {
    int32_t a = s->edge[e][0], b = s->edge[e][1];
    if (!pc_tiling_differ(t, a, b) || m[a] < 0 || m[b] < 0) continue;
    score += pc_tiling_differ(t, m[a], m[b]);
  }
  return score;
}

pc_score pc_score_tiling(const pc_scorer *s, const pc_tiling *t)
{
  return (pc_score){symmetric_edges(s, s->mirror_h, t), symmetric_edges(s, s->mirror_v, t)};
}

int32_t pc_score_piece_edges(const pc_scorer *s, const pc_tiling *t)
{
  int32_t n = 0;
  for (int32_t e = 0; e < s->n_edges; e++) n += pc_tiling_differ(t, s->edge[e][0], s->edge[e][1]);
  return n;
}

int pc_score_cmp(pc_score a, pc_score b)
{
  int32_t amax = a.h > a.v ? a.h : a.v, amin = a.h > a.v ? a.v : a.h;
  int32_t bmax = b.h > b.v ? b.h : b.v, bmin = b.h > b.v ? b.v : b.h;
  if (amax != bmax) return amax > bmax ? 1 : -1;
  return (amin > bmin) - (amin < bmin);
}

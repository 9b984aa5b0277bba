/* frontier_fixed.c — the solutions that one symmetry maps onto themselves,
   for Burnside's lemma: such a solution is a union of whole orbits of its
   placements under the symmetry's powers, so they are the exact covers of
   the same items by those orbits (each orbit one option, its members
   pairwise disjoint and of different pieces). */
#include "poly/frontier.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/dlx.h"

typedef struct orbits {
  const pc_matrix *m;
  const pc_symmetry *g;
  int32_t e;
  int32_t *piece_item;     /* per piece: its item, or -1 (copies: any) */
  int32_t *start, *cur;    /* a member's cells, sorted: the first, the current */
  int32_t size;            /* cells per member */
  int32_t *row;            /* the orbit's items */
  int32_t n_row;
  int32_t *stamp;          /* per item: the orbit that last took it */
  int32_t mark;
} orbits;

static int int_cmp(const void *a, const void *b)
{
  int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
  return (x > y) - (x < y);
}

/* Adds item i to the orbit's row; false when it is there already. */
static bool take(orbits *ob, int32_t i)
{
  if (ob->stamp[i] == ob->mark) return false;
  ob->stamp[i] = ob->mark;
  ob->row[ob->n_row++] = i;
  return true;
}

/* The next member: cur's image under the symmetry, sorted. */
static int32_t image(orbits *ob, int32_t piece)
{
  const pc_symmetry *g = ob->g;
  for (int32_t k = 0; k < ob->size; k++) ob->cur[k] = g->cell[ob->e * g->n_cells + ob->cur[k]];
  qsort(ob->cur, (size_t)ob->size, sizeof *ob->cur, int_cmp);
  return g->piece[ob->e * g->n_pieces + piece];
}

/* Lexicographic order of sorted cell lists, then pieces. */
static bool member_less(const orbits *ob, int32_t piece, int32_t start_piece)
{
  for (int32_t k = 0; k < ob->size; k++)
    if (ob->cur[k] != ob->start[k]) return ob->cur[k] < ob->start[k];
  return piece < start_piece;
}

static bool member_is_start(const orbits *ob, int32_t piece, int32_t start_piece)
{
  return piece == start_piece &&
         !memcmp(ob->cur, ob->start, (size_t)ob->size * sizeof *ob->cur);
}

/* Fills row with option o's orbit; false when the orbit is no option (its
   members overlap or repeat a piece) or o is not its smallest member. */
static bool orbit_of(orbits *ob, int32_t o)
{
  const pc_xc *xc = &ob->m->xc;
  const int32_t *it = pc_xc_option(xc, o);
  ob->size = 0;
  for (int32_t k = 0; k < pc_xc_option_size(xc, o); k++)
    if (it[k] < ob->m->n_cells) ob->start[ob->size++] = it[k];
  qsort(ob->start, (size_t)ob->size, sizeof *ob->start, int_cmp);
  memcpy(ob->cur, ob->start, (size_t)ob->size * sizeof *ob->cur);
  int32_t start_piece = ob->m->placement[o].piece, piece = start_piece;
  ob->n_row = 0;
  ob->mark++;
  for (int32_t step = 0; step < ob->g->order; step++) {
    for (int32_t k = 0; k < ob->size; k++)
      if (!take(ob, ob->cur[k])) return false;
    if (ob->piece_item[piece] >= 0 && !take(ob, ob->piece_item[piece])) return false;
    piece = image(ob, piece);
    if (member_is_start(ob, piece, start_piece)) return true;
    if (member_less(ob, piece, start_piece)) return false;
  }
  return false;
}

static pc_status orbits_init(orbits *ob, const pc_matrix *m, const pc_symmetry *g, int32_t e)
{
  memset(ob, 0, sizeof *ob);
  ob->m = m;
  ob->g = g;
  ob->e = e;
  size_t items = (size_t)m->xc.n_items + 1;
  ob->piece_item = pc_alloc_array((size_t)g->n_pieces + 1, sizeof *ob->piece_item);
  ob->start = pc_alloc_array(items, sizeof *ob->start);
  ob->cur = pc_alloc_array(items, sizeof *ob->cur);
  ob->row = pc_alloc_array(items * (size_t)g->order, sizeof *ob->row);
  ob->stamp = pc_calloc_array(items, sizeof *ob->stamp); /* no orbit took any */
  if (!ob->piece_item || !ob->start || !ob->cur || !ob->row || !ob->stamp) return PC_ERR_NOMEM;
  for (int32_t i = 0; i < g->n_pieces; i++) ob->piece_item[i] = -1;
  for (int32_t o = 0; o < m->xc.n_options; o++) {
    const int32_t *it = pc_xc_option(&m->xc, o);
    for (int32_t k = 0; k < pc_xc_option_size(&m->xc, o); k++)
      if (it[k] >= m->n_cells) ob->piece_item[m->placement[o].piece] = it[k];
  }
  return PC_OK;
}

static void orbits_free(orbits *ob)
{
  free(ob->piece_item);
  free(ob->start);
  free(ob->cur);
  free(ob->row);
  free(ob->stamp);
}

/* The exact-cover problem of the orbits: m's items, an option per orbit. */
static pc_status orbit_matrix(orbits *ob, pc_xc *xc, pc_error *err)
{
  const pc_matrix *m = ob->m;
  pc_status st = PC_OK;
  for (int32_t i = 0; i < m->xc.n_items && !st; i++)
    st = pc_xc_add_item(xc, m->xc.names[i], i >= m->xc.n_primary, NULL, err);
  for (int32_t o = 0; o < m->xc.n_options && !st; o++)
    if (orbit_of(ob, o)) st = pc_xc_add_option(xc, ob->row, ob->n_row, err);
  return st;
}

pc_status pc_frontier_fixed(const pc_matrix *m, const pc_symmetry *g, int32_t e,
                            uint64_t *fixed, pc_error *err)
{
  *fixed = 0;
  if (pc_xc_has_bounds(&m->xc))
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "fixed solutions: pieces have copies or choose groups");
  orbits ob;
  pc_xc xc;
  pc_xc_init(&xc);
  pc_status st = orbits_init(&ob, m, g, e);
  if (!st) st = orbit_matrix(&ob, &xc, err);
  pc_dlx *d = st ? NULL : pc_dlx_new(&xc);
  if (!st && !d) st = PC_ERR_NOMEM;
  if (!st) {
    pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
    pc_dlx_stats stats;
    pc_dlx_search(d, &cfg, &stats);
    *fixed = stats.solutions;
  }
  pc_dlx_free(d);
  pc_xc_free(&xc);
  orbits_free(&ob);
  if (st == PC_ERR_NOMEM) st = pc_error_set(err, st, 0, 0, "out of memory");
  return st;
}

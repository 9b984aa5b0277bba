/* matrix.c — placements of a puzzle's pieces as exact-cover options. */
#include "poly/matrix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/dlx1.h"
#include "poly/shape.h"

/* The board's cells by position: each one's index over the board's
   bounding box, -1 off the board, so that trying a placement looks its
   cells up at once (every piece is tried on every cell). */
typedef struct board_box {
  pc_cell lo;
  int64_t w, h, d;
  int32_t *index;
} board_box;

static bool box_make(board_box *x, const pc_puzzle *pz)
{
  *x = (board_box){{0, 0, 0}, 0, 0, 0, NULL};
  if (!pz->n_cells) return true;
  pc_cell lo = pz->cells[0], hi = pz->cells[0];
  for (int32_t i = 1; i < pz->n_cells; i++) {
    pc_cell c = pz->cells[i];
    if (c.c < lo.c) lo.c = c.c;
    if (c.r < lo.r) lo.r = c.r;
    if (c.l < lo.l) lo.l = c.l;
    if (c.c > hi.c) hi.c = c.c;
    if (c.r > hi.r) hi.r = c.r;
    if (c.l > hi.l) hi.l = c.l;
  }
  *x = (board_box){lo, (int64_t)hi.c - lo.c + 1, (int64_t)hi.r - lo.r + 1,
                   (int64_t)hi.l - lo.l + 1, NULL};
  size_t n = (size_t)(x->w * x->h * x->d);
  if (!(x->index = pc_alloc_array(n, sizeof *x->index))) return false;
  for (size_t i = 0; i < n; i++) x->index[i] = -1;
  for (int32_t i = 0; i < pz->n_cells; i++) {
    pc_cell c = pz->cells[i];
    x->index[((c.l - lo.l) * x->h + (c.r - lo.r)) * x->w + (c.c - lo.c)] = i;
  }
  return true;
}

/* The index of board cell c, or -1 if c is not on the board. */
static int32_t box_index(const board_box *x, pc_cell c)
{
  int64_t dc = (int64_t)c.c - x->lo.c, dr = (int64_t)c.r - x->lo.r, dl = (int64_t)c.l - x->lo.l;
  if (dc < 0 || dc >= x->w || dr < 0 || dr >= x->h || dl < 0 || dl >= x->d) return -1;
  return x->index[(dl * x->h + dr) * x->w + dc];
}

typedef struct builder {
  const pc_puzzle *pz;
  board_box box;
  pc_matrix *m;
  int32_t *row;          /* the option being built */
  int32_t *at;           /* the board indices of its cells */
  int32_t *junction;     /* per lattice point on the board's bounding box: item, or -1 */
  int32_t jw, jh;        /* that box, in lattice points */
  int32_t *piece_item;   /* per piece: its item, or -1 (copies: any) */
  int32_t *group_item;   /* per `choose` group: its item */
  pc_error *err;
} builder;

/* Names a piece's item: its own name when DLX1 can carry it. */
static void piece_item_name(const pc_piece *p, int32_t index, char *out, size_t size)
{
  if (strlen(p->name) <= PC_DLX1_NAME_MAX) snprintf(out, size, "%s", p->name);
  else snprintf(out, size, "p%d", (int)index);
}

static int32_t junction_at(const builder *b, int32_t c, int32_t r)
{
  if (c < 0 || r < 0 || c / 2 >= b->jw || r / 2 >= b->jh) return -1;
  return b->junction[(r / 2) * b->jw + c / 2];
}

static bool on_board(const builder *b, int32_t c, int32_t r)
{
  return box_index(&b->box, (pc_cell){c, r}) >= 0;
}

static pc_status add_junctions(builder *b)
{
  int64_t hi_c = b->box.lo.c + b->box.w - 1, hi_r = b->box.lo.r + b->box.h - 1;
  int32_t maxc = hi_c > 0 ? (int32_t)hi_c : 0, maxr = hi_r > 0 ? (int32_t)hi_r : 0;
  b->jw = maxc / 2 + 2;
  b->jh = maxr / 2 + 2;
  b->junction = pc_alloc_array((size_t)b->jw * (size_t)b->jh, sizeof *b->junction);
  if (!b->junction) return pc_error_set(b->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t y = 0; y < b->jh; y++)
    for (int32_t x = 0; x < b->jw; x++) {
      int32_t c = 2 * x, r = 2 * y, *j = &b->junction[y * b->jw + x];
      *j = -1;
      if (on_board(b, c - 1, r) && on_board(b, c + 1, r) && on_board(b, c, r - 1) &&
          on_board(b, c, r + 1)) {
        char name[32];
        snprintf(name, sizeof name, "j%dc%d", (int)r, (int)c);
        pc_status s = pc_xc_add_item(&b->m->xc, name, true, j, b->err);
        if (s) return s;
      }
    }
  return PC_OK;
}

/* Adds the option placing piece k (its item and its group's, when it has
   them) on the given board cells, whose indices are `at`. */
static pc_status add_option(builder *b, int32_t k, int32_t place, const pc_cell *cells,
                            const int32_t *at, int32_t n)
{
  pc_matrix *m = b->m;
  int32_t len = 0, group = b->pz->pieces[k].group;
  if (b->piece_item[k] >= 0) b->row[len++] = b->piece_item[k];
  if (group >= 0) b->row[len++] = b->group_item[group];
  for (int32_t i = 0; i < n; i++) b->row[len++] = at[i];
  if (b->junction)
    for (int32_t i = 0; i < n; i++) {
      /* A piece goes straight through a lattice point when it holds the two
         segments on either side of it; the point is named by the segment
         to its left or above. */
      pc_cell x = cells[i];
      bool horizontal = x.r % 2 == 0;
      pc_cell next = horizontal ? (pc_cell){x.c + 2, x.r} : (pc_cell){x.c, x.r + 2};
      if (!bsearch(&next, cells, (size_t)n, sizeof next, pc_cell_cmp)) continue;
      int32_t j = horizontal ? junction_at(b, x.c + 1, x.r) : junction_at(b, x.c, x.r + 1);
      /* A cross (the X tetrastick) goes straight through its centre both
         ways: claim the point once. */
      bool seen = false;
      for (int32_t k = 0; k < len && !seen; k++) seen = b->row[k] == j;
      if (j >= 0 && !seen) b->row[len++] = j;
    }
  pc_status s = pc_xc_add_option(&m->xc, b->row, len, b->err);
  if (s) return s;
  int32_t o = m->xc.n_options - 1;
  if (!pc_grow((void **)&m->placement, &m->cap_placements, o + 1, sizeof *m->placement))
    return pc_error_set(b->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  m->placement[o] = (pc_placement){k, place};
  return PC_OK;
}

/* Adds every placement of orientation `shape` of piece k. */
static pc_status place_orientation(builder *b, int32_t k, const pc_cell *shape, int32_t size,
                                   pc_cell *cells, int32_t *place)
{
  const pc_puzzle *pz = b->pz;
  pc_status s = PC_OK;
  /* Anchor the orientation's first cell on each board cell. */
  for (int32_t a = 0; a < pz->n_cells && !s; a++) {
    pc_cell by = {pz->cells[a].c - shape[0].c, pz->cells[a].r - shape[0].r,
                  pz->cells[a].l - shape[0].l};
    if (!pc_grid_is_translation_by(pz->grid, by)) continue;
    bool fits = true;
    for (int32_t i = 0; i < size && fits; i++) {
      cells[i] = (pc_cell){shape[i].c + by.c, shape[i].r + by.r, shape[i].l + by.l};
      b->at[i] = box_index(&b->box, cells[i]);
      fits = b->at[i] >= 0 && pz->fixed[b->at[i]] < 0;
    }
    if (fits) s = add_option(b, k, (*place)++, cells, b->at, size);
  }
  return s;
}

/* Every placement of piece k: once for all its copies, which its item's
   bounds count. */
static pc_status add_placements(builder *b, int32_t k)
{
  const pc_puzzle *pz = b->pz;
  const pc_piece *p = &pz->pieces[k];
  pc_cell *cells = pc_alloc_array((size_t)p->size, sizeof *cells);
  if (!cells) return pc_error_set(b->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = PC_OK;
  int32_t n = 0, place = 0;
  for (int32_t i = 0; i < pz->n_cells; i++)
    if (pz->fixed[i] == k) b->at[n] = i, cells[n++] = pz->cells[i];
  if (n) {
    s = add_option(b, k, 0, cells, b->at, n);
    free(cells);
    return s;
  }
  pc_orients o;
  if (pc_orients_make(pz->grid, p->cells, p->size, p->one_sided, &o)) {
    free(cells);
    return pc_error_set(b->err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  for (int t = 0; t < o.count && !s; t++)
    s = place_orientation(b, k, o.cells + (size_t)t * (size_t)o.size, o.size, cells, &place);
  pc_orients_free(&o);
  free(cells);
  return s;
}

/* Each piece's item, with its copies as bounds; none for copies: any
   without a least number (nothing to count). Unbounded above, a piece
   can still be placed no more often than it fits in the board. */
static pc_status add_piece_items(builder *b)
{
  const pc_puzzle *pz = b->pz;
  pc_status s = PC_OK;
  char name[64];
  for (int32_t k = 0; k < pz->n_pieces && !s; k++) {
    const pc_piece *p = &pz->pieces[k];
    int upper = p->copies == PC_COPIES_ANY ? (int)(pz->n_cells / p->size) : p->copies;
    b->piece_item[k] = -1;
    if (p->copies == PC_COPIES_ANY && p->copies_min == 0) continue;
    piece_item_name(p, k, name, sizeof name);
    s = pc_xc_add_item(&b->m->xc, name, false, &b->piece_item[k], b->err);
    if (!s && (p->copies_min != 1 || upper != 1))
      s = pc_xc_set_bounds(&b->m->xc, b->piece_item[k], p->copies_min,
                           upper > p->copies_min ? upper : p->copies_min, b->err);
  }
  return s;
}

/* Each `choose` group's item: its pieces' placements together. */
static pc_status add_group_items(builder *b)
{
  pc_status s = PC_OK;
  char name[32];
  for (int32_t g = 0; g < b->pz->n_groups && !s; g++) {
    snprintf(name, sizeof name, "group%d", (int)g + 1);
    s = pc_xc_add_item(&b->m->xc, name, false, &b->group_item[g], b->err);
    if (!s)
      s = pc_xc_set_bounds(&b->m->xc, b->group_item[g], b->pz->groups[g].lower,
                           b->pz->groups[g].upper, b->err);
  }
  return s;
}

pc_status pc_matrix_build(const pc_puzzle *pz, pc_matrix *m, pc_error *err)
{
  memset(m, 0, sizeof *m);
  pc_xc_init(&m->xc);
  builder b = {.pz = pz, .m = m, .err = err};
  int32_t max_size = 0;
  for (int32_t k = 0; k < pz->n_pieces; k++)
    if (pz->pieces[k].size > max_size) max_size = pz->pieces[k].size;
  b.row = pc_alloc_array(3 * (size_t)max_size + 2, sizeof *b.row);
  b.at = pc_alloc_array((size_t)max_size + 1, sizeof *b.at);
  b.piece_item = pc_alloc_array((size_t)pz->n_pieces + 1, sizeof *b.piece_item);
  b.group_item = pc_alloc_array((size_t)pz->n_groups + 1, sizeof *b.group_item);
  pc_status s = PC_OK;
  if (!b.row || !b.at || !b.piece_item || !b.group_item || !box_make(&b.box, pz))
    s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  char name[64];
  for (int32_t i = 0; i < pz->n_cells && !s; i++) {
    pc_cell x = pz->cells[i];
    /* Layers are named only on 3-D lattices: plane names stay r0c0. */
    if (pc_grid_dimensions(pz->grid) == 3)
      snprintf(name, sizeof name, "l%dr%dc%d", (int)x.l, (int)x.r, (int)x.c);
    else snprintf(name, sizeof name, "r%dc%d", (int)x.r, (int)x.c);
    s = pc_xc_add_item(&m->xc, name, false, NULL, err);
  }
  m->n_cells = pz->n_cells;
  if (!s) s = add_piece_items(&b);
  if (!s) s = add_group_items(&b);
  if (!s && pc_grid_segments(pz->grid)) s = add_junctions(&b);
  for (int32_t k = 0; k < pz->n_pieces && !s; k++) s = add_placements(&b, k);
  free(b.row);
  free(b.at);
  free(b.box.index);
  free(b.piece_item);
  free(b.group_item);
  free(b.junction);
  if (s) pc_matrix_free(m);
  return s;
}

void pc_matrix_free(pc_matrix *m)
{
  pc_xc_free(&m->xc);
  free(m->placement);
  memset(m, 0, sizeof *m);
}


/* frontier.c — counting by a dynamic programme over the profile. */
#include "poly/frontier_impl.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/alloc.h"

static int column_major_cmp(const void *a, const void *b, void *cells)
{
  const pc_cell *cell = cells;
  pc_cell x = cell[*(const int32_t *)a], y = cell[*(const int32_t *)b];
  if (x.c != y.c) return x.c < y.c ? -1 : 1;
  return (x.r > y.r) - (x.r < y.r);
}

/* Cells per line of the order when the board is a full rectangle of
   squares (column-major: its height; row-major: its width), else 0. */
static int32_t line_length(const pc_puzzle *pz, bool by_column)
{
  if (pc_grid_kind_of(pz->grid) != PC_GRID_SQUARE || !pz->n_cells) return 0;
  pc_cell lo = pz->cells[0], hi = pz->cells[0];
  for (int32_t i = 1; i < pz->n_cells; i++) {
    pc_cell x = pz->cells[i];
    if (x.c < lo.c) lo.c = x.c;
    if (x.r < lo.r) lo.r = x.r;
    if (x.c > hi.c) hi.c = x.c;
    if (x.r > hi.r) hi.r = x.r;
  }
  int64_t w = hi.c - lo.c + 1, h = hi.r - lo.r + 1;
  if (w * h != pz->n_cells) return 0;
  return (int32_t)(by_column ? h : w);
}

/* The span of the widest option under order pos (cells only). */
static int32_t window_of(const pc_matrix *m, const int32_t *pos)
{
  int32_t w = 0;
  for (int32_t o = 0; o < m->xc.n_options; o++) {
    const int32_t *it = pc_xc_option(&m->xc, o);
    int32_t lo = INT32_MAX, hi = -1;
    for (int32_t k = 0; k < pc_xc_option_size(&m->xc, o); k++) {
      if (it[k] >= m->n_cells) continue;
      if (pos[it[k]] < lo) lo = pos[it[k]];
      if (pos[it[k]] > hi) hi = pos[it[k]];
    }
    if (hi >= 0 && hi - lo + 1 > w) w = hi - lo + 1;
  }
  return w;
}

/* Row-major (the cells' own order) or column-major, whichever has the
   narrower window. */
static bool choose_order(const pc_puzzle *pz, const pc_matrix *m, fr_plan *pl)
{
  int32_t n = m->n_cells;
  int32_t *by_column = pc_alloc_array((size_t)n + 1, sizeof *by_column);
  int32_t *column_pos = pc_alloc_array((size_t)n + 1, sizeof *column_pos);
  pl->pos = pc_alloc_array((size_t)n + 1, sizeof *pl->pos);
  bool ok = by_column && column_pos && pl->pos;
  if (ok) {
    for (int32_t i = 0; i < n; i++) by_column[i] = pl->pos[i] = i;
    qsort_r(by_column, (size_t)n, sizeof *by_column, column_major_cmp, pz->cells);
    for (int32_t i = 0; i < n; i++) column_pos[by_column[i]] = i;
    pl->window = window_of(m, pl->pos);
    int32_t w = window_of(m, column_pos);
    pl->stride = line_length(pz, false);
    if (w < pl->window) {
      pl->stride = line_length(pz, true);
      pl->window = w;
      memcpy(pl->pos, column_pos, (size_t)n * sizeof *pl->pos);
    }
  }
  free(by_column);
  free(column_pos);
  return ok;
}

static int bits_for(int copies)
{
  int b = 0;
  while ((1 << b) <= copies) b++;
  return b;
}

/* The count field of every piece, after the window: shift[i] and its
   width; false when the key would need more than FR_KEY_BITS bits. */
static bool place_fields(const pc_puzzle *pz, fr_plan *pl, int32_t *shift, int *width)
{
  int32_t at = pl->window;
  if (at > FR_KEY_BITS) return false;
  for (int32_t i = 0; i < pz->n_pieces; i++) {
    int copies = pz->pieces[i].copies;
    width[i] = copies == PC_COPIES_ANY ? 0 : bits_for(copies);
    shift[i] = at;
    at += width[i];
    if (at > FR_KEY_BITS) return false;
    if (width[i]) {
      pl->pieces_mask |= ((UINT64_C(1) << width[i]) - 1) << shift[i];
      pl->pieces_full |= (uint64_t)copies << shift[i];
    }
  }
  pl->win_mask = (UINT64_C(1) << pl->window) - 1;
  return true;
}

static fr_option make_option(const pc_matrix *m, const fr_plan *pl, int32_t o, int32_t lo,
                             const pc_puzzle *pz, const int32_t *shift, const int *width)
{
  fr_option f = {0, 0, 0, 1, m->placement[o].piece};
  const int32_t *it = pc_xc_option(&m->xc, o);
  for (int32_t k = 0; k < pc_xc_option_size(&m->xc, o); k++)
    if (it[k] < m->n_cells) f.cells |= UINT64_C(1) << (pl->pos[it[k]] - lo);
  int32_t piece = m->placement[o].piece;
  if (width[piece]) {
    f.add = UINT64_C(1) << shift[piece];
    f.field = ((UINT64_C(1) << width[piece]) - 1) << shift[piece];
    f.cap = (uint64_t)pz->pieces[piece].copies << shift[piece];
  }
  return f;
}

/* The first and last positions of option o's cells (options covering no
   cell: lo = INT32_MAX). */
static void option_span(const pc_matrix *m, const fr_plan *pl, int32_t o, int32_t *lo,
                        int32_t *hi)
{
  const int32_t *it = pc_xc_option(&m->xc, o);
  *lo = INT32_MAX;
  *hi = -1;
  for (int32_t k = 0; k < pc_xc_option_size(&m->xc, o); k++)
    if (it[k] < m->n_cells) {
      if (pl->pos[it[k]] < *lo) *lo = pl->pos[it[k]];
      if (pl->pos[it[k]] > *hi) *hi = pl->pos[it[k]];
    }
}

/* Buckets the options by their first cell, those with a cell past
   position `last` left out (options covering no cell are none of the
   programme's). */
static bool bucket_options(const pc_puzzle *pz, const pc_matrix *m, fr_plan *pl,
                           const int32_t *shift, const int *width, int32_t last)
{
  int32_t n = pl->n, n_opt = m->xc.n_options, lo, hi;
  pl->first = pc_calloc_array((size_t)n + 2, sizeof *pl->first);
  pl->opt = pc_alloc_array((size_t)n_opt + 1, sizeof *pl->opt);
  if (!pl->first || !pl->opt) return false;
  for (int32_t o = 0; o < n_opt; o++) {
    option_span(m, pl, o, &lo, &hi);
    if (lo < n && hi <= last) pl->first[lo + 1]++;
  }
  for (int32_t p = 0; p < n; p++) pl->first[p + 1] += pl->first[p];
  for (int32_t o = 0; o < n_opt; o++) {
    option_span(m, pl, o, &lo, &hi);
    if (lo < n && hi <= last)
      pl->opt[pl->first[lo]++] = make_option(m, pl, o, lo, pz, shift, width);
  }
  for (int32_t p = n; p > 0; p--) pl->first[p] = pl->first[p - 1];
  pl->first[0] = 0;
  return true;
}

static uint64_t gcd_of(uint64_t a, uint64_t b)
{
  while (b) {
    uint64_t t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/* The masks of the pruning, when it applies. */
static bool prepare_pruning(const pc_puzzle *pz, fr_plan *pl)
{
  for (int32_t i = 0; i < pz->n_pieces; i++)
    pl->gcd = gcd_of(pl->gcd, (uint64_t)pz->pieces[i].size);
  if (pl->gcd < 2 || pl->stride < 1 || pl->window + pl->stride >= 64) pl->stride = 0;
  if (!pl->stride) return true;
  pl->nf = pc_alloc_array((size_t)pl->stride, sizeof *pl->nf);
  pl->nl = pc_alloc_array((size_t)pl->stride, sizeof *pl->nl);
  if (!pl->nf || !pl->nl) return false;
  for (int32_t k = 0; k < pl->stride; k++) {
    pl->nf[k] = pl->nl[k] = 0;
    for (int32_t j = 0; j < pl->window; j++) {
      int32_t at = (k + j) % pl->stride;
      if (at) pl->nf[k] |= UINT64_C(1) << j;
      if (at != pl->stride - 1) pl->nl[k] |= UINT64_C(1) << j;
    }
  }
  return true;
}

uint64_t fr_piece_fields(const fr_plan *pl, uint64_t pieces)
{
  uint64_t fields = 0;
  for (int32_t i = 0; i < 64; i++)
    if (pieces >> i & 1) fields |= UINT64_C(1) << pl->shift[i];
  return fields;
}

void fr_plan_free(fr_plan *pl)
{
  free(pl->nf);
  free(pl->nl);
  free(pl->pos);
  free(pl->shift);
  free(pl->first);
  free(pl->opt);
  memset(pl, 0, sizeof *pl);
}

/* Why the method does not apply to m, or NULL. The programme knows the
   cells and the pieces' items only: a group chosen exactly once has no
   bounds, but its item is no less a constraint. */
static const char *unfit_matrix(const pc_puzzle *pz, const pc_matrix *m)
{
  if (m->xc.n_items != m->xc.n_primary) return "its matrix has secondary items";
  if (pc_xc_has_bounds(&m->xc) || pz->n_groups) return "pieces have copies or choose groups";
  return NULL;
}

/* The order reversed: the plan of the backward pass of a meeting in the
   middle (rectangles keep their lines, so the pruning's masks hold). */
static void reverse_order(fr_plan *pl)
{
  for (int32_t i = 0; i < pl->n; i++) pl->pos[i] = pl->n - 1 - pl->pos[i];
}

pc_status fr_plan_build(const pc_puzzle *pz, const pc_matrix *m, int32_t reverse_cut,
                        fr_plan *pl, const char **why)
{
  memset(pl, 0, sizeof *pl);
  *why = unfit_matrix(pz, m);
  if (*why) return PC_ERR_INPUT;
  pl->n = m->n_cells;
  int32_t *shift = pl->shift = pc_alloc_array((size_t)pz->n_pieces + 1, sizeof *shift);
  int *width = pc_alloc_array((size_t)pz->n_pieces + 1, sizeof *width);
  pc_status st = shift && width && choose_order(pz, m, pl) ? PC_OK : PC_ERR_NOMEM;
  if (!st && !place_fields(pz, pl, shift, width)) {
    *why = "its profile and pieces need more than 63 bits";
    st = PC_ERR_INPUT;
  }
  if (!st && reverse_cut >= 0) reverse_order(pl);
  int32_t last = reverse_cut >= 0 ? pl->n - 1 - reverse_cut : pl->n - 1;
  if (!st && !bucket_options(pz, m, pl, shift, width, last)) st = PC_ERR_NOMEM;
  if (!st && !prepare_pruning(pz, pl)) st = PC_ERR_NOMEM;
  free(width);
  if (st) fr_plan_free(pl);
  return st;
}

const char *pc_frontier_unfit(const pc_puzzle *pz, const pc_matrix *m)
{
  fr_plan pl;
  const char *why;
  pc_status st = fr_plan_build(pz, m, -1, &pl, &why);
  if (!st) fr_plan_free(&pl);
  return st == PC_ERR_NOMEM ? "out of memory" : why;
}

/* --- the tables: open addressing, linear probing --- */

bool fr_table_alloc(fr_table *t, uint64_t cap)
{
  t->slot = malloc(cap * sizeof *t->slot);
  if (!t->slot) return false;
  t->cap = cap;
  t->shift = 64 - __builtin_ctzll(cap);
  /* Tables alive at once have different addresses, so different salts. */
  t->salt = fr_mix((uint64_t)(uintptr_t)t->slot) | 1;
  fr_table_clear(t);
  return true;
}

void fr_table_clear(fr_table *t)
{
  memset(t->slot, 0xff, t->cap * sizeof *t->slot); /* every key FR_EMPTY */
  t->used = 0;
}

void fr_table_free(fr_table *t)
{
  free(t->slot);
  memset(t, 0, sizeof *t);
}

pc_status fr_table_grow(fr_table *t)
{
  fr_table bigger;
  if (!fr_table_alloc(&bigger, 2 * t->cap)) {
    fr_table_free(&bigger);
    return PC_ERR_NOMEM;
  }
  for (const fr_slot *s = t->slot; s < t->slot + t->cap; s++)
    if (s->key != FR_EMPTY) fr_table_put(&bigger, s->key, fr_mix(s->key), s->count);
  fr_table_free(t);
  *t = bigger;
  return PC_OK;
}

/* --- the programme, on threads: thread t keeps the states whose hash
   falls to it, in its own table, so no two threads write one table --- */

int fr_owner(uint64_t h, int threads)
{
  return (int)((h >> 40) % (uint64_t)threads);
}

typedef struct fr_worker {
  fr_run *r;
  int t;
  pc_status st;
  bool overflow;
} fr_worker;

/* Whether the free cells of a window starting at position base that no
   path of free cells joins to the cells past the window (all free) can
   still be filled: pieces cannot reach them from outside, so they must
   number a multiple of the pieces' gcd. Checked away from the board's end. */
static bool holes_fillable(const fr_plan *pl, uint64_t covered, int32_t base)
{
  if (!pl->stride || base + pl->window + pl->stride > pl->n) return true;
  int32_t k = base % pl->stride, shift = pl->window - pl->stride;
  uint64_t free = ~covered & pl->win_mask;
  uint64_t reach = free & (pl->win_mask >> shift << shift), prev;
  do {
    prev = reach;
    reach |= ((reach << 1) & pl->nf[k]) | ((reach >> 1) & pl->nl[k]) | (reach << pl->stride) |
             (reach >> pl->stride);
    reach &= free;
  } while (reach != prev);
  return (uint64_t)__builtin_popcountll(free & ~reach) % pl->gcd == 0;
}

/* Whether option o may be taken by a state of pieces `key` at step p. */
static bool piece_allowed(const fr_run *r, const fr_option *o, uint64_t key)
{
  uint64_t banned = r->p < r->cut ? r->right : r->left;
  if (o->piece < 64 && (banned >> o->piece & 1)) return false;
  return (key & o->field) < o->cap;
}

/* Whether the bits of key up to bit j (the cells decided at a frozen
   step) begin something the forward pass can leave, with none of the
   pieces that every forward state leaving it places. */
static bool prefix_ok(const fr_run *r, uint64_t key, int32_t j)
{
  if (!r->prefixes) return true;
  uint64_t low = (UINT64_C(2) << j) - 1;
  uint64_t used = fr_table_get(r->prefixes, (key & low) | (UINT64_C(1) << (j + 1)));
  return used && !(used & key & r->pl->pieces_mask);
}

#define FR_SLIDE (-1)

/* A put into a big table is a cache miss, and most of a count's time: a
   thread gathers its puts by region of the next table (its slots' top
   bits) and makes a region's at once, prefetched, when it has many. */
#define FR_PARTS_LOG 6
#define FR_PARTS (1 << FR_PARTS_LOG)
#define FR_PART_SLOTS 64

struct fr_gather {
  fr_slot slot[FR_PARTS][FR_PART_SLOTS];
  uint8_t fill[FR_PARTS];
};

static pc_status table_put(fr_worker *w, uint64_t key, uint64_t h, uint64_t count)
{
  fr_table *t = &w->r->next[w->t];
  const fr_run *r = w->r;
  /* A table past its share of the pass's bound is not doubled: the step
     ends here (PC_DONE), its memory what it holds already. */
  if (fr_table_full(t) && r->most_at_once && t->used * (uint64_t)r->threads > r->most_at_once)
    return PC_DONE;
  pc_status st = fr_table_room(t);
  if (st) return st;
  if (!fr_table_put(t, key, h, count)) w->overflow = true;
  return PC_OK;
}

/* Makes the puts gathered for region `part`. */
static pc_status gather_flush(fr_worker *w, int part)
{
  fr_gather *g = w->r->gather[w->t];
  const fr_table *t = &w->r->next[w->t];
  uint64_t h[FR_PART_SLOTS];
  for (int i = 0; i < g->fill[part]; i++) {
    h[i] = fr_mix(g->slot[part][i].key);
    __builtin_prefetch(&t->slot[fr_home(t, h[i])]);
  }
  pc_status st = PC_OK;
  for (int i = 0; i < g->fill[part] && !st; i++)
    st = table_put(w, g->slot[part][i].key, h[i], g->slot[part][i].count);
  g->fill[part] = 0;
  return st;
}

/* Gathers key's put (h: its hash). A table too small to hold a region's
   puts in a region's slots takes them at once: written together they
   would make runs that merge before the table grows. */
static pc_status gather_put(fr_worker *w, uint64_t key, uint64_t h, uint64_t count)
{
  const fr_table *t = &w->r->next[w->t];
  if (t->cap < FR_PARTS * FR_PART_SLOTS) return table_put(w, key, h, count);
  fr_gather *g = w->r->gather[w->t];
  int part = (int)(fr_home(t, h) >> (__builtin_ctzll(t->cap) - FR_PARTS_LOG));
  g->slot[part][g->fill[part]++] = (fr_slot){key, count};
  return g->fill[part] == FR_PART_SLOTS ? gather_flush(w, part) : PC_OK;
}

/* Puts a state of the next step into this thread's table if it is this
   thread's (the tests after that check): slid one cell on and its holes
   checked (bit FR_SLIDE), or at a frozen step, whose cell is `bit`, kept
   only if its cells decided begin what the forward pass can leave. */
static pc_status put_state(fr_worker *w, uint64_t key, uint64_t count, int32_t bit)
{
  const fr_plan *pl = w->r->pl;
  if (bit == FR_SLIDE) key = ((key & pl->win_mask) >> 1) | (key & ~pl->win_mask);
  uint64_t h = fr_mix(key);
  if (fr_owner(h, w->r->threads) != w->t) return PC_OK;
  if (bit == FR_SLIDE ? !holes_fillable(pl, key & pl->win_mask, w->r->p + 1)
                      : !prefix_ok(w->r, key, bit))
    return PC_OK;
  return gather_put(w, key, h, count);
}

/* A state at a frozen step: its cell (bit j) is covered already, or is
   left free for the forward pass, or takes a placement whose first cell
   it is. */
static pc_status expand_frozen(fr_worker *w, uint64_t key, uint64_t count)
{
  const fr_run *r = w->r;
  const fr_plan *pl = r->pl;
  int32_t j = r->p - r->frozen;
  pc_status st = put_state(w, key, count, j);
  if (key >> j & 1) return st;
  for (int32_t k = pl->first[r->p]; k < pl->first[r->p + 1] && !st; k++) {
    const fr_option *o = &pl->opt[k];
    uint64_t cells = o->cells << j;
    if (!(key & cells) && piece_allowed(r, o, key))
      st = put_state(w, (key | cells) + o->add, count, j);
  }
  return st;
}

/* Whether the pieces of the share that a state at step p <= due still
   lacks (due_fields) can each start on a free cell before step `due`:
   distinct pieces start on distinct cells. At `due`, all must be there.
   Unchecked while those cells are not all in the key. */
static bool due_fits(const fr_run *r, uint64_t key)
{
  int32_t before = r->due - r->p, at = r->p >= r->frozen ? r->p - r->frozen : 0;
  if (before > r->pl->window || at + before > 63) return true;
  int missing = __builtin_popcountll(r->due_fields & ~key);
  uint64_t cells = before ? ~UINT64_C(0) >> (64 - before) << at : 0;
  return missing <= __builtin_popcountll(~key & cells);
}

/* A state at cell p: moved on if p is covered, else every placement
   whose first cell is p and that fits. */
static pc_status expand(fr_worker *w, uint64_t key, uint64_t count)
{
  const fr_plan *pl = w->r->pl;
  const fr_run *r = w->r;
  int32_t p = r->p;
  if (p <= r->due && !due_fits(r, key)) return PC_OK;
  if (p >= r->frozen) return expand_frozen(w, key, count);
  if (key & 1) return put_state(w, key, count, FR_SLIDE);
  pc_status st = PC_OK;
  for (int32_t k = pl->first[p]; k < pl->first[p + 1] && !st; k++) {
    const fr_option *o = &pl->opt[k];
    if (!(key & o->cells) && piece_allowed(r, o, key))
      st = put_state(w, (key | o->cells) + o->add, count, FR_SLIDE);
  }
  return st;
}

/* Slots a thread reads between two looks at the stop flag: a step of a
   large count can take minutes. */
#define FR_STOP_EVERY 4096

static bool halted(const fr_run *r)
{
  return r->stop && atomic_load_explicit(r->stop, memory_order_relaxed);
}

/* The step under way, for the watch, and the slots it reads. */
static pc_frontier_at step_at(const fr_run *r, uint64_t *slots)
{
  pc_frontier_at at = {.pass = r->pass, .step = r->p, .steps = r->end};
  for (int t = 0; t < r->threads; t++) {
    at.states += r->cur[t].used;
    *slots += r->cur[t].cap;
  }
  return at;
}

static void *work(void *arg)
{
  fr_worker *w = arg;
  const fr_run *r = w->r;
  bool telling = !w->t && r->watch && r->watch->at; /* thread 0 is the caller's */
  uint64_t slots = 0, read = 0;
  pc_frontier_at where = telling ? step_at(r, &slots) : (pc_frontier_at){0};
  for (int c = 0; c < r->threads && !w->st; c++)
    for (uint64_t at = 0; at < r->cur[c].cap && !w->st; at += FR_STOP_EVERY) {
      const fr_slot *s = r->cur[c].slot + at, *end = s + FR_STOP_EVERY;
      if (end > r->cur[c].slot + r->cur[c].cap) end = r->cur[c].slot + r->cur[c].cap;
      if (halted(r)) w->st = PC_DONE;
      if (telling) {
        where.read = (double)read / (double)slots;
        r->watch->at(r->watch->ctx, &where);
      }
      read += (uint64_t)(end - s);
      for (; s < end && !w->st; s++)
        if (s->key != FR_EMPTY) w->st = expand(w, s->key, s->count);
    }
  for (int part = 0; part < FR_PARTS && !w->st; part++) w->st = gather_flush(w, part);
  return NULL;
}

/* Cell r->p: every state of cur moves into next; PC_DONE when a thread
   ended it early (table_put, work). A thread that cannot be started
   works here after the others. */
static pc_status step(fr_run *r, bool *overflow)
{
  fr_worker w[FR_MAX_THREADS];
  pthread_t tid[FR_MAX_THREADS];
  bool started[FR_MAX_THREADS] = {false};
  for (int t = 0; t < r->threads; t++) {
    w[t] = (fr_worker){.r = r, .t = t};
    if (t) started[t] = !pthread_create(&tid[t], NULL, work, &w[t]);
  }
  pc_status st = PC_OK;
  for (int t = 0; t < r->threads; t++) {
    if (started[t]) pthread_join(tid[t], NULL);
    else work(&w[t]);
    if (w[t].st && (!st || st == PC_DONE)) st = w[t].st; /* an error over PC_DONE */
    if (w[t].overflow) *overflow = true;
  }
  return st;
}

/* The step's states and memory in the statistics; next becomes cur. */
static void next_step(fr_run *r, pc_frontier_stats *st)
{
  uint64_t used = 0, bytes = 0;
  for (int t = 0; t < r->threads; t++) {
    used += r->next[t].used;
    bytes += (r->cur[t].cap + r->next[t].cap) * sizeof(fr_slot);
    fr_table swap = r->cur[t];
    r->cur[t] = r->next[t];
    r->next[t] = swap;
    fr_table_clear(&r->next[t]);
  }
  st->states += used;
  if (used > st->peak_states) st->peak_states = used;
  if (bytes > st->peak_bytes) st->peak_bytes = bytes;
}

/* A step ended early: interrupted, else past the pass's bound. */
static void ended_early(const fr_run *r, pc_frontier_stats *st)
{
  if (halted(r)) st->stopped = st->interrupted = true;
  else if (st->peak_states <= r->most_at_once) st->peak_states = r->most_at_once + 1;
}

pc_status fr_run_steps(fr_run *r, pc_frontier_stats *st, bool *overflow)
{
  pc_status s = PC_OK;
  for (r->p = 0; r->p < r->end && !s && !*overflow && !st->stopped &&
                 !(r->most_at_once && st->peak_states > r->most_at_once);
       r->p++) {
    s = step(r, overflow);
    if (s == PC_DONE) {
      ended_early(r, st);
      return PC_OK;
    }
    if (!s) next_step(r, st);
    st->stopped = r->max_states && st->states > r->max_states;
    if (halted(r)) st->stopped = st->interrupted = true;
  }
  return s;
}

uint64_t fr_memory_states(void)
{
  long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || size <= 0) return UINT64_C(1) << 27; /* unknown: a 24 GiB machine's */
  return (uint64_t)pages * (uint64_t)size / PC_FRONTIER_STATE_BYTES;
}

pc_status fr_too_big_error(uint64_t most, bool memory, const char *instead, pc_error *err)
{
  return pc_error_set(err, PC_ERR_NOMEM, 0, 0,
                      "a step of the count would hold more than %llu states, %s: %s "
                      "(docs/counting.md)",
                      (unsigned long long)most,
                      memory ? "more than the memory here holds" : "past the bound it was given",
                      instead);
}

void fr_run_free(fr_run *r)
{
  if (!r) return;
  for (int t = 0; t < r->threads; t++) {
    fr_table_free(&r->cur[t]);
    fr_table_free(&r->next[t]);
    free(r->gather[t]);
  }
  free(r);
}

fr_run *fr_run_new(const fr_plan *pl, const pc_frontier_config *cfg)
{
  fr_run *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  r->pl = pl;
  int threads = cfg->threads;
  r->threads = threads < 1 ? 1 : threads > FR_MAX_THREADS ? FR_MAX_THREADS : threads;
  r->end = pl->n;
  r->frozen = INT32_MAX;
  r->max_states = cfg->max_states;
  r->stop = cfg->stop;
  r->watch = cfg->watch;
  r->cut = r->due = cfg->cut;
  r->left = cfg->left;
  r->right = cfg->right;
  r->due_fields = fr_piece_fields(pl, cfg->left);
  bool ok = true;
  for (int t = 0; t < r->threads && ok; t++)
    ok = fr_table_alloc(&r->cur[t], 1024) && fr_table_alloc(&r->next[t], 1024) &&
         (r->gather[t] = calloc(1, sizeof *r->gather[t]));
  if (ok) fr_table_put(&r->cur[fr_owner(fr_mix(0), r->threads)], 0, fr_mix(0), 1);
  if (ok) return r;
  fr_run_free(r);
  return NULL;
}

/* The whole programme: the states with every piece placed after the last
   cell hold the solutions. */
static pc_status count_all(const fr_plan *pl, const pc_frontier_config *cfg,
                           pc_frontier_stats *st, pc_error *err)
{
  fr_run *r = fr_run_new(pl, cfg);
  if (!r) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  r->most_at_once = cfg->most_at_once ? cfg->most_at_once : fr_memory_states();
  bool overflow = false;
  pc_status s = fr_run_steps(r, st, &overflow);
  uint64_t most = r->most_at_once;
  bool big = !s && !st->stopped && st->peak_states > most;
  for (int t = 0; t < r->threads && !s && !st->stopped && !big; t++) {
    const fr_table *c = &r->cur[t];
    for (const fr_slot *e = c->slot; e < c->slot + c->cap; e++)
      if (e->key != FR_EMPTY && (e->key & pl->pieces_mask) == pl->pieces_full &&
          __builtin_add_overflow(st->solutions, e->count, &st->solutions))
        overflow = true;
  }
  fr_run_free(r);
  if (s == PC_ERR_NOMEM) return pc_error_set(err, s, 0, 0, "out of memory");
  if (overflow) return pc_error_set(err, PC_ERR_INPUT, 0, 0, "a count exceeds 64 bits");
  if (big)
    return fr_too_big_error(most, !cfg->most_at_once,
                            "met in the middle (--method meet) it takes less", err);
  return s;
}

pc_status pc_frontier_burnside(const pc_matrix *m, const pc_symmetry *g, pc_frontier_stats *st,
                               pc_error *err)
{
  st->order = g->order;
  st->fixed[0] = st->solutions;
  uint64_t sum = st->solutions;
  for (int32_t e = 1; e < g->order; e++) {
    pc_status s = pc_frontier_fixed(m, g, e, &st->fixed[e], err);
    if (s) return s;
    sum += st->fixed[e];
  }
  if (sum % (uint64_t)g->order)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "Burnside's sum %llu is not a multiple of %d",
                        (unsigned long long)sum, (int)g->order);
  st->unique = sum / (uint64_t)g->order;
  return PC_OK;
}

/* A share's pieces: single pieces of the puzzle, on one side each. */
static pc_status check_share(const pc_puzzle *pz, const fr_plan *pl,
                             const pc_frontier_config *cfg, pc_error *err)
{
  bool bad = (cfg->left & cfg->right) || cfg->cut < 0 || cfg->cut > pl->n;
  for (int32_t i = 0; i < 64 && !bad; i++)
    if ((cfg->left | cfg->right) >> i & 1)
      bad = i >= pz->n_pieces || !pc_piece_exactly_once(&pz->pieces[i]);
  if (bad)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "a share of the frontier count wants single pieces, each on one side "
                        "of a cut on the board");
  return PC_OK;
}

pc_status fr_plan_for_count(const pc_puzzle *pz, const pc_matrix *m, fr_plan *pl,
                            pc_frontier_stats *st, pc_error *err)
{
  memset(st, 0, sizeof *st);
  const char *why;
  pc_status s = fr_plan_build(pz, m, -1, pl, &why);
  if (s == PC_ERR_NOMEM) return pc_error_set(err, s, 0, 0, "out of memory");
  if (s) return pc_error_set(err, s, 0, 0, "the frontier count does not apply: %s", why);
  st->window = pl->window;
  st->steps = pl->n;
  return PC_OK;
}

pc_status pc_frontier_count(const pc_puzzle *pz, const pc_matrix *m, const pc_symmetry *g,
                            const pc_frontier_config *cfg, pc_frontier_stats *st,
                            pc_error *err)
{
  fr_plan pl;
  pc_status s = fr_plan_for_count(pz, m, &pl, st, err);
  if (s) return s;
  s = check_share(pz, &pl, cfg, err);
  bool whole = !(cfg->left | cfg->right);
  if (!s && cfg->meet && cfg->split && whole) s = fr_meet_split(pz, m, &pl, cfg, st, err);
  else if (!s && cfg->meet) s = fr_meet_in_halves(pz, m, &pl, cfg, st, err);
  else if (!s) s = count_all(&pl, cfg, st, err);
  fr_plan_free(&pl);
  if (!s && g && !st->stopped && whole) s = pc_frontier_burnside(m, g, st, err);
  return s;
}

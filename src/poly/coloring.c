/* coloring.c — impossibility by coloring (coloring.h): for each standard
   coloring of the puzzle's grid, the count vectors each piece can cover,
   and whether any choice of them adds up to the board's. */
#include "poly/coloring.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

#define MAX_COLORS PC_GRID_MAX_COLORS
#define MAX_STATES (1 << 22) /* a coloring with more count vectors is skipped */

typedef pc_grid_coloring coloring; /* each grid's own (grid_<name>.c) */

/* A count vector: cells of each color. */
typedef struct counts {
  int32_t n[MAX_COLORS];
} counts;

/* What one piece can cover, and how often it is placed: between least
   and most times, or any number when `any`. */
typedef struct unit {
  int32_t piece, least, most;
  bool any;
  counts *vectors;    /* distinct */
  int32_t n_vectors, cap;
} unit;

typedef struct problem {
  const coloring *col;
  counts board;
  unit *units;
  int32_t n_units, cap_units;
  int64_t states;     /* the mixed-radix space of the vectors <= board */
} problem;

/* The unit an option belongs to: options come grouped by piece
   (matrix.c), so a new piece starts a new unit. A group's bound (`choose`)
   is left out: a weaker test, still never refusing a solvable board. */
static unit *unit_of(problem *p, const pc_puzzle *pz, const pc_placement *pl)
{
  unit *last = p->n_units ? &p->units[p->n_units - 1] : NULL;
  if (last && last->piece == pl->piece) return last;
  if (!pc_grow((void **)&p->units, &p->cap_units, p->n_units + 1, sizeof *p->units)) return NULL;
  unit *u = &p->units[p->n_units++];
  const pc_piece *piece = &pz->pieces[pl->piece];
  int32_t fit = pz->n_cells / piece->size, most = piece->copies < fit ? piece->copies : fit;
  *u = (unit){.piece = pl->piece, .least = piece->copies_min, .most = most,
              .any = piece->copies == PC_COPIES_ANY};
  return u;
}

/* Whether two vectors are the same (the colors past a coloring's are 0). */
static bool same_counts(const counts *a, const counts *b)
{
  bool same = true;
  for (int c = 0; c < MAX_COLORS; c++) same &= a->n[c] == b->n[c];
  return same;
}

static bool add_vector(unit *u, const counts *v)
{
  for (int32_t i = u->n_vectors - 1; i >= 0; i--) /* the last one met first */
    if (same_counts(&u->vectors[i], v)) return true;
  if (!pc_grow((void **)&u->vectors, &u->cap, u->n_vectors + 1, sizeof *u->vectors)) return false;
  u->vectors[u->n_vectors++] = *v;
  return true;
}

static void problem_free(problem *p)
{
  for (int32_t u = 0; u < p->n_units; u++) free(p->units[u].vectors);
  free(p->units);
}

/* The board's counts and every unit's vectors under one coloring; each
   cell's color found once. */
static bool problem_make(problem *p, const pc_puzzle *pz, const pc_matrix *m)
{
  const coloring *col = p->col;
  unsigned char *color = pc_alloc_array((size_t)pz->n_cells + 1, 1);
  if (!color) return false;
  for (int32_t i = 0; i < pz->n_cells; i++) {
    color[i] = (unsigned char)col->color(pz->cells[i]);
    p->board.n[color[i]]++;
  }
  p->states = 1;
  for (int c = 0; c < col->k && p->states <= MAX_STATES; c++) p->states *= p->board.n[c] + 1;
  bool ok = p->states <= MAX_STATES;
  for (int32_t o = 0; o < m->xc.n_options && ok; o++) {
    counts v = {{0}};
    const int32_t *items = pc_xc_option(&m->xc, o);
    for (int32_t j = 0; j < pc_xc_option_size(&m->xc, o); j++)
      if (items[j] < m->n_cells) v.n[color[items[j]]]++;
    unit *u = unit_of(p, pz, &m->placement[o]);
    ok = u && add_vector(u, &v);
  }
  free(color);
  return ok;
}

/* Sums of count vectors, each a state of the mixed-radix space: a flag
   per state and the list of those set, so that a step visits the sums
   reached, a few, not the whole space. */
typedef struct sums {
  bool *at;
  int32_t *list, n, cap;
} sums;

static bool sums_add(sums *z, int32_t s)
{
  if (z->at[s]) return true;
  if (!pc_grow((void **)&z->list, &z->cap, z->n + 1, sizeof *z->list)) return false;
  z->at[s] = true;
  z->list[z->n++] = s;
  return true;
}

static void sums_free(sums *z)
{
  free(z->at);
  free(z->list);
}

static void sums_clear(sums *z)
{
  for (int32_t i = 0; i < z->n; i++) z->at[z->list[i]] = false;
  z->n = 0;
}

/* Sum s plus each of unit u's vectors that stays within the board's
   counts, added to `to` (which may be s's own set). */
static bool add_vectors(const problem *p, const unit *u, int32_t s, sums *to)
{
  const int k = p->col->k;
  const int32_t *b = p->board.n;
  int32_t x[MAX_COLORS];
  for (int c = 0, rest = s; c < k; c++) {
    x[c] = rest % (b[c] + 1);
    rest /= b[c] + 1;
  }
  for (int32_t i = 0; i < u->n_vectors; i++) {
    int32_t t = 0, scale = 1, c = 0;
    for (; c < k && x[c] + u->vectors[i].n[c] <= b[c]; c++) {
      t += (x[c] + u->vectors[i].n[c]) * scale;
      scale *= b[c] + 1;
    }
    if (c == k && !sums_add(to, t)) return false;
  }
  return true;
}

/* One placement more of unit u: `to` becomes every sum of `from` plus
   one of the unit's vectors, and with `keep` the sums of `from` too (the
   placement may be left out). */
static bool add_unit(const problem *p, const unit *u, bool keep, const sums *from, sums *to)
{
  sums_clear(to);
  for (int32_t i = 0; keep && i < from->n; i++)
    if (!sums_add(to, from->list[i])) return false;
  for (int32_t i = 0; i < from->n; i++)
    if (!add_vectors(p, u, from->list[i], to)) return false;
  return true;
}

/* As many placements more of unit u as wanted: the sums reached are
   extended in turn, those they reach too. */
static bool add_any(const problem *p, const unit *u, sums *z)
{
  for (int32_t i = 0; i < z->n; i++)
    if (!add_vectors(p, u, z->list[i], z)) return false;
  return true;
}

/* Whether some choice of vectors adds up to the board's counts. */
static bool reachable(const problem *p, bool *ok)
{
  sums a = {pc_calloc_array((size_t)p->states, 1)}, b = {pc_calloc_array((size_t)p->states, 1)};
  *ok = a.at && b.at && sums_add(&a, 0);
  for (int32_t u = 0; u < p->n_units && *ok; u++) {
    const unit *x = &p->units[u];
    int32_t more = x->any ? 0 : x->most - x->least;
    for (int32_t i = 0; i < x->least + more && *ok; i++) {
      *ok = add_unit(p, x, i >= x->least, &a, &b);
      sums t = a;
      a = b;
      b = t;
    }
    if (x->any && *ok) *ok = add_any(p, x, &a);
  }
  bool found = !*ok || a.at[p->states - 1];
  sums_free(&a);
  sums_free(&b);
  return found;
}

static void append(char *buf, size_t size, size_t *at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void append(char *buf, size_t size, size_t *at, const char *fmt, ...)
{
  if (*at >= size) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf + *at, size - *at, fmt, ap);
  va_end(ap);
  if (n > 0) *at += (size_t)n;
}

/* A text cut short by the buffer ends with "...". */
static void mark_cut(char *buf, size_t size, size_t at)
{
  if (at >= size && size > 4) strcpy(buf + size - 4, "...");
}

static void append_counts(char *buf, size_t size, size_t *at, const counts *v, int k)
{
  for (int c = 0; c < k; c++) append(buf, size, at, "%s%d", c ? "+" : "", (int)v->n[c]);
}

/* The argument: the coloring, the board's counts, each piece's vectors. */
static void explain(const problem *p, const pc_puzzle *pz, char *why, size_t size)
{
  size_t at = 0;
  const int k = p->col->k;
  append(why, size, &at, "coloring by %s: the board has ", p->col->name);
  append_counts(why, size, &at, &p->board, k);
  append(why, size, &at, " cells of each color, which no choice of placements adds up to; "
                         "each piece covers");
  for (int32_t u = 0; u < p->n_units; u++) {
    const unit *x = &p->units[u];
    append(why, size, &at, "%s %s ", u ? "," : "", pz->pieces[x->piece].name);
    for (int32_t i = 0; i < x->n_vectors; i++) {
      if (i) append(why, size, &at, " or ");
      append_counts(why, size, &at, &x->vectors[i], k);
    }
  }
  mark_cut(why, size, at);
}

/* Whether a piece that must be placed has no placement: then no
   coloring is needed, and the pieces are named (a coloring's argument
   would list each piece's vectors, and this one has none). */
static bool placeless(const pc_puzzle *pz, const pc_matrix *m, char *why, size_t size)
{
  bool *placed = pc_calloc_array((size_t)pz->n_pieces + 1, sizeof *placed);
  if (!placed) return false;
  for (int32_t o = 0; o < m->xc.n_options; o++) placed[m->placement[o].piece] = true;
  size_t at = 0;
  int32_t none = 0;
  for (int32_t i = 0; i < pz->n_pieces; i++) {
    if (placed[i] || pz->pieces[i].copies_min == 0) continue;
    if (why) append(why, size, &at, "%s%s", none ? ", " : "piece ", pz->pieces[i].name);
    none++;
  }
  if (none && why) append(why, size, &at, " fit%s nowhere on the board", none > 1 ? "" : "s");
  mark_cut(why, size, at);
  free(placed);
  return none > 0;
}

bool pc_coloring_refutes(const pc_puzzle *pz, const pc_matrix *m, char *why, size_t size)
{
  if (placeless(pz, m, why, size)) return true;
  int n;
  const coloring *cols = pc_grid_colorings(pz->grid, &n);
  bool refuted = false;
  for (int i = 0; i < n && !refuted; i++) {
    problem p = {.col = &cols[i]};
    bool ok = problem_make(&p, pz, m);
    if (ok && !reachable(&p, &ok) && ok) {
      refuted = true;
      if (why) explain(&p, pz, why, size);
    }
    problem_free(&p);
  }
  return refuted;
}

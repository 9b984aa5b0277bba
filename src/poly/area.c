/* area.c — whether the pieces can cover the board's cell count
   (area.h): the sums of areas reachable, a bit per sum from 0 to the
   board's count, and for each `choose` group one such set per number of
   its pieces placed. */
#include "poly/area.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

/* A group's table larger than this many words is left out: its pieces
   are then taken as if ungrouped, a weaker test that still never refuses
   a board with a solution. */
#define MAX_GROUP_WORDS ((int64_t)1 << 22)

/* The shape of every set of sums: 0..top, in `words` words. */
typedef struct sums {
  int64_t top, words;
} sums;

/* to = from shifted up by `by` > 0, or'ed into to when `keep`; sums past
   top dropped. to may be from: the words are written from the top down,
   each after the words it reads. */
static void shift(const sums *z, uint64_t *to, const uint64_t *from, int64_t by, bool keep)
{
  int64_t w = by / 64, b = by % 64;
  for (int64_t i = z->words - 1; i >= 0; i--) {
    uint64_t v = 0;
    if (i >= w) v = from[i - w] << b;
    if (b && i - w > 0) v |= from[i - w - 1] >> (64 - b);
    to[i] = keep ? to[i] | v : v;
  }
  to[z->words - 1] &= ~(uint64_t)0 >> (z->words * 64 - 1 - z->top);
}

/* The copies of a piece that fit in top cells, at most `most`. */
static int64_t fitting(const sums *z, const pc_piece *p, int64_t most)
{
  int64_t fit = z->top / p->size;
  return most < fit ? most : fit;
}

/* The copies a piece may add beyond its least. */
static int64_t optional_copies(const sums *z, const pc_piece *p)
{
  return fitting(z, p, p->copies == PC_COPIES_ANY ? INT64_MAX : p->copies - p->copies_min);
}

/* A piece taken alone (outside any group, or in a group left out): its
   least copies move every sum up, each further copy may; those in chunks
   of 1, 2, 4 ... copies, each chunk taken or not. */
static void add_piece(const sums *z, uint64_t *set, const pc_piece *p)
{
  int64_t least = (int64_t)p->copies_min * p->size;
  if (least > z->top) memset(set, 0, (size_t)z->words * sizeof *set);
  else if (least) shift(z, set, set, least, false);
  for (int64_t more = optional_copies(z, p), chunk = 1; more > 0; more -= chunk, chunk *= 2) {
    if (chunk > more) chunk = more;
    shift(z, set, set, chunk * p->size, true);
  }
}

/* One piece of a group into its table: row k the sums with k of the
   group's pieces placed (rows 0..top_k). Rows are written from the last
   down, each from rows below it not yet written. */
static void add_group_piece(const sums *z, uint64_t *rows, int64_t top_k, const pc_piece *p)
{
  size_t row = (size_t)z->words;
  int64_t least = p->copies_min;
  for (int64_t k = top_k; k >= 0 && least; k--) {
    if (k < least || least * p->size > z->top) memset(rows + k * row, 0, row * sizeof *rows);
    else shift(z, rows + k * row, rows + (k - least) * row, least * p->size, false);
  }
  int64_t more = optional_copies(z, p);
  if (more > top_k) more = top_k;
  for (int64_t chunk = 1; more > 0; more -= chunk, chunk *= 2) {
    if (chunk > more) chunk = more;
    for (int64_t k = top_k; k >= chunk; k--)
      shift(z, rows + k * row, rows + (k - chunk) * row, chunk * p->size, true);
  }
}

/* The most pieces group g can place (copies counted), within top cells. */
static int64_t group_most(const sums *z, const pc_puzzle *pz, int32_t g)
{
  int64_t most = 0;
  for (int32_t i = 0; i < pz->n_pieces; i++)
    if (pz->pieces[i].group == g)
      most += fitting(z, &pz->pieces[i],
                      pz->pieces[i].copies == PC_COPIES_ANY ? INT64_MAX : pz->pieces[i].copies);
  return most < pz->groups[g].upper ? most : pz->groups[g].upper;
}

/* Group g's pieces into set: the sums with lower..upper of them placed.
   False when its table is too large (nothing done). */
static pc_status add_group(const sums *z, uint64_t *set, const pc_puzzle *pz, int32_t g,
                           bool *done)
{
  int64_t top_k = group_most(z, pz, g), lower = pz->groups[g].lower;
  *done = (top_k + 1) * z->words <= MAX_GROUP_WORDS;
  if (!*done) return PC_OK;
  size_t row = (size_t)z->words;
  uint64_t *rows = pc_calloc_array((size_t)(top_k + 1) * row, sizeof *rows);
  if (!rows) return PC_ERR_NOMEM;
  memcpy(rows, set, row * sizeof *rows);
  for (int32_t i = 0; i < pz->n_pieces; i++)
    if (pz->pieces[i].group == g) add_group_piece(z, rows, top_k, &pz->pieces[i]);
  memset(set, 0, row * sizeof *set);
  for (int64_t k = lower; k <= top_k; k++)
    for (size_t w = 0; w < row; w++) set[w] |= rows[k * (int64_t)row + (int64_t)w];
  free(rows);
  return PC_OK;
}

pc_status pc_area_reachable(const pc_puzzle *pz, bool *reachable, pc_error *err)
{
  sums z = {.top = pz->n_cells, .words = pz->n_cells / 64 + 1};
  uint64_t *set = pc_calloc_array((size_t)z.words, sizeof *set);
  bool *alone = pc_calloc_array((size_t)pz->n_pieces + 1, sizeof *alone);
  pc_status s = set && alone ? PC_OK : PC_ERR_NOMEM;
  if (set) set[0] = 1;
  for (int32_t g = 0; g < pz->n_groups && !s; g++) {
    bool done;
    s = add_group(&z, set, pz, g, &done);
    for (int32_t i = 0; i < pz->n_pieces && !done; i++) alone[i] |= pz->pieces[i].group == g;
  }
  for (int32_t i = 0; i < pz->n_pieces && !s; i++)
    if (pz->pieces[i].group < 0 || alone[i]) add_piece(&z, set, &pz->pieces[i]);
  if (!s) *reachable = set[z.top / 64] >> (z.top % 64) & 1;
  free(set);
  free(alone);
  return s ? pc_error_set(err, s, 0, 0, "out of memory") : PC_OK;
}

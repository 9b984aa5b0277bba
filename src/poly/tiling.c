/* tiling.c — solutions as which placed piece covers each cell. */
#include "poly/tiling.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/matrix.h"
#include "poly/shape.h"

pc_status pc_tiling_init(pc_tiling *t, int32_t n_cells)
{
  t->n_cells = n_cells;
  t->piece = pc_alloc_array((size_t)n_cells + 1, sizeof *t->piece);
  t->anchor = pc_alloc_array((size_t)n_cells + 1, sizeof *t->anchor);
  if (!t->piece || !t->anchor) {
    pc_tiling_free(t);
    return PC_ERR_NOMEM;
  }
  for (int32_t i = 0; i < n_cells; i++) t->piece[i] = t->anchor[i] = -1;
  return PC_OK;
}

void pc_tiling_free(pc_tiling *t)
{
  free(t->piece);
  free(t->anchor);
  t->piece = t->anchor = NULL;
  t->n_cells = 0;
}

void pc_tiling_copy(pc_tiling *dst, const pc_tiling *src)
{
  memcpy(dst->piece, src->piece, (size_t)src->n_cells * sizeof *src->piece);
  memcpy(dst->anchor, src->anchor, (size_t)src->n_cells * sizeof *src->anchor);
}

void pc_tiling_from_options(pc_tiling *t, const pc_matrix *m, const int32_t *options,
                            int32_t n)
{
  for (int32_t i = 0; i < t->n_cells; i++) t->piece[i] = t->anchor[i] = -1;
  for (int32_t k = 0; k < n; k++) {
    const int32_t *items = pc_xc_option(&m->xc, options[k]);
    int32_t size = pc_xc_option_size(&m->xc, options[k]), anchor = INT32_MAX;
    for (int32_t j = 0; j < size; j++)
      if (items[j] < m->n_cells && items[j] < anchor) anchor = items[j];
    for (int32_t j = 0; j < size; j++)
      if (items[j] < m->n_cells) {
        t->piece[items[j]] = m->placement[options[k]].piece;
        t->anchor[items[j]] = anchor;
      }
  }
}

int pc_tiling_cmp(const pc_tiling *a, const pc_tiling *b)
{
  for (int32_t i = 0; i < a->n_cells; i++) {
    if (a->piece[i] != b->piece[i]) return a->piece[i] < b->piece[i] ? -1 : 1;
    if (a->anchor[i] != b->anchor[i]) return a->anchor[i] < b->anchor[i] ? -1 : 1;
  }
  return 0;
}

/* The symbols a second or later copy of a piece may show: none is a
   piece's own (those are marked used). */
static const char copy_pool[] = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                "@$%&*+=!<>~^";

/* Each cell's symbol: its piece's, but a second or later copy of a piece
   (copies in board order of their anchors) shows a symbol no piece uses,
   so that copies side by side stand apart. */
static void copy_labels(const pc_tiling *t, const pc_puzzle *pz, char *labels, char *of_anchor,
                        bool *seen)
{
  bool used[256] = {false};
  used['#'] = used['.'] = used[' '] = used['?'] = used['_'] = true;
  for (int32_t k = 0; k < pz->n_pieces; k++) used[(unsigned char)pz->pieces[k].symbol] = true;
  const char *next = copy_pool;
  for (int32_t i = 0; i < pz->n_cells; i++) {
    int32_t k = t->piece[i], a = t->anchor[i];
    if (k < 0 || pz->pieces[k].hole) {
      labels[i] = k < 0 ? '?' : '_';
      continue;
    }
    if (!of_anchor[a]) {
      while (*next && used[(unsigned char)*next]) next++;
      of_anchor[a] = !seen[k] || !*next ? pz->pieces[k].symbol : *next++;
      seen[k] = true;
    }
    labels[i] = of_anchor[a];
  }
}

/* Whether a piece shows in text art as its name: a one-character name
   that is its symbol. */
static bool shows_name(const pc_piece *p) { return p->name[0] == p->symbol && !p->name[1]; }

/* The key to the symbols that are not the name of the piece they show,
   for the pieces on the board: "A = Q01, B = Q02". */
static size_t name_key(const pc_puzzle *pz, const bool *seen, char *key, size_t size)
{
  size_t at = 0;
  for (int32_t k = 0; k < pz->n_pieces && at < size; k++)
    if (seen[k] && !shows_name(&pz->pieces[k]))
      at += (size_t)snprintf(key + at, size - at, "%s%c = %s", at ? ", " : "",
                             pz->pieces[k].symbol, pz->pieces[k].name);
  return at;
}

/* The key to copy_labels' symbols, after the first `at` characters of
   key: "copies of L: a b; copies of T: c". */
static size_t copy_key(const pc_tiling *t, const pc_puzzle *pz, const char *of_anchor,
                       char *key, size_t size, size_t at)
{
  for (int32_t k = 0; k < pz->n_pieces && at < size; k++) {
    bool first = true;
    for (int32_t a = 0; a < pz->n_cells && at < size; a++) {
      char c = of_anchor[a];
      if (!c || t->piece[a] != k || c == pz->pieces[k].symbol) continue;
      if (first)
        at += (size_t)snprintf(key + at, size - at, "%scopies of %s:", at ? "; " : "",
                               pz->pieces[k].name);
      if (at < size) at += (size_t)snprintf(key + at, size - at, " %c", c);
      first = false;
    }
  }
  return at;
}

/* Room for both keys: every piece named once in each, every cell a copy. */
static size_t key_size(const pc_puzzle *pz)
{
  size_t size = 64 + 3 * (size_t)pz->n_cells;
  for (int32_t k = 0; k < pz->n_pieces; k++) size += 2 * strlen(pz->pieces[k].name) + 24;
  return size;
}

char *pc_tiling_ascii(const pc_tiling *t, const pc_puzzle *pz)
{
  size_t size = key_size(pz), key_len = 0;
  char *labels = pc_alloc_array((size_t)pz->n_cells + 1, 1);
  char *of_anchor = pc_calloc_array((size_t)pz->n_cells + 1, 1);
  bool *seen = pc_calloc_array((size_t)pz->n_pieces + 1, sizeof *seen);
  char *key = pc_alloc_array(size, 1), *art = NULL;
  if (labels && of_anchor && seen && key) {
    copy_labels(t, pz, labels, of_anchor, seen);
    key_len = copy_key(t, pz, of_anchor, key, size, name_key(pz, seen, key, size));
    if (key_len && key_len + 1 < size) key[key_len++] = '\n', key[key_len] = '\0';
    art = pc_shape_ascii(pz->grid, pz->cells, pz->n_cells, labels);
  }
  size_t len = art ? strlen(art) : 0;
  char *whole = art && key_len ? realloc(art, len + key_len + 1) : art;
  if (whole && key_len) memcpy(whole + len, key, key_len + 1);
  if (!whole) free(art);
  free(labels);
  free(of_anchor);
  free(seen);
  free(key);
  return whole;
}

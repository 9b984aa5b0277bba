/* shape.c — sets of cells: normalizing, connectivity, orientations, art. */
#include "poly/shape.h"

#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

int pc_cell_cmp(const void *a, const void *b)
{
  const pc_cell *x = a, *y = b;
  if (x->r != y->r) return x->r < y->r ? -1 : 1;
  if (x->c != y->c) return x->c < y->c ? -1 : 1;
  return 0;
}

int32_t pc_cells_index(const pc_cell *cells, int32_t n, pc_cell x)
{
  const pc_cell *hit = bsearch(&x, cells, (size_t)n, sizeof x, pc_cell_cmp);
  return hit ? (int32_t)(hit - cells) : -1;
}

/* Pieces are small: insertion sort beats qsort's call overhead there, and
   the enumerator normalizes millions of them. */
static void sort_cells(pc_cell *cells, int32_t n)
{
  if (n > 32) {
    qsort(cells, (size_t)n, sizeof *cells, pc_cell_cmp);
    return;
  }
  for (int32_t i = 1; i < n; i++) {
    pc_cell x = cells[i];
    int32_t j = i;
    while (j > 0 && pc_cell_cmp(&cells[j - 1], &x) > 0) {
      cells[j] = cells[j - 1];
      j--;
    }
    cells[j] = x;
  }
}

void pc_shape_normalize(const pc_grid *g, pc_cell *cells, int32_t n)
{
  if (n <= 0) return;
  int32_t minc = cells[0].c, minr = cells[0].r;
  for (int32_t i = 1; i < n; i++) {
    if (cells[i].c < minc) minc = cells[i].c;
    if (cells[i].r < minr) minr = cells[i].r;
  }
  int64_t dc = -(int64_t)minc, dr = -(int64_t)minr;
  /* The nearest move the lattice allows, right and down: triangles keep
     pointing the same way, sticks' first lattice point lands on 0. */
  static const int more[4][2] = {{0, 0}, {1, 0}, {0, 1}, {1, 1}};
  for (int k = 0; k < 4; k++)
    if (pc_grid_is_translation(g, (int32_t)(dc + more[k][0]), (int32_t)(dr + more[k][1]))) {
      dc += more[k][0];
      dr += more[k][1];
      break;
    }
  for (int32_t i = 0; i < n; i++) {
    cells[i].c = (int32_t)(cells[i].c + dc);
    cells[i].r = (int32_t)(cells[i].r + dr);
  }
  sort_cells(cells, n);
}

bool pc_shape_connected(const pc_grid *g, const pc_cell *cells, int32_t n)
{
  if (n <= 0) return false;
  /* A search over a sorted, deduplicated copy, so that boards of many
     cells cost n log n. */
  pc_cell *sorted = pc_alloc_array((size_t)n, sizeof *sorted);
  int32_t *stack = pc_alloc_array((size_t)n, sizeof *stack);
  bool *seen = pc_calloc_array((size_t)n, sizeof *seen);
  bool ok = false;
  if (sorted && stack && seen) {
    memcpy(sorted, cells, (size_t)n * sizeof *sorted);
    qsort(sorted, (size_t)n, sizeof *sorted, pc_cell_cmp);
    int32_t m = 1;
    for (int32_t i = 1; i < n; i++)
      if (pc_cell_cmp(&sorted[i], &sorted[m - 1])) sorted[m++] = sorted[i];
    int32_t top = 0, reached = 1;
    stack[top++] = 0;
    seen[0] = true;
    while (top > 0) {
      pc_cell nb[PC_GRID_MAX_NEIGHBOURS];
      int k = pc_grid_neighbours(g, sorted[stack[--top]], nb);
      for (int i = 0; i < k; i++) {
        pc_cell *hit = bsearch(&nb[i], sorted, (size_t)m, sizeof *sorted, pc_cell_cmp);
        if (hit && !seen[hit - sorted]) {
          seen[hit - sorted] = true;
          stack[top++] = (int32_t)(hit - sorted);
          reached++;
        }
      }
    }
    ok = reached == m;
  }
  free(sorted);
  free(stack);
  free(seen);
  return ok;
}

pc_status pc_orients_make(const pc_grid *g, const pc_cell *cells, int32_t n,
                          bool one_sided, pc_orients *out)
{
  memset(out, 0, sizeof *out);
  if (n < 0) return PC_ERR_INPUT;
  int ts = one_sided ? pc_grid_rotations(g) : pc_grid_transforms(g);
  out->cells = pc_alloc_array((size_t)ts * (size_t)n, sizeof *out->cells);
  if (!out->cells) return PC_ERR_NOMEM;
  out->size = n;
  for (int t = 0; t < ts; t++) {
    pc_cell *o = out->cells + (size_t)out->count * (size_t)n;
    for (int32_t i = 0; i < n; i++) o[i] = pc_grid_transform(g, t, cells[i]);
    pc_shape_normalize(g, o, n);
    bool fresh = true;
    for (int k = 0; k < out->count && fresh; k++)
      if (!memcmp(out->cells + (size_t)k * (size_t)n, o, (size_t)n * sizeof *o)) fresh = false;
    if (fresh) out->transform[out->count++] = t;
  }
  return PC_OK;
}

void pc_orients_free(pc_orients *o)
{
  free(o->cells);
  memset(o, 0, sizeof *o);
}

bool pc_shape_mirror_symmetric(const pc_grid *g, const pc_cell *cells, int32_t n)
{
  if (n <= 0) return true;
  int rot = pc_grid_rotations(g);
  pc_cell *mirror = pc_alloc_array((size_t)n, sizeof *mirror);
  pc_cell *turned = pc_alloc_array((size_t)n, sizeof *turned);
  bool symmetric = false;
  if (mirror && turned) {
    for (int32_t i = 0; i < n; i++) mirror[i] = pc_grid_transform(g, rot, cells[i]);
    pc_shape_normalize(g, mirror, n);
    for (int t = 0; t < rot && !symmetric; t++) {
      for (int32_t i = 0; i < n; i++) turned[i] = pc_grid_transform(g, t, cells[i]);
      pc_shape_normalize(g, turned, n);
      symmetric = !memcmp(mirror, turned, (size_t)n * sizeof *turned);
    }
  }
  free(mirror);
  free(turned);
  return symmetric;
}

char *pc_shape_ascii(const pc_grid *g, const pc_cell *cells, int32_t n, const char *labels)
{
  bool stick = pc_grid_segments(g);
  int64_t w = 0, h = 0; /* past the last column and row used */
  for (int32_t i = 0; i < n; i++) {
    pc_cell x = cells[i];
    if (x.c < 0 || x.r < 0) return NULL;
    /* A segment reaches one place further, to its far end point. */
    bool horizontal = stick && pc_grid_is_cell(g, x) && (x.c & 1);
    bool vertical = stick && pc_grid_is_cell(g, x) && !(x.c & 1);
    if (x.c + (horizontal ? 2 : 1) > w) w = x.c + (horizontal ? 2 : 1);
    if (x.r + (vertical ? 2 : 1) > h) h = x.r + (vertical ? 2 : 1);
  }
  if (w >= INT32_MAX || (w + 1) * h >= INT32_MAX) return NULL;
  int64_t stride = w + 1; /* the last byte of a row is for '\n' */
  char *art = pc_alloc_array((size_t)(stride * h + 1), 1);
  if (!art) return NULL;
  char blank = pc_grid_ascii_blank(g);
  memset(art, blank, (size_t)(stride * h));
  /* End points first, so that they never hide a segment. Segments have an
     odd coordinate along their length, so the near end point is >= 0. */
  for (int32_t i = 0; stick && i < n; i++) {
    pc_cell x = cells[i];
    if (!pc_grid_is_cell(g, x)) continue;
    int64_t step = x.c & 1 ? 1 : stride;
    art[x.r * stride + x.c - step] = '+';
    art[x.r * stride + x.c + step] = '+';
  }
  for (int32_t i = 0; i < n; i++) {
    pc_cell x = cells[i];
    art[x.r * stride + x.c] = labels ? labels[i] : pc_grid_ascii_char(g, x);
  }
  /* Drop trailing blanks row by row, ending each with '\n'. */
  size_t len = 0;
  for (int64_t r = 0; r < h; r++) {
    const char *row = art + r * stride;
    size_t end = (size_t)w;
    while (end > 0 && row[end - 1] == blank) end--;
    memmove(art + len, row, end);
    len += end;
    art[len++] = '\n';
  }
  art[len] = '\0';
  return art;
}

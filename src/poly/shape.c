/* shape.c — sets of cells: normalizing, connectivity, orientations, art. */
#include "poly/shape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"

int pc_cell_cmp(const void *a, const void *b)
{
  const pc_cell *x = a, *y = b;
  if (x->l != y->l) return x->l < y->l ? -1 : 1;
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
  pc_cell low = cells[0];
  for (int32_t i = 1; i < n; i++) {
    if (cells[i].c < low.c) low.c = cells[i].c;
    if (cells[i].r < low.r) low.r = cells[i].r;
    if (cells[i].l < low.l) low.l = cells[i].l;
  }
  int64_t dc = -(int64_t)low.c, dr = -(int64_t)low.r, dl = -(int64_t)low.l;
  /* The nearest move the lattice allows, right and down (and up a layer):
     triangles keep pointing the same way, sticks' first lattice point
     lands on 0. */
  static const int more[8][3] = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0},
                                 {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}};
  for (int k = 0; k < 8; k++) {
    pc_cell by = {(int32_t)(dc + more[k][0]), (int32_t)(dr + more[k][1]),
                  (int32_t)(dl + more[k][2])};
    if (pc_grid_is_translation_by(g, by)) {
      dc = by.c, dr = by.r, dl = by.l;
      break;
    }
  }
  for (int32_t i = 0; i < n; i++) {
    cells[i].c = (int32_t)(cells[i].c + dc);
    cells[i].r = (int32_t)(cells[i].r + dr);
    cells[i].l = (int32_t)(cells[i].l + dl);
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

int pc_shape_turns(const pc_grid *g, const pc_cell *cells, int32_t n, bool one_sided)
{
  bool flat_solid = pc_grid_dimensions(g) == 3 && pc_shape_coplanar(cells, n);
  return one_sided && !flat_solid ? pc_grid_rotations(g) : pc_grid_transforms(g);
}

pc_status pc_orients_make(const pc_grid *g, const pc_cell *cells, int32_t n,
                          bool one_sided, pc_orients *out)
{
  memset(out, 0, sizeof *out);
  if (n < 0) return PC_ERR_INPUT;
  int ts = pc_shape_turns(g, cells, n, one_sided);
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

bool pc_shape_planar(const pc_cell *cells, int32_t n)
{
  bool c = true, r = true, l = true;
  for (int32_t i = 1; i < n; i++) {
    c &= cells[i].c == cells[0].c;
    r &= cells[i].r == cells[0].r;
    l &= cells[i].l == cells[0].l;
  }
  return c || r || l;
}

/* b - a, as 64-bit coordinates. */
static void difference(pc_cell a, pc_cell b, int64_t d[3])
{
  d[0] = (int64_t)b.c - a.c, d[1] = (int64_t)b.r - a.r, d[2] = (int64_t)b.l - a.l;
}

bool pc_shape_coplanar(const pc_cell *cells, int32_t n)
{
  /* A normal from the first two directions out of cells[0] that are not
     parallel; none such: the points lie on a line. */
  int64_t normal[3] = {0, 0, 0}, u[3], v[3];
  for (int32_t i = 1; i < n && !(normal[0] | normal[1] | normal[2]); i++)
    for (int32_t j = i + 1; j < n && !(normal[0] | normal[1] | normal[2]); j++) {
      difference(cells[0], cells[i], u);
      difference(cells[0], cells[j], v);
      normal[0] = u[1] * v[2] - u[2] * v[1];
      normal[1] = u[2] * v[0] - u[0] * v[2];
      normal[2] = u[0] * v[1] - u[1] * v[0];
    }
  for (int32_t i = 1; i < n; i++) {
    difference(cells[0], cells[i], u);
    if (u[0] * normal[0] + u[1] * normal[1] + u[2] * normal[2]) return false;
  }
  return true;
}

bool pc_shape_mirror_symmetric(const pc_grid *g, const pc_cell *cells, int32_t n)
{
  if (n <= 0 || pc_shape_turns(g, cells, n, true) == pc_grid_transforms(g)) return true;
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

/* The plane art of the cells (layer 0 coordinates), as pc_shape_ascii. */
static char *plane_ascii(const pc_grid *g, const pc_cell *cells, int32_t n, const char *labels)
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

/* The art places of the cells (pc_grid_to_art), moved right and down
   when some would be left of or above the first column or row. */
static void art_places(const pc_grid *g, const pc_cell *cells, int32_t n, pc_cell *art,
                       int32_t *layers)
{
  int32_t lowc = 0, lowr = 0;
  *layers = 0;
  for (int32_t i = 0; i < n; i++) {
    art[i] = pc_grid_to_art(g, cells[i]);
    if (art[i].c < lowc) lowc = art[i].c;
    if (art[i].r < lowr) lowr = art[i].r;
    if (art[i].l + 1 > *layers) *layers = art[i].l + 1;
  }
  for (int32_t i = 0; i < n; i++) art[i].c -= lowc, art[i].r -= lowr;
}

/* Art whose empty rows show one blank (YAML drops trailing empty lines),
   and at least `rows` rows, so that every layer of a box reads as one. */
static char *fill_rows(char *art, int32_t rows, char blank)
{
  size_t len = strlen(art), lines = 0, empty = 0;
  for (size_t i = 0; i < len; i++) {
    lines += art[i] == '\n';
    empty += art[i] == '\n' && (i == 0 || art[i - 1] == '\n');
  }
  size_t more = rows > (int32_t)lines ? (size_t)rows - lines : 0;
  char *out = pc_alloc_array(len + empty + 2 * more + 1, 1), *o = out;
  for (size_t i = 0; out && i < len; i++) {
    if (art[i] == '\n' && (i == 0 || art[i - 1] == '\n')) *o++ = blank;
    *o++ = art[i];
  }
  for (size_t i = 0; out && i < more; i++) *o++ = blank, *o++ = '\n';
  if (out) *o = '\0';
  free(art);
  return out;
}

char *pc_shape_layer_ascii(const pc_grid *g, const pc_cell *cells, int32_t n,
                           const char *labels, int32_t layer)
{
  pc_cell *art = pc_alloc_array((size_t)n + 1, sizeof *art), *mine = art;
  char *own = pc_alloc_array((size_t)n + 1, 1), *text = NULL;
  int32_t layers, m = 0, rows = 0;
  if (art && own) {
    art_places(g, cells, n, art, &layers);
    for (int32_t i = 0; i < n; i++) {
      if (art[i].r + 1 > rows) rows = art[i].r + 1;
      if (art[i].l != layer) continue;
      own[m] = labels ? labels[i] : pc_grid_ascii_char(g, cells[i]);
      mine[m++] = (pc_cell){art[i].c, art[i].r};
    }
    text = plane_ascii(g, mine, m, own);
  }
  free(art);
  free(own);
  /* Layers that need not stack as boxes (spheres) keep their own rows. */
  if (!pc_grid_layers_aligned(g)) rows = 0;
  return text ? fill_rows(text, rows, pc_grid_ascii_blank(g)) : NULL;
}

/* 3-D art: each layer, bottom first, under a line "layer K" (from 1). */
static char *layers_ascii(const pc_grid *g, const pc_cell *cells, int32_t n, const char *labels)
{
  pc_cell *art = pc_alloc_array((size_t)n + 1, sizeof *art);
  int32_t layers = 0;
  if (art) art_places(g, cells, n, art, &layers);
  free(art);
  char *text = NULL;
  size_t size = 0;
  FILE *mem = art ? open_memstream(&text, &size) : NULL;
  bool ok = mem != NULL;
  for (int32_t k = 0; k < layers && ok; k++) {
    char *one = pc_shape_layer_ascii(g, cells, n, labels, k);
    ok = one != NULL;
    if (ok) fprintf(mem, "layer %d\n%s", (int)k + 1, one);
    free(one);
  }
  if (mem && fclose(mem)) ok = false;
  if (!ok) free(text);
  return ok ? text : NULL;
}

char *pc_shape_ascii(const pc_grid *g, const pc_cell *cells, int32_t n, const char *labels)
{
  if (pc_grid_dimensions(g) == 3) return layers_ascii(g, cells, n, labels);
  return plane_ascii(g, cells, n, labels);
}

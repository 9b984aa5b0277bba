/* pieceset.c — loading piece sets and parsing ASCII art. */
#include "poly/pieceset.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/repeats.h"
#include "poly/color_names.h"
#include "poly/polyform.h"
#include "poly/shape.h"

static pc_status parse_cells(pc_ydoc *y, const yaml_node_t *seq, const pc_grid *g,
                             pc_cell **cells, int32_t *n, pc_error *err)
{
  *cells = NULL;
  *n = 0;
  int dims = pc_grid_dimensions(g);
  const char *form = dims == 3 ? "[column, row, layer]" : "[column, row]";
  if (seq->type != YAML_SEQUENCE_NODE)
    return pc_ydoc_fail(y, seq, err, "cells must be a list of %s", form);
  int count = pc_ydoc_count(seq);
  pc_cell *c = pc_alloc_array((size_t)count + 1, sizeof *c);
  if (!c) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int i = 0; i < count; i++) {
    yaml_node_t *pair = pc_ydoc_item(y, seq, i);
    long v[3] = {0, 0, 0};
    bool ok = pair->type == YAML_SEQUENCE_NODE && pc_ydoc_count(pair) == dims;
    for (int k = 0; ok && k < dims; k++) {
      const char *s = pc_ydoc_scalar(pc_ydoc_item(y, pair, k));
      char *end;
      v[k] = s ? strtol(s, &end, 10) : 0;
      ok = s && *s && !*end && v[k] >= 0 && v[k] < 100000;
    }
    if (ok) c[i] = pc_grid_from_art(g, (int32_t)v[0], (int32_t)v[1], (int32_t)v[2]);
    if (ok && !pc_grid_is_cell(g, c[i])) ok = false;
    if (ok && i && !pc_grid_compatible(g, c[0], c[i])) ok = false;
    if (!ok) {
      free(c);
      bool hex = pc_grid_kind_of(g) == PC_GRID_HEX;
      return pc_ydoc_fail(y, pair, err,
                          "a cell must be %s with whole numbers >= 0 naming a %s cell%s", form,
                          pc_grid_name(g), hex ? " of the first cell's parity" : "");
    }
  }
  *cells = c;
  *n = count;
  return PC_OK;
}

/* A color as "#rrggbb" into out: from "#rrggbb", "#rgb" or a CSS name. */
static bool parse_color(const char *s, char out[8])
{
  size_t n = strlen(s);
  if (s[0] != '#') return pc_color_name(s, out);
  if (n != 4 && n != 7) return false;
  for (size_t i = 1; i < n; i++)
    if (!isxdigit((unsigned char)s[i])) return false;
  if (n == 7) memcpy(out, s, 8);
  else snprintf(out, 8, "#%c%c%c%c%c%c", s[1], s[1], s[2], s[2], s[3], s[3]);
  return true;
}

static bool valid_name(const char *s)
{
  if (!*s || strlen(s) > PC_NAME_MAX) return false;
  for (; *s; s++)
    if (!isgraph((unsigned char)*s) || *s == '|' || *s == ':' || *s == '#') return false;
  return true;
}

/* One entry of `pieces:`: ASCII art, or a mapping with shape or cells and
   an optional color. */
static pc_status load_piece(pc_ydoc *y, const yaml_node_t *key, const yaml_node_t *val,
                            const pc_grid *g, bool one_sided, pc_piece *p, pc_error *err)
{
  static const char *const keys[] = {"shape", "cells", "color", NULL};
  const char *name = pc_ydoc_scalar(key);
  if (!name || !valid_name(name))
    return pc_ydoc_fail(y, key, err,
                        "a piece name must be 1 to %d printable ASCII characters "
                        "without spaces, '|', ':' or '#'", PC_NAME_MAX);
  memset(p, 0, sizeof *p);
  strcpy(p->name, name);
  p->copies = p->copies_min = 1;
  p->group = -1;
  p->one_sided = one_sided;
  const yaml_node_t *shape = val, *cells = NULL;
  pc_status s;
  if (val->type == YAML_MAPPING_NODE) {
    if ((s = pc_ydoc_check_keys(y, val, keys, "a piece", err))) return s;
    shape = pc_ydoc_get(y, val, "shape");
    cells = pc_ydoc_get(y, val, "cells");
    if (!shape == !cells)
      return pc_ydoc_fail(y, val, err, "piece '%s' needs exactly one of shape or cells",
                          name);
    const yaml_node_t *color = pc_ydoc_get(y, val, "color");
    const char *c = pc_ydoc_scalar(color);
    if (color && (!c || !parse_color(c, p->color)))
      return pc_ydoc_fail(y, color, err,
                          "unknown color %s%s%s: a color is \"#rrggbb\", \"#rgb\" or a CSS "
                          "name (red, orange, steelblue...)", c ? "'" : "", c ? c : "(not a "
                          "string)", c ? "'" : "");
  }
  s = cells ? parse_cells(y, cells, g, &p->cells, &p->size, err)
            : pc_art_parse(y, shape, g, &p->cells, NULL, &p->size, err);
  if (s) return s;
  qsort(p->cells, (size_t)p->size, sizeof *p->cells, pc_cell_cmp);
  for (int32_t i = 1; i < p->size; i++)
    if (!pc_cell_cmp(&p->cells[i - 1], &p->cells[i]))
      return pc_ydoc_fail(y, key, err, "piece '%s' names a cell twice", name);
  if (!pc_shape_connected(g, p->cells, p->size))
    return pc_ydoc_fail(y, key, err, p->size ? "piece '%s' is not connected"
                                             : "piece '%s' has no cells", name);
  pc_shape_normalize(g, p->cells, p->size);
  return PC_OK;
}

pc_status pc_piece_orientation_of(const pc_grid *g, const pc_piece *p, pc_cell *cells,
                                  int32_t n, bool *fits)
{
  pc_orients o;
  *fits = false;
  if (n != p->size) return PC_OK;
  if (pc_orients_make(g, p->cells, p->size, p->one_sided, &o)) return PC_ERR_NOMEM;
  pc_shape_normalize(g, cells, n);
  for (int i = 0; i < o.count && !*fits; i++)
    *fits = !memcmp(o.cells + (size_t)i * (size_t)o.size, cells, (size_t)n * sizeof *cells);
  pc_orients_free(&o);
  return PC_OK;
}

/* A piece's canonical form (polyform.h), for finding a shape twice. */
typedef struct shape_key {
  pc_cell *cells;
  int32_t size, index;
} shape_key;

static int shape_key_cmp(const void *a, const void *b)
{
  const shape_key *x = a, *y = b;
  if (x->size != y->size) return x->size < y->size ? -1 : 1;
  for (int32_t i = 0; i < x->size; i++) {
    int c = pc_cell_cmp(&x->cells[i], &y->cells[i]);
    if (c) return c;
  }
  return 0;
}

static int32_t shape_key_index(const void *a) { return ((const shape_key *)a)->index; }

/* The first piece (in file order) whose shape, turned or flipped over, an
   earlier one has, into *second, and that earlier one into *first (-1
   when none): canonical forms sorted, so that a set of thousands of
   pieces (`polycover pieces --size 10`) is not compared pair by pair. */
static pc_status find_shape_twice(const pc_pieceset *set, int32_t *first, int32_t *second)
{
  *first = *second = -1;
  shape_key *keys = pc_calloc_array((size_t)set->n_pieces, sizeof *keys);
  pc_status s = keys ? PC_OK : PC_ERR_NOMEM;
  for (int32_t i = 0; i < set->n_pieces && !s; i++) {
    const pc_piece *p = &set->pieces[i];
    keys[i] = (shape_key){pc_alloc_array((size_t)p->size + 1, sizeof *p->cells), p->size, i};
    if (!keys[i].cells) s = PC_ERR_NOMEM;
    else memcpy(keys[i].cells, p->cells, (size_t)p->size * sizeof *p->cells);
    if (!s) s = pc_polyform_canonical(set->grid, keys[i].cells, p->size, p->one_sided);
  }
  if (!s)
    pc_first_repeat(keys, (size_t)set->n_pieces, sizeof *keys, shape_key_cmp, shape_key_index,
                    first, second);
  for (int32_t i = 0; keys && i < set->n_pieces; i++) free(keys[i].cells);
  free(keys);
  return s;
}

/* A shape twice in the set is noted in set->warning, once. Not refused:
   a one-sided set (`polycover pieces --one-sided`) holds mirror images,
   and a puzzle may have two pieces alike in all but color. */
static pc_status warn_shape_twice(pc_ydoc *y, const yaml_node_t *pieces, pc_pieceset *set,
                                  pc_error *err)
{
  int32_t k, i;
  if (find_shape_twice(set, &k, &i)) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (i < 0) return PC_OK;
  const yaml_mark_t at = pc_ydoc_key(y, pieces, i)->start_mark,
                    first = pc_ydoc_key(y, pieces, k)->start_mark;
  snprintf(set->warning, sizeof set->warning,
           "%s:%d:%d: piece '%s' has the shape of piece '%s' (line %d), turned or flipped "
           "over: solutions that swap them count as different (copies: N takes one shape N "
           "times)", y->path, (int)at.line + 1, (int)at.column + 1, set->pieces[i].name,
           set->pieces[k].name, (int)first.line + 1);
  return PC_OK;
}

pc_status pc_pieceset_parse(pc_ydoc *y, const yaml_node_t *pieces, pc_pieceset *set,
                            pc_error *err)
{
  pc_status s = pc_ydoc_check_keys(y, pieces, NULL, "pieces", err);
  if (s) return s;
  int n = pc_ydoc_count(pieces);
  if (!n) return pc_ydoc_fail(y, pieces, err, "the set has no pieces");
  set->pieces = pc_calloc_array((size_t)n, sizeof *set->pieces);
  if (!set->pieces) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int i = 0; i < n; i++) {
    s = load_piece(y, pc_ydoc_key(y, pieces, i), pc_ydoc_value(y, pieces, i), set->grid,
                   set->one_sided, &set->pieces[set->n_pieces], err);
    if (s) {
      pc_piece_free(&set->pieces[set->n_pieces]);
      return s;
    }
    set->n_pieces++;
    const pc_piece *p = &set->pieces[set->n_pieces - 1];
    if (set->planar && !pc_shape_planar(p->cells, p->size))
      return pc_ydoc_fail(y, pc_ydoc_key(y, pieces, i), err,
                          "piece '%s' does not lie in one plane (c, r or l the same for all "
                          "its cells), which planar: true asks", p->name);
  }
  return warn_shape_twice(y, pieces, set, err);
}

pc_status pc_pieceset_load(const char *path, pc_pieceset *set, pc_error *err)
{
  static const char *const keys[] = {"name",      "grid",   "pieces", "description",
                                     "one_sided", "planar", NULL};
  memset(set, 0, sizeof *set);
  pc_ydoc y;
  pc_status s = pc_ydoc_load(&y, path, err);
  if (s) return s;
  yaml_node_t *root = pc_ydoc_root(&y);
  if ((s = pc_ydoc_check_keys(&y, root, keys, "a piece set", err))) goto done;
  const yaml_node_t *grid = pc_ydoc_get(&y, root, "grid"),
                    *pieces = pc_ydoc_get(&y, root, "pieces");
  if (!grid || !pieces) {
    s = pc_ydoc_fail(&y, root, err, "a piece set needs %s", grid ? "pieces" : "grid");
    goto done;
  }
  set->grid = pc_grid_by_name(pc_ydoc_scalar(grid) ? pc_ydoc_scalar(grid) : "");
  if (!set->grid) {
    s = pc_ydoc_fail(&y, grid, err, "unknown grid (%s)", pc_grid_names());
    goto done;
  }
  const char *name, *description;
  if ((s = pc_ydoc_string(&y, root, "name", &name, err))) goto done;
  if ((s = pc_ydoc_string(&y, root, "description", &description, err))) goto done;
  snprintf(set->name, sizeof set->name, "%s", name ? name : path);
  if ((s = pc_ydoc_flag(&y, root, "one_sided", &set->one_sided, err))) goto done;
  if ((s = pc_ydoc_flag(&y, root, "planar", &set->planar, err))) goto done;
  s = pc_pieceset_parse(&y, pieces, set, err);
done:
  pc_ydoc_free(&y);
  if (s) pc_pieceset_free(set);
  return s;
}

bool pc_pieceset_lift(pc_pieceset *set, const pc_grid *to)
{
  pc_grid_kind from = pc_grid_kind_of(set->grid), kind = pc_grid_kind_of(to);
  if (from != PC_GRID_SQUARE || (kind != PC_GRID_CUBE && kind != PC_GRID_SPHERE)) return false;
  for (int32_t k = 0; k < set->n_pieces; k++) {
    pc_piece *p = &set->pieces[k];
    for (int32_t i = 0; i < p->size; i++) {
      pc_cell art = pc_grid_to_art(set->grid, p->cells[i]);
      p->cells[i] = pc_grid_from_art(to, art.c, art.r, 0);
    }
    qsort(p->cells, (size_t)p->size, sizeof *p->cells, pc_cell_cmp);
    pc_shape_normalize(to, p->cells, p->size);
  }
  set->grid = to;
  set->planar = true;
  return true;
}

void pc_pieceset_free(pc_pieceset *set)
{
  for (int32_t i = 0; i < set->n_pieces; i++) pc_piece_free(&set->pieces[i]);
  free(set->pieces);
  memset(set, 0, sizeof *set);
}

void pc_piece_copies_text(const pc_piece *p, char *out, size_t size)
{
  if (pc_piece_exactly_once(p)) snprintf(out, size, "%s", "");
  else if (p->copies == PC_COPIES_ANY && !p->copies_min) snprintf(out, size, "any");
  else if (p->copies == PC_COPIES_ANY) snprintf(out, size, "%d+", p->copies_min);
  else if (p->copies_min == p->copies) snprintf(out, size, "%d", p->copies);
  else snprintf(out, size, "%d-%d", p->copies_min, p->copies);
}

pc_status pc_piece_copy(pc_piece *dst, const pc_piece *src)
{
  *dst = *src;
  dst->cells = pc_alloc_array((size_t)src->size, sizeof *dst->cells);
  if (!dst->cells) return PC_ERR_NOMEM;
  memcpy(dst->cells, src->cells, (size_t)src->size * sizeof *dst->cells);
  return PC_OK;
}

void pc_piece_free(pc_piece *p)
{
  free(p->cells);
  p->cells = NULL;
}

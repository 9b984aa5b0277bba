/* art.c — parsing ASCII art: rows of characters, layers of them, boxes. */
#include "poly/art.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/shape.h"

/* Cells and their labels while parsing. */
typedef struct drawn {
  pc_cell *cells;
  char *labels;
  int32_t n;
  bool piece; /* a piece's art: only the grid's own character draws */
} drawn;

/* Fails at (col, row) of the art. */
static pc_status art_error(pc_ydoc *y, const yaml_node_t *art, int32_t row, int32_t col,
                           pc_error *err, const char *what, const char *p, const pc_grid *g)
{
  int line, column;
  char name[32];
  pc_ydoc_text_pos(y, art, row, col, &line, &column);
  return pc_error_set(err, PC_ERR_INPUT, line, column, what,
                      pc_ydoc_char_name(p, name, sizeof name), pc_grid_name(g));
}

/* What is wrong with character p at art place (col, row, layer), or NULL;
   *kind is what it draws (pc_grid_ascii_cell). */
static const char *check_char(const pc_grid *g, const drawn *d, int32_t col, int32_t row,
                              int32_t layer, const char *p, int *kind)
{
  pc_cell x = pc_grid_from_art(g, col, row, layer);
  *kind = pc_grid_ascii_cell(g, col, row, *p);
  if (*kind < 0 || !isprint((unsigned char)*p)) return "character %s cannot stand here in %s art";
  /* A piece's art has no labels: another character than the grid's own is
     a mistake, not a cell. */
  if (*kind == 1 && d->piece && *p != pc_grid_ascii_char(g, x))
    return "character %s cannot stand here in %s piece art ('#' draws a cell, '.' or a "
           "space none)";
  if (*kind == 1 && d->n && !pc_grid_compatible(g, d->cells[0], x))
    return "character %s is half a cell off the first cell in %s art (column + row must be "
           "all even or all odd)";
  return NULL;
}

/* Art keeps its line breaks only in a literal block: YAML joins the lines
   of a folded, plain or quoted scalar ("##" and "##" become "## ##", a
   different drawing), and takes a '#' after a space for a comment. */
static pc_status check_style(pc_ydoc *y, const yaml_node_t *art, pc_error *err)
{
  yaml_scalar_style_t style = art->data.scalar.style;
  if (style == YAML_LITERAL_SCALAR_STYLE) return PC_OK;
  if (art->end_mark.line > art->start_mark.line)
    return pc_ydoc_fail(y, art, err,
                        "art over several lines is a literal block ('|'): YAML joins the "
                        "lines of a %s scalar into one",
                        style == YAML_FOLDED_SCALAR_STYLE ? "folded ('>')"
                        : style == YAML_PLAIN_SCALAR_STYLE ? "plain" : "quoted");
  if (style != YAML_PLAIN_SCALAR_STYLE) return PC_OK;
  if (!art->data.scalar.length)
    return pc_ydoc_fail(y, art, err,
                        "no art: a '#' after a space starts a YAML comment (quote the art, "
                        "\"##\", or write a literal block, '|')");
  /* A next row that starts with '#' is a comment, not more art: indented
     as a continuation (deeper than the art's line, or as deep when the
     art starts its line), it cut the drawing short. */
  const char *first = pc_ydoc_line(y, art->start_mark.line),
             *next = pc_ydoc_line(y, art->end_mark.line + 1);
  size_t indent = first ? strspn(first, " ") : 0, deeper = next ? strspn(next, " ") : 0;
  bool own_line = indent == art->start_mark.column;
  if (next && next[deeper] == '#' && (deeper > indent || (own_line && deeper == indent)))
    return pc_error_set(err, PC_ERR_INPUT, (int)art->end_mark.line + 2, (int)deeper + 1,
                        "this row of art is a YAML comment (a '#' after spaces starts one), "
                        "the art above ends before it: write the art as a literal block ('|')");
  return PC_OK;
}

/* One layer of art (a string), its cells added to d; *rows gets its
   number of rows. */
static pc_status parse_layer(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g, int32_t layer,
                             drawn *d, int32_t *rows, pc_error *err)
{
  const char *text = pc_ydoc_scalar(art);
  if (!text) return pc_ydoc_fail(y, art, err, "expected ASCII art (a string)");
  pc_status s = check_style(y, art, err);
  if (s) return s;
  int32_t row = 0, col = 0;
  for (const char *p = text; *p; p++) {
    if (*p == '\n') {
      row++;
      col = 0;
      continue;
    }
    int kind;
    const char *bad = check_char(g, d, col, row, layer, p, &kind);
    if (bad) return art_error(y, art, row, col, err, bad, p, g);
    if (kind == 1) {
      d->cells[d->n] = pc_grid_from_art(g, col, row, layer);
      d->labels[d->n++] = *p;
    }
    col++;
  }
  *rows = row + (text[0] && text[strlen(text) - 1] != '\n');
  return PC_OK;
}

/* Layers, bottom first; on lattices whose layers stack as boxes, each
   with the rows of the first. */
static pc_status parse_layers(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g, drawn *d,
                              pc_error *err)
{
  int n = pc_ydoc_count(art);
  if (!n) return pc_ydoc_fail(y, art, err, "expected at least one layer of art");
  int32_t first = 0;
  for (int k = 0; k < n; k++) {
    const yaml_node_t *layer = pc_ydoc_item(y, art, k);
    int32_t rows;
    pc_status s = parse_layer(y, layer, g, k, d, &rows, err);
    if (s) return s;
    if (!k) first = rows;
    else if (rows != first && pc_grid_layers_aligned(g))
      return pc_ydoc_fail(y, layer, err,
                          "layer %d has %d row%s but layer 1 has %d: every layer of %s art "
                          "has the same rows (draw empty places with '.')",
                          k + 1, (int)rows, rows == 1 ? "" : "s", (int)first, pc_grid_name(g));
  }
  return PC_OK;
}

#define PC_BOX_MAX 1000

/* `size: [columns, rows, layers]` into size. */
static pc_status box_size(pc_ydoc *y, const yaml_node_t *art, int32_t size[3], pc_error *err)
{
  static const char *const keys[] = {"size", NULL};
  pc_status s = pc_ydoc_check_keys(y, art, keys, "a box", err);
  if (s) return s;
  const yaml_node_t *n = pc_ydoc_get(y, art, "size");
  bool ok = n && n->type == YAML_SEQUENCE_NODE && pc_ydoc_count(n) == 3;
  for (int k = 0; ok && k < 3; k++) {
    const char *v = pc_ydoc_scalar(pc_ydoc_item(y, n, k));
    char *end;
    long x = v ? strtol(v, &end, 10) : 0;
    ok = v && *v && !*end && x >= 1 && x <= PC_BOX_MAX;
    size[k] = (int32_t)x;
  }
  if (ok && (int64_t)size[0] * size[1] * size[2] <= PC_BOX_MAX * PC_BOX_MAX) return PC_OK;
  return pc_ydoc_fail(y, n ? n : art, err,
                      "a box is size: [columns, rows, layers], whole numbers from 1 to %d "
                      "(at most %d cells)", PC_BOX_MAX, PC_BOX_MAX * PC_BOX_MAX);
}

/* Every place of a box is a cell. */
static void fill_box(const pc_grid *g, const int32_t size[3], drawn *d)
{
  for (int32_t l = 0; l < size[2]; l++)
    for (int32_t r = 0; r < size[1]; r++)
      for (int32_t c = 0; c < size[0]; c++) {
        pc_cell x = pc_grid_from_art(g, c, r, l);
        d->cells[d->n] = x;
        d->labels[d->n++] = pc_grid_ascii_char(g, x);
      }
}

/* The most cells the art can draw (its characters), or -1 for a node
   that is no art on this grid. */
static int64_t capacity(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g, int32_t box[3])
{
  bool solid = pc_grid_dimensions(g) == 3;
  if (art->type == YAML_SCALAR_NODE) return (int64_t)strlen(pc_ydoc_scalar(art));
  if (solid && art->type == YAML_MAPPING_NODE) return (int64_t)box[0] * box[1] * box[2];
  if (!solid || art->type != YAML_SEQUENCE_NODE) return -1;
  int64_t n = 0;
  for (int k = 0; k < pc_ydoc_count(art); k++) {
    const char *text = pc_ydoc_scalar(pc_ydoc_item(y, art, k));
    n += text ? (int64_t)strlen(text) : 0;
  }
  return n;
}

/* A cell and its label, for sorting them together. */
typedef struct labelled {
  pc_cell x;
  char label;
} labelled;

static int labelled_cmp(const void *a, const void *b)
{
  return pc_cell_cmp(&((const labelled *)a)->x, &((const labelled *)b)->x);
}

/* Puts the cells in pc_cell_cmp order (art read in another order on
   lattices that map art places). */
static bool sort_drawn(drawn *d)
{
  labelled *t = pc_alloc_array((size_t)d->n + 1, sizeof *t);
  if (!t) return false;
  for (int32_t i = 0; i < d->n; i++) t[i] = (labelled){d->cells[i], d->labels[i]};
  qsort(t, (size_t)d->n, sizeof *t, labelled_cmp);
  for (int32_t i = 0; i < d->n; i++) d->cells[i] = t[i].x, d->labels[i] = t[i].label;
  free(t);
  return true;
}

/* The art's cells into d, whose arrays hold them all. */
static pc_status parse_any(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g,
                           const int32_t box[3], drawn *d, pc_error *err)
{
  int32_t rows;
  if (art->type == YAML_MAPPING_NODE) fill_box(g, box, d);
  else if (art->type == YAML_SEQUENCE_NODE) return parse_layers(y, art, g, d, err);
  else return parse_layer(y, art, g, 0, d, &rows, err);
  return PC_OK;
}

pc_status pc_art_parse(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g,
                       pc_cell **cells, char **labels, int32_t *n, pc_error *err)
{
  *cells = NULL;
  if (labels) *labels = NULL;
  *n = 0;
  int32_t box[3] = {0, 0, 0};
  pc_status s = PC_OK;
  if (art->type == YAML_MAPPING_NODE && pc_grid_dimensions(g) == 3 &&
      (s = box_size(y, art, box, err)))
    return s;
  int64_t most = capacity(y, art, g, box);
  if (most < 0)
    return pc_ydoc_fail(y, art, err, pc_grid_dimensions(g) == 3
                                         ? "expected ASCII art: a string, a list of layers "
                                           "(bottom first) or a box (size: [c, r, l])"
                                         : "expected ASCII art (a string)");
  drawn d = {pc_alloc_array((size_t)most + 1, sizeof *d.cells),
             pc_alloc_array((size_t)most + 1, 1), 0, !labels};
  if (!d.cells || !d.labels) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) s = parse_any(y, art, g, box, &d, err);
  if (!s && !sort_drawn(&d)) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (s) {
    free(d.cells);
    free(d.labels);
    return s;
  }
  *cells = d.cells;
  *n = d.n;
  if (labels) *labels = d.labels;
  else free(d.labels);
  return PC_OK;
}

void pc_art_pos(pc_ydoc *y, const yaml_node_t *art, const pc_grid *g, pc_cell x, int *line,
                int *column)
{
  pc_cell at = pc_grid_to_art(g, x);
  if (art->type == YAML_SEQUENCE_NODE && at.l >= 0 && at.l < pc_ydoc_count(art))
    art = pc_ydoc_item(y, art, at.l);
  if (art->type == YAML_SCALAR_NODE) {
    pc_ydoc_text_pos(y, art, at.r, at.c, line, column);
    return;
  }
  *line = (int)art->start_mark.line + 1;
  *column = (int)art->start_mark.column + 1;
}

/* challenge_out.c — challenges written out: a board file each, and the
   JSON index of a set. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "poly/datapath.h"
#include "poly/shape.h"
#include "poly/ydoc.h"
#include "run/challenge.h"

/* A string in double quotes, as YAML and JSON both read it. */
static void put_quoted(FILE *out, const char *s, size_t n)
{
  fputc('"', out);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\') fprintf(out, "\\%c", c);
    else if (c == '\n') fputs("\\n", out);
    else if (c < 0x20) fprintf(out, "\\u%04x", c);
    else fputc(c, out);
  }
  fputc('"', out);
}

/* A node of the source file in YAML's flow style, on one line. */
static void put_node(FILE *out, pc_ydoc *y, const yaml_node_t *n)
{
  int count = n->type == YAML_SCALAR_NODE ? 0 : pc_ydoc_count(n);
  if (n->type == YAML_SCALAR_NODE) {
    put_quoted(out, (const char *)n->data.scalar.value, n->data.scalar.length);
  } else if (n->type == YAML_SEQUENCE_NODE) {
    fputc('[', out);
    for (int i = 0; i < count; i++) {
      if (i) fputs(", ", out);
      put_node(out, y, pc_ydoc_item(y, n, i));
    }
    fputc(']', out);
  } else {
    fputc('{', out);
    for (int i = 0; i < count; i++) {
      if (i) fputs(", ", out);
      put_node(out, y, pc_ydoc_key(y, n, i));
      fputs(": ", out);
      put_node(out, y, pc_ydoc_value(y, n, i));
    }
    fputc('}', out);
  }
}

/* Where the written board goes and where its source was: how set names
   are written. */
typedef struct places {
  char source_dir[PATH_MAX];
  const char *dir;
} places;

/* The file a set name stands for from a board in `from`, made absolute;
   false when there is none. */
static bool set_file(const char *name, const char *from, char *out)
{
  char found[PATH_MAX], looked[1024];
  return pc_datapath_find(PC_DATA_PIECES, name, from, found, sizeof found, looked,
                          sizeof looked) &&
         realpath(found, out);
}

/* A set's name as the source gives it, or its absolute path when a board
   in the new folder would not find the same file by that name. */
static void put_set(FILE *out, const places *w, const yaml_node_t *n)
{
  const char *name = (const char *)n->data.scalar.value;
  char here[PATH_MAX], there[PATH_MAX];
  if (set_file(name, w->source_dir, here) &&
      (!set_file(name, w->dir, there) || strcmp(here, there)))
    name = here;
  put_quoted(out, name, strlen(name));
}

/* An entry of `pieces:`: a set's name, or a mapping whose `set` names one. */
static void put_entry(FILE *out, pc_ydoc *y, const places *w, const yaml_node_t *e)
{
  if (e->type == YAML_SCALAR_NODE) {
    put_set(out, w, e);
    return;
  }
  if (e->type != YAML_MAPPING_NODE) {
    put_node(out, y, e);
    return;
  }
  fputc('{', out);
  for (int i = 0; i < pc_ydoc_count(e); i++) {
    const yaml_node_t *key = pc_ydoc_key(y, e, i), *value = pc_ydoc_value(y, e, i);
    const char *k = pc_ydoc_scalar(key);
    fputs(i ? ", " : "", out);
    put_node(out, y, key);
    fputs(": ", out);
    if (k && !strcmp(k, "set") && value->type == YAML_SCALAR_NODE) put_set(out, w, value);
    else put_node(out, y, value);
  }
  fputc('}', out);
}

static void put_pieces(FILE *out, pc_ydoc *y, const places *w, const yaml_node_t *pieces)
{
  if (pieces->type != YAML_SEQUENCE_NODE) {
    put_entry(out, y, w, pieces);
    return;
  }
  fputc('[', out);
  for (int i = 0; i < pc_ydoc_count(pieces); i++) {
    fputs(i ? ", " : "", out);
    put_entry(out, y, w, pc_ydoc_item(y, pieces, i));
  }
  fputc(']', out);
}

/* Each cell's character in the board art: '#' (or the grid's character)
   for a cell to fill, the name of the piece pre-placed on the others. */
static char *challenge_labels(const pc_puzzle *cp)
{
  char *labels = pc_alloc_array((size_t)cp->n_cells + 1, 1);
  for (int32_t i = 0; labels && i < cp->n_cells; i++)
    labels[i] = cp->fixed[i] >= 0 ? cp->pieces[cp->fixed[i]].name[0]
                                  : pc_grid_ascii_char(cp->grid, cp->cells[i]);
  return labels;
}

/* Art as a YAML literal block, each line indented by `indent` spaces. */
static void put_block(FILE *out, const char *art, int indent)
{
  for (const char *line = art; *line;) {
    const char *end = strchr(line, '\n');
    fprintf(out, "%*s%.*s\n", indent, "", (int)(end - line), line);
    line = end + 1;
  }
}

/* The board: one block of art, or on 3-D grids a list of layers, bottom
   first. */
static pc_status put_board(FILE *out, const pc_puzzle *cp, pc_error *err)
{
  char *labels = challenge_labels(cp), *art = NULL;
  int32_t layers = 1;
  bool solid = pc_grid_dimensions(cp->grid) == 3;
  for (int32_t i = 0; solid && i < cp->n_cells; i++)
    if (pc_grid_to_art(cp->grid, cp->cells[i]).l >= layers)
      layers = pc_grid_to_art(cp->grid, cp->cells[i]).l + 1;
  fputs(solid ? "\nboard:\n" : "\nboard: |\n", out);
  for (int32_t k = 0; labels && k < layers; k++) {
    art = solid ? pc_shape_layer_ascii(cp->grid, cp->cells, cp->n_cells, labels, k)
                : pc_shape_ascii(cp->grid, cp->cells, cp->n_cells, labels);
    if (!art) break;
    if (solid) fputs("  - |\n", out);
    put_block(out, art, solid ? 4 : 2);
    free(art);
  }
  free(labels);
  return labels && art ? PC_OK : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
}

/* The comment at the top: what the challenge is and how it rates. */
static void put_header(FILE *out, const pc_challenge_set *set, int32_t i, const pc_puzzle *cp)
{
  const pc_challenge *ch = &set->items[i];
  fprintf(out, "# Challenge %d of %d, made by polycover challenge from %s:\n", (int)i + 1,
          (int)set->n, set->pz->path);
  fprintf(out, "# %d piece%s to place:", (int)ch->left, ch->left == 1 ? "" : "s");
  bool *on = pc_calloc_array((size_t)cp->n_pieces + 1, sizeof *on);
  for (int32_t c = 0; on && c < cp->n_cells; c++)
    if (cp->fixed[c] >= 0) on[cp->fixed[c]] = true;
  for (int32_t k = 0; on && k < cp->n_pieces; k++) {
    const pc_piece *p = &cp->pieces[k];
    if (on[k] || p->hole) continue;
    char copies[32];
    pc_piece_copies_text(p, copies, sizeof copies);
    fprintf(out, " %s%s%s", p->name, *copies ? " x" : "", copies);
  }
  free(on);
  char empty[48];
  pc_puzzle_holes_text(cp, empty, sizeof empty);
  if (*empty) fprintf(out, ", leaving %s empty", empty);
  fprintf(out, ". Exactly 1 solution.\n");
  fprintf(out, "# Level %d of %d; rating %.2f (%llu DLX nodes, %d of %d moves forced).\n",
          (int)ch->level, (int)set->levels, ch->rating, (unsigned long long)ch->nodes,
          (int)ch->forced, (int)ch->left);
}

/* The source's `holes:`: the challenge leaves as many cells empty (its
   count of solutions took them). */
static void put_holes(FILE *out, pc_ydoc *y)
{
  const yaml_node_t *holes = pc_ydoc_get(y, pc_ydoc_root(y), "holes");
  if (!holes) return;
  fputs("\nholes: ", out);
  put_node(out, y, holes);
}

static pc_status write_board(FILE *out, const pc_challenge_set *set, int32_t i, pc_ydoc *y,
                             const places *w, pc_error *err)
{
  const yaml_node_t *pieces = pc_ydoc_get(y, pc_ydoc_root(y), "pieces");
  if (!pieces) return pc_ydoc_fail(y, pc_ydoc_root(y), err, "a board file needs pieces");
  pc_puzzle cp;
  pc_status s = pc_challenge_puzzle(set, i, &cp, err);
  if (s) return s;
  char title[sizeof cp.title + 64];
  put_header(out, set, i, &cp);
  snprintf(title, sizeof title, "%s: challenge %d (level %d)", cp.title, (int)i + 1,
           (int)set->items[i].level);
  fputs("title: ", out);
  put_quoted(out, title, strlen(title));
  fprintf(out, "\ngrid: %s\npieces: ", pc_grid_name(cp.grid));
  put_pieces(out, y, w, pieces);
  put_holes(out, y);
  s = put_board(out, &cp, err);
  free(cp.fixed);
  return s;
}

pc_status pc_challenge_write_yaml(FILE *out, const pc_challenge_set *set, int32_t i,
                                  const char *dir, pc_error *err)
{
  places w = {.dir = dir};
  snprintf(w.source_dir, sizeof w.source_dir, "%s", set->pz->path);
  char *slash = strrchr(w.source_dir, '/');
  if (slash) *slash = '\0';
  else strcpy(w.source_dir, ".");
  pc_ydoc y;
  pc_status s = pc_ydoc_load(&y, set->pz->path, err);
  if (s) return s;
  s = write_board(out, set, i, &y, &w, err);
  pc_ydoc_free(&y);
  return s;
}

void pc_challenge_write_index(FILE *out, const pc_challenge_set *set,
                              const char *const *names, uint64_t seed)
{
  fputs("{\n  \"board\": ", out);
  put_quoted(out, set->pz->path, strlen(set->pz->path));
  fprintf(out, ",\n  \"seed\": %llu,\n  \"levels\": %d,\n  \"challenges\": [\n",
          (unsigned long long)seed, (int)set->levels);
  for (int32_t i = 0; i < set->n; i++) {
    const pc_challenge *ch = &set->items[i];
    fprintf(out, "    {\"id\": %d, \"file\": ", (int)i + 1);
    put_quoted(out, names[i], strlen(names[i]));
    fprintf(out,
            ", \"left\": %d, \"nodes\": %llu, \"forced\": %d, \"rating\": %.3f, "
            "\"level\": %d}%s\n",
            (int)ch->left, (unsigned long long)ch->nodes, (int)ch->forced, ch->rating,
            (int)ch->level, i + 1 < set->n ? "," : "");
  }
  fputs("  ]\n}\n", out);
}

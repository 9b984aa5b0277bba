/* challenge_out.c — challenges written out: a board file each, and the
   JSON index of a set. */
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
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

/* The board art: '#' (or the grid's character) for a cell to fill, the
   name of the piece pre-placed on the others. */
static char *challenge_art(const pc_puzzle *cp)
{
  char *labels = pc_alloc_array((size_t)cp->n_cells + 1, 1);
  if (!labels) return NULL;
  for (int32_t i = 0; i < cp->n_cells; i++)
    labels[i] = cp->fixed[i] >= 0 ? cp->pieces[cp->fixed[i]].name[0]
                                  : pc_grid_ascii_char(cp->grid, cp->cells[i]);
  char *art = pc_shape_ascii(cp->grid, cp->cells, cp->n_cells, labels);
  free(labels);
  return art;
}

/* The comment at the top: what the challenge is and how it rates. */
static void put_header(FILE *out, const pc_challenge_set *set, int32_t i, const pc_puzzle *cp)
{
  const pc_challenge *ch = &set->items[i];
  fprintf(out, "# Challenge %d of %d, made by polycover challenge from %s:\n", (int)i + 1,
          (int)set->n, set->pz->path);
  fprintf(out, "# %d pieces to place:", (int)ch->left);
  bool *on = pc_calloc_array((size_t)cp->n_pieces + 1, sizeof *on);
  for (int32_t c = 0; on && c < cp->n_cells; c++)
    if (cp->fixed[c] >= 0) on[cp->fixed[c]] = true;
  for (int32_t k = 0; on && k < cp->n_pieces; k++)
    if (!on[k]) fprintf(out, " %s", cp->pieces[k].name);
  free(on);
  fprintf(out, ". Exactly 1 solution.\n");
  fprintf(out, "# Level %d of %d; rating %.2f (%llu DLX nodes, %d of %d moves forced).\n",
          (int)ch->level, (int)set->levels, ch->rating, (unsigned long long)ch->nodes,
          (int)ch->forced, (int)ch->left);
}

static pc_status write_board(FILE *out, const pc_challenge_set *set, int32_t i, pc_ydoc *y,
                             pc_error *err)
{
  const yaml_node_t *pieces = pc_ydoc_get(y, pc_ydoc_root(y), "pieces");
  if (!pieces) return pc_ydoc_fail(y, pc_ydoc_root(y), err, "a board file needs pieces");
  pc_puzzle cp;
  pc_status s = pc_challenge_puzzle(set, i, &cp, err);
  if (s) return s;
  char *art = challenge_art(&cp), title[sizeof cp.title + 64];
  if (!art) {
    free(cp.fixed);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  put_header(out, set, i, &cp);
  snprintf(title, sizeof title, "%s: challenge %d (level %d)", cp.title, (int)i + 1,
           (int)set->items[i].level);
  fputs("title: ", out);
  put_quoted(out, title, strlen(title));
  fprintf(out, "\ngrid: %s\npieces: ", pc_grid_name(cp.grid));
  put_node(out, y, pieces);
  fputs("\nboard: |\n", out);
  for (const char *line = art; *line;) {
    const char *end = strchr(line, '\n');
    fprintf(out, "  %.*s\n", (int)(end - line), line);
    line = end + 1;
  }
  free(art);
  free(cp.fixed);
  return PC_OK;
}

pc_status pc_challenge_write_yaml(FILE *out, const pc_challenge_set *set, int32_t i,
                                  const char *source, pc_error *err)
{
  pc_ydoc y;
  pc_status s = pc_ydoc_load(&y, source, err);
  if (s) return s;
  s = write_board(out, set, i, &y, err);
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

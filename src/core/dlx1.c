/* dlx1.c — reading and writing Knuth's DLX1 format. */
#include "core/dlx1.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/lines.h"

/* Item names to indices: open addressing over a power-of-two table. */
typedef struct name_table {
  int32_t *slot; /* item index + 1, or 0 when empty */
  uint32_t mask;
} name_table;

static uint32_t hash_name(const char *s)
{
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

static int32_t *table_find(const name_table *t, const pc_xc *xc, const char *name)
{
  for (uint32_t i = hash_name(name) & t->mask;; i = (i + 1) & t->mask)
    if (!t->slot[i] || !strcmp(xc->names[t->slot[i] - 1], name)) return &t->slot[i];
}

static bool table_grow(name_table *t, const pc_xc *xc)
{
  uint32_t size = t->mask ? 2 * (t->mask + 1) : 64;
  int32_t *slot = pc_calloc_array(size, sizeof *slot);
  if (!slot) return false;
  name_table grown = {slot, size - 1};
  for (int32_t i = 0; i < xc->n_items; i++) *table_find(&grown, xc, xc->names[i]) = i + 1;
  free(t->slot);
  *t = grown;
  return true;
}

/* Splits the next whitespace-separated word off *p; returns its length. */
static size_t next_word(char **p, char **word)
{
  char *s = *p;
  while (*s && isspace((unsigned char)*s)) s++;
  char *e = s;
  while (*e && !isspace((unsigned char)*e)) e++;
  *word = s;
  *p = e;
  return (size_t)(e - s);
}

static bool is_blank(const char *s)
{
  for (; *s; s++)
    if (!isspace((unsigned char)*s)) return false;
  return true;
}

typedef struct reader {
  pc_xc *xc;
  name_table names;
  int32_t *option, option_cap;
  int32_t *seen;      /* the line on which each item was last used */
  int line;
  pc_error *err;
} reader;

/* A name for a message: at most 40 bytes, odd ones escaped. */
#define SHOWN_MAX 40
typedef struct shown {
  char text[4 * SHOWN_MAX + 1];
} shown;

static shown show(const char *word, size_t len)
{
  shown out;
  pc_lines_escape(word, len < SHOWN_MAX ? len : SHOWN_MAX, out.text);
  return out;
}

static pc_status check_name(reader *r, const char *word, size_t len, int col)
{
  if (len > PC_DLX1_NAME_MAX)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        "item name '%s' is longer than %d characters", show(word, len).text,
                        PC_DLX1_NAME_MAX);
  for (size_t i = 0; i < len; i++)
    if (word[i] == '|' || word[i] == ':' || !isprint((unsigned char)word[i]))
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col + (int)i,
                          "item name '%s' has a bad character (names are "
                          "printable, without '|' or ':')",
                          show(word, len).text);
  return PC_OK;
}

static pc_status read_items(reader *r, char *buf)
{
  bool secondary = false;
  char *p = buf, *word;
  size_t len;
  while ((len = next_word(&p, &word))) {
    int col = (int)(word - buf) + 1;
    if (len == 1 && word[0] == '|') {
      if (secondary)
        return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                            "a second '|' in the item line");
      secondary = true;
      continue;
    }
    char saved = word[len];
    word[len] = '\0';
    pc_status s = check_name(r, word, len, col);
    if (s) return s;
    if (2 * (uint32_t)(r->xc->n_items + 1) > r->names.mask && !table_grow(&r->names, r->xc))
      return pc_error_set(r->err, PC_ERR_NOMEM, r->line, col, "out of memory");
    int32_t *slot = table_find(&r->names, r->xc, word);
    if (*slot)
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                          "item '%s' appears twice in the item line", word);
    int32_t index;
    s = pc_xc_add_item(r->xc, word, secondary, &index, r->err);
    if (s) return s;
    *slot = index + 1;
    word[len] = saved;
  }
  if (r->xc->n_items == 0)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, 1, "no items");
  r->seen = pc_calloc_array((size_t)r->xc->n_items, sizeof *r->seen);
  if (!r->seen) return pc_error_set(r->err, PC_ERR_NOMEM, r->line, 1, "out of memory");
  return PC_OK;
}

static pc_status read_option(reader *r, char *buf)
{
  int32_t n = 0;
  bool primary = false;
  char *p = buf, *word;
  size_t len;
  while ((len = next_word(&p, &word))) {
    int col = (int)(word - buf) + 1;
    char saved = word[len];
    word[len] = '\0';
    int32_t index = *table_find(&r->names, r->xc, word) - 1;
    if (index < 0) {
      pc_status s = check_name(r, word, len, col);
      if (s) return s;
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col, "unknown item '%s'",
                          show(word, len).text);
    }
    if (r->seen[index] == r->line)
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                          "item '%s' appears twice in this option", word);
    r->seen[index] = r->line;
    word[len] = saved;
    primary |= index < r->xc->n_primary;
    if (!pc_grow((void **)&r->option, &r->option_cap, n + 1, sizeof *r->option))
      return pc_error_set(r->err, PC_ERR_NOMEM, r->line, col, "out of memory");
    r->option[n++] = index;
  }
  if (!primary)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, 1,
                        "option has no primary item");
  pc_status s = pc_xc_add_option(r->xc, r->option, n, r->err);
  if (s) r->err->line = r->line;
  return s;
}

pc_status pc_dlx1_read(FILE *in, pc_xc *xc, pc_error *err)
{
  reader r = {.xc = xc, .err = err};
  pc_xc_init(xc);
  pc_lines text;
  pc_lines_init(&text, in, 0);
  pc_status s = PC_OK;
  bool have_items = false;
  while (pc_lines_next(&text)) {
    r.line = text.number;
    char *buf = text.line;
    if (buf[0] == '|' || is_blank(buf)) continue;
    s = have_items ? read_option(&r, buf) : read_items(&r, buf);
    if (s) break;
    have_items = true;
  }
  if (!s) s = pc_lines_fault(&text, err);
  /* An empty file's fault is at line 1, else at the end. */
  if (!s && !have_items)
    s = pc_error_set(err, PC_ERR_INPUT, text.number ? text.number : 1, 0, "no items");
  free(text.line);
  free(r.names.slot);
  free(r.option);
  free(r.seen);
  if (s) pc_xc_free(xc);
  return s;
}

pc_status pc_dlx1_write(FILE *out, const pc_xc *xc, pc_error *err)
{
  for (int32_t i = 0; i < xc->n_items; i++) {
    const char *name = xc->names[i];
    size_t len = strlen(name);
    bool ok = len >= 1 && len <= PC_DLX1_NAME_MAX;
    for (size_t j = 0; ok && j < len; j++)
      ok = name[j] != '|' && name[j] != ':' && isgraph((unsigned char)name[j]);
    if (!ok)
      return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                          "item name '%s' cannot be written in DLX1 format", name);
  }
  for (int32_t i = 0; i < xc->n_items; i++)
    fprintf(out, "%s%s%s", i ? " " : "",
            i == xc->n_primary && i ? "| " : "", xc->names[i]);
  fputc('\n', out);
  for (int32_t k = 0; k < xc->n_options; k++) pc_dlx1_write_option(out, xc, k);
  if (ferror(out)) return pc_error_set(err, PC_ERR_IO, 0, 0, "write error");
  return PC_OK;
}

void pc_dlx1_write_option(FILE *out, const pc_xc *xc, int32_t k)
{
  const int32_t *items = pc_xc_option(xc, k);
  for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++)
    fprintf(out, "%s%s", j ? " " : "", xc->names[items[j]]);
  fputc('\n', out);
}

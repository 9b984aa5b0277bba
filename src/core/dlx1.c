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

/* strcmp's answer to "equal?", inlined: names are short, and the call
   cost more than the comparing. */
static bool same_name(const char *a, const char *b)
{
  while (*a && *a == *b) a++, b++;
  return *a == *b;
}

static int32_t *table_find(const name_table *t, const pc_xc *xc, const char *name)
{
  for (uint32_t i = hash_name(name) & t->mask;; i = (i + 1) & t->mask)
    if (!t->slot[i] || same_name(xc->names[t->slot[i] - 1], name)) return &t->slot[i];
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

/* isspace in the C locale (the program sets no other), inlined. */
static bool is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* Splits the next whitespace-separated word off *p; returns its length. */
static size_t next_word(char **p, char **word)
{
  char *s = *p;
  while (*s && is_space(*s)) s++;
  char *e = s;
  while (*e && !is_space(*e)) e++;
  *word = s;
  *p = e;
  return (size_t)(e - s);
}

/* A blank line, or a comment: its first character other than a blank is
   '|' (Knuth's programs skip both). */
static bool is_skipped(const char *s)
{
  while (is_space(*s)) s++;
  return !*s || *s == '|';
}

typedef struct reader {
  pc_xc *xc;
  name_table names;
  int32_t *option, *colors, option_cap, colors_cap;
  pc_dlx1_notes *notes;
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

/* A byte of an item or color name: printable ASCII other than '|' and
   ':', or a byte of a UTF-8 character (the line reader lets only valid
   UTF-8 through), for Knuth's programs take any bytes but spaces. */
static bool name_byte(unsigned char c)
{
  return c >= 0x80 || (isgraph(c) && c != '|' && c != ':');
}

/* `what` is "item" or "color". */
static pc_status check_name(reader *r, const char *what, const char *word, size_t len, int col)
{
  if (len == 0)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col, "empty %s name", what);
  if (len > PC_DLX1_NAME_MAX)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        "%s name '%s' is longer than %d bytes", what,
                        show(word, len).text, PC_DLX1_NAME_MAX);
  for (size_t i = 0; i < len; i++)
    if (!name_byte((unsigned char)word[i]))
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col + (int)i,
                          "%s name '%s' has a bad character (names are "
                          "printable, without '|' or ':')",
                          what, show(word, len).text);
  return PC_OK;
}

/* A decimal bound of at most 9 digits, spelled word[0 .. len). */
static pc_status parse_bound(reader *r, const char *word, size_t len, int col, int32_t *value)
{
  if (len == 0 || len > 9)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        len ? "bound '%s' is too large" : "a bound is missing%s",
                        len ? show(word, len).text : "");
  int32_t v = 0;
  for (size_t i = 0; i < len; i++) {
    if (!isdigit((unsigned char)word[i]))
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col + (int)i,
                          "bad digit in bounds '%s' (write a:b|name or b|name)",
                          show(word, len).text);
    v = 10 * v + (word[i] - '0');
  }
  *value = v;
  return PC_OK;
}

/* The bounds `a:b` or `b` before the '|' of a primary item's word
   (spec[0 .. len)), in [*lower, *upper]. */
static pc_status parse_bounds(reader *r, const char *spec, size_t len, int col,
                              int32_t *lower, int32_t *upper)
{
  const char *colon = memchr(spec, ':', len);
  size_t a_len = colon ? (size_t)(colon - spec) : 0, b_at = colon ? a_len + 1 : 0;
  pc_status s = parse_bound(r, spec + b_at, len - b_at, col + (int)b_at, upper);
  if (!s && colon) s = parse_bound(r, spec, a_len, col, lower);
  if (s) return s;
  if (!colon) *lower = *upper;
  if (*upper == 0)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col, "upper bound is zero");
  if (*lower > *upper)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        "lower bound %d exceeds upper bound %d", (int)*lower, (int)*upper);
  return PC_OK;
}

/* One name of the item line, at column col. */
static pc_status add_item(reader *r, char *word, size_t len, int col, bool secondary)
{
  char saved = word[len];
  word[len] = '\0';
  pc_status s = check_name(r, "item", word, len, col);
  if (s) return s;
  if (2 * (uint32_t)(r->xc->n_items + 1) > r->names.mask && !table_grow(&r->names, r->xc))
    return pc_error_set(r->err, PC_ERR_NOMEM, r->line, col, "out of memory");
  int32_t *slot = table_find(&r->names, r->xc, word);
  if (*slot)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        "item '%s' appears twice in the item line", word);
  int32_t index;
  if ((s = pc_xc_add_item(r->xc, word, secondary, &index, r->err))) return s;
  *slot = index + 1;
  word[len] = saved;
  return PC_OK;
}

/* One word of the item line: a name, with bounds `a:b|` or `b|` before a
   primary one. */
static pc_status read_item(reader *r, char *word, size_t len, int col, bool secondary)
{
  char *bar = memchr(word, '|', len);
  int32_t lower = 1, upper = 1;
  if (bar) {
    if (secondary)
      return pc_error_set(r->err, PC_ERR_INPUT, r->line, col + (int)(bar - word),
                          "bounds are for primary items only (this one is after '|')");
    pc_status s = parse_bounds(r, word, (size_t)(bar - word), col, &lower, &upper);
    if (s) return s;
    col += (int)(bar - word) + 1;
    len -= (size_t)(bar - word) + 1;
    word = bar + 1;
  }
  pc_status s = add_item(r, word, len, col, secondary);
  if (!s && bar) s = pc_xc_set_bounds(r->xc, r->xc->n_items - 1, lower, upper, r->err);
  return s;
}

static pc_status read_items(reader *r, char *buf)
{
  bool secondary = false;
  char *p = buf, *word;
  size_t len;
  while ((len = next_word(&p, &word))) {
    int col = (int)(word - buf) + 1;
    /* The '|' before the secondary items, alone or against the first of
       them, as Knuth reads it ("a |b"). The line's first word is no '|'
       (is_skipped): there is a primary item. */
    if (word[0] == '|') {
      if (secondary)
        return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                            "a second '|' in the item line");
      secondary = true;
      if (len-- == 1) continue;
      word++, col++;
    }
    pc_status s = read_item(r, word, len, col, secondary);
    if (s) return s;
  }
  r->seen = pc_calloc_array((size_t)r->xc->n_items, sizeof *r->seen);
  if (!r->seen) return pc_error_set(r->err, PC_ERR_NOMEM, r->line, 1, "out of memory");
  return PC_OK;
}

/* The color after `name:` in an option (word[0 .. len) is "name:color",
   the colon at `colon`), for item `index`. */
static pc_status read_color(reader *r, const char *word, size_t len, const char *colon, int col,
                            int32_t index, int32_t *color)
{
  size_t at = (size_t)(colon - word) + 1;
  if (index < r->xc->n_primary)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col + (int)at - 1,
                        "primary item '%s' cannot have a color (only secondary items do)",
                        r->xc->names[index]);
  char name[PC_DLX1_NAME_MAX + 1];
  pc_status s = check_name(r, "color", word + at, len - at, col + (int)at);
  if (s) return s;
  memcpy(name, word + at, len - at);
  name[len - at] = '\0';
  if ((s = pc_xc_color(r->xc, name, color, r->err))) r->err->line = r->line;
  return s;
}

/* The first ':' in word[0 .. len), or NULL: memchr inlined for words of a
   few bytes, one an entry of every option. */
static char *colon_in(char *word, size_t len)
{
  for (size_t i = 0; i < len; i++)
    if (word[i] == ':') return word + i;
  return NULL;
}

/* One word of an option: an item's name, perhaps with `:color`. */
static pc_status read_entry(reader *r, char *word, size_t len, int col, int32_t n)
{
  char *colon = colon_in(word, len);
  size_t name_len = colon ? (size_t)(colon - word) : len;
  char saved = word[name_len];
  word[name_len] = '\0';
  int32_t index = *table_find(&r->names, r->xc, word) - 1;
  word[name_len] = saved;
  if (index < 0 && word[0] == '|')
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        "'|' in an option (a comment is a line of its own, '|' its first "
                        "character other than a blank)");
  if (index < 0) {
    pc_status s = check_name(r, "item", word, name_len, col);
    if (s) return s;
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col, "unknown item '%s'",
                        show(word, name_len).text);
  }
  if (r->seen[index] == r->line)
    return pc_error_set(r->err, PC_ERR_INPUT, r->line, col,
                        "item '%s' appears twice in this option", r->xc->names[index]);
  r->seen[index] = r->line;
  if (!pc_grow((void **)&r->option, &r->option_cap, n + 1, sizeof *r->option) ||
      !pc_grow((void **)&r->colors, &r->colors_cap, n + 1, sizeof *r->colors))
    return pc_error_set(r->err, PC_ERR_NOMEM, r->line, col, "out of memory");
  r->option[n] = index;
  r->colors[n] = 0;
  return colon ? read_color(r, word, len, colon, col, index, &r->colors[n]) : PC_OK;
}

/* An option; one without a primary item is skipped, as Knuth's are. */
static pc_status read_option(reader *r, char *buf)
{
  int32_t n = 0;
  bool primary = false;
  char *p = buf, *word;
  size_t len;
  while ((len = next_word(&p, &word))) {
    pc_status s = read_entry(r, word, len, (int)(word - buf) + 1, n);
    if (s) return s;
    primary |= r->option[n++] < r->xc->n_primary;
  }
  if (!primary) {
    if (r->notes && !r->notes->skipped++) r->notes->first_skipped = r->line;
    return PC_OK;
  }
  pc_status s = pc_xc_add_colored_option(r->xc, r->option, r->colors, n, r->err);
  if (s) r->err->line = r->line;
  return s;
}

pc_status pc_dlx1_read(FILE *in, pc_xc *xc, pc_dlx1_notes *notes, pc_error *err)
{
  reader r = {.xc = xc, .notes = notes, .err = err};
  if (notes) *notes = (pc_dlx1_notes){0, 0};
  pc_xc_init(xc);
  pc_lines text;
  pc_lines_init(&text, in, 0);
  text.unsummed = true;
  text.skip_bom = true;
  pc_status s = PC_OK;
  bool have_items = false;
  while (pc_lines_next(&text)) {
    r.line = text.number;
    char *buf = text.line;
    if (is_skipped(buf)) continue;
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
  free(r.colors);
  free(r.seen);
  if (s) pc_xc_free(xc);
  return s;
}

/* Whether `name` can be written as a DLX1 item or color name. */
static bool writable(const char *name)
{
  size_t len = strlen(name);
  bool ok = len >= 1 && len <= PC_DLX1_NAME_MAX;
  for (size_t j = 0; ok && j < len; j++)
    ok = name_byte((unsigned char)name[j]);
  return ok;
}

/* The item line, with bounds written as Knuth's DLX3 reads them. */
static void write_items(FILE *out, const pc_xc *xc)
{
  for (int32_t i = 0; i < xc->n_items; i++) {
    fprintf(out, "%s%s", i ? " " : "", i == xc->n_primary && i ? "| " : "");
    int32_t a = i < xc->n_primary ? pc_xc_lower(xc, i) : 1;
    int32_t b = i < xc->n_primary ? pc_xc_upper(xc, i) : 1;
    if (a != b) fprintf(out, "%d:%d|", (int)a, (int)b);
    else if (b != 1) fprintf(out, "%d|", (int)b);
    fputs(xc->names[i], out);
  }
  fputc('\n', out);
}

pc_status pc_dlx1_write(FILE *out, const pc_xc *xc, pc_error *err)
{
  for (int32_t i = 0; i < xc->n_items; i++)
    if (!writable(xc->names[i]))
      return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                          "item name '%s' cannot be written in DLX1 format", xc->names[i]);
  for (int32_t i = 0; i < xc->n_colors; i++)
    if (!writable(xc->color_names[i]))
      return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                          "color name '%s' cannot be written in DLX2 format",
                          xc->color_names[i]);
  write_items(out, xc);
  for (int32_t k = 0; k < xc->n_options; k++) pc_dlx1_write_option(out, xc, k);
  if (ferror(out)) return pc_error_set(err, PC_ERR_IO, 0, 0, "write error");
  return PC_OK;
}

void pc_dlx1_write_option(FILE *out, const pc_xc *xc, int32_t k)
{
  const int32_t *items = pc_xc_option(xc, k), *colors = pc_xc_option_colors(xc, k);
  for (int32_t j = 0; j < pc_xc_option_size(xc, k); j++) {
    fprintf(out, "%s%s", j ? " " : "", xc->names[items[j]]);
    if (colors && colors[j]) fprintf(out, ":%s", xc->color_names[colors[j] - 1]);
  }
  fputc('\n', out);
}

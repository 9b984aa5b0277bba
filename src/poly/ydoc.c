/* ydoc.c — loading YAML with libyaml's document API. */
#include "poly/ydoc.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/lines.h"

/* Reading stops here, so that a device such as /dev/urandom given as a
   board ends; far past any board, and past the piece set of every
   polyomino of 13 cells (`polycover pieces --size 13`). */
#define PC_YAML_SIZE_MAX ((size_t)256 << 20)
/* Deeper collections are refused: libyaml's scanner takes time quadratic
   in the depth of nested flow collections ([[[...]]]). */
#define PC_YAML_DEPTH_MAX 64

/* The whole file, "-" standard input (left open), into y->text; a folder,
   an unreadable or an oversized file is bad input. */
static pc_status read_file(pc_ydoc *y, const char *path, pc_error *err)
{
  bool piped = !strcmp(path, "-");
  FILE *f = piped ? stdin : pc_open_file(path, err);
  if (!f) return PC_ERR_INPUT;
  size_t cap = 4096, n = 0, got;
  char *buf = malloc(cap);
  while (buf && n <= PC_YAML_SIZE_MAX && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
    n += got;
    if (cap - n < 2) {
      char *grown = realloc(buf, cap *= 2);
      if (!grown) free(buf);
      buf = grown;
    }
  }
  bool bad = ferror(f);
  if (!piped) fclose(f);
  pc_error_file(err, y->path);
  if (!buf || bad) {
    free(buf);
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "cannot read: %s", strerror(errno));
  }
  if (n > PC_YAML_SIZE_MAX) {
    free(buf);
    return pc_error_set(err, PC_ERR_INPUT, 0, 0,
                        "larger than %zu MiB, which no board or piece set is",
                        PC_YAML_SIZE_MAX >> 20);
  }
  buf[n] = '\0';
  y->text = buf;
  y->len = n;
  return PC_OK;
}

/* The 1-based line and column (in characters, as libyaml counts them) of
   byte `offset` of the text. */
static void offset_pos(const pc_ydoc *y, size_t offset, int *line, int *column)
{
  *line = *column = 1;
  for (size_t i = 0; i < offset && i < y->len; i++) {
    unsigned char c = (unsigned char)y->text[i];
    bool brk = c == '\n' || (c == '\r' && (i + 1 >= y->len || y->text[i + 1] != '\n'));
    if (brk) {
      ++*line;
      *column = 1;
    } else if ((c & 0xC0) != 0x80 && c != '\r') {
      ++*column;
    }
  }
}

const char *pc_ydoc_line(const pc_ydoc *y, size_t line)
{
  const char *p = y->text;
  for (size_t l = 0; l < line; l++) {
    p = strchr(p, '\n');
    if (!p) return NULL;
    p++;
  }
  return p;
}

/* Whether the character at libyaml's mark (which counts characters, not
   bytes) is a tab. */
static bool tab_at(const pc_ydoc *y, yaml_mark_t m)
{
  size_t column = 0;
  for (const char *p = pc_ydoc_line(y, m.line); p && *p && *p != '\n'; p++)
    if (((unsigned char)*p & 0xC0) != 0x80 && column++ == m.column) return *p == '\t';
  return false;
}

/* libyaml's complaint, placed: a reader error (not UTF-8, or a control
   character such as a NUL byte) gives a byte offset, not a mark. */
static pc_status parse_error(const pc_ydoc *y, const yaml_parser_t *p, pc_error *err)
{
  const char *problem = p->problem ? p->problem : "syntax error";
  if (p->error != YAML_READER_ERROR) {
    yaml_mark_t m = p->problem_mark;
    if (tab_at(y, m))
      return pc_error_set(err, PC_ERR_INPUT, (int)m.line + 1, (int)m.column + 1,
                          "bad YAML: a tab, where YAML takes only spaces (indent with "
                          "spaces)");
    return pc_error_set(err, PC_ERR_INPUT, (int)m.line + 1, (int)m.column + 1,
                        "bad YAML: %s%s%s", problem, p->context ? " " : "",
                        p->context ? p->context : "");
  }
  /* A bad trailing byte is reported where it is: show its character's
     first byte instead. */
  size_t offset = p->problem_offset < y->len ? p->problem_offset : y->len;
  if (strstr(problem, "trailing") && offset > 0)
    while (--offset > 0 && ((unsigned char)y->text[offset] & 0xC0) == 0x80) continue;
  int line, column;
  offset_pos(y, offset, &line, &column);
  if (p->problem_value == 0 && !strncmp(problem, "control", 7))
    return pc_error_set(err, PC_ERR_INPUT, line, column,
                        "a NUL byte: a YAML file is text (UTF-8)");
  if (strstr(problem, "UTF-8") || strstr(problem, "Unicode"))
    return pc_error_set(err, PC_ERR_INPUT, line, column,
                        "not UTF-8 text: byte 0x%02X begins no character (save the file as "
                        "UTF-8)", (unsigned)(unsigned char)y->text[offset]);
  return pc_error_set(err, PC_ERR_INPUT, line, column, "bad YAML: %s (U+%04X)", problem,
                      (unsigned)p->problem_value);
}

/* Fails at an event's mark (1-based line and column). */
__attribute__((format(printf, 3, 4)))
static pc_status fail_at_event(const yaml_event_t *e, pc_error *err, const char *fmt, ...)
{
  char message[sizeof err->msg];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(message, sizeof message, fmt, ap);
  va_end(ap);
  return pc_error_set(err, PC_ERR_INPUT, (int)e->start_mark.line + 1,
                      (int)e->start_mark.column + 1, "%s", message);
}

/* A first pass over libyaml's events, before the document is built: its
   syntax errors, a second document (which loading would silently leave
   out) and collections nested deeper than PC_YAML_DEPTH_MAX. */
static pc_status check_events(const pc_ydoc *y, yaml_parser_t *parser, pc_error *err)
{
  pc_status s = PC_OK;
  int depth = 0, documents = 0;
  for (bool end = false; !s && !end;) {
    yaml_event_t e;
    if (!yaml_parser_parse(parser, &e)) return parse_error(y, parser, err);
    end = e.type == YAML_STREAM_END_EVENT;
    if (e.type == YAML_DOCUMENT_START_EVENT && ++documents > 1)
      s = fail_at_event(&e, err, "a second YAML document (after '---'): a board or a "
                                 "piece set is one document");
    if (e.type == YAML_SEQUENCE_START_EVENT || e.type == YAML_MAPPING_START_EVENT)
      if (++depth > PC_YAML_DEPTH_MAX)
        s = fail_at_event(&e, err, "lists and mappings nested more than %d deep",
                          PC_YAML_DEPTH_MAX);
    if (e.type == YAML_SEQUENCE_END_EVENT || e.type == YAML_MAPPING_END_EVENT) depth--;
    yaml_event_delete(&e);
  }
  return s;
}

/* Checks the text (check_events), then loads it as a document. */
static pc_status load_text(pc_ydoc *y, pc_error *err)
{
  yaml_parser_t parser;
  pc_status s = PC_OK;
  for (int pass = 0; pass < 2 && !s; pass++) {
    if (!yaml_parser_initialize(&parser))
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    yaml_parser_set_input_string(&parser, (const unsigned char *)y->text, y->len);
    if (!pass) s = check_events(y, &parser, err);
    else if (!yaml_parser_load(&parser, &y->doc)) s = parse_error(y, &parser, err);
    else if (!yaml_document_get_root_node(&y->doc)) {
      yaml_document_delete(&y->doc);
      s = pc_error_set(err, PC_ERR_INPUT, 1, 1, "empty file");
    }
    yaml_parser_delete(&parser);
  }
  return s;
}

pc_status pc_ydoc_load(pc_ydoc *y, const char *path, pc_error *err)
{
  memset(y, 0, sizeof *y);
  snprintf(y->path, sizeof y->path, "%s", strcmp(path, "-") ? path : "<stdin>");
  pc_error_file(err, y->path);
  pc_status s = read_file(y, path, err);
  if (!s) s = load_text(y, err);
  if (s) {
    free(y->text);
    y->text = NULL;
  }
  return s;
}

void pc_ydoc_free(pc_ydoc *y)
{
  if (y->text) yaml_document_delete(&y->doc);
  free(y->text);
  y->text = NULL;
}

yaml_node_t *pc_ydoc_root(pc_ydoc *y)
{
  return yaml_document_get_root_node(&y->doc);
}

pc_status pc_ydoc_fail(pc_ydoc *y, const yaml_node_t *at, pc_error *err,
                       const char *fmt, ...)
{
  (void)y;
  if (!err) return PC_ERR_INPUT;
  err->line = at ? (int)at->start_mark.line + 1 : 0;
  err->column = at ? (int)at->start_mark.column + 1 : 0;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return PC_ERR_INPUT;
}

const char *pc_ydoc_scalar(const yaml_node_t *n)
{
  return n && n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

int pc_ydoc_count(const yaml_node_t *n)
{
  if (n->type == YAML_MAPPING_NODE)
    return (int)(n->data.mapping.pairs.top - n->data.mapping.pairs.start);
  if (n->type == YAML_SEQUENCE_NODE)
    return (int)(n->data.sequence.items.top - n->data.sequence.items.start);
  return 0;
}

yaml_node_t *pc_ydoc_key(pc_ydoc *y, const yaml_node_t *map, int i)
{
  return yaml_document_get_node(&y->doc, map->data.mapping.pairs.start[i].key);
}

yaml_node_t *pc_ydoc_value(pc_ydoc *y, const yaml_node_t *map, int i)
{
  return yaml_document_get_node(&y->doc, map->data.mapping.pairs.start[i].value);
}

yaml_node_t *pc_ydoc_item(pc_ydoc *y, const yaml_node_t *seq, int i)
{
  return yaml_document_get_node(&y->doc, seq->data.sequence.items.start[i]);
}

/* A mapping's key and its position, for sorting. */
typedef struct key_at {
  const char *key;
  int index;
} key_at;

static int key_at_cmp(const void *a, const void *b)
{
  const key_at *x = a, *y = b;
  int c = strcmp(x->key, y->key);
  return c ? c : (x->index > y->index) - (x->index < y->index);
}

/* The position of the first key (in file order) that repeats an earlier
   one, or -1: sorted, not compared pair by pair, for sets of thousands of
   pieces. Every key is a scalar. */
static pc_status first_repeated_key(pc_ydoc *y, const yaml_node_t *map, int n, int *repeated)
{
  *repeated = -1;
  key_at *keys = pc_alloc_array((size_t)n + 1, sizeof *keys);
  if (!keys) return PC_ERR_NOMEM;
  for (int i = 0; i < n; i++) keys[i] = (key_at){pc_ydoc_scalar(pc_ydoc_key(y, map, i)), i};
  qsort(keys, (size_t)n, sizeof *keys, key_at_cmp);
  for (int i = 1; i < n; i++)
    if (!strcmp(keys[i - 1].key, keys[i].key) && (*repeated < 0 || keys[i].index < *repeated))
      *repeated = keys[i].index;
  free(keys);
  return PC_OK;
}

pc_status pc_ydoc_check_keys(pc_ydoc *y, const yaml_node_t *map,
                             const char *const *allowed, const char *what,
                             pc_error *err)
{
  if (map->type != YAML_MAPPING_NODE)
    return pc_ydoc_fail(y, map, err, "%s must be a mapping of keys to values", what);
  int n = pc_ydoc_count(map), repeated;
  for (int i = 0; i < n; i++) {
    yaml_node_t *k = pc_ydoc_key(y, map, i);
    if (!pc_ydoc_scalar(k))
      return pc_ydoc_fail(y, k, err, "a key of %s must be a plain name", what);
  }
  if (first_repeated_key(y, map, n, &repeated))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int i = 0; i < n; i++) {
    yaml_node_t *k = pc_ydoc_key(y, map, i);
    const char *key = pc_ydoc_scalar(k);
    if (i == repeated)
      return pc_ydoc_fail(y, k, err, "key '%s' appears twice in %s", key, what);
    if (!allowed) continue;
    bool known = false;
    for (const char *const *a = allowed; *a && !known; a++) known = !strcmp(*a, key);
    if (!known) {
      char list[256] = "";
      for (const char *const *a = allowed; *a; a++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 a == allowed ? "" : ", ", *a);
      return pc_ydoc_fail(y, k, err, "unknown key '%s' in %s (known keys: %s)", key, what,
                          list);
    }
  }
  return PC_OK;
}

yaml_node_t *pc_ydoc_get(pc_ydoc *y, const yaml_node_t *map, const char *key)
{
  if (map->type != YAML_MAPPING_NODE) return NULL;
  for (int i = 0, n = pc_ydoc_count(map); i < n; i++) {
    const char *k = pc_ydoc_scalar(pc_ydoc_key(y, map, i));
    if (k && !strcmp(k, key)) return pc_ydoc_value(y, map, i);
  }
  return NULL;
}

void pc_ydoc_text_pos(const pc_ydoc *y, const yaml_node_t *scalar, int row, int col,
                      int *line, int *column)
{
  yaml_scalar_style_t style = scalar->data.scalar.style;
  size_t first = scalar->start_mark.line;
  if (style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE) {
    /* The text starts on the line after the '|' and keeps each line's
       content after the block's indentation: the indentation is what the
       raw line has beyond the text's line. */
    size_t l = first + 1 + (size_t)row;
    const char *raw = pc_ydoc_line(y, l);
    const char *text = (const char *)scalar->data.scalar.value;
    for (int r = 0; r < row && text; r++) {
      text = strchr(text, '\n');
      if (text) text++;
    }
    size_t raw_len = raw ? strcspn(raw, "\r\n") : 0;
    size_t text_len = text ? strcspn(text, "\n") : 0;
    *line = (int)l + 1;
    *column = (int)(raw_len >= text_len ? raw_len - text_len : 0) + col + 1;
  } else {
    bool quoted = style == YAML_SINGLE_QUOTED_SCALAR_STYLE ||
                  style == YAML_DOUBLE_QUOTED_SCALAR_STYLE;
    *line = (int)first + 1 + row;
    *column = row ? col + 1 : (int)scalar->start_mark.column + 1 + (quoted ? 1 : 0) + col;
  }
}

const char *pc_ydoc_char_name(const char *p, char *buf, size_t size)
{
  unsigned char c = (unsigned char)*p;
  int n = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
  uint32_t u = n == 1 ? c : c & (0x3F >> (n - 1));
  for (int i = 1; i < n; i++) {
    if (!p[i]) n = i; /* the text ends early (libyaml lets no such text through) */
    else u = u << 6 | ((unsigned char)p[i] & 0x3F);
  }
  if (n == 1 && isprint(c)) snprintf(buf, size, "'%c'", c);
  else if (n == 1) snprintf(buf, size, "U+%04X", (unsigned)u);
  else snprintf(buf, size, "'%.*s' (U+%04X)", n, p, (unsigned)u);
  return buf;
}

pc_status pc_ydoc_string(pc_ydoc *y, const yaml_node_t *map, const char *key,
                         const char **out, pc_error *err)
{
  const yaml_node_t *n = pc_ydoc_get(y, map, key);
  *out = pc_ydoc_scalar(n);
  if (n && !*out) return pc_ydoc_fail(y, n, err, "%s must be a string", key);
  return PC_OK;
}

pc_status pc_ydoc_flag(pc_ydoc *y, const yaml_node_t *map, const char *key, bool *out,
                       pc_error *err)
{
  const yaml_node_t *n = pc_ydoc_get(y, map, key);
  const char *v = pc_ydoc_scalar(n);
  if (!n) return PC_OK;
  if (v && (!strcmp(v, "true") || !strcmp(v, "yes"))) *out = true;
  else if (v && (!strcmp(v, "false") || !strcmp(v, "no"))) *out = false;
  else return pc_ydoc_fail(y, n, err, "%s: expected true or false", key);
  return PC_OK;
}

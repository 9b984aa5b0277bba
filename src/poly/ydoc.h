/* ydoc.h — a YAML file loaded as a libyaml document, with the helpers the
   loaders share: typed lookups, strict keys, and errors that name the
   file, line and column of the node at fault. */
#ifndef PC_YDOC_H
#define PC_YDOC_H

#include <stdbool.h>
#include <yaml.h>

#include "core/error.h"

typedef struct pc_ydoc {
  yaml_document_t doc;
  char *text;   /* the raw file, to place errors inside ASCII art */
  size_t len;
  char path[512];
} pc_ydoc;

/* Loads one YAML document ("-": standard input, named <stdin>); a syntax
   error names its line and column. */
pc_status pc_ydoc_load(pc_ydoc *y, const char *path, pc_error *err);
void pc_ydoc_free(pc_ydoc *y);

yaml_node_t *pc_ydoc_root(pc_ydoc *y);

/* Sets err at the node's position and returns PC_ERR_INPUT. */
pc_status pc_ydoc_fail(pc_ydoc *y, const yaml_node_t *at, pc_error *err,
                       const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Checks that `map` is a mapping of distinct scalar keys, each one of
   `allowed` (NULL-terminated); `what` names the mapping in messages. */
pc_status pc_ydoc_check_keys(pc_ydoc *y, const yaml_node_t *map,
                             const char *const *allowed, const char *what,
                             pc_error *err);

/* The value under `key` in a mapping, or NULL. */
yaml_node_t *pc_ydoc_get(pc_ydoc *y, const yaml_node_t *map, const char *key);

/* The text of a scalar node, or NULL for other nodes. */
const char *pc_ydoc_scalar(const yaml_node_t *n);

/* A mapping's pairs and a sequence's items, by position. */
int pc_ydoc_count(const yaml_node_t *n);
yaml_node_t *pc_ydoc_key(pc_ydoc *y, const yaml_node_t *map, int i);
yaml_node_t *pc_ydoc_value(pc_ydoc *y, const yaml_node_t *map, int i);
yaml_node_t *pc_ydoc_item(pc_ydoc *y, const yaml_node_t *seq, int i);

/* The start of 0-based line `line` of the file's text, or NULL past its
   end. */
const char *pc_ydoc_line(const pc_ydoc *y, size_t line);

/* Where character `col` of line `row` of a scalar's text stands in the
   file (1-based line and column), for errors inside ASCII art. */
void pc_ydoc_text_pos(const pc_ydoc *y, const yaml_node_t *scalar, int row, int col,
                      int *line, int *column);

/* Names the character that starts at `p` (UTF-8) for a message, in buf:
   'Q', 'é' (U+00E9), or U+0009 for a control character. Returns buf. */
const char *pc_ydoc_char_name(const char *p, char *buf, size_t size);

/* An optional key of `map` whose value must be a string (a scalar):
   *out is its text, or NULL when the key is absent. */
pc_status pc_ydoc_string(pc_ydoc *y, const yaml_node_t *map, const char *key,
                         const char **out, pc_error *err);

/* An optional key of `map` whose value is true or false (or yes or no,
   as YAML 1.1 spelled them): *out is left as it is when the key is absent. */
pc_status pc_ydoc_flag(pc_ydoc *y, const yaml_node_t *map, const char *key, bool *out,
                       pc_error *err);

#endif

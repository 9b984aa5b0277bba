/* checkpoint.c — writing and reading the checkpoint file of a split
   search. */
#include "run/checkpoint.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/alloc.h"
#include "core/lines.h"

#define VERSION 3
#define VERSION_WITHOUT_CUT 2

uint64_t pc_xc_hash(const pc_xc *xc)
{
  uint64_t h = PC_FNV_START;
  h = pc_fnv(h, &xc->n_items, sizeof xc->n_items);
  h = pc_fnv(h, &xc->n_primary, sizeof xc->n_primary);
  h = pc_fnv(h, &xc->n_options, sizeof xc->n_options);
  for (int32_t i = 0; i < xc->n_items; i++) h = pc_fnv(h, xc->names[i], strlen(xc->names[i]) + 1);
  if (xc->n_options) {
    h = pc_fnv(h, xc->opt_start, ((size_t)xc->n_options + 1) * sizeof *xc->opt_start);
    h = pc_fnv(h, xc->opt_items, (size_t)xc->opt_start[xc->n_options] * sizeof *xc->opt_items);
  }
  /* Bounds and colors make another problem; plain ones hash as before. */
  bool bounded = pc_xc_has_bounds(xc);
  for (int32_t i = 0; bounded && i < xc->n_primary; i++) {
    int32_t bounds[2] = {pc_xc_lower(xc, i), pc_xc_upper(xc, i)};
    h = pc_fnv(h, bounds, sizeof bounds);
  }
  if (pc_xc_has_colors(xc)) {
    h = pc_fnv(h, xc->opt_colors, (size_t)xc->opt_start[xc->n_options] * sizeof *xc->opt_colors);
    for (int32_t i = 0; i < xc->n_colors; i++)
      h = pc_fnv(h, xc->color_names[i], strlen(xc->color_names[i]) + 1);
  }
  return h;
}

static void write_body(FILE *f, const void *ctx)
{
  const pc_checkpoint *c = ctx;
  fprintf(f, "polycover-checkpoint %d\nproblem %016" PRIx64 "\nsearch %s %s\n", VERSION,
          c->problem, c->engine, c->rule);
  fprintf(f, "split %d %" PRId64 "\n", (int)c->split_depth, c->subproblems);
  fprintf(f, "counts %" PRIu64 " %" PRIu64 " %" PRIu64 "\n", c->solutions, c->nodes,
          c->updates);
  fprintf(f, "levels %d\n", (int)c->levels);
  for (int32_t l = 0; l < c->levels; l++)
    fprintf(f, "%" PRIu64 " %" PRIu64 "\n", c->level_nodes[l], c->level_updates[l]);
  fputs("done ", f);
  for (int64_t i = 0; i < c->subproblems; i += 4) {
    unsigned digit = 0;
    for (int b = 0; b < 4 && i + b < c->subproblems; b++) digit |= (unsigned)c->done[i + b] << b;
    fputc("0123456789abcdef"[digit], f);
  }
  int64_t cuts = 0;
  for (int64_t i = 0; c->handed && i < c->subproblems; i++) cuts += c->handed[i] > 0;
  fprintf(f, "\ncuts %" PRId64 "\n", cuts);
  for (int64_t i = 0; cuts && i < c->subproblems; i++)
    if (c->handed[i]) fprintf(f, "%" PRId64 " %" PRIu64 "\n", i, c->handed[i]);
  fprintf(f, "caller %zu\n", c->caller_size);
  if (c->caller_size) fwrite(c->caller, 1, c->caller_size, f);
  fputs("\nend\n", f);
}

pc_status pc_checkpoint_write(const char *path, const pc_checkpoint *c, pc_error *err)
{
  return pc_lines_save(path, write_body, c, err);
}

/* How many names pc_checkpoint_write_new tries before it gives up. */
#define NEW_NAMES 1000

/* `path`, or for k > 1 `path` with "-k" before the extension of its file
   name (its last dot, unless the name starts there); malloc'd. */
static char *numbered(const char *path, int k)
{
  if (k == 1) return strdup(path);
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  const char *dot = strrchr(base, '.');
  if (!dot || dot == base) dot = path + strlen(path);
  char *name;
  return asprintf(&name, "%.*s-%d%s", (int)(dot - path), path, k, dot) < 0 ? NULL : name;
}

pc_status pc_checkpoint_write_new(const char *path, const pc_checkpoint *c, char **written,
                                  pc_error *err)
{
  *written = NULL;
  for (int k = 1; k <= NEW_NAMES; k++) {
    char *name = numbered(path, k);
    if (!name) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0666);
    if (fd < 0 && errno == EEXIST) {
      free(name);
      continue;
    }
    pc_status s;
    if (fd < 0) {
      pc_error_file(err, name);
      s = pc_error_set(err, PC_ERR_IO, 0, 0, "cannot write a checkpoint here: %s",
                       strerror(errno));
    } else {
      close(fd);
      s = pc_checkpoint_write(name, c, err);
      if (s) unlink(name); /* the empty file taken, not left behind */
    }
    if (s) free(name);
    else *written = name;
    return s;
  }
  pc_error_file(err, path);
  return pc_error_set(err, PC_ERR_IO, 0, 0,
                      "%d checkpoints of other runs are here already; name one with --checkpoint",
                      NEW_NAMES);
}

void pc_checkpoint_free(pc_checkpoint *c)
{
  free(c->level_nodes);
  free(c->level_updates);
  free(c->done);
  free(c->handed);
  free(c->caller);
  memset(c, 0, sizeof *c);
}

/* A fault of the text itself (NUL, UTF-8, length) first, else `what`. */
static pc_status bad(pc_lines *r, pc_error *err, int column, const char *what)
{
  if (r->status) return pc_lines_fault(r, err);
  return pc_error_set(err, PC_ERR_INPUT, r->number ? r->number : 1, column,
                      "not a polycover checkpoint: %s", what);
}

/* The next line as "KEY N N ..." into v, each at most max. */
static pc_status numbers(pc_lines *r, const char *key, uint64_t *v, int n, uint64_t max,
                         const char *what, pc_error *err)
{
  int col = pc_lines_scan(r, key, v, n, max);
  return col ? bad(r, err, col < 0 ? 0 : col, what) : PC_OK;
}

static pc_status read_head(pc_lines *r, pc_checkpoint *c, pc_error *err)
{
  uint64_t v[3];
  pc_status s = numbers(r, "polycover-checkpoint", v, 1, UINT64_MAX,
                        "expected 'polycover-checkpoint 3' first", err);
  if (s) return s;
  if (v[0] != VERSION && v[0] != VERSION_WITHOUT_CUT)
    return bad(r, err, 22, "a checkpoint of another version of polycover (this one reads 2 and 3)");
  c->version = (int)v[0];
  int col = 0;
  if (!pc_lines_next(r) || (col = pc_scan_hex64(r->line, "problem", &c->problem)))
    return bad(r, err, r->status ? 0 : col, "expected 'problem HASH'");
  if (!pc_lines_next(r) ||
      !pc_scan_names(r->line, "search", c->engine, c->rule, PC_CHECKPOINT_NAME_MAX))
    return bad(r, err, 0, "expected 'search ENGINE RULE'");
  if ((s = numbers(r, "split", v, 2, INT32_MAX, "expected 'split DEPTH COUNT'", err))) return s;
  c->split_depth = (int32_t)v[0];
  c->subproblems = (int64_t)v[1];
  if ((s = numbers(r, "counts", v, 3, UINT64_MAX, "expected 'counts SOLUTIONS NODES UPDATES'",
                   err)))
    return s;
  c->solutions = v[0], c->nodes = v[1], c->updates = v[2];
  return PC_OK;
}

/* The levels' lines; their counters add up to the counts'. */
static pc_status read_levels(pc_lines *r, pc_checkpoint *c, pc_error *err)
{
  uint64_t v[2], nodes = 0, updates = 0;
  pc_status s = numbers(r, "levels", v, 1, INT32_MAX / 2, "expected 'levels COUNT'", err);
  if (s) return s;
  int32_t cap = 0, cap2 = 0;
  for (int64_t l = 0; l < (int64_t)v[0]; l++) {
    uint64_t pair[2];
    if ((s = numbers(r, "", pair, 2, UINT64_MAX, "expected 'NODES UPDATES' of a level", err)))
      return s;
    if (!pc_grow((void **)&c->level_nodes, &cap, l + 1, sizeof *c->level_nodes) ||
        !pc_grow((void **)&c->level_updates, &cap2, l + 1, sizeof *c->level_updates))
      return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    c->level_nodes[l] = pair[0];
    c->level_updates[l] = pair[1];
    nodes += pair[0];
    updates += pair[1];
    c->levels = (int32_t)l + 1;
  }
  if (c->levels && (nodes != c->nodes || updates != c->updates))
    return bad(r, err, 0, "the levels' counters do not add up to the counts");
  return PC_OK;
}

static int hex_value(char ch)
{
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  return -1;
}

/* One bit per subproblem, none past them. */
static pc_status read_done(pc_lines *r, pc_checkpoint *c, pc_error *err)
{
  if (!pc_lines_next(r) || strncmp(r->line, "done ", 5) ||
      r->len - 5 != (size_t)(c->subproblems + 3) / 4)
    return bad(r, err, 0, "expected 'done' and a hex digit per 4 subproblems");
  if (!(c->done = pc_calloc_array((size_t)c->subproblems + 1, sizeof *c->done)))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int64_t k = 0; k < (c->subproblems + 3) / 4; k++) {
    int digit = hex_value(r->line[5 + k]);
    if (digit < 0) return bad(r, err, 6 + (int)k, "expected hex digits after 'done'");
    for (int b = 0; b < 4; b++) {
      bool bit = (digit >> b) & 1;
      if (bit && 4 * k + b >= c->subproblems)
        return bad(r, err, 6 + (int)k, "a subproblem done past the split's count");
      if (bit) c->done[4 * k + b] = true;
    }
  }
  return PC_OK;
}

/* "cuts N" and N lines "SUBPROBLEM SOLUTIONS" (version 3): subproblems
   not done, in increasing order, each with solutions handed over. */
static pc_status read_cuts(pc_lines *r, pc_checkpoint *c, pc_error *err)
{
  uint64_t n, v[2];
  if (!(c->handed = pc_calloc_array((size_t)c->subproblems + 1, sizeof *c->handed)))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (c->version == VERSION_WITHOUT_CUT) return PC_OK;
  pc_status s = numbers(r, "cuts", &n, 1, (uint64_t)c->subproblems,
                        "expected 'cuts N' (at most the subproblems)", err);
  for (uint64_t k = 0, next = 0; !s && k < n; k++) {
    int col = pc_lines_scan(r, "", v, 2, UINT64_MAX);
    if (col) return bad(r, err, col < 0 ? 0 : col, "expected 'SUBPROBLEM SOLUTIONS'");
    if (v[0] < next || v[0] >= (uint64_t)c->subproblems || c->done[v[0]] || !v[1])
      return bad(r, err, 1, "a cut subproblem done, repeated, out of order or past the "
                            "split's count, or with no solutions");
    c->handed[v[0]] = v[1];
    next = v[0] + 1;
  }
  return s;
}

/* "caller SIZE", that many bytes (no more than the file holds), "end". */
static pc_status read_caller(pc_lines *r, pc_checkpoint *c, pc_error *err)
{
  uint64_t size;
  struct stat st;
  off_t at = ftello(r->f);
  uint64_t left = !fstat(fileno(r->f), &st) && at >= 0 && st.st_size >= at
                      ? (uint64_t)(st.st_size - at) : 0;
  pc_status s = numbers(r, "caller", &size, 1, left, "expected 'caller SIZE' (what the file holds)",
                        err);
  if (s) return s;
  c->caller_line = r->number;
  if (!(c->caller = malloc((size_t)size + 1)))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  c->caller_size = (size_t)size;
  if (!pc_lines_bytes(r, c->caller, c->caller_size))
    return bad(r, err, 0, "the caller's section is cut");
  c->caller[c->caller_size] = '\0';
  if (!pc_lines_next(r) || r->len) return bad(r, err, 0, "a line break after the caller's bytes");
  if (!pc_lines_next(r) || strcmp(r->line, "end")) return bad(r, err, 0, "expected 'end'");
  return pc_lines_checksum(r, err);
}

pc_status pc_checkpoint_read(const char *path, pc_checkpoint *c, pc_error *err)
{
  memset(c, 0, sizeof *c);
  pc_lines r;
  pc_status s = pc_lines_open(&r, path, err);
  if (s) return s;
  if (!(s = read_head(&r, c, err)) && !(s = read_levels(&r, c, err)) &&
      !(s = read_done(&r, c, err)) && !(s = read_cuts(&r, c, err)))
    s = read_caller(&r, c, err);
  pc_lines_close(&r);
  if (s) pc_checkpoint_free(c);
  return s;
}

/* checkpoint.c — writing and reading the checkpoint file of a split
   search. */
#include "run/checkpoint.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/atomic.h"
#include "core/lines.h"

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
  const unsigned char *p = data;
  for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 0x100000001b3ull;
  return h;
}

uint64_t pc_xc_hash(const pc_xc *xc)
{
  uint64_t h = 0xcbf29ce484222325ull;
  h = fnv(h, &xc->n_items, sizeof xc->n_items);
  h = fnv(h, &xc->n_primary, sizeof xc->n_primary);
  h = fnv(h, &xc->n_options, sizeof xc->n_options);
  for (int32_t i = 0; i < xc->n_items; i++) h = fnv(h, xc->names[i], strlen(xc->names[i]) + 1);
  if (xc->n_options) {
    h = fnv(h, xc->opt_start, ((size_t)xc->n_options + 1) * sizeof *xc->opt_start);
    h = fnv(h, xc->opt_items, (size_t)xc->opt_start[xc->n_options] * sizeof *xc->opt_items);
  }
  return h;
}

static void write_body(FILE *f, const pc_checkpoint *c)
{
  fprintf(f, "polycover-checkpoint 1\nproblem %016" PRIx64 "\nsearch %s %s\n", c->problem,
          c->engine, c->rule);
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
  fprintf(f, "\ncaller %zu\n", c->caller_size);
  if (c->caller_size) fwrite(c->caller, 1, c->caller_size, f);
  fputs("\nend\n", f);
}

pc_status pc_checkpoint_write(const char *path, const pc_checkpoint *c, pc_error *err)
{
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (s) return s;
  write_body(f, c);
  s = pc_atomic_commit(f, tmp, path, err);
  free(tmp);
  return s;
}

void pc_checkpoint_free(pc_checkpoint *c)
{
  free(c->level_nodes);
  free(c->level_updates);
  free(c->done);
  free(c->caller);
  memset(c, 0, sizeof *c);
}

static pc_status bad(pc_lines *r, pc_error *err, const char *what)
{
  return pc_error_set(err, PC_ERR_INPUT, r->number, 0, "not a polycover checkpoint: %s", what);
}

static int hex_value(char ch)
{
  if (ch >= '0' && ch <= '9') return ch - '0';
  if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
  return -1;
}

static pc_status read_body(pc_lines *r, pc_checkpoint *c, pc_error *err)
{
  int version, used;
  if (!pc_lines_next(r) || sscanf(r->line, "polycover-checkpoint %d%n", &version, &used) != 1 ||
      r->line[used] || version != 1)
    return bad(r, err, "expected 'polycover-checkpoint 1'");
  if (!pc_lines_next(r) || sscanf(r->line, "problem %" SCNx64 "%n", &c->problem, &used) != 1 ||
      r->line[used])
    return bad(r, err, "expected 'problem HASH'");
  if (!pc_lines_next(r) || sscanf(r->line, "search %15s %15s%n", c->engine, c->rule, &used) != 2 ||
      r->line[used])
    return bad(r, err, "expected 'search ENGINE RULE'");
  int depth;
  if (!pc_lines_next(r) ||
      sscanf(r->line, "split %d %" SCNd64 "%n", &depth, &c->subproblems, &used) != 2 ||
      r->line[used] || depth < 0 || c->subproblems < 0 || c->subproblems > INT32_MAX)
    return bad(r, err, "expected 'split DEPTH COUNT'");
  c->split_depth = depth;
  if (!pc_lines_next(r) ||
      sscanf(r->line, "counts %" SCNu64 " %" SCNu64 " %" SCNu64 "%n", &c->solutions, &c->nodes,
             &c->updates, &used) != 3 ||
      r->line[used])
    return bad(r, err, "expected 'counts SOLUTIONS NODES UPDATES'");
  int levels;
  if (!pc_lines_next(r) || sscanf(r->line, "levels %d%n", &levels, &used) != 1 || r->line[used] ||
      levels < 0 || levels > INT32_MAX / 2)
    return bad(r, err, "expected 'levels COUNT'");
  c->levels = levels;
  c->level_nodes = pc_calloc_array((size_t)levels + 1, sizeof *c->level_nodes);
  c->level_updates = pc_calloc_array((size_t)levels + 1, sizeof *c->level_updates);
  c->done = pc_calloc_array((size_t)c->subproblems + 1, sizeof *c->done);
  if (!c->level_nodes || !c->level_updates || !c->done)
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t l = 0; l < c->levels; l++)
    if (!pc_lines_next(r) ||
        sscanf(r->line, "%" SCNu64 " %" SCNu64 "%n", &c->level_nodes[l], &c->level_updates[l],
               &used) != 2 ||
        r->line[used])
      return bad(r, err, "expected 'NODES UPDATES' of a level");
  if (!pc_lines_next(r) || strncmp(r->line, "done ", 5) ||
      strlen(r->line + 5) != (size_t)(c->subproblems + 3) / 4)
    return bad(r, err, "expected 'done' and a hex digit per 4 subproblems");
  for (int64_t i = 0; i < c->subproblems; i++) {
    int digit = hex_value(r->line[5 + i / 4]);
    if (digit < 0) return bad(r, err, "expected hex digits after 'done'");
    c->done[i] = (digit >> (i % 4)) & 1;
  }
  size_t size;
  if (!pc_lines_next(r) || sscanf(r->line, "caller %zu%n", &size, &used) != 1 || r->line[used])
    return bad(r, err, "expected 'caller SIZE'");
  c->caller = malloc(size + 1);
  if (!c->caller) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  c->caller_size = size;
  if (fread(c->caller, 1, size, r->f) != size) return bad(r, err, "the caller's section is cut");
  for (size_t i = 0; i < size; i++) r->number += c->caller[i] == '\n';
  if (fgetc(r->f) != '\n' || !pc_lines_next(r) || strcmp(r->line, "end"))
    return bad(r, err, "expected 'end'");
  return PC_OK;
}

pc_status pc_checkpoint_read(const char *path, pc_checkpoint *c, pc_error *err)
{
  memset(c, 0, sizeof *c);
  pc_lines r;
  pc_status s = pc_lines_open(&r, path, err);
  if (s) return s;
  s = read_body(&r, c, err);
  pc_lines_close(&r);
  if (s) pc_checkpoint_free(c);
  return s;
}

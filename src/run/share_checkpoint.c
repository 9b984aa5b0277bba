/* share_checkpoint.c — a meet job's shares counted so far. */
#include "run/share_checkpoint.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/lines.h"

#define MAGIC "polycover-shares"
#define VERSION 1

static void write_header(FILE *f, const pc_job *j)
{
  fprintf(f, "%s %d\nproblem %016llx\nsplit %d %lld\njob %d %d\n", MAGIC, VERSION,
          (unsigned long long)j->problem, (int)j->depth, (long long)j->subproblems,
          (int)j->number, (int)j->jobs);
}

static pc_status cannot(const char *path, const char *what, pc_error *err)
{
  pc_error_file(err, path);
  return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot %s: %s", what, strerror(errno));
}

pc_status pc_share_checkpoint_create(const char *path, const pc_job *j, FILE **out,
                                     pc_error *err)
{
  *out = fopen(path, "w");
  if (!*out) return cannot(path, "write", err);
  write_header(*out, j);
  if (fflush(*out)) {
    fclose(*out);
    *out = NULL;
    return cannot(path, "write", err);
  }
  return PC_OK;
}

/* A line of the header: "KEY N ..." with the values j has. */
static pc_status header_line(pc_lines *in, const char *key, const uint64_t *want, int n,
                             pc_error *err)
{
  uint64_t v[2];
  int col = pc_lines_scan(in, key, v, n, UINT64_MAX);
  if (in->status) return pc_lines_fault(in, err);
  if (col) return pc_error_set(err, PC_ERR_INPUT, in->number, col, "expected '%s'", key);
  for (int k = 0; k < n; k++)
    if (v[k] != want[k])
      return pc_error_set(err, PC_ERR_INPUT, in->number, 0,
                          "this checkpoint is not the job's (its '%s' line differs)", key);
  return PC_OK;
}

static pc_status read_header(pc_lines *in, const pc_job *j, pc_error *err)
{
  uint64_t version = VERSION, problem;
  pc_status s = header_line(in, MAGIC, &version, 1, err);
  if (s) return s;
  int col = pc_lines_next(in) ? pc_scan_hex64(in->line, "problem", &problem) : -1;
  if (in->status) return pc_lines_fault(in, err);
  if (col) return pc_error_set(err, PC_ERR_INPUT, in->number, col, "expected 'problem HASH'");
  if (problem != j->problem)
    return pc_error_set(err, PC_ERR_INPUT, in->number, 0,
                        "this checkpoint is not the job's (another problem)");
  uint64_t split[2] = {(uint64_t)j->depth, (uint64_t)j->subproblems};
  uint64_t job[2] = {(uint64_t)j->number, (uint64_t)j->jobs};
  s = header_line(in, "split", split, 2, err);
  return s ? s : header_line(in, "job", job, 2, err);
}

/* Where share x is among j's ids, or -1. */
static int64_t id_index(const pc_job *j, int64_t x)
{
  for (int64_t k = 0; k < j->n_ids; k++)
    if (j->ids[k] == x) return k;
  return -1;
}

/* The share lines, each a share of j's, once. */
static pc_status read_shares(pc_lines *in, const pc_job *j, pc_share_count *done, int64_t *n,
                             pc_error *err)
{
  bool *seen = pc_calloc_array((size_t)j->n_ids, sizeof *seen);
  if (!seen) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_status s = PC_OK;
  uint64_t v[3];
  int col;
  while (!s && (col = pc_lines_scan(in, "share", v, 3, UINT64_MAX)) >= 0) {
    int64_t k = col ? -1 : id_index(j, (int64_t)v[0]);
    if (col)
      s = pc_error_set(err, PC_ERR_INPUT, in->number, col, "expected 'share N SOLUTIONS STATES'");
    else if (k < 0 || seen[k])
      s = pc_error_set(err, PC_ERR_INPUT, in->number, 7, "share %llu is %s",
                       (unsigned long long)v[0], k < 0 ? "not the job's" : "there twice");
    else {
      seen[k] = true;
      done[(*n)++] = (pc_share_count){(int64_t)v[0], v[1], v[2]};
    }
  }
  if (!s && in->status) s = pc_lines_fault(in, err);
  free(seen);
  return s;
}

pc_status pc_share_checkpoint_resume(const char *path, const pc_job *j, pc_share_count **done,
                                     int64_t *n, FILE **out, pc_error *err)
{
  *n = 0;
  *out = NULL;
  *done = pc_alloc_array((size_t)j->n_ids, sizeof **done);
  if (!*done) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  pc_lines in;
  pc_status s = pc_lines_open(&in, path, err);
  if (s) return s;
  s = read_header(&in, j, err);
  if (!s) s = read_shares(&in, j, *done, n, err);
  pc_lines_close(&in);
  if (!s && !(*out = fopen(path, "a"))) s = cannot(path, "append to", err);
  return s;
}

pc_status pc_share_checkpoint_add(FILE *f, const char *path, const pc_share_count *c,
                                  pc_error *err)
{
  fprintf(f, "share %lld %llu %llu\n", (long long)c->share, (unsigned long long)c->solutions,
          (unsigned long long)c->states);
  return fflush(f) ? cannot(path, "write", err) : PC_OK;
}

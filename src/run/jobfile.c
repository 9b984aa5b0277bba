/* jobfile.c — dealing a split search out to job files, and writing and
   reading job and result files. */
#include "run/jobfile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/lines.h"

#define IDS_PER_LINE 16
#define VERSION 2

static void job_clear(pc_job *j)
{
  free(j->board);
  free(j->ids);
  memset(j, 0, sizeof *j);
}

void pc_job_free(pc_job *j) { job_clear(j); }

void pc_result_free(pc_result *r)
{
  job_clear(&r->job);
  free(r->census);
  memset(r, 0, sizeof *r);
}

pc_status pc_jobs_deal(const pc_runner_plan *plan, const pc_job *header, pc_job *jobs, int32_t n,
                       double *shares, pc_error *err)
{
  /* Each job gets at most its count of the largest-first order; counts
     first, then the ids, so each array is allocated once. */
  int32_t *owner = pc_alloc_array((size_t)plan->subproblems + 1, sizeof *owner);
  if (!owner) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int32_t k = 0; k < n; k++) {
    jobs[k] = *header;
    jobs[k].board = NULL;
    jobs[k].ids = NULL;
    jobs[k].n_ids = 0;
    jobs[k].subproblems = plan->subproblems;
    jobs[k].number = k + 1;
    jobs[k].jobs = n;
    shares[k] = 0;
  }
  for (int64_t i = 0; i < plan->subproblems; i++) {
    int32_t best = 0;
    for (int32_t k = 1; k < n; k++)
      if (shares[k] < shares[best] ||
          (shares[k] == shares[best] && jobs[k].n_ids < jobs[best].n_ids))
        best = k;
    owner[i] = best;
    shares[best] += plan->weights[plan->order[i]];
    jobs[best].n_ids++;
  }
  pc_status s = PC_OK;
  for (int32_t k = 0; k < n && !s; k++) {
    jobs[k].board = strdup(header->board);
    jobs[k].ids = pc_alloc_array((size_t)jobs[k].n_ids + 1, sizeof *jobs[k].ids);
    if (!jobs[k].board || !jobs[k].ids) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    jobs[k].n_ids = 0;
  }
  for (int64_t i = 0; i < plan->subproblems && !s; i++) {
    pc_job *j = &jobs[owner[i]];
    j->ids[j->n_ids++] = plan->order[i];
  }
  free(owner);
  if (s)
    for (int32_t k = 0; k < n; k++) job_clear(&jobs[k]);
  return s;
}

/* ---- writing ---- */

static void write_job_lines(FILE *f, const char *magic, const pc_job *j)
{
  fprintf(f, "%s %d\nboard %s\nproblem %016" PRIx64 "\nsearch %s %s\noptions %s\n", magic,
          VERSION, j->board, j->problem, j->engine, j->rule, j->options);
  fprintf(f, "split %d %" PRId64 "\njob %d %d\nids %" PRId64 "\n", (int)j->depth,
          j->subproblems, (int)j->number, (int)j->jobs, j->n_ids);
  for (int64_t i = 0; i < j->n_ids; i++)
    fprintf(f, "%" PRId64 "%c", j->ids[i],
            (i + 1) % IDS_PER_LINE == 0 || i + 1 == j->n_ids ? '\n' : ' ');
}

static void job_body(FILE *f, const void *ctx)
{
  write_job_lines(f, "polycover-job", ctx);
  fputs("end\n", f);
}

pc_status pc_job_write(const char *path, const pc_job *j, pc_error *err)
{
  return pc_lines_save(path, job_body, j, err);
}

typedef struct result_text {
  const pc_result *r;
  const pc_census *c;
} result_text;

static void result_body(FILE *f, const void *ctx)
{
  const pc_result *r = ((const result_text *)ctx)->r;
  write_job_lines(f, "polycover-result", &r->job);
  fprintf(f, "base %" PRIu64 " %" PRIu64 "\ncounts %" PRIu64 " %" PRIu64 " %" PRIu64
             "\nseconds %.6f\n",
          r->split_nodes, r->split_updates, r->met, r->nodes, r->updates, r->seconds);
  pc_census_save(((const result_text *)ctx)->c, f);
  fputs("end\n", f);
}

pc_status pc_result_write(const char *path, const pc_result *r, const pc_census *c,
                          pc_error *err)
{
  result_text text = {r, c};
  return pc_lines_save(path, result_body, &text, err);
}

/* ---- reading ---- */

typedef struct reader {
  pc_lines in;
  const char *what; /* "job", "result" */
} reader;

/* A fault of the text itself first; the line is the one read last, or 1
   in an empty file. */
static pc_status bad_at(reader *r, pc_error *err, int column, const char *what)
{
  if (r->in.status) return pc_lines_fault(&r->in, err);
  return pc_error_set(err, PC_ERR_INPUT, r->in.number ? r->in.number : 1, column < 0 ? 0 : column,
                      "not a polycover %s file: expected %s", r->what, what);
}

static pc_status bad(reader *r, pc_error *err, const char *what)
{
  return bad_at(r, err, 0, what);
}

/* The next line as "KEY N ...", each number at most max. */
static pc_status numbers(reader *r, const char *key, uint64_t *v, int n, uint64_t max,
                         const char *what, pc_error *err)
{
  int col = pc_lines_scan(&r->in, key, v, n, max);
  return col ? bad_at(r, err, col, what) : PC_OK;
}

/* "KEY rest": the rest, or NULL when the line is not one. */
static const char *keyed(reader *r, const char *key)
{
  size_t n = strlen(key);
  if (!pc_lines_next(&r->in) || strncmp(r->in.line, key, n) || r->in.line[n] != ' ' ||
      !r->in.line[n + 1])
    return NULL;
  return r->in.line + n + 1;
}

/* all|unique, then any of best and sym-table, once each and in order. */
static bool valid_options(const char *text)
{
  const char *words[] = {"best", "sym-table"};
  size_t n = strcspn(text, " ");
  if (!((n == 3 && !strncmp(text, "all", 3)) || (n == 6 && !strncmp(text, "unique", 6))))
    return false;
  text += n;
  for (int w = 0; w < 2 && *text; w++) {
    size_t k = strlen(words[w]);
    if (!strncmp(text + 1, words[w], k) && (text[1 + k] == ' ' || !text[1 + k])) text += 1 + k;
  }
  return !*text;
}

/* The lines up to the options. */
static pc_status read_head(reader *r, const char *magic, pc_job *j, pc_error *err)
{
  uint64_t v;
  char first[40];
  snprintf(first, sizeof first, "'%s %d' first", magic, VERSION);
  if (pc_lines_scan(&r->in, magic, &v, 1, UINT64_MAX)) return bad(r, err, first);
  if (v != VERSION) return bad(r, err, "this version of the format (an older polycover's file?)");
  const char *rest;
  if (!(rest = keyed(r, "board"))) return bad(r, err, "'board FILE'");
  if (!(j->board = strdup(rest))) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  int col = pc_lines_next(&r->in) ? pc_scan_hex64(r->in.line, "problem", &j->problem) : -1;
  if (col) return bad_at(r, err, col, "'problem HASH'");
  if (!pc_lines_next(&r->in) ||
      !pc_scan_names(r->in.line, "search", j->engine, j->rule, PC_JOB_WORD_MAX))
    return bad(r, err, "'search ENGINE RULE'");
  if (!(rest = keyed(r, "options")) || strlen(rest) > PC_JOB_OPTIONS_MAX || !valid_options(rest))
    return bad(r, err, "'options all|unique [best] [sym-table]'");
  strcpy(j->options, rest);
  return PC_OK;
}

/* "split", "job" and "ids" lines. */
static pc_status read_split(reader *r, pc_job *j, pc_error *err)
{
  uint64_t v[2];
  pc_status s = numbers(r, "split", v, 2, INT32_MAX, "'split DEPTH SUBPROBLEMS'", err);
  if (s) return s;
  if (!v[0] || !v[1]) return bad(r, err, "'split DEPTH SUBPROBLEMS', both at least 1");
  j->depth = (int32_t)v[0];
  j->subproblems = (int64_t)v[1];
  if ((s = numbers(r, "job", v, 2, INT32_MAX, "'job NUMBER JOBS'", err))) return s;
  if (!v[0] || v[0] > v[1]) return bad(r, err, "'job NUMBER JOBS' (1 <= NUMBER <= JOBS)");
  j->number = (int32_t)v[0];
  j->jobs = (int32_t)v[1];
  if ((s = numbers(r, "ids", v, 1, (uint64_t)j->subproblems,
                   "'ids COUNT' (at most the subproblems)", err)))
    return s;
  j->n_ids = (int64_t)v[0];
  return PC_OK;
}

/* The ids, IDS_PER_LINE to a line, each below the split's count and
   given once. */
static pc_status read_ids(reader *r, pc_job *j, pc_error *err)
{
  uint64_t *seen = pc_calloc_array((size_t)j->subproblems / 64 + 1, sizeof *seen);
  if (!(j->ids = pc_alloc_array((size_t)j->n_ids + 1, sizeof *j->ids)) || !seen) {
    free(seen);
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  }
  pc_status s = PC_OK;
  for (int64_t i = 0; i < j->n_ids && !s;) {
    int on_line = j->n_ids - i < IDS_PER_LINE ? (int)(j->n_ids - i) : IDS_PER_LINE;
    uint64_t v[IDS_PER_LINE];
    if ((s = numbers(r, "", v, on_line, (uint64_t)j->subproblems - 1,
                     "subproblem ids, 16 to a line, below the split's count", err)))
      break;
    for (int k = 0; k < on_line && !s; k++) {
      if (seen[v[k] / 64] >> (v[k] % 64) & 1)
        s = pc_error_set(err, PC_ERR_INPUT, r->in.number, 0,
                         "subproblem %" PRIu64 " is listed twice", v[k]);
      seen[v[k] / 64] |= 1ull << (v[k] % 64);
      j->ids[i++] = (int64_t)v[k];
    }
  }
  free(seen);
  return s;
}

static pc_status read_job_lines(reader *r, const char *magic, pc_job *j, pc_error *err)
{
  pc_status s = read_head(r, magic, j, err);
  if (!s) s = read_split(r, j, err);
  if (!s) s = read_ids(r, j, err);
  return s;
}

static pc_status open_reader(reader *r, const char *path, const char *what, pc_error *err)
{
  r->what = what;
  return pc_lines_open(&r->in, path, err);
}

pc_status pc_job_read(const char *path, pc_job *j, pc_error *err)
{
  memset(j, 0, sizeof *j);
  reader r;
  pc_status s = open_reader(&r, path, "job", err);
  if (s) return s;
  s = read_job_lines(&r, "polycover-job", j, err);
  if (!s && (!pc_lines_next(&r.in) || strcmp(r.in.line, "end"))) s = bad(&r, err, "'end'");
  if (!s) s = pc_lines_checksum(&r.in, err);
  pc_lines_close(&r.in);
  if (s) job_clear(j);
  return s;
}

/* Plain decimal seconds: digits, and a point and digits. */
static bool seconds(const char *text, double *v)
{
  size_t n = strspn(text, "0123456789");
  if (!n || (text[n] && (text[n] != '.' || !text[n + 1] ||
                         text[n + 1 + strspn(text + n + 1, "0123456789")])))
    return false;
  *v = strtod(text, NULL);
  return true;
}

/* "base", "counts" and "seconds". */
static pc_status read_counts(reader *r, pc_result *res, pc_error *err)
{
  uint64_t v[3];
  pc_status s = numbers(r, "base", v, 2, UINT64_MAX, "'base NODES UPDATES'", err);
  if (s) return s;
  res->split_nodes = v[0], res->split_updates = v[1];
  if ((s = numbers(r, "counts", v, 3, UINT64_MAX, "'counts SOLUTIONS NODES UPDATES'", err)))
    return s;
  res->met = v[0], res->nodes = v[1], res->updates = v[2];
  if (res->nodes < res->split_nodes || res->updates < res->split_updates)
    return bad(r, err, "'counts SOLUTIONS NODES UPDATES' (at least the base's)");
  const char *rest = keyed(r, "seconds");
  if (!rest || !seconds(rest, &res->seconds)) return bad(r, err, "'seconds S'");
  return PC_OK;
}

/* The census, kept as text up to its end for pc_census_merge; its first
   line checked against the counts: no more classes than solutions met. */
static pc_status read_census(reader *r, pc_result *res, pc_error *err)
{
  res->census_line = r->in.number;
  uint64_t v[2];
  pc_status s = numbers(r, "census", v, 2, UINT64_MAX, "'census SOLUTIONS UNIQUE'", err);
  if (s) return s;
  bool all = !strncmp(res->job.options, "all", 3);
  if (v[1] > res->met || v[1] > v[0] || (all && v[0] > res->met))
    return bad(r, err, "a census that fits the counts (no more classes than solutions, "
                       "no more than were met)");
  FILE *mem = open_memstream(&res->census, &res->census_size);
  if (!mem) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  fprintf(mem, "%s\n", r->in.line);
  bool ended = false;
  while (!ended && pc_lines_next(&r->in)) {
    fprintf(mem, "%s\n", r->in.line);
    ended = !strcmp(r->in.line, "end census");
  }
  if (fclose(mem)) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!ended) return bad(r, err, "a census ending with 'end census'");
  return PC_OK;
}

static pc_status read_result(reader *r, pc_result *res, pc_error *err)
{
  pc_status s = read_job_lines(r, "polycover-result", &res->job, err);
  if (!s) s = read_counts(r, res, err);
  if (!s) s = read_census(r, res, err);
  if (!s && (!pc_lines_next(&r->in) || strcmp(r->in.line, "end"))) s = bad(r, err, "'end'");
  if (!s) s = pc_lines_checksum(&r->in, err);
  return s;
}

pc_status pc_result_read(const char *path, pc_result *res, pc_error *err)
{
  memset(res, 0, sizeof *res);
  reader r;
  pc_status s = open_reader(&r, path, "result", err);
  if (s) return s;
  s = read_result(&r, res, err);
  pc_lines_close(&r.in);
  if (s) pc_result_free(res);
  return s;
}

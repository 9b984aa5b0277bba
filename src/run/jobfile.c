/* jobfile.c — dealing a split search out to job files, and writing and
   reading job and result files. */
#include "run/jobfile.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "core/alloc.h"
#include "core/atomic.h"
#include "core/lines.h"

#define IDS_PER_LINE 16

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
  fprintf(f, "%s 1\nboard %s\nproblem %016" PRIx64 "\nsearch %s %s\noptions %s\n", magic,
          j->board, j->problem, j->engine, j->rule, j->options);
  fprintf(f, "split %d %" PRId64 "\njob %d %d\nids %" PRId64 "\n", (int)j->depth,
          j->subproblems, (int)j->number, (int)j->jobs, j->n_ids);
  for (int64_t i = 0; i < j->n_ids; i++)
    fprintf(f, "%" PRId64 "%c", j->ids[i],
            (i + 1) % IDS_PER_LINE == 0 || i + 1 == j->n_ids ? '\n' : ' ');
}

pc_status pc_job_write(const char *path, const pc_job *j, pc_error *err)
{
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (s) return s;
  write_job_lines(f, "polycover-job", j);
  fputs("end\n", f);
  s = pc_atomic_commit(f, tmp, path, err);
  free(tmp);
  return s;
}

pc_status pc_result_write(const char *path, const pc_result *r, const pc_census *c,
                          pc_error *err)
{
  FILE *f;
  char *tmp;
  pc_status s = pc_atomic_open(path, &f, &tmp, err);
  if (s) return s;
  write_job_lines(f, "polycover-result", &r->job);
  fprintf(f, "base %" PRIu64 " %" PRIu64 "\ncounts %" PRIu64 " %" PRIu64 " %" PRIu64
             "\nseconds %.6f\n",
          r->split_nodes, r->split_updates, r->met, r->nodes, r->updates, r->seconds);
  pc_census_save(c, f);
  fputs("end\n", f);
  s = pc_atomic_commit(f, tmp, path, err);
  free(tmp);
  return s;
}

/* ---- reading ---- */

typedef struct reader {
  pc_lines in;
  const char *what; /* "job", "result" */
} reader;

/* The line number is the one read last, or the next one at the end. */
static pc_status bad(reader *r, pc_error *err, const char *what)
{
  return pc_error_set(err, PC_ERR_INPUT, r->in.number ? r->in.number : 1, 0,
                      "not a polycover %s file: expected %s", r->what, what);
}

/* "KEY rest": the rest, or NULL when the line is not one. */
static const char *keyed(reader *r, const char *key)
{
  size_t n = strlen(key);
  if (!pc_lines_next(&r->in) || strncmp(r->in.line, key, n) || r->in.line[n] != ' ' || !r->in.line[n + 1])
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

static pc_status read_job_lines(reader *r, const char *magic, pc_job *j, pc_error *err)
{
  const char *rest;
  int used, depth, number, jobs;
  char first[32];
  snprintf(first, sizeof first, "%s 1", magic);
  if (!pc_lines_next(&r->in) || strcmp(r->in.line, first))
    return pc_error_set(err, PC_ERR_INPUT, 1, 0, "not a polycover %s file: expected '%s' first",
                        r->what, first);
  if (!(rest = keyed(r, "board"))) return bad(r, err, "'board FILE'");
  if (!(j->board = strdup(rest))) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!pc_lines_next(&r->in) || sscanf(r->in.line, "problem %" SCNx64 "%n", &j->problem, &used) != 1 ||
      r->in.line[used])
    return bad(r, err, "'problem HASH'");
  if (!pc_lines_next(&r->in) ||
      sscanf(r->in.line, "search %15s %15s%n", j->engine, j->rule, &used) != 2 || r->in.line[used])
    return bad(r, err, "'search ENGINE RULE'");
  if (!(rest = keyed(r, "options")) || strlen(rest) > PC_JOB_OPTIONS_MAX || !valid_options(rest))
    return bad(r, err, "'options all|unique [best] [sym-table]'");
  strcpy(j->options, rest);
  if (!pc_lines_next(&r->in) ||
      sscanf(r->in.line, "split %d %" SCNd64 "%n", &depth, &j->subproblems, &used) != 2 ||
      r->in.line[used] || depth < 1 || j->subproblems < 1 || j->subproblems > INT32_MAX)
    return bad(r, err, "'split DEPTH SUBPROBLEMS'");
  j->depth = depth;
  if (!pc_lines_next(&r->in) || sscanf(r->in.line, "job %d %d%n", &number, &jobs, &used) != 2 ||
      r->in.line[used] || jobs < 1 || number < 1 || number > jobs)
    return bad(r, err, "'job NUMBER JOBS' (1 <= NUMBER <= JOBS)");
  j->number = number;
  j->jobs = jobs;
  if (!pc_lines_next(&r->in) || sscanf(r->in.line, "ids %" SCNd64 "%n", &j->n_ids, &used) != 1 ||
      r->in.line[used] || j->n_ids < 0 || j->n_ids > j->subproblems)
    return bad(r, err, "'ids COUNT' (at most the subproblems)");
  if (!(j->ids = pc_alloc_array((size_t)j->n_ids + 1, sizeof *j->ids)))
    return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int64_t i = 0; i < j->n_ids;) {
    if (!pc_lines_next(&r->in)) return bad(r, err, "more subproblem ids");
    const char *at = r->in.line;
    while (*at && i < j->n_ids) {
      char *end;
      long long id = strtoll(at, &end, 10);
      if (end == at || id < 0 || id >= j->subproblems || (*end && *end != ' '))
        return bad(r, err, "subproblem ids (numbers below the split's count)");
      j->ids[i++] = id;
      at = end + (*end == ' ');
    }
    if (*at) return bad(r, err, "no more ids than 'ids' says");
  }
  return PC_OK;
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
  pc_lines_close(&r.in);
  if (s) job_clear(j);
  return s;
}

static pc_status read_result(reader *r, pc_result *res, pc_error *err)
{
  pc_status s = read_job_lines(r, "polycover-result", &res->job, err);
  if (s) return s;
  int used;
  if (!pc_lines_next(&r->in) ||
      sscanf(r->in.line, "base %" SCNu64 " %" SCNu64 "%n", &res->split_nodes, &res->split_updates,
             &used) != 2 ||
      r->in.line[used])
    return bad(r, err, "'base NODES UPDATES'");
  if (!pc_lines_next(&r->in) ||
      sscanf(r->in.line, "counts %" SCNu64 " %" SCNu64 " %" SCNu64 "%n", &res->met, &res->nodes,
             &res->updates, &used) != 3 ||
      r->in.line[used] || res->nodes < res->split_nodes || res->updates < res->split_updates)
    return bad(r, err, "'counts SOLUTIONS NODES UPDATES' (at least the base's)");
  if (!pc_lines_next(&r->in) || sscanf(r->in.line, "seconds %lf%n", &res->seconds, &used) != 1 ||
      r->in.line[used] || !(res->seconds >= 0))
    return bad(r, err, "'seconds S'");
  /* The census, kept as text up to its end for pc_census_merge. */
  res->census_line = r->in.number;
  FILE *mem = open_memstream(&res->census, &res->census_size);
  if (!mem) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  bool ended = false;
  while (!ended && pc_lines_next(&r->in)) {
    fprintf(mem, "%s\n", r->in.line);
    ended = !strcmp(r->in.line, "end census");
  }
  if (fclose(mem)) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!ended) return bad(r, err, "a census ending with 'end census'");
  if (!pc_lines_next(&r->in) || strcmp(r->in.line, "end")) return bad(r, err, "'end'");
  return PC_OK;
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

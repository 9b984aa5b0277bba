/* solve_jobs.c — splitting solve's search into job files, running one. */
#include "cli/solve_jobs.h"

#include <errno.h>
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/common.h"
#include "cli/count_progress.h"
#include "cli/folder.h"
#include "core/alloc.h"
#include "run/checkpoint.h"
#include "run/share_checkpoint.h"
#include "core/clock.h"
#include "core/engines.h"
#include "poly/frontier.h"

/* The header's board and problem. */
static pc_status job_of_board(pc_job *j, const char *board, const pc_solver *sv, pc_error *err)
{
  memset(j, 0, sizeof *j);
  /* Absolute, so that the jobs can run from any folder of the machines
     that share it. */
  char *real = realpath(board, NULL);
  j->board = real ? real : strdup(board);
  if (!j->board) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  j->problem = pc_xc_hash(&sv->matrix.xc);
  return PC_OK;
}

pc_status pc_solve_job_header(pc_job *j, const char *board, const pc_solver *sv,
                              const pc_runner_config *cfg, bool best, bool sym_table,
                              int32_t depth, pc_error *err)
{
  pc_status s = job_of_board(j, board, sv, err);
  if (s) return s;
  snprintf(j->engine, sizeof j->engine, "%s", cfg->engine->name);
  snprintf(j->rule, sizeof j->rule, "%s", pc_choose_name(cfg->choose));
  snprintf(j->options, sizeof j->options, "%s%s%s", sv->census.all ? "all" : "unique",
           best ? " best" : "", sym_table ? " sym-table" : "");
  j->depth = depth;
  return PC_OK;
}

/* DIR/NAME-K.job, NAME the board's file name without .yaml, K padded to
   the width of the number of jobs so that the files sort. */
static char *job_path(const char *dir, const char *board, int32_t k, int32_t jobs)
{
  char *copy = strdup(board), *path = NULL;
  if (!copy) return NULL;
  char *name = basename(copy), *dot = strrchr(name, '.');
  if (dot && dot != name) *dot = '\0';
  int width = snprintf(NULL, 0, "%d", (int)jobs);
  if (asprintf(&path, "%s/%s-%0*d.job", dir, name, width, (int)k) < 0) path = NULL;
  free(copy);
  return path;
}

/* What --split-only made: the split and each job's file, subproblems and
   share of the search (shares of the tree below the split, out of 1). */
typedef struct split_made {
  const pc_job *header;
  const pc_solver *sv;
  int64_t subproblems;
  const pc_job *list;
  double *shares;
  char **paths;
  int32_t jobs;
  const char *dir;
} split_made;

static void list_jobs_json(const split_made *m)
{
  pc_json j;
  pc_json_begin(&j, stdout);
  pc_json_str(&j, "title", m->sv->pz->title);
  pc_json_u64(&j, "depth", (uint64_t)m->header->depth);
  pc_json_u64(&j, "subproblems", (uint64_t)m->subproblems);
  pc_json_str(&j, "engine", m->header->engine);
  pc_json_str(&j, "rule", m->header->rule);
  pc_json_str(&j, "options", m->header->options);
  pc_json_array(&j, "jobs");
  for (int32_t k = 0; k < m->jobs; k++) {
    pc_json_object(&j, NULL);
    pc_json_str(&j, "file", m->paths[k]);
    pc_json_u64(&j, "subproblems", (uint64_t)m->list[k].n_ids);
    pc_json_double(&j, "share", m->shares[k]);
    pc_json_close(&j);
  }
  pc_json_end(&j);
}

static void list_jobs(const split_made *m)
{
  printf("%s\nsplit at depth %d: %lld %s (engine %s, rule %s, %s), %d %s:\n",
         m->sv->pz->title, (int)m->header->depth, (long long)m->subproblems,
         pc_plural((uint64_t)m->subproblems, "subproblem", "subproblems"), m->header->engine,
         m->header->rule, m->header->options, (int)m->jobs,
         pc_plural((uint64_t)m->jobs, "job", "jobs"));
  for (int32_t k = 0; k < m->jobs; k++)
    printf("%-30s %8lld %-11s %5.1f%% of the search (estimated)\n", m->paths[k],
           (long long)m->list[k].n_ids,
           pc_plural((uint64_t)m->list[k].n_ids, "subproblem,", "subproblems,"),
           100 * m->shares[k]);
  printf("run each: polycover solve --job FILE [-j THREADS] [--result FILE.result]\n"
         "then:     polycover merge %s/*.result\n", m->dir);
}

/* The folder and the job files in it; each job's share made a part of
   their sum. */
static pc_status write_jobs(split_made *m, pc_error *err)
{
  if (mkdir(m->dir, 0777) && errno != EEXIST) {
    pc_error_file(err, m->dir);
    return pc_error_set(err, PC_ERR_IO, 0, 0, "cannot make the folder: %s", strerror(errno));
  }
  double total = 0;
  for (int32_t k = 0; k < m->jobs; k++) total += m->shares[k];
  for (int32_t k = 0; k < m->jobs; k++)
    m->shares[k] = total > 0 ? m->shares[k] / total : 1.0 / m->jobs;
  for (int32_t k = 0; k < m->jobs; k++) {
    m->paths[k] = job_path(m->dir, m->header->board, k + 1, m->jobs);
    if (!m->paths[k]) return pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
    pc_status s = pc_job_write(m->paths[k], &m->list[k], err);
    if (s) return s;
  }
  return PC_OK;
}

static bool is_job_or_result(const char *name)
{
  return pc_name_ends(name, ".job") || pc_name_ends(name, ".result");
}

/* Deals plan's subproblems out to `jobs` job files in dir and lists them. */
static pc_status deal_and_write(const pc_job *header, const pc_solver *sv,
                                const pc_runner_plan *plan, int32_t jobs, const char *dir,
                                bool json, pc_error *err)
{
  if (jobs <= 0) jobs = PC_DEFAULT_JOBS;
  if (jobs > plan->subproblems) jobs = (int32_t)plan->subproblems;
  pc_job *list = pc_calloc_array((size_t)jobs, sizeof *list);
  split_made m = {.header = header, .sv = sv, .subproblems = plan->subproblems, .list = list,
                  .shares = pc_calloc_array((size_t)jobs, sizeof *m.shares),
                  .paths = pc_calloc_array((size_t)jobs, sizeof *m.paths), .jobs = jobs,
                  .dir = dir};
  pc_status s = PC_OK;
  if (!list || !m.shares || !m.paths) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s) s = pc_jobs_deal(plan, header, list, jobs, m.shares, err);
  if (!s) s = write_jobs(&m, err);
  if (!s)
    pc_warn_other_files("solve", dir, is_job_or_result, m.paths, jobs,
                        "merge adds up the results of one split and refuses the others, so "
                        "run and merge this split's jobs alone, or split into another --dir");
  if (!s && json) list_jobs_json(&m);
  else if (!s) list_jobs(&m);
  for (int32_t k = 0; k < jobs; k++) {
    if (list) pc_job_free(&list[k]);
    if (m.paths) free(m.paths[k]);
  }
  free(list);
  free(m.shares);
  free(m.paths);
  return s;
}

pc_status pc_solve_split_jobs(const pc_job *header, const pc_solver *sv,
                              const pc_runner_config *cfg, int32_t jobs, const char *dir,
                              bool json, pc_error *err)
{
  pc_runner_config split = *cfg;
  split.split_depth = header->depth;
  pc_runner_plan plan;
  pc_status s = pc_runner_plan_make(&sv->matrix.xc, &split, 1, &plan, err);
  if (s) return s;
  pc_job split_header = *header; /* the depth the runner split at: none past the deepest */
  split_header.depth = plan.depth;
  s = deal_and_write(&split_header, sv, &plan, jobs, dir, json, err);
  pc_runner_plan_free(&plan);
  return s;
}

bool pc_solve_job_is_meet(const pc_job *j)
{
  return !strcmp(j->engine, PC_MEET_ENGINE);
}

/* A fixed permutation of share numbers (splitmix64's finalizer). */
static uint64_t scramble(uint64_t x)
{
  x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
  return x ^ (x >> 31);
}

static int by_scramble(const void *a, const void *b)
{
  uint64_t x = scramble((uint64_t)*(const int64_t *)a), y = scramble((uint64_t)*(const int64_t *)b);
  return (x > y) - (x < y);
}

pc_status pc_solve_split_meet(const char *board, const pc_solver *sv, int32_t k, int32_t jobs,
                              const char *dir, bool json, pc_error *err)
{
  pc_status s = pc_frontier_split_check(sv->pz, k, err);
  const char *why = pc_frontier_unfit(sv->pz, &sv->full);
  if (!s && why) s = pc_error_set(err, PC_ERR_INPUT, 0, 0, "--method meet does not apply: %s", why);
  pc_job header = {0};
  if (!s) s = job_of_board(&header, board, sv, err);
  if (s) return s;
  snprintf(header.engine, sizeof header.engine, "%s", PC_MEET_ENGINE);
  snprintf(header.rule, sizeof header.rule, "shares");
  snprintf(header.options, sizeof header.options, "all");
  header.depth = k;
  /* Every share alike (which ones cost more is not known beforehand),
     dealt in a scrambled order: in the order of their numbers each job
     would hold the shares with the same first pieces on the same side. */
  pc_runner_plan plan = {.depth = k, .subproblems = INT64_C(1) << k};
  plan.order = pc_alloc_array((size_t)plan.subproblems, sizeof *plan.order);
  plan.weights = pc_alloc_array((size_t)plan.subproblems, sizeof *plan.weights);
  if (!plan.order || !plan.weights) s = pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  for (int64_t x = 0; x < plan.subproblems && !s; x++) {
    plan.order[x] = x;
    plan.weights[x] = 1.0 / (double)plan.subproblems;
  }
  if (!s) qsort(plan.order, (size_t)plan.subproblems, sizeof *plan.order, by_scramble);
  if (!s) s = deal_and_write(&header, sv, &plan, jobs, dir, json, err);
  free(plan.order);
  free(plan.weights);
  pc_job_free(&header);
  return s;
}

/* Per share counted: a line on the progress stream (the job's pace) and
   one in the checkpoint. */
typedef struct share_pace {
  const pc_meet_job_run *run;
  FILE *checkpoint;
  int64_t done, shares;
  double since;
  pc_count_progress line;  /* within a share */
} share_pace;

static pc_status share_done(void *ctx, uint64_t share, const pc_frontier_stats *one,
                            pc_error *err)
{
  share_pace *p = ctx;
  double now = pc_now();
  p->done++;
  if (p->run->progress) {
    pc_count_progress_clear(&p->line);
    fprintf(p->run->progress,
            "share %llu (%lld of %lld): %llu solutions, %llu states, %.1f MiB, %.2f s\n",
            (unsigned long long)share, (long long)p->done, (long long)p->shares,
            (unsigned long long)one->solutions, (unsigned long long)one->states,
            (double)one->peak_bytes / (1024.0 * 1024.0), now - p->since);
    fflush(p->run->progress);
  }
  p->since = now;
  pc_share_count c = {(int64_t)share, one->solutions, one->states};
  return p->checkpoint ? pc_share_checkpoint_add(p->checkpoint, p->run->checkpoint, &c, err)
                       : PC_OK;
}

/* The job's ids not in done[0 .. n_done), into todo (n_todo of them). */
static int64_t shares_to_do(const pc_job *j, const pc_share_count *done, int64_t n_done,
                            int64_t *todo)
{
  int64_t n = 0;
  for (int64_t k = 0; k < j->n_ids; k++) {
    bool counted = false;
    for (int64_t d = 0; d < n_done && !counted; d++) counted = done[d].share == j->ids[k];
    if (!counted) todo[n++] = j->ids[k];
  }
  return n;
}

/* The shares counted before (a resumed checkpoint) added to st. */
static pc_status add_done(pc_frontier_stats *st, const pc_share_count *done, int64_t n,
                          pc_error *err)
{
  for (int64_t d = 0; d < n; d++) {
    st->states += done[d].states;
    if (__builtin_add_overflow(st->solutions, done[d].solutions, &st->solutions))
      return pc_error_set(err, PC_ERR_INPUT, 0, 0, "a count exceeds 64 bits");
  }
  return PC_OK;
}

/* Stopped by a signal: what is kept, with exit status 1. */
static pc_status job_interrupted(const pc_meet_job_run *run, int64_t counted, int64_t shares,
                                 pc_error *err)
{
  fprintf(stderr, "polycover solve: interrupted; %lld of %lld shares counted", (long long)counted,
          (long long)shares);
  if (run->checkpoint)
    fprintf(stderr, ", kept in %s: --resume %s carries on\n", run->checkpoint, run->checkpoint);
  else
    fprintf(stderr, ", none kept (--checkpoint FILE keeps each share as it ends)\n");
  return pc_error_reported(err, PC_ERR_IO);
}

/* The job's shares, less those a resumed checkpoint has, counted into st;
   the checkpoint kept up to date. */
static pc_status count_job(const pc_meet_job_run *run, const pc_job *j, const pc_solver *sv,
                           pc_frontier_stats *st, pc_error *err)
{
  share_pace pace = {run, NULL, 0, j->n_ids, pc_now(), {0}};
  pc_share_count *done = NULL;
  int64_t n_done = 0, *todo = pc_alloc_array((size_t)j->n_ids, sizeof *todo);
  pc_status s = todo ? PC_OK : pc_error_set(err, PC_ERR_NOMEM, 0, 0, "out of memory");
  if (!s && run->checkpoint && run->resume)
    s = pc_share_checkpoint_resume(run->checkpoint, j, &done, &n_done, &pace.checkpoint, err);
  else if (!s && run->checkpoint)
    s = pc_share_checkpoint_create(run->checkpoint, j, &pace.checkpoint, err);
  if (!s) {
    memset(err, 0, sizeof *err); /* the count's errors are no file's */
    pace.done = n_done;
    pc_frontier_config cfg = {
        .threads = run->threads, .meet = true, .split = j->depth, .stop = pc_stop_on_signals(),
        .watch = pc_count_progress_start(&pace.line, run->progress, sv->pz, false)};
    pc_frontier_progress told = {share_done, &pace};
    s = pc_frontier_count_shares(sv->pz, &sv->full, &cfg, todo, shares_to_do(j, done, n_done, todo),
                                 &told, st, err);
    pc_count_progress_clear(&pace.line);
  }
  if (!s) s = add_done(st, done, n_done, err);
  if (pace.checkpoint) fclose(pace.checkpoint);
  if (!s && st->interrupted) s = job_interrupted(run, pace.done, j->n_ids, err);
  free(done);
  free(todo);
  return s;
}

/* What a meet job counted, as text or one JSON object. */
static void say_meet_job(const pc_job *j, const pc_solver *sv, const pc_frontier_stats *st,
                         double seconds, bool json)
{
  if (json) {
    pc_json o;
    pc_json_begin(&o, stdout);
    pc_json_str(&o, "title", sv->pz->title);
    pc_json_u64(&o, "job", (uint64_t)j->number);
    pc_json_u64(&o, "jobs", (uint64_t)j->jobs);
    pc_json_u64(&o, "shares", (uint64_t)j->n_ids);
    pc_json_u64(&o, "solutions", st->solutions);
    pc_json_u64(&o, "states", st->states);
    pc_json_double(&o, "seconds", seconds);
    pc_json_end(&o);
    return;
  }
  printf("%s\njob %d of %d: %lld of %lld shares met in the middle, %llu solutions, "
         "%llu states, %.1f MiB of tables at most, %.3f s\n",
         sv->pz->title, (int)j->number, (int)j->jobs, (long long)j->n_ids,
         (long long)j->subproblems, (unsigned long long)st->solutions,
         (unsigned long long)st->states, (double)st->peak_bytes / (1024.0 * 1024.0), seconds);
}

pc_status pc_solve_meet_job(const pc_meet_job_run *run, const pc_job *j, pc_solver *sv,
                            pc_error *err)
{
  pc_error_file(err, run->path);
  pc_status s = pc_frontier_split_check(sv->pz, j->depth, err);
  if (!s && j->subproblems != INT64_C(1) << j->depth)
    s = pc_error_set(err, PC_ERR_INPUT, PC_JOB_LINE_SPLIT, 0,
                     "a split by %d pieces has %lld shares, not %lld", (int)j->depth,
                     (long long)(INT64_C(1) << j->depth), (long long)j->subproblems);
  if (s) return s;
  memset(err, 0, sizeof *err);
  double t0 = pc_now();
  pc_frontier_stats st;
  s = count_job(run, j, sv, &st, err);
  if (s) return s;
  double seconds = pc_now() - t0;
  say_meet_job(j, sv, &st, seconds, run->json);
  sv->census.solutions = st.solutions;
  sv->census.unique = 0; /* the classes follow from the whole count (merge) */
  pc_runner_result res = {.subproblems = j->subproblems, .seconds = seconds,
                          .stats = {.solutions = st.solutions, .nodes = st.states}};
  return pc_solve_job_finish(run->path, run->result, j, sv, &res, err);
}

void pc_solve_job_options(const pc_job *j, bool *all, bool *best, bool *sym_table)
{
  *all = !strncmp(j->options, "all", 3);
  *best = strstr(j->options, " best") != NULL;
  *sym_table = strstr(j->options, " sym-table") != NULL;
}

pc_status pc_solve_job_read(const char *path, pc_job *j, bool *all, bool *best,
                            bool *sym_table, pc_runner_config *cfg, pc_error *err)
{
  pc_status s = pc_job_read(path, j, err);
  if (s) return s;
  pc_solve_job_options(j, all, best, sym_table);
  if (pc_solve_job_is_meet(j)) return PC_OK;
  pc_error ignored;
  if (!pc_choose_by_name(j->rule, &cfg->choose) ||
      pc_engine_select(j->engine, NULL, cfg->choose, NULL, &cfg->engine, &ignored)) {
    s = pc_error_set(err, PC_ERR_INPUT, PC_JOB_LINE_SEARCH, 0, "unknown engine or rule '%s %s'",
                     j->engine, j->rule);
    pc_job_free(j);
    return s;
  }
  cfg->split_depth = j->depth;
  return PC_OK;
}

pc_status pc_solve_job_check(const char *path, const pc_job *j, const pc_solver *sv,
                             pc_error *err)
{
  pc_error_file(err, path);
  if (j->problem != pc_xc_hash(&sv->matrix.xc))
    return pc_error_set(err, PC_ERR_INPUT, PC_JOB_LINE_PROBLEM, 0,
                        "this job is for another problem than the board's (its exact-cover "
                        "matrix differs)");
  return PC_OK;
}

/* The job's 'split' line against the split made here. */
static pc_status check_subproblems(const char *path, const pc_job *j, int64_t subproblems,
                                   pc_error *err)
{
  if (subproblems == j->subproblems) return PC_OK;
  pc_error_file(err, path);
  return pc_error_set(err, PC_ERR_INPUT, PC_JOB_LINE_SPLIT, 0,
                      "the split has %lld subproblems here, not %lld as in the job",
                      (long long)subproblems, (long long)j->subproblems);
}

pc_status pc_solve_job_check_split(const char *path, const pc_job *j, const pc_solver *sv,
                                   const pc_runner_config *cfg, pc_error *err)
{
  pc_runner_config split = *cfg;
  split.split_depth = j->depth;
  pc_runner_plan plan;
  pc_status s = pc_runner_plan_make(&sv->matrix.xc, &split, 1, &plan, err);
  if (s) return s;
  s = check_subproblems(path, j, plan.subproblems, err);
  pc_runner_plan_free(&plan);
  return s;
}

bool pc_solve_job_next(const pc_job *j, int64_t *at, int64_t *sub)
{
  if (*at >= j->n_ids) return false;
  *sub = j->ids[(*at)++];
  return true;
}

char *pc_solve_job_result_name(const char *path)
{
  size_t n = strlen(path);
  size_t stem = pc_name_ends(path, ".job") ? n - 4 : n;
  char *name;
  return asprintf(&name, "%.*s.result", (int)stem, path) < 0 ? NULL : name;
}

pc_status pc_solve_job_finish(const char *path, const char *result, const pc_job *j,
                              const pc_solver *sv, const pc_runner_result *res, pc_error *err)
{
  pc_status s = check_subproblems(path, j, res->subproblems, err);
  if (s) return s;
  pc_result r = {.job = *j,
                 .split_nodes = res->split_nodes,
                 .split_updates = res->split_updates,
                 .met = res->stats.solutions,
                 .nodes = res->stats.nodes,
                 .updates = res->stats.updates,
                 .seconds = res->seconds};
  s = pc_result_write(result, &r, &sv->census, err);
  if (!s) fprintf(stderr, "polycover solve: result of job %d of %d written to %s\n",
                  (int)j->number, (int)j->jobs, result);
  return s;
}

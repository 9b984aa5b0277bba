/* solve_jobs.h — `solve`'s batch jobs (jobfile.h): --split-only writes a
   puzzle's search out as job files, --job runs one of them and writes its
   result. What the job files record of solve's options lives here. */
#ifndef PC_SOLVE_JOBS_H
#define PC_SOLVE_JOBS_H

#include "run/jobfile.h"
#include "poly/solver.h"

/* Jobs written when --jobs is not given (fewer when there are fewer
   subproblems). */
#define PC_DEFAULT_JOBS 16

/* The job's header for this search: board (absolute when it can be),
   problem, engine, rule, options, depth. */
pc_status pc_solve_job_header(pc_job *j, const char *board, const pc_solver *sv,
                              const pc_runner_config *cfg, bool best, bool sym_table,
                              int32_t depth, pc_error *err);

/* Splits at j->depth and writes `jobs` job files into dir (made if
   missing), named after the board, then lists them on stdout (as text or
   one JSON object), each with its share of the search. */
pc_status pc_solve_split_jobs(const pc_job *header, const pc_solver *sv,
                              const pc_runner_config *cfg, int32_t jobs, const char *dir,
                              bool json, pc_error *err);

/* The engine of a job that counts shares met in the middle. */
#define PC_MEET_ENGINE "meet"

bool pc_solve_job_is_meet(const pc_job *j);

/* `solve --count --method meet --split-only K`: the 2^K shares of the
   count met in the middle (poly/frontier.h) dealt out to job files, as
   pc_solve_split_jobs does for a search (engine "meet", rule "shares",
   options "all", the split's depth K, its subproblems the shares). */
pc_status pc_solve_split_meet(const char *board, const pc_solver *sv, int32_t k, int32_t jobs,
                              const char *dir, bool json, pc_error *err);

/* How a meet job runs. */
typedef struct pc_meet_job_run {
  const char *path, *result;  /* the job file; the result file */
  const char *checkpoint;     /* a line per share counted, to resume from (NULL: none) */
  bool resume;                /* the checkpoint's shares are counted already */
  int threads;
  FILE *progress;             /* a line per share counted (NULL: none) */
  bool json;                  /* what it counted, as one JSON object */
} pc_meet_job_run;

/* Runs a meet job: counts its shares, says so on stdout, writes the
   result (its census: the solutions, no classes: merge finds those by
   Burnside's lemma once every share is in). */
pc_status pc_solve_meet_job(const pc_meet_job_run *run, const pc_job *j, pc_solver *sv,
                            pc_error *err);

/* The job's solve options (its 'options' line). */
void pc_solve_job_options(const pc_job *j, bool *all, bool *best, bool *sym_table);

/* Reads a job file and sets solve's options from it: board (unless one is
   given), all, best, sym-table, engine, rule, split depth. */
pc_status pc_solve_job_read(const char *path, pc_job *j, bool *all, bool *best,
                            bool *sym_table, pc_runner_config *cfg, pc_error *err);

/* Checks that the job belongs to this puzzle's search (as the board is
   now); errors name the job file. */
pc_status pc_solve_job_check(const char *path, const pc_job *j, const pc_solver *sv,
                             pc_error *err);

/* Checks, before the search, that splitting here as cfg says (engine,
   rule, the job's depth) gives the job's subproblems (its 'split' line). */
pc_status pc_solve_job_check_split(const char *path, const pc_job *j, const pc_solver *sv,
                                   const pc_runner_config *cfg, pc_error *err);

/* The job's next subproblem, for pc_runner_config.next: *at counts those
   given. */
bool pc_solve_job_next(const pc_job *j, int64_t *at, int64_t *sub);

/* The result file of job file `path` when --result does not name one:
   its name with .job replaced by .result; malloc'd, NULL when out of
   memory. */
char *pc_solve_job_result_name(const char *path);

/* After a complete run of the job: writes the result to `result` and
   says so on stderr. */
pc_status pc_solve_job_finish(const char *path, const char *result, const pc_job *j,
                              const pc_solver *sv, const pc_runner_result *res, pc_error *err);

#endif

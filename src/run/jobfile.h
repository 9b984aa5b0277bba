/* jobfile.h — the job files of a split search and their results, for a
   batch scheduler: `solve --split-only` splits a puzzle's search at a
   fixed depth (runner.h: the same numbered subproblems in every
   process) and deals the subproblems out to job files; `solve --job` runs
   one and writes its result; `merge` adds the results up. Both files are
   text, written atomically (atomic.h), read back with errors at
   file:line.

   A job file, line by line:

     polycover-job 1
     board /home/me/boards/scott.yaml   the board (absolute when it could be)
     problem 9f2c4e1a0b3d5e7f           pc_xc_hash of the matrix searched
     search bits mrv                    engine and branching rule
     options unique best                all|unique, then best, sym-table if asked
     split 3 1536                       split depth, subproblems in the split
     job 2 8                            this job's number (from 1), jobs in all
     ids 192                            then the ids, 16 to a line, largest first
     12 35 7 ...
     end

   A result file is the job's lines from its first line to the ids, with
   "polycover-result 1" as its first line, then:

     base 1234 56789                    nodes, updates of the split search
                                        alone (in every job's counts)
     counts 130 45678 9876543           solutions met, nodes, updates of the
                                        run (the split search included)
     seconds 1.234                      wall time of the run
     census 130 16                      the census (census.h), to "end census"
     ...
     end census
     end
*/
#ifndef PC_JOBFILE_H
#define PC_JOBFILE_H

#include <stdio.h>

#include "poly/census.h"
#include "run/runner.h"

/* The lines of the header, for messages about what they say. */
enum { PC_JOB_LINE_BOARD = 2, PC_JOB_LINE_PROBLEM, PC_JOB_LINE_SEARCH, PC_JOB_LINE_OPTIONS,
       PC_JOB_LINE_SPLIT, PC_JOB_LINE_JOB };

#define PC_JOB_WORD_MAX 15
#define PC_JOB_OPTIONS_MAX 63

typedef struct pc_job {
  char *board;
  uint64_t problem;
  char engine[PC_JOB_WORD_MAX + 1], rule[PC_JOB_WORD_MAX + 1];
  char options[PC_JOB_OPTIONS_MAX + 1];
  int32_t depth;
  int64_t subproblems;
  int32_t number, jobs;
  int64_t n_ids;
  int64_t *ids;
} pc_job;

typedef struct pc_result {
  pc_job job;
  uint64_t split_nodes, split_updates;
  uint64_t met, nodes, updates;
  double seconds;
  char *census;            /* the census lines, for pc_census_merge */
  size_t census_size;
  int census_line;         /* the line before them */
} pc_result;

/* Deals the plan's subproblems out to n jobs, largest first, each to the
   job with the least weight so far (so the jobs' shares of the tree are
   about equal); fills each job's ids (in the plan's order), number and
   jobs, copies `header`'s other fields, and each job's share of the tree
   into shares[k]. Fails only out of memory. */
pc_status pc_jobs_deal(const pc_runner_plan *plan, const pc_job *header, pc_job *jobs, int32_t n,
                       double *shares, pc_error *err);

pc_status pc_job_write(const char *path, const pc_job *j, pc_error *err);
pc_status pc_job_read(const char *path, pc_job *j, pc_error *err);
void pc_job_free(pc_job *j);

/* Writes r's job and counts and the census c. */
pc_status pc_result_write(const char *path, const pc_result *r, const pc_census *c,
                          pc_error *err);
pc_status pc_result_read(const char *path, pc_result *r, pc_error *err);
void pc_result_free(pc_result *r);

#endif

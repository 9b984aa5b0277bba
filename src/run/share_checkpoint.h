/* share_checkpoint.h — the shares a meet job has counted so far, a line
   each, so that a stopped job resumes without counting them again (a job
   of the 9x10 record runs for an hour or more):

     polycover-shares 1
     problem 42ee552cc74d844c          the job's problem
     split 12 4096                     its split
     job 1 64                          its number, of how many
     share 3948 18009 254282026        a share, its solutions and states
     ...

   Each share's line is written and flushed when the share is counted. */
#ifndef PC_SHARE_CHECKPOINT_H
#define PC_SHARE_CHECKPOINT_H

#include <stdio.h>

#include "run/jobfile.h"

typedef struct pc_share_count {
  int64_t share;
  uint64_t solutions, states;
} pc_share_count;

/* Starts the checkpoint at path afresh for job j, open for appends. */
pc_status pc_share_checkpoint_create(const char *path, const pc_job *j, FILE **out,
                                     pc_error *err);

/* Reads the checkpoint at path, which must be job j's: its shares (each one
   of j's, once) into *done (n of them, freed by the caller), and opens it
   for appends. PC_ERR_INPUT at file:line:column when it is not. */
pc_status pc_share_checkpoint_resume(const char *path, const pc_job *j, pc_share_count **done,
                                     int64_t *n, FILE **out, pc_error *err);

/* Appends one share's line and flushes it; PC_ERR_IO when it cannot. */
pc_status pc_share_checkpoint_add(FILE *f, const char *path, const pc_share_count *c,
                                  pc_error *err);

#endif

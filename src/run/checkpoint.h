/* checkpoint.h — the checkpoint file of a split search (runner.h): which
   problem, how it was split, which subproblems are done, their counters,
   and an opaque section that belongs to the caller. Written atomically (a
   temporary file beside the target, synced, then renamed over it).

   The format, line by line (text, except the caller's bytes):

     polycover-checkpoint 3
     problem 9f2c4e1a0b3d5e7f      pc_xc_hash of the exact-cover matrix
     search dlx mrv                engine and branching rule
     split 3 1536                  split depth, number of subproblems
     counts 120 3620 1235724       solutions, nodes, updates of the done ones
     levels 2                      then one line per level: nodes updates
     0 0
     17 4711
     done 3f0e...                  one bit per subproblem, 4 per hex digit
     cuts 1                        then that many lines: subproblem (not
     17 4                          done, increasing) and the solutions it
                                   handed to the caller before a limit
                                   stopped the run
     caller 12                     then that many bytes, then a newline
     ...
     end
     checksum 0123456789abcdef     FNV-1a (lines.h) of every byte before it

   The reader takes numbers in plain decimal only and checks them against
   each other: the levels' counters add up to the counts, the done mask has
   one digit per 4 subproblems and no bit past them, the caller's section
   fits in the file, and the checksum matches. A checkpoint of version 2,
   without the cuts, is read as one with none. */
#ifndef PC_CHECKPOINT_H
#define PC_CHECKPOINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/xc.h"

#define PC_CHECKPOINT_NAME_MAX 15

typedef struct pc_checkpoint {
  uint64_t problem;
  char engine[PC_CHECKPOINT_NAME_MAX + 1], rule[PC_CHECKPOINT_NAME_MAX + 1];
  int32_t split_depth;
  int64_t subproblems;
  uint64_t solutions, nodes, updates;
  int32_t levels;
  uint64_t *level_nodes, *level_updates; /* `levels` each */
  bool *done;                            /* `subproblems` */
  /* `subproblems` (NULL when writing: none): how many solutions each
     subproblem not done has handed to the caller (a limit stopped the
     run partway through). */
  uint64_t *handed;
  char *caller;                          /* the caller's bytes */
  size_t caller_size;
  int caller_line;                       /* read: the line before them */
  int version;                           /* read: the file's */
} pc_checkpoint;

/* A 64-bit hash (FNV-1a) of the matrix: items, names and options. */
uint64_t pc_xc_hash(const pc_xc *xc);

pc_status pc_checkpoint_write(const char *path, const pc_checkpoint *c, pc_error *err);

/* For a checkpoint under a name the user did not give: written to the
   first of `path`, STEM-2.EXT, STEM-3.EXT, ... (the number before the
   extension of its file name) that no file has yet, taken with O_EXCL so
   that another run's checkpoint, or any file there, is never replaced,
   not even by a run started at the same time. *written: that name,
   malloc'd (NULL on failure). */
pc_status pc_checkpoint_write_new(const char *path, const pc_checkpoint *c, char **written,
                                  pc_error *err);

/* Reads and checks the format (errors give file:line, PC_ERR_INPUT); fills
   c, which the caller frees with pc_checkpoint_free. c->caller_line is the
   line before the caller's section, for errors in it. */
pc_status pc_checkpoint_read(const char *path, pc_checkpoint *c, pc_error *err);
void pc_checkpoint_free(pc_checkpoint *c);

#endif

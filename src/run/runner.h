/* runner.h — a search split into many subproblems that several threads
   solve, with progress, checkpoints and resume.

   The runner enumerates the top of the search tree down to a split depth
   (chosen so that there are at least 64 subproblems per thread, and at
   least 256), then hands the partial solutions there out, largest
   (by Knuth's path probability) first, to worker threads, each with its
   own engine built from the same pc_xc. Counts are those of one search:
   the split search plus its subproblems add up exactly (dlx.h).

   The caller's output: the solutions of a subproblem are buffered by the
   worker and handed to `visit` only when the subproblem is complete, all
   together, followed by `done`; both run under the runner's lock (so one at
   a time, in some worker's thread), and a checkpoint is only written
   between subproblems. So a checkpoint records exactly the solutions the
   caller has been given: a subproblem interrupted midway is given nothing
   and is searched again on resume. The buffer's memory is bounded
   (buffer_bytes); without `visit` nothing is buffered. With
   hand_over_at_once each solution goes to `visit` as it is found, and a
   checkpoint records how many each subproblem not done has handed over,
   which a resumed run skips (a subproblem's search finds its solutions
   in the same order every time). */
#ifndef PC_RUNNER_H
#define PC_RUNNER_H

#include <stdatomic.h>
#include <stdio.h>

#include "core/engine.h"
#include "core/error.h"

/* `sub` identifies the subproblem (0 .. subproblems - 1, the same across
   runs of the same problem). Return true from visit to stop the run. */
typedef bool (*pc_runner_visit)(void *ctx, int64_t sub, const int32_t *options, int32_t n);
typedef void (*pc_runner_done)(void *ctx, int64_t sub);

/* How far a run has gone. */
typedef struct pc_runner_progress {
  double fraction;          /* of the tree done: the done subproblems' path
                               probabilities (Knuth's measure) */
  int64_t done, subproblems;
  uint64_t solutions;       /* delivered (or counted) so far, or the
                               caller's tally in all */
  uint64_t unique;          /* the caller's tally of essentially different
                               ones (has_unique) */
  bool has_unique;
  double rate;              /* work a second: updates, or nodes when the
                               engine counts no updates (!in_updates) */
  bool in_updates;
  double seconds;           /* since the search began */
  double seconds_left;      /* at this run's speed so far; < 0: unknown */
  bool last;                /* the run's last report */
} pc_runner_progress;

typedef struct pc_runner_config {
  const pc_engine *engine; /* required: the runner never picks one */
  /* May be empty: an instance made for this problem already (auto's,
     pc_engine_select_made), searched with by the first thread when it is
     one of `engine`'s; the caller keeps it and frees it after the run. */
  pc_engine_made made;
  pc_choose choose;
  int threads;             /* 0: one per core */
  uint64_t max_solutions;  /* 0: no limit */
  uint64_t max_updates;    /* 0: no limit; about */
  uint64_t max_nodes;      /* 0: no limit; about */
  pc_runner_visit visit;      /* may be NULL */
  pc_runner_done done;        /* may be NULL */
  void *ctx;
  /* When set (e.g. by a signal handler: common.h), the run stops soon,
     forgetting the subproblems under way, and writes a checkpoint. */
  const atomic_int *stop;
  FILE *progress;          /* where the progress line goes; NULL: none */
  /* May be NULL: given the progress about twice a second and at the end,
     under the runner's lock, with ctx. */
  void (*on_progress)(void *ctx, const pc_runner_progress *p);
  /* May be NULL: the caller's counts of the solutions delivered so far,
     for the progress (under the lock, with ctx): in all, and essentially
     different ones. */
  void (*tally)(void *ctx, uint64_t *solutions, uint64_t *unique);
  /* Written every `every` seconds and at the end when `every` > 0, and
     whenever `stop` ends the run. NULL: never. */
  const char *checkpoint;
  /* Set when `checkpoint` is a default name, not one the user gave: the
     first checkpoint then goes to a name no file has yet (`checkpoint`, or
     numbered: pc_checkpoint_write_new), and the others to the same. */
  bool checkpoint_unnamed;
  double every;
  const char *resume;      /* a checkpoint to carry on from; NULL: none */
  /* The caller's section of the checkpoint (both may be NULL): save is
     called under the lock when a checkpoint is written (flush the output
     there), load once before the search when resuming. */
  pc_status (*save)(void *ctx, FILE *out);
  pc_status (*load)(void *ctx, FILE *in, pc_error *err);
  /* When > 0, the split is at this depth, not the shallowest one with
     enough subproblems for the threads: then every process splitting the
     same problem at the same depth, with the same engine and rule, numbers
     the same subproblems alike (another process's share, a job file). */
  int32_t split_depth;
  /* When set, which subproblems this process searches: called under the
     runner's lock when a thread is free, it sets *sub to one not done yet
     and returns true, or returns false when there are no more (it may
     wait, e.g. for another process). NULL: all of them, largest first.
     The run is complete when it has returned false and every subproblem
     it gave was searched to the end. */
  bool (*next)(void *ctx, int64_t *sub);
  /* The memory in which a worker keeps a subproblem's solutions until it
     is complete; past it they wait in an unnamed temporary file (in
     $TMPDIR or /tmp). 0: 16 MiB. */
  size_t buffer_bytes;
  /* Each solution to `visit` as soon as it is found, not a subproblem's
     at its end: for a visitor that stops the run at a limit of its own
     (solve -n), which one subproblem of a large search could keep waiting
     for hours. */
  bool hand_over_at_once;
} pc_runner_config;

typedef struct pc_runner_result {
  /* The whole search's figures (those of completed subproblems, plus, when
     a limit or the visitor stopped the run, the stopped ones'); the
     profile arrays belong to the result. */
  pc_dlx_stats stats;
  int64_t subproblems, done;
  int32_t split_depth;
  int threads;
  bool ran;                /* the search ran (else nothing below is set) */
  bool interrupted;        /* `stop` ended the run */
  char *checkpoint;        /* the file of the checkpoint written at the
                              end (malloc'd), or NULL */
  /* The split search's own share of stats (every run of the same split
     has it; merging the runs of its parts counts it once). */
  uint64_t split_nodes, split_updates;
  double seconds;
  uint64_t *level_nodes, *level_updates;
} pc_runner_result;

/* Runs the search. Errors: a checkpoint that cannot be read or belongs to
   another problem (PC_ERR_INPUT, naming the file), out of memory, a
   checkpoint that cannot be written (PC_ERR_IO), or the caller's load.
   The result is filled whenever the search ran (res->ran), even if writing
   the last checkpoint failed. */
pc_status pc_runner_run(const pc_xc *xc, const pc_runner_config *cfg, pc_runner_result *res,
                     pc_error *err);
void pc_runner_result_free(pc_runner_result *res);

/* The split alone, as pc_runner_run makes it for cfg's engine and rule: at
   cfg->split_depth, or else the shallowest depth with enough subproblems
   for `threads` threads in all. */
typedef struct pc_runner_plan {
  int32_t depth;
  int64_t subproblems;
  int64_t *order;          /* the subproblems, largest (path probability) first */
  double *weights;         /* each one's estimated share of the tree */
} pc_runner_plan;

pc_status pc_runner_plan_make(const pc_xc *xc, const pc_runner_config *cfg, int threads,
                           pc_runner_plan *plan, pc_error *err);
void pc_runner_plan_free(pc_runner_plan *plan);

#endif

/* run_options.h — the command-line options of a long search, shared by
   `solve` and `xc`: threads, engine, progress, checkpoints and resume, and
   the report of an interrupted run. */
#ifndef PC_RUN_OPTIONS_H
#define PC_RUN_OPTIONS_H

#include <getopt.h>

#include "cli/paths.h"
#include "core/error.h"
#include "run/runner.h"

/* getopt codes of these options (above any command's own). */
enum {
  PC_RUNOPT_PROGRESS = 1000, PC_RUNOPT_QUIET, PC_RUNOPT_CHECKPOINT, PC_RUNOPT_EVERY,
  PC_RUNOPT_RESUME, PC_RUNOPT_ENGINE, PC_RUNOPT_MPI,
};

#define PC_RUN_LONGOPTS                                                     \
  {"threads", required_argument, NULL, 'j'},                               \
  {"engine", required_argument, NULL, PC_RUNOPT_ENGINE},                   \
  {"progress", no_argument, NULL, PC_RUNOPT_PROGRESS},                     \
  {"quiet", no_argument, NULL, PC_RUNOPT_QUIET},                           \
  {"checkpoint", required_argument, NULL, PC_RUNOPT_CHECKPOINT},           \
  {"every", required_argument, NULL, PC_RUNOPT_EVERY},                     \
  {"resume", required_argument, NULL, PC_RUNOPT_RESUME}

#define PC_RUN_USAGE                                                                 \
  "  -j, --threads N      search on N threads (default: one per core); the\n"      \
  "                       counts are the same whatever N\n"                         \
  "      --engine E       dlx (Knuth's dancing links), bitdlx (DLX's search on\n"  \
  "                       bit masks), bits (bit masks, a sweep) or auto (the\n"    \
  "                       default: the bitset engine that a short trial finds\n"   \
  "                       faster; bitdlx for bounds, dlx for colors); all find\n"  \
  "                       the same solutions\n"                                     \
  "      --progress       show progress on stderr (the default when it is a\n"     \
  "                       terminal): fraction done, solutions, speed, time left\n"  \
  "      --quiet          no progress\n"                                            \
  "      --checkpoint F   write a checkpoint to F every --every seconds and at\n"  \
  "                       the end\n"                                                \
  "      --every S        seconds between checkpoints (default 60)\n"              \
  "      --resume F       carry on from checkpoint F (and keep it up to date)\n"

/* --mpi, for the commands that run over MPI (mpi_engine.h). */
#define PC_RUN_MPI_LONGOPT {"mpi", no_argument, NULL, PC_RUNOPT_MPI}
#define PC_RUN_MPI_USAGE                                                             \
  "      --mpi            under mpirun: rank 0 hands the subproblems out to the\n"  \
  "                       other ranks, each searching on -j threads (needs a\n"    \
  "                       build with make MPI=1; README: Many machines)\n"

typedef struct pc_run_options {
  uint64_t threads;       /* 0: one per core */
  int progress;           /* -1: when stderr is a terminal */
  const char *engine;     /* "dlx", "bitdlx", "bits", "auto" */
  const char *checkpoint, *resume;
  double every;
  bool mpi;
} pc_run_options;

void pc_run_options_init(pc_run_options *o);

/* Takes option c (with its argument), one of these: PC_OK, or a usage
   error (printed) for a bad argument or an option that is not one of
   them. */
pc_status pc_run_option(const char *cmd, int c, const char *arg, pc_run_options *o,
                        pc_error *err);

/* The checkpoint files of the options, into files (room for
   PC_RUN_NAMED_FILES): --checkpoint written, --resume read, and written
   too without --checkpoint. Returns how many. */
#define PC_RUN_NAMED_FILES 2
int32_t pc_run_named_files(const pc_run_options *o, pc_named_file *files);

/* Where progress goes: stderr with --progress, or by default when it is
   a terminal; NULL with --quiet. */
FILE *pc_run_progress_stream(const pc_run_options *o);

/* Checks the options together (also done by pc_run_configure): a usage
   error, printed, or PC_OK. */
pc_status pc_run_check(const char *cmd, const pc_run_options *o, pc_error *err);

/* Fills the runner's threads, progress, checkpoint (a named one is kept
   up to date; otherwise "polycover.checkpoint" is written only when the
   run is interrupted), stop flag (SIGINT and SIGTERM, caught from here on)
   and engine for problem xc (pc_engine_select_made: auto runs its trial
   here and leaves the instance it judged with in cfg->made, for the
   caller to free with pc_engine_made_free after the run; --resume takes
   the checkpoint's engine). cfg->choose must be set. Returns a usage
   error or the engine's error. */
pc_status pc_run_configure(const char *cmd, const pc_run_options *o, const pc_xc *xc,
                           pc_runner_config *cfg, pc_error *err);

/* After the run: tells how to carry on an interrupted one (o: its
   options, for --resume). Returns s, or for an interrupted run an error
   already reported (exit status 1). */
pc_status pc_run_finish(const char *cmd, pc_status s, const pc_runner_result *res,
                        const pc_run_options *o, pc_error *err);

#endif

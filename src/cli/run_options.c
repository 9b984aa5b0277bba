/* run_options.c — threads, engine, progress and checkpoint options. */
#include "cli/run_options.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "core/engines.h"

#define DEFAULT_CHECKPOINT "polycover.checkpoint"
#define DEFAULT_EVERY 60.0

void pc_run_options_init(pc_run_options *o)
{
  memset(o, 0, sizeof *o);
  o->progress = -1;
  o->engine = "auto";
}

static bool parse_seconds(const char *s, double *out)
{
  char *end;
  double v = strtod(s, &end);
  if (!*s || *end || !(v > 0) || v > 1e9) return false;
  *out = v;
  return true;
}

bool pc_run_wants_auto(const pc_run_options *o)
{
  bool is_auto;
  pc_engine_by_name(o->engine, &is_auto);
  return is_auto;
}

int pc_run_option(const char *cmd, int c, const char *arg, pc_run_options *o)
{
  bool is_auto;
  switch (c) {
  case 'j':
    if (!pc_parse_u64(arg, &o->threads) || !o->threads || o->threads > 1024)
      return pc_usage_error(cmd, "--threads wants a number from 1 to 1024, not '%s'", arg);
    return 0;
  case PC_RUNOPT_ENGINE:
    if (!pc_engine_by_name(arg, &is_auto) && !is_auto)
      return pc_usage_error(cmd, "--engine is dlx, bitdlx, bits or auto, not '%s'", arg);
    o->engine = arg;
    return 0;
  case PC_RUNOPT_PROGRESS: o->progress = 1; return 0;
  case PC_RUNOPT_QUIET: o->progress = 0; return 0;
  case PC_RUNOPT_CHECKPOINT: o->checkpoint = arg; return 0;
  case PC_RUNOPT_EVERY:
    if (!parse_seconds(arg, &o->every))
      return pc_usage_error(cmd, "--every wants a positive number of seconds, not '%s'", arg);
    return 0;
  case PC_RUNOPT_RESUME: o->resume = arg; return 0;
  case PC_RUNOPT_MPI:
#ifdef PC_MPI
    o->mpi = true;
    return 0;
#else
    return pc_usage_error(cmd, "--mpi: built without MPI (make MPI=1)");
#endif
  default: return -1;
  }
}

int pc_run_configure(const char *cmd, const pc_run_options *o, const pc_engine *auto_engine,
                     pc_runner_config *cfg)
{
  if (o->every > 0 && !o->checkpoint && !o->resume)
    return pc_usage_error(cmd, "--every needs --checkpoint FILE");
  bool is_auto;
  cfg->engine = pc_engine_by_name(o->engine, &is_auto);
  if (is_auto) cfg->engine = auto_engine ? auto_engine : &pc_engine_dlx;
  if (cfg->engine == &pc_engine_bitsweep && cfg->choose != PC_CHOOSE_MRV)
    return pc_usage_error(cmd, "--leftmost is a rule of the dlx and bitdlx engines: bits "
                               "branches in an order of its own");
  cfg->threads = (int)o->threads;
  cfg->checkpoint = o->checkpoint ? o->checkpoint : o->resume;
  cfg->resume = o->resume;
  cfg->every = o->every;
  if (cfg->checkpoint && !(cfg->every > 0)) cfg->every = DEFAULT_EVERY;
  if (!cfg->checkpoint) cfg->checkpoint = DEFAULT_CHECKPOINT;
  if (o->progress == 1 || (o->progress == -1 && isatty(STDERR_FILENO))) cfg->progress = stderr;
  cfg->stop = pc_stop_on_signals();
  return -1;
}

int pc_run_finish(const char *cmd, pc_status s, const pc_runner_result *res,
                  const pc_runner_config *cfg, pc_error *err)
{
  fflush(stdout);
  if (s) return pc_report_error(cmd, s, err);
  if (!res->interrupted) return PC_EXIT_OK;
  fprintf(stderr,
          "polycover %s: interrupted after %" PRId64 " of %" PRId64
          " subproblems; checkpoint written to %s (carry on with --resume %s)\n",
          cmd, res->done, res->subproblems, cfg->checkpoint, cfg->checkpoint);
  return PC_EXIT_FAIL;
}

/* run_options.c — threads, engine, progress and checkpoint options. */
#include "cli/run_options.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "core/engines.h"
#include "run/checkpoint.h"

#define DEFAULT_CHECKPOINT "polycover.checkpoint"
#define DEFAULT_EVERY 60.0

void pc_run_options_init(pc_run_options *o)
{
  memset(o, 0, sizeof *o);
  o->progress = -1;
  o->engine = "auto";
}

/* Seconds in plain decimal, digits and at most one point: strtod alone
   would also take blanks, signs, exponents and hexadecimal. */
static bool parse_seconds(const char *s, double *out)
{
  size_t digits = strspn(s, "0123456789"), point = s[digits] == '.';
  size_t fraction = strspn(s + digits + point, "0123456789");
  if ((!digits && !fraction) || s[digits + point + fraction]) return false;
  double v = strtod(s, NULL);
  if (!(v > 0) || v > 1e9) return false;
  *out = v;
  return true;
}

pc_status pc_run_option(const char *cmd, int c, const char *arg, pc_run_options *o,
                        pc_error *err)
{
  switch (c) {
  case 'j':
    if (!pc_parse_u64(arg, &o->threads) || !o->threads || o->threads > 1024)
      return pc_usage_fail(cmd, err, "--threads wants a number from 1 to 1024, not '%s'", arg);
    return PC_OK;
  case PC_RUNOPT_ENGINE:
    if (!pc_engine_known(arg))
      return pc_usage_fail(cmd, err, "--engine is dlx, bitdlx, bits or auto, not '%s'", arg);
    o->engine = arg;
    return PC_OK;
  case PC_RUNOPT_PROGRESS: o->progress = 1; return PC_OK;
  case PC_RUNOPT_QUIET: o->progress = 0; return PC_OK;
  case PC_RUNOPT_CHECKPOINT:
    return pc_take_path_option(cmd, "--checkpoint", PC_PATH_FILE, arg, &o->checkpoint, err);
  case PC_RUNOPT_EVERY:
    if (!parse_seconds(arg, &o->every))
      return pc_usage_fail(cmd, err,
                           "--every wants a positive number of seconds (like 30 or 0.5), not '%s'",
                           arg);
    return PC_OK;
  case PC_RUNOPT_RESUME:
    return pc_take_path_option(cmd, "--resume", PC_PATH_FILE, arg, &o->resume, err);
  case PC_RUNOPT_MPI:
#ifdef PC_MPI
    o->mpi = true;
    return PC_OK;
#else
    return pc_usage_fail(cmd, err, "--mpi: built without MPI (make MPI=1)");
#endif
  default: return pc_usage_fail(cmd, err, "unknown option");
  }
}

/* auto carries on a checkpoint with the engine that wrote it: the trial
   may choose otherwise when it runs out of time. A checkpoint that cannot
   be read is left for the runner to report. */
static const char *engine_name(const pc_run_options *o)
{
  static char resumed[PC_CHECKPOINT_NAME_MAX + 1];
  pc_checkpoint c;
  pc_error ignored;
  if (strcmp(o->engine, "auto") || !o->resume || pc_checkpoint_read(o->resume, &c, &ignored))
    return o->engine;
  snprintf(resumed, sizeof resumed, "%s", c.engine);
  pc_checkpoint_free(&c);
  return pc_engine_known(resumed) ? resumed : o->engine;
}

pc_status pc_run_check(const char *cmd, const pc_run_options *o, pc_error *err)
{
  if (o->every > 0 && !o->checkpoint && !o->resume)
    return pc_usage_fail(cmd, err, "--every needs --checkpoint FILE");
  return PC_OK;
}

int32_t pc_run_named_files(const pc_run_options *o, pc_named_file *files)
{
  int32_t n = 0;
  if (o->checkpoint)
    files[n++] = (pc_named_file){o->checkpoint, "--checkpoint", "the checkpoint", true};
  /* Without --checkpoint, --resume's checkpoint is kept up to date: read
     and written, as it is when --checkpoint names it too. */
  if (o->resume && (!o->checkpoint || !pc_same_file(o->resume, o->checkpoint)))
    files[n++] = (pc_named_file){o->resume, "--resume", "the checkpoint being resumed",
                                 !o->checkpoint};
  return n;
}

FILE *pc_run_progress_stream(const pc_run_options *o)
{
  return o->progress == 1 || (o->progress == -1 && isatty(STDERR_FILENO)) ? stderr : NULL;
}

pc_status pc_run_configure(const char *cmd, const pc_run_options *o, const pc_xc *xc,
                           pc_runner_config *cfg, pc_error *err)
{
  pc_status s = pc_run_check(cmd, o, err);
  if (s) return s;
  cfg->threads = (int)o->threads;
  cfg->checkpoint = o->checkpoint ? o->checkpoint : o->resume;
  cfg->resume = o->resume;
  cfg->every = o->every;
  if (cfg->checkpoint && !(cfg->every > 0)) cfg->every = DEFAULT_EVERY;
  cfg->checkpoint_unnamed = !cfg->checkpoint;
  if (!cfg->checkpoint) cfg->checkpoint = DEFAULT_CHECKPOINT;
  cfg->progress = pc_run_progress_stream(o);
  /* Written again and again: a path where that cannot be is refused
     before the search, not after. */
  if (o->checkpoint && (s = pc_check_writable(o->checkpoint, "a checkpoint", err))) return s;
  /* Before auto's trial, which a signal stops as it stops the search. */
  cfg->stop = pc_stop_on_signals();
  /* The ranks of an MPI run choose each on its own: alike only untimed. */
  pc_trial_limit limit = {cfg->stop, o->mpi ? 0 : PC_TRIAL_SECONDS, cfg->threads};
  s = pc_engine_select_made(engine_name(o), xc, cfg->choose, &limit, &cfg->made, err);
  cfg->engine = cfg->made.engine;
  return s;
}

pc_status pc_run_finish(const char *cmd, pc_status s, const pc_runner_result *res,
                        const pc_run_options *o, pc_error *err)
{
  fflush(stdout);
  if (s || !res->interrupted) return s;
  if (res->checkpoint)
    fprintf(stderr,
            "polycover %s: interrupted after %" PRId64 " of %" PRId64
            " subproblems; checkpoint written to %s (carry on with --resume %s)\n",
            cmd, res->done, res->subproblems, res->checkpoint, res->checkpoint);
  else if (o->resume) /* stopped before the checkpoint was taken up */
    fprintf(stderr,
            "polycover %s: interrupted before the search carried on; checkpoint %s is as it "
            "was (carry on with --resume %s)\n",
            cmd, o->resume, o->resume);
  else
    fprintf(stderr, "polycover %s: interrupted before the search was split; nothing to carry "
                    "on from\n", cmd);
  return pc_error_reported(err, PC_ERR_IO);
}

/* cmd_xc.c — `polycover xc`: solve an exact-cover problem in DLX1 format,
   on several threads, with progress, checkpoints and resume. */
#include <getopt.h>
#include <inttypes.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "commands.h"
#include "dlx1.h"
#include "parallel.h"

static const char usage[] =
    "Usage: polycover xc [OPTIONS] FILE\n"
    "Solve an exact-cover problem written in Knuth's DLX1 format (FILE, or -\n"
    "for standard input) with algorithm DLX.\n"
    "\n"
    "  -p, --print          print each solution as its option lines\n"
    "  -n, --limit N        stop after N solutions\n"
    "      --max-updates N  stop after about N updates\n"
    "      --leftmost       branch on the first uncovered item, not the\n"
    "                       first of smallest size (Knuth's rule)\n"
    "      --profile        print nodes and updates per level\n"
    "      --json           print one JSON object: solutions, nodes,\n"
    "                       updates, seconds, complete, threads, subproblems\n"
    "  -j, --threads N      search on N threads (default: one per core); the\n"
    "                       counts are the same whatever N\n"
    "      --progress       show progress on stderr (the default when it is a\n"
    "                       terminal): fraction done, solutions, speed, time left\n"
    "      --quiet          no progress\n"
    "      --checkpoint F   write a checkpoint to F every --every seconds and at\n"
    "                       the end\n"
    "      --every S        seconds between checkpoints (default 60)\n"
    "      --resume F       carry on from checkpoint F (and keep it up to date)\n"
    "  -h, --help           show this help\n"
    "\n"
    "The search is split into many subproblems that the threads share. Ctrl-C\n"
    "(SIGINT) or SIGTERM stops it cleanly: the counts so far are printed and a\n"
    "checkpoint is written (to F, or polycover.checkpoint); --resume carries on\n"
    "and ends with the counts of an uninterrupted run. Solutions are printed a\n"
    "subproblem at a time, so none is lost or printed twice across a resume.\n"
    "\n"
    "DLX1 format: '|' starts a comment line; the first line names the primary\n"
    "items, then '|' and the secondary items; each later line is an option.\n"
    "Exit status: 0 done, 1 failure or interrupted, 2 bad usage or bad input.\n";

#define DEFAULT_CHECKPOINT "polycover.checkpoint"
#define DEFAULT_EVERY 60.0

/* What the command keeps across a resume: how many solutions it printed,
   so that the numbering carries on. */
typedef struct printer {
  const pc_xc *xc;
  uint64_t count;
} printer;

static bool print_solution(void *ctx, int64_t sub, const int32_t *options, int32_t n)
{
  (void)sub;
  printer *p = ctx;
  printf("solution %" PRIu64 ":\n", ++p->count);
  for (int32_t i = 0; i < n; i++) pc_dlx1_write_option(stdout, p->xc, options[i]);
  return false;
}

/* The checkpoint says these solutions are printed: they must be. */
static pc_status save_printer(void *ctx, FILE *out)
{
  printer *p = ctx;
  if (fflush(stdout)) return PC_ERR_IO;
  fprintf(out, "printed %" PRIu64 "\n", p->count);
  return PC_OK;
}

static pc_status load_printer(void *ctx, FILE *in, pc_error *err)
{
  printer *p = ctx;
  if (fscanf(in, "printed %" SCNu64, &p->count) != 1)
    return pc_error_set(err, PC_ERR_INPUT, 0, 0, "not a checkpoint of polycover xc");
  return PC_OK;
}

static bool parse_seconds(const char *s, double *out)
{
  char *end;
  double v = strtod(s, &end);
  if (!*s || *end || !(v > 0) || v > 1e9) return false;
  *out = v;
  return true;
}

int pc_cmd_xc(int argc, char **argv)
{
  enum { MAX_UPDATES = 256, LEFTMOST, PROFILE, JSON, PROGRESS, QUIET, CHECKPOINT, EVERY, RESUME };
  static const struct option longopts[] = {
      {"print", no_argument, NULL, 'p'},
      {"limit", required_argument, NULL, 'n'},
      {"max-updates", required_argument, NULL, MAX_UPDATES},
      {"leftmost", no_argument, NULL, LEFTMOST},
      {"profile", no_argument, NULL, PROFILE},
      {"json", no_argument, NULL, JSON},
      {"threads", required_argument, NULL, 'j'},
      {"progress", no_argument, NULL, PROGRESS},
      {"quiet", no_argument, NULL, QUIET},
      {"checkpoint", required_argument, NULL, CHECKPOINT},
      {"every", required_argument, NULL, EVERY},
      {"resume", required_argument, NULL, RESUME},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  bool print = false, profile = false, json = false;
  int progress = -1; /* -1: when stderr is a terminal */
  uint64_t threads = 0;
  pc_par_config cfg = {.choose = PC_CHOOSE_MRV};
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, "pn:j:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'p': print = true; break;
    case 'n':
      if (!pc_parse_u64(optarg, &cfg.max_solutions) || !cfg.max_solutions)
        return pc_usage_error("xc", "--limit wants a positive number, not '%s'", optarg);
      break;
    case MAX_UPDATES:
      if (!pc_parse_u64(optarg, &cfg.max_updates) || !cfg.max_updates)
        return pc_usage_error("xc", "--max-updates wants a positive number, not '%s'",
                              optarg);
      break;
    case LEFTMOST: cfg.choose = PC_CHOOSE_LEFTMOST; break;
    case PROFILE: profile = true; break;
    case JSON: json = true; break;
    case 'j':
      if (!pc_parse_u64(optarg, &threads) || !threads || threads > 1024)
        return pc_usage_error("xc", "--threads wants a number from 1 to 1024, not '%s'",
                              optarg);
      break;
    case PROGRESS: progress = 1; break;
    case QUIET: progress = 0; break;
    case CHECKPOINT: cfg.checkpoint = optarg; break;
    case EVERY:
      if (!parse_seconds(optarg, &cfg.every))
        return pc_usage_error("xc", "--every wants a positive number of seconds, not '%s'",
                              optarg);
      break;
    case RESUME: cfg.resume = optarg; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_usage_error("xc", "unknown option");
    }
  }
  if (optind != argc - 1)
    return pc_usage_error("xc", optind == argc ? "no FILE given" : "more than one FILE");
  if (cfg.every > 0 && !cfg.checkpoint && !cfg.resume)
    return pc_usage_error("xc", "--every needs --checkpoint FILE");

  cfg.stop = pc_stop_on_signals();
  pc_error err = {0};
  FILE *in = pc_open_input(argv[optind], &err);
  if (!in) return pc_report_error("xc", PC_ERR_INPUT, &err);
  pc_xc xc;
  pc_status s = pc_dlx1_read(in, &xc, &err);
  pc_close_input(in);
  if (s) return pc_report_error("xc", s, &err);

  /* A checkpoint file named by the user is kept up to date; otherwise one
     is written only when the run is interrupted. */
  if (!cfg.checkpoint) cfg.checkpoint = cfg.resume;
  if (cfg.checkpoint && !(cfg.every > 0)) cfg.every = DEFAULT_EVERY;
  if (!cfg.checkpoint) cfg.checkpoint = DEFAULT_CHECKPOINT;
  printer p = {&xc, 0};
  cfg.threads = (int)threads;
  cfg.ctx = &p;
  cfg.save = save_printer;
  cfg.load = load_printer;
  if (print) cfg.visit = print_solution;
  if (progress == 1 || (progress == -1 && isatty(STDERR_FILENO))) cfg.progress = stderr;
  pc_par_result res;
  s = pc_par_run(&xc, &cfg, &res, &err);
  int status = PC_EXIT_OK;
  if (!res.ran) {
    status = pc_report_error("xc", s, &err);
  } else {
    if (json) {
      pc_json j;
      pc_json_begin(&j, stdout);
      pc_json_str(&j, "file", argv[optind]);
      pc_json_u64(&j, "threads", (uint64_t)res.threads);
      pc_json_u64(&j, "subproblems", (uint64_t)res.subproblems);
      pc_json_u64(&j, "split_depth", (uint64_t)res.split_depth);
      pc_json_bool(&j, "interrupted", res.interrupted);
      pc_json_stats(&j, &res.stats, res.seconds);
      pc_json_end(&j);
    } else {
      pc_print_summary(stdout, &res.stats, res.seconds);
    }
    if (profile) pc_print_profile(json ? stderr : stdout, &res.stats);
    fflush(stdout);
    if (s) {
      status = pc_report_error("xc", s, &err);
    } else if (res.interrupted) {
      fprintf(stderr,
              "polycover xc: interrupted after %" PRId64 " of %" PRId64
              " subproblems; checkpoint written to %s (carry on with --resume %s)\n",
              res.done, res.subproblems, cfg.checkpoint, cfg.checkpoint);
      status = PC_EXIT_FAIL;
    }
  }
  pc_par_result_free(&res);
  pc_xc_free(&xc);
  return status;
}

/* cmd_xc.c — `polycover xc`: solve an exact-cover problem in DLX1 format. */
#include <getopt.h>
#include <stdlib.h>

#include "cli.h"
#include "commands.h"
#include "dlx1.h"

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
    "                       updates, seconds, complete\n"
    "  -h, --help           show this help\n"
    "\n"
    "DLX1 format: '|' starts a comment line; the first line names the primary\n"
    "items, then '|' and the secondary items; each later line is an option.\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input.\n";

typedef struct printer {
  const pc_xc *xc;
  uint64_t count;
} printer;

static bool print_solution(void *ctx, const int32_t *options, int32_t n)
{
  printer *p = ctx;
  printf("solution %llu:\n", (unsigned long long)++p->count);
  for (int32_t i = 0; i < n; i++) pc_dlx1_write_option(stdout, p->xc, options[i]);
  return false;
}

int pc_cmd_xc(int argc, char **argv)
{
  static const struct option longopts[] = {
      {"print", no_argument, NULL, 'p'},     {"limit", required_argument, NULL, 'n'},
      {"max-updates", required_argument, NULL, 'u'},
      {"leftmost", no_argument, NULL, 'l'},  {"profile", no_argument, NULL, 'P'},
      {"json", no_argument, NULL, 'j'},      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  bool print = false, profile = false, json = false;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, "+pn:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'p': print = true; break;
    case 'n':
      if (!pc_parse_u64(optarg, &cfg.max_solutions) || !cfg.max_solutions)
        return pc_usage_error("xc", "--limit wants a positive number, not '%s'", optarg);
      break;
    case 'u':
      if (!pc_parse_u64(optarg, &cfg.max_updates) || !cfg.max_updates)
        return pc_usage_error("xc", "--max-updates wants a positive number, not '%s'",
                              optarg);
      break;
    case 'l': cfg.choose = PC_CHOOSE_LEFTMOST; break;
    case 'P': profile = true; break;
    case 'j': json = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_usage_error("xc", "unknown option");
    }
  }
  if (optind != argc - 1)
    return pc_usage_error("xc", optind == argc ? "no FILE given" : "more than one FILE");

  pc_error err = {0};
  FILE *in = pc_open_input(argv[optind], &err);
  if (!in) return pc_report_error("xc", PC_ERR_INPUT, &err);
  pc_xc xc;
  pc_status s = pc_dlx1_read(in, &xc, &err);
  pc_close_input(in);
  if (s) return pc_report_error("xc", s, &err);

  pc_dlx *d = pc_dlx_new(&xc);
  if (!d) {
    pc_xc_free(&xc);
    fputs("polycover xc: out of memory\n", stderr);
    return PC_EXIT_FAIL;
  }
  printer p = {&xc, 0};
  if (print) {
    cfg.visit = print_solution;
    cfg.ctx = &p;
  }
  pc_dlx_stats st;
  double seconds = pc_timed_search(d, &cfg, &st);
  if (json) {
    pc_json j;
    pc_json_begin(&j, stdout);
    pc_json_str(&j, "file", argv[optind]);
    pc_json_stats(&j, &st, seconds);
    pc_json_end(&j);
  } else {
    pc_print_summary(stdout, &st, seconds);
  }
  if (profile) pc_print_profile(json ? stderr : stdout, &st);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  return PC_EXIT_OK;
}

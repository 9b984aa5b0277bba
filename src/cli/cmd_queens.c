/* cmd_queens.c — `polycover queens N`: count or show the placements of N
   queens, solved as a generalized exact cover by algorithm DLX. */
#include <getopt.h>
#include <stdlib.h>

#include "cli/common.h"
#include "cli/commands.h"
#include "core/queens.h"

static const char usage[] =
    "Usage: polycover queens [OPTIONS] N\n"
    "Count the ways to place N queens on an N x N board, no two attacking,\n"
    "with algorithm DLX (1 <= N <= 64). Ranks and files are primary items,\n"
    "diagonals secondary ones; ranks and files are listed from the middle of\n"
    "the board outward (Knuth's organ-pipe order), which shrinks the search.\n"
    "\n"
    "  -p, --print          print each solution as a board of '.' and 'Q'\n"
    "  -n, --limit N        stop after N solutions\n"
    "      --natural        list items R0 .. R(N-1) F0 .. F(N-1) instead\n"
    "      --profile        print nodes and updates per level\n"
    "      --json           print one JSON object: solution_list (with --print),\n"
    "                       n, solutions, nodes, updates, seconds, complete,\n"
    "                       profile (with --profile)\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 done, 1 failure, 2 bad usage.\n";

typedef struct printer {
  int n;
  uint64_t count;
  int file_of_rank[PC_QUEENS_MAX];
  pc_json *json;          /* the document's solution_list, or NULL: text */
} printer;

static bool print_board(void *ctx, const int32_t *options, int32_t count)
{
  printer *p = ctx;
  bool placed = pc_queens_decode(p->n, options, count, p->file_of_rank);
  ++p->count;
  if (p->json) {
    pc_json_object(p->json, NULL);
    pc_json_u64(p->json, "number", p->count);
    pc_json_array(p->json, "art");
  } else {
    printf("solution %llu:\n", (unsigned long long)p->count);
  }
  char row[PC_QUEENS_MAX + 2];
  for (int r = 0; r < p->n && placed; r++) {
    for (int c = 0; c < p->n; c++) row[c] = p->file_of_rank[r] == c ? 'Q' : '.';
    row[p->n] = '\0';
    if (p->json) pc_json_str(p->json, NULL, row);
    else puts(row);
  }
  if (p->json) pc_json_close(p->json), pc_json_close(p->json);
  else puts(placed ? "" : "(not a placement of queens)\n");
  return false;
}

/* Searches N queens and prints the counts; returns the exit status. */
static int count_queens(int n, pc_queens_order order, pc_dlx_config *cfg, bool print,
                        bool profile, bool json)
{
  pc_error err = {0};
  pc_xc xc;
  pc_status s = pc_queens_build(n, order, &xc, &err);
  if (s) return pc_exit_status("queens", s, &err);
  pc_dlx *d = pc_dlx_new(&xc);
  pc_xc_free(&xc);
  if (!d) {
    fputs("polycover queens: out of memory\n", stderr);
    return PC_EXIT_FAIL;
  }
  pc_json j;
  printer p = {.n = n, .json = json ? &j : NULL};
  if (print) {
    cfg->visit = print_board;
    cfg->ctx = &p;
  }
  if (json) pc_json_begin(&j, stdout);
  if (json && print) pc_json_array(&j, "solution_list");
  pc_dlx_stats st;
  double seconds = pc_timed_search(d, cfg, &st);
  if (json && print) pc_json_close(&j);
  if (json) {
    pc_json_u64(&j, "n", (uint64_t)n);
    pc_json_stats(&j, &st, seconds);
    if (profile) pc_json_profile(&j, &st);
    pc_json_end(&j);
  } else {
    pc_print_summary(stdout, &st, seconds);
    if (profile) pc_print_profile(stdout, &st);
  }
  pc_dlx_free(d);
  return PC_EXIT_OK;
}

int pc_cmd_queens(int argc, char **argv)
{
  static const struct option longopts[] = {
      {"print", no_argument, NULL, 'p'},     {"limit", required_argument, NULL, 'n'},
      {"natural", no_argument, NULL, 'N'},   {"profile", no_argument, NULL, 'P'},
      {"json", no_argument, NULL, 'j'},      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  bool print = false, profile = false, json = false;
  pc_queens_order order = PC_QUEENS_ORGAN_PIPE;
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":pn:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'p': print = true; break;
    case 'n':
      if (!pc_parse_u64(optarg, &cfg.max_solutions) || !cfg.max_solutions)
        return pc_usage_error("queens", "--limit wants a positive number, not '%s'",
                              optarg);
      break;
    case 'N': order = PC_QUEENS_NATURAL; break;
    case 'P': profile = true; break;
    case 'j': json = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_option_error("queens", c, argv, longopts);
    }
  }
  if (optind != argc - 1)
    return pc_usage_error("queens", optind == argc ? "no N given" : "more than one N");
  uint64_t n;
  if (!pc_parse_u64(argv[optind], &n) || n < 1 || n > PC_QUEENS_MAX)
    return pc_usage_error("queens", "N must be a whole number from 1 to %d, not '%s'",
                          PC_QUEENS_MAX, argv[optind]);

  return count_queens((int)n, order, &cfg, print, profile, json);
}

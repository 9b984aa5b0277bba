/* cmd_solve.c — `polycover solve`: count and print a puzzle's solutions. */
#include <getopt.h>
#include <stdlib.h>

#include "alloc.h"
#include "cli.h"
#include "commands.h"
#include "matrix.h"
#include "shape.h"

static const char usage[] =
    "Usage: polycover solve [OPTIONS] BOARD.yaml\n"
    "Find every way to place the puzzle's pieces on its board, print each as the\n"
    "board's ASCII art with every cell showing its piece's letter, then the counts.\n"
    "\n"
    "  -c, --count          print only the counts, not the solutions\n"
    "  -n, --limit N        stop after N solutions\n"
    "      --leftmost       branch on the first uncovered item, not the first of\n"
    "                       smallest size (Knuth's rule)\n"
    "      --profile        print nodes and updates per level of the search\n"
    "      --json           print one JSON object: solutions, nodes, updates,\n"
    "                       seconds, complete, options, items\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input (with FILE:LINE:COLUMN).\n";

typedef struct solve_run {
  const pc_puzzle *pz;
  const pc_matrix *m;
  bool print;
  uint64_t found, limit;
  int32_t *owner;
  char *labels;
} solve_run;

static bool visit(void *ctx, const int32_t *options, int32_t n)
{
  solve_run *r = ctx;
  if (!pc_matrix_canonical(r->m, options, n)) return false;
  r->found++;
  if (r->print) {
    pc_matrix_owners(r->m, options, n, r->owner);
    for (int32_t i = 0; i < r->pz->n_cells; i++)
      r->labels[i] = r->owner[i] >= 0 ? r->pz->pieces[r->owner[i]].symbol : '?';
    char *art = pc_shape_ascii(r->pz->grid, r->pz->cells, r->pz->n_cells, r->labels);
    printf("solution %llu:\n%s\n", (unsigned long long)r->found, art ? art : "");
    free(art);
  }
  return r->limit && r->found >= r->limit;
}

int pc_cmd_solve(int argc, char **argv)
{
  static const struct option longopts[] = {
      {"count", no_argument, NULL, 'c'},    {"limit", required_argument, NULL, 'n'},
      {"leftmost", no_argument, NULL, 'l'}, {"profile", no_argument, NULL, 'P'},
      {"json", no_argument, NULL, 'j'},     {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  bool count_only = false, profile = false, json = false;
  solve_run run = {0};
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV};
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, "+cn:h", longopts, NULL)) != -1) {
    switch (c) {
    case 'c': count_only = true; break;
    case 'n':
      if (!pc_parse_u64(optarg, &run.limit) || !run.limit)
        return pc_usage_error("solve", "--limit wants a positive number, not '%s'", optarg);
      break;
    case 'l': cfg.choose = PC_CHOOSE_LEFTMOST; break;
    case 'P': profile = true; break;
    case 'j': json = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_usage_error("solve", "unknown option");
    }
  }
  if (optind != argc - 1)
    return pc_usage_error("solve", optind == argc ? "no BOARD given" : "more than one BOARD");

  pc_error err = {0};
  pc_puzzle pz;
  pc_status s = pc_puzzle_load(argv[optind], &pz, &err);
  if (s) return pc_report_error("solve", s, &err);
  pc_matrix m;
  if ((s = pc_matrix_build(&pz, &m, &err))) {
    pc_puzzle_free(&pz);
    return pc_report_error("solve", s, &err);
  }
  run.pz = &pz;
  run.m = &m;
  run.print = !count_only && !json;
  run.owner = pc_alloc_array((size_t)pz.n_cells, sizeof *run.owner);
  run.labels = pc_alloc_array((size_t)pz.n_cells, 1);
  pc_dlx *d = pc_dlx_new(&m.xc);
  int status = PC_EXIT_OK;
  if (!d || !run.owner || !run.labels) {
    fputs("polycover solve: out of memory\n", stderr);
    status = PC_EXIT_FAIL;
    goto done;
  }
  cfg.visit = visit;
  cfg.ctx = &run;
  pc_dlx_stats st;
  double seconds = pc_timed_search(d, &cfg, &st);
  st.solutions = run.found;
  if (json) {
    pc_json j;
    pc_json_begin(&j, stdout);
    pc_json_str(&j, "board", argv[optind]);
    pc_json_str(&j, "title", pz.title);
    pc_json_stats(&j, &st, seconds);
    pc_json_u64(&j, "options", (uint64_t)m.xc.n_options);
    pc_json_u64(&j, "items", (uint64_t)m.xc.n_items);
    pc_json_end(&j);
  } else {
    printf("%s\n", pz.title);
    pc_print_summary(stdout, &st, seconds);
  }
  if (profile) pc_print_profile(json ? stderr : stdout, &st);
done:
  pc_dlx_free(d);
  free(run.owner);
  free(run.labels);
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
  return status;
}

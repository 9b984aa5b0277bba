/* cmd_score.c — `polycover score`: Knuth's symmetry scores of the solutions
   in a solution file, without solving again. */
#include <getopt.h>
#include <stdlib.h>

#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/commands.h"
#include "poly/score.h"
#include "poly/solfile.h"

static const char usage[] =
    "Usage: polycover score [OPTIONS] SOLUTIONS_FILE\n"
    "Print the horizontal and vertical symmetry of each solution in a file that\n"
    "`polycover solve --output` wrote, then the maximally symmetric ones: the\n"
    "highest of the two scores first, then the other (Knuth, \"Dancing Links\").\n"
    "\n"
    "  -b, --best       print only the maximally symmetric solutions\n"
    "      --json       print one JSON object: solutions, best_horizontal,\n"
    "                   best_vertical, best_count, edges\n"
    "  -h, --help       show this help\n"
    "\n"
    "The horizontal symmetry is the number of edges between two pieces that are\n"
    "also edges between two pieces in the left-right mirror image; vertical\n"
    "likewise, top-bottom. \"edges\" counts the board's internal edges; a\n"
    "solution equal to its mirror image scores its number of edges between pieces.\n"
    "\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input (with FILE:LINE:COLUMN).\n";

enum { OPT_JSON = 256 };

/* Each solution's scores (unless best_only or json), then the best. */
static void print_scores(const char *path, const pc_solfile *f, const pc_scorer *scorer,
                         bool best_only, bool json)
{
  pc_score best = {-1, -1};
  int32_t best_count = 0;
  for (int32_t i = 0; i < f->n_solutions; i++) {
    pc_score sc = pc_score_tiling(scorer, &f->solutions[i]);
    int cmp = pc_score_cmp(sc, best);
    if (cmp > 0) best = sc, best_count = 0;
    if (cmp >= 0) best_count++;
    if (!json && !best_only)
      printf("solution %d: horizontal %d, vertical %d, edges between pieces %d\n", (int)i + 1,
             (int)sc.h, (int)sc.v, (int)pc_score_piece_edges(scorer, &f->solutions[i]));
  }
  if (json) {
    pc_json j;
    pc_json_begin(&j, stdout);
    pc_json_str(&j, "file", path);
    pc_json_u64(&j, "solutions", (uint64_t)f->n_solutions);
    pc_json_u64(&j, "edges", (uint64_t)scorer->n_edges);
    if (f->n_solutions) {
      pc_json_u64(&j, "best_horizontal", (uint64_t)best.h);
      pc_json_u64(&j, "best_vertical", (uint64_t)best.v);
      pc_json_u64(&j, "best_count", (uint64_t)best_count);
    }
    pc_json_end(&j);
  } else if (f->n_solutions) {
    printf("%s: %d %s, %d internal %s\n", f->pz.title, (int)f->n_solutions,
           pc_plural((uint64_t)f->n_solutions, "solution", "solutions"), (int)scorer->n_edges,
           pc_plural((uint64_t)scorer->n_edges, "edge", "edges"));
    printf("maximally symmetric: horizontal %d, vertical %d:", (int)best.h, (int)best.v);
    for (int32_t i = 0; i < f->n_solutions; i++)
      if (!pc_score_cmp(pc_score_tiling(scorer, &f->solutions[i]), best))
        printf(" %d", (int)i + 1);
    printf("\n");
  } else {
    printf("%s: no solutions in the file\n", f->pz.title);
  }
}

int pc_cmd_score(int argc, char **argv)
{
  static const struct option longopts[] = {{"best", no_argument, NULL, 'b'},
                                           {"json", no_argument, NULL, OPT_JSON},
                                           {"help", no_argument, NULL, 'h'},
                                           {NULL, 0, NULL, 0}};
  bool best_only = false, json = false;
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":bh", longopts, NULL)) != -1) {
    switch (c) {
    case 'b': best_only = true; break;
    case OPT_JSON: json = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_option_error("score", c, argv, longopts);
    }
  }
  if (optind != argc - 1)
    return pc_usage_error("score",
                          optind == argc ? "no SOLUTIONS_FILE given" : "more than one file");

  pc_error err = {0};
  pc_solfile f;
  pc_status s = pc_hint_file_kind(pc_solfile_read(argv[optind], &f, &err), argv[optind],
                                  PC_KIND_SOLUTIONS, &err);
  if (s) return pc_exit_status("score", s, &err);
  pc_scorer scorer;
  if (pc_scorer_init(&scorer, f.pz.grid, f.pz.cells, f.pz.n_cells)) {
    pc_solfile_free(&f);
    fputs("polycover score: out of memory\n", stderr);
    return PC_EXIT_FAIL;
  }
  print_scores(argv[optind], &f, &scorer, best_only, json);
  pc_scorer_free(&scorer);
  pc_solfile_free(&f);
  return PC_EXIT_OK;
}

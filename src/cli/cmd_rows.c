/* cmd_rows.c — `polycover rows`: a puzzle's exact-cover matrix in DLX1
   format, so that any other DLX program can check our counts. */

#include <string.h>
#include <unistd.h>

#include "cli/common.h"
#include "cli/file_kind.h"
#include "cli/commands.h"
#include "core/dlx1.h"
#include "poly/matrix.h"

static const char usage[] =
    "Usage: polycover rows [OPTIONS] BOARD.yaml|-\n"
    "Write the puzzle's exact-cover matrix in Knuth's DLX1 format on standard\n"
    "output (DLX3's bounds where there are copies or choices): items are the\n"
    "board's cells row-major (rRcC, ASCII-art row and column), then the pieces\n"
    "in set order (copies as bounds, 2|L; none for copies: any), then one item\n"
    "per `choose` group, then for sticks the secondary junction items (jRcC);\n"
    "one option per placement, with no symmetry reduction. `polycover xc` reads\n"
    "it; docs/formats.md has the details. BOARD - reads standard input.\n"
    "\n"
    "  -h, --help   show this help\n"
    "\n"
    "Exit status: 0 done, 1 failure, 2 bad usage or bad input (with FILE:LINE:COLUMN).\n";

int pc_cmd_rows(int argc, char **argv)
{
  pc_error err = {0};
  pc_status s = pc_parse_help_only(argc, argv, "rows", usage, &err);
  if (s) return pc_exit_status("rows", s, &err);
  if (optind != argc - 1)
    return pc_usage_error("rows", optind == argc ? "no BOARD given" : "more than one BOARD");
  pc_puzzle pz;
  s = pc_hint_file_kind(pc_puzzle_load(argv[optind], &pz, &err), argv[optind], PC_KIND_YAML,
                        &err);
  if (s) return pc_exit_status("rows", s, &err);
  pc_matrix m;
  if (!(s = pc_matrix_build(&pz, &m, &err))) {
    printf("| %s: %s\n| %d %s\n", strcmp(argv[optind], "-") ? argv[optind] : "<stdin>",
           pz.title, (int)m.xc.n_options,
           pc_plural((uint64_t)m.xc.n_options, "option", "options"));
    s = pc_dlx1_write(stdout, &m.xc, &err);
    if (s == PC_ERR_IO) s = PC_OK; /* standard output's: pc_finish_output names it */
    pc_matrix_free(&m);
  }
  pc_puzzle_free(&pz);
  return s ? pc_exit_status("rows", s, &err) : PC_EXIT_OK;
}

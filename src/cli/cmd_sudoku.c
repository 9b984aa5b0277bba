/* cmd_sudoku.c — `polycover sudoku [FILE]`: solve sudoku puzzles, one per
   line, as exact-cover problems. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli/common.h"
#include "cli/commands.h"
#include "core/lines.h"
#include "core/sudoku.h"

/* A puzzle is a line of 81 cells; longer lines (comments) are capped, so
   an endless line is an error rather than all of memory. */
#define SUDOKU_LINE_MAX 65536

static const char usage[] =
    "Usage: polycover sudoku [OPTIONS] [FILE]\n"
    "Solve sudoku puzzles with algorithm DLX, one puzzle per line of FILE (no\n"
    "FILE or -: standard input). A puzzle is 81 characters, the grid row by\n"
    "row: digits 1-9 for givens, '.' or '0' for blanks. Blank lines and lines\n"
    "that start with '#' are skipped.\n"
    "\n"
    "For each puzzle one line on standard output: its solution as 81 digits,\n"
    "or 'line N: no solution', 'line N: more than one solution' (the search\n"
    "stops at the second) or 'line N: malformed'. A malformed puzzle (wrong\n"
    "length, a bad character, a digit given twice in a row, column or box)\n"
    "gets FILE:LINE:COLUMN: and the reason on standard error; the other\n"
    "puzzles are still solved.\n"
    "\n"
    "  -q, --quiet          leave out the line per puzzle\n"
    "      --json           print one JSON object instead: puzzle_list (line,\n"
    "                       result, solution), file, puzzles, solved,\n"
    "                       unsolvable, multiple, malformed, nodes, updates,\n"
    "                       seconds, puzzles_per_second\n"
    "  -h, --help           show this help\n"
    "\n"
    "Exit status: 0 done, 1 failure, 2 bad usage, a malformed puzzle or no\n"
    "puzzle at all.\n";

typedef struct tally {
  uint64_t puzzles, solved, unsolvable, multiple, malformed, nodes, updates;
} tally;

/* Length without the trailing newline, carriage return and blanks. */
static size_t trimmed(const char *s, size_t len)
{
  while (len && (s[len - 1] == '\n' || s[len - 1] == '\r' || s[len - 1] == ' ' ||
                 s[len - 1] == '\t'))
    len--;
  return len;
}

/* Where a puzzle's result goes: nowhere (quiet), a line of text, or an
   entry of the JSON document's puzzle_list. */
typedef struct teller {
  bool quiet;
  pc_json *json;
} teller;

/* result: "solved" (with the solution), "no solution", "more than one
   solution" or "malformed". */
static void tell(const teller *o, int line, const char *result, const char *solution)
{
  if (o->quiet) return;
  if (!o->json && solution) puts(solution);
  else if (!o->json) printf("line %d: %s\n", line, result);
  if (!o->json) return;
  pc_json_object(o->json, NULL);
  pc_json_u64(o->json, "line", (uint64_t)line);
  pc_json_str(o->json, "result", result);
  if (solution) pc_json_str(o->json, "solution", solution);
  pc_json_close(o->json);
}

/* Solves one puzzle line and tells its result. Returns PC_OK or the
   status of a failure that ends the run (out of memory). */
static pc_status one_puzzle(const char *text, size_t len, int line, const teller *o,
                            tally *t, pc_error *err)
{
  t->puzzles++;
  pc_sudoku puzzle;
  pc_status s = pc_sudoku_parse(text, len, line, &puzzle, err);
  if (s == PC_ERR_INPUT) {
    t->malformed++;
    pc_exit_status("sudoku", s, err);
    tell(o, line, "malformed", NULL);
    return PC_OK;
  }
  pc_sudoku_result res;
  s = pc_sudoku_solve(&puzzle, &res, err);
  if (s) return s;
  t->nodes += res.nodes;
  t->updates += res.updates;
  if (res.solutions == 1) {
    t->solved++;
    char out[PC_SUDOKU_CELLS + 1];
    pc_sudoku_format(&res.solution, out);
    tell(o, line, "solved", out);
  } else if (res.solutions == 0) {
    t->unsolvable++;
    tell(o, line, "no solution", NULL);
  } else {
    t->multiple++;
    tell(o, line, "more than one solution", NULL);
  }
  return PC_OK;
}

/* The JSON object's totals after the puzzle list, and its end. */
static void json_totals(pc_json *j, const char *path, const tally *t, double seconds)
{
  pc_json_str(j, "file", strcmp(path, "-") ? path : "<stdin>");
  pc_json_u64(j, "puzzles", t->puzzles);
  pc_json_u64(j, "solved", t->solved);
  pc_json_u64(j, "unsolvable", t->unsolvable);
  pc_json_u64(j, "multiple", t->multiple);
  pc_json_u64(j, "malformed", t->malformed);
  pc_json_u64(j, "nodes", t->nodes);
  pc_json_u64(j, "updates", t->updates);
  pc_json_double(j, "seconds", seconds);
  pc_json_double(j, "puzzles_per_second", seconds > 0 ? (double)t->puzzles / seconds : 0.0);
  pc_json_end(j);
}

int pc_cmd_sudoku(int argc, char **argv)
{
  static const struct option longopts[] = {{"quiet", no_argument, NULL, 'q'},
                                            {"json", no_argument, NULL, 'j'},
                                            {"help", no_argument, NULL, 'h'},
                                            {NULL, 0, NULL, 0}};
  bool quiet = false, json = false;
  int c;
  optind = 0;
  while ((c = getopt_long(argc, argv, ":qh", longopts, NULL)) != -1) {
    switch (c) {
    case 'q': quiet = true; break;
    case 'j': json = true; break;
    case 'h': fputs(usage, stdout); return PC_EXIT_OK;
    default: return pc_option_error("sudoku", c, argv, longopts);
    }
  }
  if (argc - optind > 1) return pc_usage_error("sudoku", "more than one FILE");
  const char *path = optind < argc ? argv[optind] : "-";

  pc_error err = {0};
  FILE *in = pc_open_input(path, &err);
  if (!in) return pc_exit_status("sudoku", PC_ERR_INPUT, &err);
  tally t = {0};
  pc_status s = PC_OK;
  pc_lines text;
  pc_lines_init(&text, in, 0);
  text.max = SUDOKU_LINE_MAX;
  text.skip_bom = true;
  pc_json j;
  teller o = {.quiet = quiet, .json = json ? &j : NULL};
  if (json) pc_json_begin(&j, stdout);
  if (json && !quiet) pc_json_array(&j, "puzzle_list");
  double t0 = pc_now();
  while (!s && pc_lines_next(&text)) {
    size_t len = trimmed(text.line, text.len);
    if (len == 0 || text.line[0] == '#') continue;
    s = one_puzzle(text.line, len, text.number, &o, &t, &err);
  }
  if (!s) s = pc_lines_fault(&text, &err);
  double seconds = pc_now() - t0;
  free(text.line);
  pc_close_input(in);
  if (s) return pc_exit_status("sudoku", s, &err);
  if (json) {
    if (!quiet) pc_json_close(&j);
    json_totals(&j, path, &t, seconds);
  }
  /* Nothing to solve is most likely the wrong file, not a finished run. */
  if (!t.puzzles)
    return pc_exit_status("sudoku", pc_error_set(&err, PC_ERR_INPUT, 0, 0,
                                                 "no puzzle (the file is empty or has only "
                                                 "blank lines and comments)"),
                          &err);
  return t.malformed ? PC_EXIT_USAGE : PC_EXIT_OK;
}

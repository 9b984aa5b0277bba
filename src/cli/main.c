/* main.c — the polycover command: dispatches to a subcommand. */
#include <stdio.h>
#include <string.h>

#include "cli/common.h"
#include "cli/commands.h"

#define PC_VERSION "0.1.0"

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} commands[] = {
    {"solve", pc_cmd_solve, "count and print the solutions of a puzzle (boards/*.yaml)"},
    {"score", pc_cmd_score, "symmetry scores of the solutions in a solution file"},
    {"rows", pc_cmd_rows, "write a puzzle's exact-cover matrix in DLX1 format"},
    {"list", pc_cmd_list, "list the shipped piece sets and boards"},
    {"estimate", pc_cmd_estimate, "estimate a search's size and time (Knuth's Monte Carlo)"},
    {"challenge", pc_cmd_challenge, "make puzzles with one solution, rated, and a booklet"},
    {"merge", pc_cmd_merge, "add up the results of a search's job files (solve --job)"},
    {"xc", pc_cmd_xc, "solve an exact-cover problem in Knuth's DLX1 format"},
    {"queens", pc_cmd_queens, "count or show the solutions of N queens"},
    {"sudoku", pc_cmd_sudoku, "solve sudoku puzzles, one per line"},
    {"pieces", pc_cmd_pieces, "enumerate every polyform of a size as a piece set"},
    {"render", pc_cmd_render, "draw solutions (SVG, PNG, PDF), galleries, a board's pieces"},
};

static void usage(FILE *out)
{
  fputs("Usage: polycover COMMAND [OPTIONS] [ARGS]\n"
        "Enumerate polyform puzzles and other exact-cover problems with\n"
        "Knuth's dancing links.\n\nCommands:\n",
        out);
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fputs("\n'polycover COMMAND --help' (or 'polycover help COMMAND') describes a command;\n"
        "'polycover --version' prints the version.\n",
        out);
}

/* `polycover help COMMAND`: the command's own --help. */
static int help_of(const char *name)
{
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(name, commands[i].name)) {
      char *args[] = {(char *)commands[i].name, "--help", NULL};
      return pc_finish_output(commands[i].name, commands[i].run(2, args));
    }
  fprintf(stderr, "polycover help: unknown command '%s'\nTry 'polycover --help'.\n", name);
  return PC_EXIT_USAGE;
}

int main(int argc, char **argv)
{
  /* Each command reports a bad option itself, in one line. */
  opterr = 0;
  if (argc < 2) {
    usage(stderr);
    return PC_EXIT_USAGE;
  }
  if (!strcmp(argv[1], "help") && argc > 2) return help_of(argv[2]);
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    usage(stdout);
    return pc_finish_output("help", PC_EXIT_OK);
  }
  if (!strcmp(argv[1], "--version")) {
    printf("polycover %s\n", PC_VERSION);
    return pc_finish_output("--version", PC_EXIT_OK);
  }
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(argv[1], commands[i].name))
      return pc_finish_output(commands[i].name, commands[i].run(argc - 1, argv + 1));
  fprintf(stderr, "polycover: unknown command '%s'\nTry 'polycover --help'.\n", argv[1]);
  return PC_EXIT_USAGE;
}

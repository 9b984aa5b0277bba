/* test_cli_usage.c — the command line as a user meets it (issue #18):
   one line for a bad option, `help COMMAND`, options that need another,
   singular nouns for one thing, job shares that add up. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The lines of s that start with `prefix`. */
static int lines_starting(const char *s, const char *prefix)
{
  int n = 0;
  for (const char *p = s; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
    n += !strncmp(p, prefix, strlen(prefix));
  return n;
}

/* Exit status 2 and exactly the one error line (then the pointer to
   --help), for every kind of bad option. */
static void expect_one_error(const char *const *args, const char *message)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s", r.err);
  char want[256];
  snprintf(want, sizeof want, "polycover %s: %s\nTry 'polycover %s --help'.\n", args[0],
           message, args[0]);
  cr_expect_str_eq(r.err, want);
  cr_expect_str_eq(r.out, "");
  pc_run_free(&r);
}

Test(cli_usage, bad_option_one_line)
{
  expect_one_error((const char *[]){"solve", "boards/scott.yaml", "--bogus", NULL},
                   "unknown option '--bogus'");
  expect_one_error((const char *[]){"solve", "--bogus=3", "boards/scott.yaml", NULL},
                   "unknown option '--bogus'");
  expect_one_error((const char *[]){"solve", "-cx", "boards/scott.yaml", NULL},
                   "unknown option '-x'");
  expect_one_error((const char *[]){"solve", "boards/scott.yaml", "--limit", NULL},
                   "option '--limit' needs an argument");
  expect_one_error((const char *[]){"solve", "boards/scott.yaml", "-n", NULL},
                   "option '-n' needs an argument");
  expect_one_error((const char *[]){"solve", "--count=1", "boards/scott.yaml", NULL},
                   "option '--count' takes no argument");
  expect_one_error((const char *[]){"solve", "--pro", "boards/scott.yaml", NULL},
                   "option '--pro' is ambiguous: --profile, --profile-plot, --progress");
  expect_one_error((const char *[]){"render", "--bogus", NULL}, "unknown option '--bogus'");
  expect_one_error((const char *[]){"rows", "-q", NULL}, "unknown option '-q'");
  expect_one_error((const char *[]){"queens", "-n", NULL}, "option '-n' needs an argument");
  expect_one_error((const char *[]){"merge", "--bogus", NULL}, "unknown option '--bogus'");
  expect_one_error((const char *[]){"merge", "-", NULL},
                   "a RESULT is a file's name: - (standard input) is none");
  expect_one_error((const char *[]){"xc", "--bogus", NULL}, "unknown option '--bogus'");
  expect_one_error((const char *[]){"xc", "--limit", NULL}, "option '--limit' needs an argument");
  expect_one_error((const char *[]){"challenge", "--bogus", "boards/scott.yaml", NULL},
                   "unknown option '--bogus'");
  expect_one_error((const char *[]){"challenge", "-x", "boards/scott.yaml", NULL},
                   "unknown option '-x'");
  expect_one_error((const char *[]){"challenge", "boards/scott.yaml", "--seed", NULL},
                   "option '--seed' needs an argument");
  expect_one_error((const char *[]){"challenge", "boards/scott.yaml", "-j", NULL},
                   "option '-j' needs an argument");
  expect_one_error((const char *[]){"challenge", "--minimal=1", "boards/scott.yaml", NULL},
                   "option '--minimal' takes no argument");
}

/* `polycover help solve` is `polycover solve --help`. */
Test(cli_usage, help_command)
{
  pc_run a = pc_run_program(NULL, (const char *[]){"help", "solve", NULL});
  pc_run b = pc_run_program(NULL, (const char *[]){"solve", "--help", NULL});
  cr_expect_eq(a.status, 0, "%s", a.err);
  cr_expect(!strncmp(a.out, "Usage: polycover solve ", 23), "%s", a.out);
  cr_expect_str_eq(a.out, b.out);
  pc_run_free(&a);
  pc_run_free(&b);
  pc_run r = pc_run_program(NULL, (const char *[]){"help", "nope", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect_eq(lines_starting(r.err, "polycover help: unknown command 'nope'"), 1, "%s", r.err);
  pc_run_free(&r);
}

/* --every takes seconds in plain decimal: strtod's hexadecimal, blanks
   and exponents were taken (0x10 as 16 seconds). */
Test(cli_usage, every_in_decimal)
{
  static const char *const bad[] = {"0x10", " 5", "5 ", "1e2", "+5", "-1", "5s", ".", "0", "0.0"};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    char message[128];
    snprintf(message, sizeof message,
             "--every wants a positive number of seconds (like 30 or 0.5), not '%s'", bad[i]);
    expect_one_error((const char *[]){"xc", "--checkpoint", "c", "--every", bad[i], "x.dlx", NULL},
                     message);
  }
}

/* The commands `polycover --help` lists, into names; how many. */
static int listed_commands(char names[][16], int max)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"--help", NULL});
  int n = 0;
  for (const char *p = strstr(r.out, "\nCommands:\n"); p && n < max; p = strchr(p + 1, '\n'))
    if (sscanf(p, "\n  %15[a-z] ", names[n]) == 1) n++;
  cr_expect(strstr(r.out, "--version"), "the top --help names --version: %s", r.out);
  pc_run_free(&r);
  return n;
}

/* Every command's --help lists -h, --help and says its exit statuses. */
Test(cli_usage, help_says_help_and_exit_status)
{
  char names[32][16];
  int n = listed_commands(names, 32);
  cr_expect_geq(n, 12);
  for (int i = 0; i < n; i++) {
    pc_run r = pc_run_program(NULL, (const char *[]){names[i], "--help", NULL});
    cr_expect_eq(r.status, 0, "%s: %s", names[i], r.err);
    cr_expect(strstr(r.out, "  -h, --help "), "%s --help: no -h, --help", names[i]);
    cr_expect(strstr(r.out, "Exit status: 0 done, 1 "), "%s --help: no exit status", names[i]);
    pc_run_free(&r);
  }
}

/* The first line of a written piece set counts them without "1 cells":
   12 free pentominoes, 18 one-sided (published figures). */
Test(cli_usage, pieces_header_in_good_english)
{
  static const char *const cases[][3] = {
      {"1", "", "# free polyominoes of 1 cell: 1, written by polycover pieces.\n"},
      {"5", "", "# free polyominoes of 5 cells: 12, written by polycover pieces.\n"},
      {"5", "-1", "# one-sided polyominoes of 5 cells: 18, written by polycover pieces.\n"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    const char *args[] = {"pieces", "-s", cases[i][0], cases[i][1][0] ? cases[i][1] : NULL, NULL};
    pc_run r = pc_run_program(NULL, args);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(!strncmp(r.out, cases[i][2], strlen(cases[i][2])), "%s", r.out);
    pc_run_free(&r);
  }
}

/* Exit status 2, and the message says what args[1] looks like. */
static void expect_looks_like(const char *const *args, const char *looks)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s", r.err);
  char want[256];
  snprintf(want, sizeof want, " (this looks like %s)\n", looks);
  cr_expect(strstr(r.err, want), "%s %s: wanted%s got %s", args[0], args[1], want, r.err);
  pc_run_free(&r);
}

/* A file given to a command that reads another kind: the message says
   which command reads it (xc was given a board, merge a solution file). */
Test(cli_usage, wrong_kind_of_file)
{
  static const char yaml[] =
      "a YAML file: 'polycover solve' solves a board, 'polycover render --pieces' draws it";
  static const char sol[] = "a solution file: 'polycover score' and 'polycover render' read it";
  char *dir = pc_scratch_dir("/tmp/pc-kind-XXXXXX"), *sols = pc_path_in(dir, "s.sol");
  pc_run r = pc_run_program(
      NULL, (const char *[]){"solve", "boards/scott.yaml", "-n", "1", "-o", sols, NULL});
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  expect_looks_like((const char *[]){"xc", "boards/scott.yaml", NULL}, yaml);
  expect_looks_like((const char *[]){"render", "boards/scott.yaml", "-o", "x.svg", NULL}, yaml);
  expect_looks_like((const char *[]){"score", "boards/scott.yaml", NULL}, yaml);
  expect_looks_like((const char *[]){"solve", "tests/data/pent6x10.dlx", NULL},
                    "a DLX1 matrix: 'polycover xc' solves it");
  expect_looks_like((const char *[]){"merge", sols, NULL}, sol);
  expect_looks_like((const char *[]){"xc", sols, NULL}, sol);
  expect_looks_like((const char *[]){"estimate", sols, NULL}, sol);
  expect_looks_like((const char *[]){"rows", sols, NULL}, sol);
  r = pc_run_program(NULL, (const char *[]){"score", "tests/data/pent6x10.dlx", NULL});
  cr_expect(strstr(r.err, "DLX1 matrix"), "%s", r.err);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(sols);
  free(dir);
}

/* Options of a picture not asked for say what to add, before any search. */
Test(cli_usage, picture_options_need_their_picture)
{
  static const char *const cases[][2] = {
      {"--index", "--index N says which solution --render FILE draws: add --render FILE"},
      {"--max", "--max shapes the gallery: add --gallery OUT"},
      {"--columns", "--columns shapes the gallery: add --gallery OUT"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    expect_one_error((const char *[]){"solve", "boards/scott.yaml", cases[i][0], "2", NULL},
                     cases[i][1]);
  expect_one_error((const char *[]){"solve", "boards/scott.yaml", "--sort", "symmetry", NULL},
                   "--sort shapes the gallery: add --gallery OUT");
  expect_one_error((const char *[]){"solve", "boards/scott.yaml", "--labels", NULL},
                   "--labels writes names on pictures: add --render FILE or --gallery OUT");
}

/* solve --labels writes the names on the picture, as render --labels does:
   the same picture as render draws from the solution file. */
Test(cli_usage, solve_labels)
{
  char *dir = pc_scratch_dir("/tmp/pc-usage-XXXXXX");
  char *plain = pc_path_in(dir, "plain.svg"), *named = pc_path_in(dir, "named.svg"),
       *sol = pc_path_in(dir, "s.sol"), *rendered = pc_path_in(dir, "rendered.svg");
  const char *a[] = {"solve", "boards/pent6x10.yaml", "-n", "1", "--render", plain, NULL};
  const char *b[] = {"solve", "boards/pent6x10.yaml", "-n", "1", "--labels", "--render", named,
                     "-o", sol, NULL};
  const char *c[] = {"render", sol, "--labels", "-o", rendered, NULL};
  for (const char *const *args[] = {a, b, c}, *const **p = args; p < args + 3; p++) {
    pc_run r = pc_run_program(NULL, *p);
    cr_expect_eq(r.status, 0, "%s", r.err);
    pc_run_free(&r);
  }
  char *x = pc_slurp_file(plain), *y = pc_slurp_file(named), *z = pc_slurp_file(rendered);
  cr_expect(strcmp(x, y), "--labels changed nothing");
  cr_expect_str_eq(y, z);
  free(x), free(y), free(z);
  free(plain), free(named), free(sol), free(rendered);
  pc_remove_tree(dir);
  free(dir);
}

/* One thing is named in the singular: a set of one piece, one job, one
   subproblem... and two in the plural. */
Test(cli_usage, singular_for_one)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"list", NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "\n  domino                 square     1 piece   domino\n"), "%s",
            r.out);
  cr_expect(strstr(r.out, "  12 pieces  pentominoes\n"), "%s", r.out);
  cr_expect(!strstr(r.out, " 1 pieces"), "%s", r.out);
  pc_run_free(&r);
  r = pc_run_program(NULL, (const char *[]){"solve", "--best", "--count",
                                            "tests/data/boards/two_dominoes.yaml", NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "; 1 essentially different solution\n"), "%s", r.out);
  pc_run_free(&r);
  char *dir = pc_scratch_dir("/tmp/pc-usage-XXXXXX");
  r = pc_run_program(NULL, (const char *[]){"solve", "boards/scott.yaml", "--split-only", "1",
                                            "--jobs", "1", "--dir", dir, NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, " subproblems (engine ") && strstr(r.out, "), 1 job:\n"), "%s", r.out);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(dir);
}

/* The jobs' shares are of the search they split: they add up to 100%. */
Test(cli_usage, job_shares_add_up)
{
  char *dir = pc_scratch_dir("/tmp/pc-usage-XXXXXX");
  pc_run r = pc_run_program(NULL, (const char *[]){"solve", "boards/scott.yaml", "--split-only",
                                                  "3", "--jobs", "3", "--dir", dir, NULL});
  cr_assert_eq(r.status, 0, "%s", r.err);
  double sum = 0;
  int jobs = 0;
  for (const char *p = strstr(r.out, "% of the search"); p; p = strstr(p + 1, "% of the search")) {
    const char *start = p;
    while (start > r.out && start[-1] != ' ') start--;
    sum += strtod(start, NULL);
    jobs++;
  }
  cr_expect_eq(jobs, 3, "%s", r.out);
  cr_expect(sum > 99.8 && sum < 100.2, "the shares add up to %.1f%%: %s", sum, r.out);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(dir);
}

/* `solve -` reads the board from standard input, its sets found as for a
   board in the current folder: the same counts as from the file; errors
   name <stdin>. */
Test(cli_usage, solve_from_stdin)
{
  char *board = pc_slurp_file("boards/scott.yaml");
  pc_run piped = pc_run_program(board, (const char *[]){"solve", "--count", "-", NULL});
  pc_run file = pc_run_program(NULL, (const char *[]){"solve", "--count", "boards/scott.yaml",
                                                     NULL});
  cr_expect_eq(piped.status, 0, "%s", piped.err);
  pc_solved want = pc_solve_board_as("boards/scott.yaml", false);
  char counts[96];
  snprintf(counts, sizeof counts, "solutions: %llu\n", (unsigned long long)want.solutions);
  cr_expect(strstr(piped.out, counts), "%s", piped.out);
  snprintf(counts, sizeof counts, "unique: %llu\n", (unsigned long long)want.unique);
  cr_expect(strstr(piped.out, counts) && strstr(file.out, counts), "%s", piped.out);
  pc_run_free(&piped);
  pc_run_free(&file);
  free(board);
  pc_run r = pc_run_program("grid: square\npieces: pentominoes\nboard: |\n  ##\n  #Q\n",
                            (const char *[]){"solve", "-", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect_str_eq(r.err, "polycover solve: <stdin>:5:4: 'Q' is not a piece of this puzzle "
                          "(draw cells to fill with '#')\n");
  pc_run_free(&r);
  r = pc_run_program("grid: square\npieces: nosuchset\nboard: '#'\n",
                     (const char *[]){"solve", "-", NULL});
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "<stdin>:2:9: no piece set 'nosuchset' (looked at ./../pieces/"
                          "nosuchset.yaml, ./nosuchset.yaml, ./pieces/nosuchset.yaml"),
            "%s", r.err);
  pc_run_free(&r);
}

/* --profile shows updates only where the engine counts them (DLX), not
   a column of zeros for the bitset engines. */
Test(cli_usage, profile_columns)
{
  const char *bits[] = {"xc", "tests/data/knuth3.dlx", "--profile", "--engine", "bitdlx", NULL};
  const char *dlx[] = {"xc", "tests/data/knuth3.dlx", "--profile", "--engine", "dlx", NULL};
  pc_run a = pc_run_program(NULL, bits), b = pc_run_program(NULL, dlx);
  cr_expect(strstr(a.out, "level           nodes\n"), "%s", a.out);
  cr_expect(!strstr(a.out, "updates"), "%s", a.out);
  cr_expect(strstr(b.out, "upd/node\n"), "%s", b.out);
  cr_expect(strstr(b.out, "total               6 (100%)                30 (100%)"), "%s", b.out);
  pc_run_free(&a);
  pc_run_free(&b);
}

/* A search stopped by --limit says what its counts cover, one class per
   solution or all solutions (where no class may be counted yet). */
Test(cli_usage, limit_says_what_counts_cover)
{
  const char *unique[] = {"solve", "boards/scott.yaml", "-n", "3", "--quiet", NULL};
  const char *all[] = {"solve", "boards/scott.yaml", "-n", "3", "--all", "--quiet", NULL};
  pc_run r = pc_run_program(NULL, unique), s = pc_run_program(NULL, all);
  cr_expect(strstr(r.out, "unique: 3\n(stopped early: counts cover the classes found so far)"),
            "%s", r.out);
  cr_expect(strstr(s.out, "solutions: 3 (search stopped early)"), "%s", s.out);
  cr_expect(strstr(s.out, "(stopped early: unique counts the classes whose representative was "
                          "among the solutions found)"),
            "%s", s.out);
  pc_run_free(&r);
  pc_run_free(&s);
}

/* `render -` reads the solution file from standard input: the picture
   is the one drawn from the file. */
Test(cli_usage, render_from_stdin)
{
  char *dir = pc_scratch_dir("/tmp/pc-usage-XXXXXX");
  char *sol = pc_path_in(dir, "s.sol"), *a = pc_path_in(dir, "a.svg"),
       *b = pc_path_in(dir, "b.svg");
  pc_run r = pc_run_program(NULL, (const char *[]){"solve", "boards/pent6x10.yaml", "-n", "3",
                                                  "-o", sol, "--quiet", NULL});
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char *text = pc_slurp_file(sol);
  r = pc_run_program(text, (const char *[]){"render", "-", "--index", "3", "-o", a, NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, (const char *[]){"render", sol, "--index", "3", "-o", b, NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char *x = pc_slurp_file(a), *y = pc_slurp_file(b);
  cr_expect_str_eq(x, y);
  free(x), free(y), free(text);
  r = pc_run_program("polycover-solutions 2\nbogus\n",
                     (const char *[]){"render", "-", "-o", a, NULL});
  cr_expect_eq(r.status, 2);
  cr_expect(!strncmp(r.err, "polycover render: <stdin>:2:", 28), "%s", r.err);
  pc_run_free(&r);
  free(sol), free(a), free(b);
  pc_remove_tree(dir);
  free(dir);
}

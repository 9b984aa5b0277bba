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

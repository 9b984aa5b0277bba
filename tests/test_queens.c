/* test_queens.c — N queens as a generalized exact cover: the known counts,
   the boards, the organ-pipe order, the command line. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dlx.h"
#include "core/queens.h"
#include "support.h"

/* OEIS A000170, N = 1..12. */
static const uint64_t known[12] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200};

typedef struct checker {
  int n, count, bad;
  int boards[100][PC_QUEENS_MAX];
} checker;

/* Checks every solution on its own: one queen per rank and file, no two on
   a diagonal; keeps the boards to compare them afterwards. */
static bool check_board(void *ctx, const int32_t *options, int32_t count)
{
  checker *c = ctx;
  int f[PC_QUEENS_MAX];
  if (!pc_queens_decode(c->n, options, count, f)) {
    c->bad++;
    return false;
  }
  for (int r = 0; r < c->n; r++)
    for (int s = r + 1; s < c->n; s++)
      if (f[r] == f[s] || abs(f[r] - f[s]) == s - r) c->bad++;
  if (c->count < 100) memcpy(c->boards[c->count], f, sizeof f);
  c->count++;
  return false;
}

static pc_dlx_stats solve(int n, pc_queens_order order, checker *c)
{
  pc_xc xc;
  pc_error err = {0};
  cr_assert_eq(pc_queens_build(n, order, &xc, &err), PC_OK, "%s", err.msg);
  pc_dlx *d = pc_dlx_new(&xc);
  cr_assert_not_null(d);
  pc_dlx_config cfg = {.choose = PC_CHOOSE_MRV, .visit = c ? check_board : NULL, .ctx = c};
  pc_dlx_stats st;
  pc_dlx_search(d, &cfg, &st);
  pc_dlx_free(d);
  pc_xc_free(&xc);
  return st;
}

Test(queens, counts_1_to_12)
{
  for (int n = 1; n <= 12; n++) {
    pc_dlx_stats st = solve(n, PC_QUEENS_ORGAN_PIPE, NULL);
    cr_expect_eq(st.solutions, known[n - 1], "N=%d: %llu", n,
                 (unsigned long long)st.solutions);
    cr_expect(st.complete);
    pc_dlx_stats nat = solve(n, PC_QUEENS_NATURAL, NULL);
    cr_expect_eq(nat.solutions, known[n - 1], "N=%d natural: %llu", n,
                 (unsigned long long)nat.solutions);
  }
}

/* Every one of the 92 solutions for N = 8 is a real placement, and no two
   are the same. */
Test(queens, eight_boards_valid_and_distinct)
{
  static checker c; /* large: keep it off the stack */
  memset(&c, 0, sizeof c);
  c.n = 8;
  pc_dlx_stats st = solve(8, PC_QUEENS_ORGAN_PIPE, &c);
  cr_assert_eq(st.solutions, 92);
  cr_assert_eq(c.count, 92);
  cr_expect_eq(c.bad, 0);
  for (int i = 0; i < 92; i++)
    for (int j = i + 1; j < 92; j++)
      cr_expect(memcmp(c.boards[i], c.boards[j], sizeof c.boards[i]),
                "solutions %d and %d are the same", i, j);
}

Test(queens, organ_pipe_order)
{
  static const int eight[8] = {3, 4, 2, 5, 1, 6, 0, 7};
  for (int k = 0; k < 8; k++) cr_expect_eq(pc_queens_organ_pipe(8, k), eight[k]);
  static const int five[5] = {2, 3, 1, 4, 0};
  for (int k = 0; k < 5; k++) cr_expect_eq(pc_queens_organ_pipe(5, k), five[k]);
  /* A permutation of 0 .. n-1 for every allowed n. */
  for (int n = 1; n <= PC_QUEENS_MAX; n++) {
    bool seen[PC_QUEENS_MAX] = {false};
    for (int k = 0; k < n; k++) {
      int a = pc_queens_organ_pipe(n, k);
      cr_assert(a >= 0 && a < n && !seen[a], "n=%d k=%d gives %d", n, k, a);
      seen[a] = true;
    }
  }
  /* The items: ranks and files alternate from the middle, then diagonals. */
  pc_xc xc;
  cr_assert_eq(pc_queens_build(8, PC_QUEENS_ORGAN_PIPE, &xc, NULL), PC_OK);
  static const char *first[] = {"R3", "F3", "R4", "F4", "R2", "F2", "R5", "F5"};
  for (int i = 0; i < 8; i++) cr_expect_str_eq(xc.names[i], first[i]);
  cr_expect_str_eq(xc.names[15], "F7");
  cr_expect_str_eq(xc.names[16], "A0");
  cr_expect_str_eq(xc.names[31], "B0");
  cr_expect_eq(xc.n_primary, 16);
  cr_expect_eq(xc.n_items, 16 + 2 * 15);
  cr_expect_eq(xc.n_options, 64);
  /* Option 8 * 2 + 5 is rank 2, file 5, diagonal 7, anti-diagonal 2-5+7. */
  const int32_t *o = pc_xc_option(&xc, 8 * 2 + 5);
  cr_assert_eq(pc_xc_option_size(&xc, 8 * 2 + 5), 4);
  cr_expect_str_eq(xc.names[o[0]], "R2");
  cr_expect_str_eq(xc.names[o[1]], "F5");
  cr_expect_str_eq(xc.names[o[2]], "A7");
  cr_expect_str_eq(xc.names[o[3]], "B4");
  pc_xc_free(&xc);
}

/* The reason for the order: a smaller search tree, the same answers. */
Test(queens, organ_pipe_searches_less)
{
  for (int n = 8; n <= 12; n++) {
    pc_dlx_stats organ = solve(n, PC_QUEENS_ORGAN_PIPE, NULL);
    pc_dlx_stats natural = solve(n, PC_QUEENS_NATURAL, NULL);
    cr_expect_lt(organ.nodes, natural.nodes, "N=%d", n);
    cr_expect_lt(organ.updates, natural.updates, "N=%d", n);
  }
}

Test(queens, build_rejects_bad_sizes)
{
  pc_xc xc;
  pc_error err = {0};
  cr_expect_eq(pc_queens_build(0, PC_QUEENS_ORGAN_PIPE, &xc, &err), PC_ERR_INPUT);
  cr_expect_eq(xc.n_items, 0);
  cr_expect_eq(pc_queens_build(PC_QUEENS_MAX + 1, PC_QUEENS_ORGAN_PIPE, &xc, &err),
               PC_ERR_INPUT);
  cr_expect(strstr(err.msg, "from 1 to 64"), "%s", err.msg);
  cr_assert_eq(pc_queens_build(PC_QUEENS_MAX, PC_QUEENS_ORGAN_PIPE, &xc, &err), PC_OK);
  cr_expect_eq(xc.n_options, 64 * 64);
  pc_xc_free(&xc);
}

Test(queens, decode_rejects_non_placements)
{
  int f[4];
  int32_t good[4] = {1, 7, 8, 14}, two_in_rank[4] = {1, 2, 8, 14}, out[4] = {1, 7, 8, 16};
  cr_expect(pc_queens_decode(4, good, 4, f));
  cr_expect_eq(f[0], 1);
  cr_expect_eq(f[1], 3);
  cr_expect_eq(f[2], 0);
  cr_expect_eq(f[3], 2);
  cr_expect(!pc_queens_decode(4, two_in_rank, 4, f));
  cr_expect(!pc_queens_decode(4, out, 4, f));
  cr_expect(!pc_queens_decode(4, good, 3, f));
}

static uint64_t summary_solutions(const char *out)
{
  const char *p = strstr(out, "solutions: ");
  cr_assert_not_null(p, "no summary in: %s", out);
  return strtoull(p + 11, NULL, 10);
}

Test(queens, program_counts_1_to_12)
{
  for (int n = 1; n <= 12; n++) {
    char arg[8];
    snprintf(arg, sizeof arg, "%d", n);
    pc_run r = pc_run_program(NULL, (const char *[]){"queens", arg, NULL});
    cr_expect_eq(r.status, 0, "N=%d: %s", n, r.err);
    cr_expect_eq(summary_solutions(r.out), known[n - 1], "N=%d: %s", n, r.out);
    cr_expect(strstr(r.out, "nodes: ") && strstr(r.out, "updates: ") &&
              strstr(r.out, "seconds: "));
    pc_run_free(&r);
  }
}

Test(queens, program_prints_the_two_boards_of_four)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"queens", "--print", "4", NULL});
  cr_assert_eq(r.status, 0, "%s", r.err);
  /* Both solutions of 4 queens, each once, as rows of '.' and 'Q'. */
  const char *a = "..Q.\nQ...\n...Q\n.Q..\n", *b = ".Q..\n...Q\nQ...\n..Q.\n";
  const char *pa = strstr(r.out, a), *pb = strstr(r.out, b);
  cr_expect(pa && !strstr(pa + 1, a), "%s", r.out);
  cr_expect(pb && !strstr(pb + 1, b), "%s", r.out);
  cr_expect(strstr(r.out, "solution 1:\n") && strstr(r.out, "solution 2:\n"));
  cr_expect(!strstr(r.out, "solution 3:"));
  cr_expect_eq(summary_solutions(r.out), 2);
  /* Nothing but boards, headers, blank lines and the summary. */
  int board_rows = 0;
  for (const char *line = r.out; *line;) {
    const char *end = strchr(line, '\n');
    size_t len = end ? (size_t)(end - line) : strlen(line);
    if (len == 4 && strspn(line, ".Q") == 4) board_rows++;
    line += len + (end != NULL);
  }
  cr_expect_eq(board_rows, 8);
  pc_run_free(&r);
}

Test(queens, program_limit_json_profile)
{
  pc_run r = pc_run_program(NULL, (const char *[]){"queens", "--limit", "3", "8", NULL});
  cr_expect_eq(r.status, 0);
  cr_expect(strstr(r.out, "solutions: 3 (search stopped early)"), "%s", r.out);
  pc_run_free(&r);

  r = pc_run_program(NULL, (const char *[]){"queens", "--json", "8", NULL});
  cr_expect_eq(r.status, 0);
  cr_expect(strstr(r.out, "\"n\": 8,"), "%s", r.out);
  cr_expect(strstr(r.out, "\"solutions\": 92,"), "%s", r.out);
  cr_expect(strstr(r.out, "\"nodes\": ") && strstr(r.out, "\"updates\": ") &&
            strstr(r.out, "\"seconds\": ") && strstr(r.out, "\"complete\": true"),
            "%s", r.out);
  cr_expect_eq(r.out[0], '{');
  cr_expect(strchr(r.out, '\n') == r.out + strlen(r.out) - 1, "one line: %s", r.out);
  pc_run_free(&r);

  /* The profile's total line agrees with the summary. */
  r = pc_run_program(NULL, (const char *[]){"queens", "--profile", "6", NULL});
  cr_expect_eq(r.status, 0);
  const char *nodes = strstr(r.out, "nodes: "), *total = strstr(r.out, "total");
  cr_assert(nodes && total, "%s", r.out);
  cr_expect_eq(strtoull(nodes + 7, NULL, 10), strtoull(total + 5, NULL, 10));
  pc_run_free(&r);

  r = pc_run_program(NULL, (const char *[]){"queens", "--natural", "--json", "8", NULL});
  cr_expect(strstr(r.out, "\"solutions\": 92,"), "%s", r.out);
  pc_run_free(&r);
}

Test(queens, program_rejects_bad_usage)
{
  static const char *const bad[][4] = {
      {"queens", NULL},           {"queens", "0", NULL},     {"queens", "65", NULL},
      {"queens", "-3", NULL},     {"queens", "8x", NULL},    {"queens", "4", "5", NULL},
      {"queens", "--limit", "0", "4"}, {"queens", "--bogus", "4", NULL},
      {"queens", "99999999999999999999999", NULL}};
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
    const char *args[5] = {bad[i][0], bad[i][1], bad[i][2], bad[i][3], NULL};
    pc_run r = pc_run_program(NULL, args);
    cr_expect_eq(r.status, 2, "case %zu: status %d", i, r.status);
    cr_expect(strstr(r.err, "polycover queens: "), "case %zu: %s", i, r.err);
    cr_expect_str_eq(r.out, "", "case %zu", i);
    pc_run_free(&r);
  }
  pc_run r = pc_run_program(NULL, (const char *[]){"queens", "65", NULL});
  cr_expect(strstr(r.err, "from 1 to 64, not '65'"), "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, (const char *[]){"queens", "--help", NULL});
  cr_expect_eq(r.status, 0);
  cr_expect(strstr(r.out, "organ-pipe"), "%s", r.out);
  pc_run_free(&r);
}

/* test_frontier.c — the frontier count (poly/frontier.h) is exact: on the
   shipped boards it applies to and on random small puzzles (free and
   one-sided pieces, copies: any, rectangles and boards with holes) it
   gives the search's count of all solutions and, by Burnside's lemma, the
   census's count of essentially different ones, whatever the threads; so
   does its meeting in the middle, whole, split into shares, or cut
   anywhere. Where it does not apply it says so, and `solve --method`
   follows. */
#include <criterion/criterion.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/count_progress.h"
#include "core/clock.h"
#include "poly/frontier.h"
#include "poly/solver.h"
#include "support.h"

typedef struct counted {
  pc_status status;
  uint64_t solutions, unique, fixed_sum, states;
  bool applies, stopped, interrupted;
  char msg[512];
} counted;

/* A board and its solver (all solutions, no reduction). */
static void load(const char *path, pc_puzzle *pz, pc_solver *sv)
{
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, pz, &err), PC_OK, "%s: %s", path, err.msg);
  cr_assert_eq(pc_solver_init(sv, pz, true, false, 0, &err), PC_OK, "%s", err.msg);
}

static counted frontier_count_as(const char *path, pc_frontier_config cfg)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  load(path, &pz, &sv);
  counted c = {.applies = pc_frontier_unfit(&pz, &sv.full) == NULL};
  pc_frontier_stats st;
  c.status = pc_frontier_count(&pz, &sv.full, &sv.group, &cfg, &st, &err);
  snprintf(c.msg, sizeof c.msg, "%s", err.msg);
  c.solutions = st.solutions;
  c.unique = st.unique;
  c.states = st.states;
  c.stopped = st.stopped;
  c.interrupted = st.interrupted;
  for (int32_t e = 1; e < st.order; e++) c.fixed_sum += st.fixed[e];
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
  return c;
}

static counted frontier_count(const char *path, int threads)
{
  return frontier_count_as(path, (pc_frontier_config){.threads = threads});
}

static counted meet_count(const char *path, int threads)
{
  return frontier_count_as(path, (pc_frontier_config){.threads = threads, .meet = true});
}

/* The frontier against the search reduced to a solution per class, whose
   census counts both every solution and the classes. */
static counted check_against_search(const char *path)
{
  counted c = frontier_count(path, 2);
  cr_assert_eq(c.status, PC_OK, "%s: %s", path, c.msg);
  pc_solved s = pc_solve_board_as(path, false);
  cr_expect_eq(c.solutions, s.solutions, "%s: %llu solutions, the search %llu", path,
               (unsigned long long)c.solutions, (unsigned long long)s.solutions);
  cr_expect_eq(c.unique, s.unique, "%s: %llu unique, the census %llu", path,
               (unsigned long long)c.unique, (unsigned long long)s.unique);
  counted met = meet_count(path, 2);
  cr_assert_eq(met.status, PC_OK, "%s: %s", path, met.msg);
  cr_expect_eq(met.solutions, s.solutions, "%s: met %llu solutions, the search %llu", path,
               (unsigned long long)met.solutions, (unsigned long long)s.solutions);
  cr_expect_eq(met.unique, s.unique, "%s: met %llu unique", path,
               (unsigned long long)met.unique);
  return c;
}

Test(frontier, shipped_boards)
{
  const char *boards[] = {"boards/pent5x12.yaml", "boards/pent4x15.yaml",
                          "boards/pent3x20.yaml", "boards/scott.yaml",
                          "boards/hexrhombus.yaml",
                          "boards/mutilated.yaml", "boards/kanoodle-start1.yaml"};
  for (size_t i = 0; i < sizeof boards / sizeof *boards; i++) check_against_search(boards[i]);
}

/* Knuth, "Dancing Links" (2000): 2,339 ways, 9,356 counting reflections
   and rotations; the frontier's own figures (the search's take longer). */
Test(frontier, pentominoes_6x10)
{
  counted c = frontier_count("boards/pent6x10.yaml", 1);
  cr_assert_eq(c.status, PC_OK);
  cr_expect_eq(c.solutions, 9356);
  cr_expect_eq(c.unique, 2339);
}

/* Met in the middle, whole and in 2^3 parts, on one thread and three. */
Test(frontier, meet_pentominoes_6x10)
{
  counted one = meet_count("boards/pent6x10.yaml", 1);
  cr_assert_eq(one.status, PC_OK, "%s", one.msg);
  cr_expect_eq(one.solutions, 9356);
  cr_expect_eq(one.unique, 2339);
  counted parts = frontier_count_as("boards/pent6x10.yaml",
                                    (pc_frontier_config){.threads = 3, .meet = true, .split = 3});
  cr_assert_eq(parts.status, PC_OK, "%s", parts.msg);
  cr_expect_eq(parts.solutions, 9356);
  cr_expect_eq(parts.unique, 2339);
  /* Shares whose passes hold more than 2,000 states in a step are counted
     in halves by the side of their free pieces, and halves of halves. */
  counted halves = frontier_count_as(
      "boards/pent6x10.yaml",
      (pc_frontier_config){.threads = 2, .meet = true, .split = 3, .most_at_once = 100000});
  cr_assert_eq(halves.status, PC_OK, "%s", halves.msg);
  cr_expect_eq(halves.solutions, 9356);
  cr_expect_eq(halves.unique, 2339);
  counted too_many = frontier_count_as(
      "boards/pent6x10.yaml", (pc_frontier_config){.meet = true, .split = 13}); /* 12 pieces */
  cr_expect_eq(too_many.status, PC_ERR_INPUT);
  /* It said "1 to 20", the most any puzzle may split by. */
  cr_expect(strstr(too_many.msg, "splits by 1 to 12 of this puzzle's single pieces"), "%s",
            too_many.msg);
}

/* The whole count met in the middle, its passes bounded to 20,000
   states a step, is counted in halves by the side of its pieces (more
   states in all) to the same figures; the whole programme, which has no
   halves, fails past its bound and says why. */
Test(frontier, bounded_steps)
{
  counted whole = meet_count("boards/pent6x10.yaml", 2);
  counted halves = frontier_count_as("boards/pent6x10.yaml",
                                     (pc_frontier_config){.threads = 2, .meet = true,
                                                          .most_at_once = 20000});
  cr_assert_eq(halves.status, PC_OK, "%s", halves.msg);
  cr_expect_eq(halves.solutions, 9356);
  cr_expect_eq(halves.unique, 2339);
  cr_expect_gt(halves.states, whole.states);
  counted big = frontier_count_as("boards/pent6x10.yaml",
                                  (pc_frontier_config){.threads = 2, .most_at_once = 20000});
  cr_expect_eq(big.status, PC_ERR_NOMEM);
  cr_expect(strstr(big.msg, "would hold more than 20000 states, past the bound it was given: "
                            "met in the middle"),
            "%s", big.msg);
}

/* A stop flag set stops every kind of count at once: no counts, said to
   be interrupted. */
Test(frontier, stop_flag)
{
  static atomic_int stop = 1;
  pc_frontier_config kinds[] = {{.threads = 2, .stop = &stop},
                                {.threads = 2, .meet = true, .stop = &stop},
                                {.threads = 1, .meet = true, .split = 2, .stop = &stop}};
  for (size_t i = 0; i < sizeof kinds / sizeof *kinds; i++) {
    counted c = frontier_count_as("boards/pent6x10.yaml", kinds[i]);
    cr_expect_eq(c.status, PC_OK, "kind %zu: %s", i, c.msg);
    cr_expect(c.stopped && c.interrupted, "kind %zu", i);
    cr_expect_eq(c.solutions, 0, "kind %zu", i);
    cr_expect_eq(c.unique, 0, "kind %zu", i);
  }
}

/* What a watch was told: the steps in order, pass by pass, and the parts. */
typedef struct watched {
  int calls, bad, passes[3];
  pc_frontier_pass pass;
  int32_t step;
  uint64_t parts, solutions, pieces;
} watched;

static void watch_at(void *ctx, const pc_frontier_at *at)
{
  watched *w = ctx;
  bool next = at->pass != w->pass || at->step != w->step;
  if (next) w->passes[at->pass]++;
  /* a pass's steps one after the other; whole or forward before backward */
  bool in_order = next ? (at->pass == w->pass ? at->step == w->step + 1
                                              : at->step == 0 && at->pass > w->pass)
                       : true;
  if (!w->calls) in_order = at->step == 0;
  if (!in_order || at->step >= at->steps || at->read < 0 || at->read > 1 || !at->states) w->bad++;
  w->calls++;
  w->pass = at->pass;
  w->step = at->step;
}

static void watch_counted(void *ctx, uint64_t left, uint64_t right,
                          const pc_frontier_stats *part)
{
  watched *w = ctx;
  w->parts++;
  w->solutions += part->solutions;
  w->pieces |= left | right;
  if (left & right) w->bad++;
  w->pass = PC_FRONTIER_WHOLE; /* the next part starts over */
  w->step = -1;
}

static watched watch_count(pc_frontier_config cfg)
{
  watched w = {.step = -1};
  pc_frontier_watch watch = {.at = watch_at, .counted = watch_counted, .ctx = &w};
  cfg.watch = &watch;
  counted c = frontier_count_as("boards/pent6x10.yaml", cfg);
  cr_assert_eq(c.status, PC_OK, "%s", c.msg);
  return w;
}

/* A watch is told every step of each pass in order, within each step
   where the first thread is, and met in the middle each part counted:
   one for the whole, the shares of a split (8, adding up to the count),
   none of an interrupted count. */
Test(frontier, watched)
{
  watched whole = watch_count((pc_frontier_config){.threads = 2});
  cr_expect_eq(whole.bad, 0);
  cr_expect_eq(whole.passes[PC_FRONTIER_WHOLE], 60);
  cr_expect_eq(whole.parts, 0);
  watched met = watch_count((pc_frontier_config){.threads = 2, .meet = true});
  cr_expect_eq(met.bad, 0);
  cr_expect_eq(met.passes[PC_FRONTIER_FORWARD], 30);
  cr_expect_eq(met.passes[PC_FRONTIER_BACKWARD], 30);
  cr_expect_eq(met.parts, 1);
  cr_expect_eq(met.solutions, 9356);
  watched shares = watch_count((pc_frontier_config){.threads = 1, .meet = true, .split = 3});
  cr_expect_eq(shares.bad, 0);
  cr_expect_eq(shares.parts, 8);
  cr_expect_eq(shares.solutions, 9356);
  cr_expect_eq(__builtin_popcountll(shares.pieces), 3);
  static atomic_int stop = 1;
  watched stopped = watch_count((pc_frontier_config){.threads = 1, .meet = true, .split = 3,
                                                     .stop = &stop});
  cr_expect_eq(stopped.parts, 0);
}

/* The progress of a count in halves (its steps bounded to 100,000 states):
   a line per part counted, numbered, whose solutions add up to the count,
   and a line per part that outgrew the bound, naming the piece it is
   halved by. */
Test(frontier, progress_lines)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  load("boards/pent6x10.yaml", &pz, &sv);
  char *text = NULL;
  size_t size = 0;
  FILE *out = open_memstream(&text, &size);
  pc_count_progress line;
  pc_frontier_config cfg = {.threads = 2, .meet = true, .most_at_once = 100000,
                            .watch = pc_count_progress_start(&line, out, &pz, true)};
  pc_frontier_stats st;
  cr_assert_eq(pc_frontier_count(&pz, &sv.full, NULL, &cfg, &st, &err), PC_OK, "%s", err.msg);
  fclose(out);
  for (char *r = strchr(text, '\r'); r; r = strchr(r, '\r')) *r = '\n'; /* the line in place */
  const char *whole_halved = "part (before the cut: none; after it: none) would hold more than "
                             "100000 states in a step: counted in halves, with F before the cut";
  uint64_t sum = 0;
  int parts = 0, halved = 0;
  for (const char *at = text; at && *at; at = strchr(at, '\n'), at = at ? at + 1 : NULL) {
    int k, n = 0;
    unsigned long long ways;
    if (sscanf(at, "part %d (before the cut:%*[^;]; after it:%*[^)]): %n", &k, &n) == 1 && n) {
      cr_expect_eq(k, ++parts, "%s", text);
      cr_assert_eq(sscanf(at + n, "%llu solutions", &ways), 1, "%s", text);
      sum += ways;
    }
    halved += !strncmp(at, whole_halved, strlen(whole_halved));
  }
  cr_expect_gt(parts, 1, "%s", text);
  cr_expect_eq(sum, 9356, "%s", text);
  cr_expect_eq(sum, st.solutions);
  cr_expect_eq(halved, 1, "%s", text);
  free(text);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
}

/* Wherever the passes meet (the cut at every cell, the ends included),
   the count is the same. */
Test(frontier, meet_anywhere)
{
  uint64_t whole = frontier_count("boards/pent3x20.yaml", 1).solutions;
  cr_assert_eq(whole, 8);
  for (int32_t cut = 1; cut <= 60; cut++) {
    counted c = frontier_count_as("boards/pent3x20.yaml",
                                  (pc_frontier_config){.threads = 2, .meet = true, .cut = cut});
    cr_assert_eq(c.status, PC_OK, "cut %d: %s", (int)cut, c.msg);
    cr_expect_eq(c.solutions, whole, "cut %d: %llu", (int)cut, (unsigned long long)c.solutions);
  }
}

Test(frontier, threads_agree)
{
  counted one = frontier_count("boards/pent5x12.yaml", 1);
  counted three = frontier_count("boards/pent5x12.yaml", 3);
  cr_assert_eq(one.status, PC_OK);
  cr_assert_eq(three.status, PC_OK);
  cr_expect_eq(one.solutions, three.solutions);
  cr_expect_eq(one.unique, three.unique);
}

Test(frontier, not_applicable)
{
  counted c = frontier_count("boards/tetra5x5-noH.yaml", 1); /* sticks: secondary items */
  cr_expect_not(c.applies);
  cr_expect_eq(c.status, PC_ERR_INPUT);
  cr_expect(frontier_count("boards/pent3x20.yaml", 1).applies);
  /* A group chosen exactly once has no bounds, yet its item counts: the
     L and the domino fill the 5 cells in 2 ways (counted by hand), where
     the programme, blind to the group, also counted the L with two
     monominoes (7 in all). */
  const char *group = "tests/data/boards/choose_one_of_two.yaml";
  counted g = frontier_count(group, 1);
  cr_expect_not(g.applies);
  cr_expect_eq(g.status, PC_ERR_INPUT);
  cr_expect_eq(meet_count(group, 1).status, PC_ERR_INPUT);
  cr_expect_eq(pc_solve_board(group).solutions, 2);
}

/* The shares of every way to put three pieces on either side of the
   middle add up to the whole count; a share of pieces with copies is
   refused. */
Test(frontier, shares_add_up)
{
  pc_puzzle pz;
  pc_solver sv;
  pc_error err = {0};
  load("boards/pent5x12.yaml", &pz, &sv);
  pc_frontier_stats whole, share;
  pc_frontier_config cfg = {.threads = 2};
  cr_assert_eq(pc_frontier_count(&pz, &sv.full, NULL, &cfg, &whole, &err), PC_OK);
  uint64_t sum = 0;
  for (uint64_t a = 0; a < 8; a++) {
    cfg = (pc_frontier_config){.threads = 2, .cut = pz.n_cells / 2, .left = a, .right = 7 & ~a};
    cr_assert_eq(pc_frontier_count(&pz, &sv.full, &sv.group, &cfg, &share, &err), PC_OK,
                 "%s", err.msg);
    cr_expect_eq(share.unique, 0, "a share counts no classes");
    sum += share.solutions;
    pc_frontier_stats met;
    cfg.meet = true;
    cr_assert_eq(pc_frontier_count(&pz, &sv.full, &sv.group, &cfg, &met, &err), PC_OK);
    cr_expect_eq(met.solutions, share.solutions, "share %llu met", (unsigned long long)a);
  }
  cr_expect_eq(sum, whole.solutions);
  cfg = (pc_frontier_config){.threads = 1, .cut = 3, .left = 1, .right = 1};
  cr_expect_eq(pc_frontier_count(&pz, &sv.full, NULL, &cfg, &share, &err), PC_ERR_INPUT);
  pc_solver_free(&sv);
  pc_puzzle_free(&pz);
}

/* --- random small puzzles --- */

static uint64_t rng_state;

static uint32_t rnd(uint32_t n)
{
  rng_state = rng_state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
  return (uint32_t)(rng_state >> 33) % n;
}

/* Chooses k distinct letters of `letters` into out (", "-separated). */
static void pick_letters(const char *letters, int k, char *out)
{
  char pool[16];
  snprintf(pool, sizeof pool, "%s", letters);
  out[0] = 0;
  for (int i = 0; i < k; i++) {
    size_t n = strlen(pool), j = rnd((uint32_t)n);
    char piece[4] = {pool[j], 0};
    memmove(pool + j, pool + j + 1, n - j);
    if (i) strcat(out, ", ");
    strcat(out, piece);
  }
}

/* The cells the chosen letters cover, a one-sided chiral piece twice. */
static int area_of(const char *chosen, const char *chiral, int size, bool one_sided)
{
  int area = 0;
  for (const char *p = chosen; *p; p++)
    if (*p >= 'A' && *p <= 'Z') area += size * (one_sided && strchr(chiral, *p) ? 2 : 1);
  return area;
}

/* A board of `area` cells: a rectangle as near square as fits, or (holes)
   a wider one with cells taken out at random. */
static void board_art(int area, bool holes, char *out)
{
  int h = 1;
  for (int d = 1; d * d <= area; d++)
    if (area % d == 0) h = d;
  int w = area / h, extra = 0;
  if (holes) {
    h = 2 + (int)rnd(3);
    w = (area + h - 1) / h + 1;
    extra = w * h - area;
  }
  char grid[16][32];
  for (int r = 0; r < h; r++) {
    memset(grid[r], '#', (size_t)w);
    grid[r][w] = 0;
  }
  while (extra > 0) {
    int r = (int)rnd((uint32_t)h), c = (int)rnd((uint32_t)w);
    if (grid[r][c] == '#') grid[r][c] = '.', extra--;
  }
  out[0] = 0;
  for (int r = 0; r < h; r++) {
    strcat(out, "  ");
    strcat(out, grid[r]);
    strcat(out, "\n");
  }
}

/* Distinct pieces: a few pentominoes or tetrominoes, free or one-sided. */
static void distinct_puzzle(FILE *f, bool holes)
{
  bool pent = rnd(2), one_sided = rnd(2);
  char chosen[64];
  pick_letters(pent ? "FILPNTUVWXYZ" : "ILOST", 2 + (int)rnd(pent ? 3 : 3), chosen);
  int area = area_of(chosen, pent ? "FLPNYZ" : "LS", pent ? 5 : 4, one_sided);
  char art[1024];
  board_art(area, holes, art);
  fprintf(f, "title: random\ngrid: square\npieces:\n  - set: %s\n    only: [%s]\n%s"
             "board: |\n%s", pent ? "pentominoes" : "tetrominoes", chosen,
          one_sided ? "    one_sided: true\n" : "", art);
}

/* Pieces used as often as they fit, on up to 16 cells: the domino and
   trominoes or tetrominoes (then an even number of cells: an odd one is
   refused before any count, poly/area.h). */
static void any_copies_puzzle(FILE *f, bool holes)
{
  int area = 8 + (int)rnd(9);
  bool tetro = rnd(2);
  if (tetro) area += area % 2;
  char art[1024];
  board_art(area, holes, art);
  fprintf(f, "title: random\ngrid: square\npieces:\n  - set: domino\n    copies: any\n"
             "  - set: %s\n    only: [%s]\n    copies: any\n%sboard: |\n%s",
          tetro ? "tetrominoes" : "trominoes", tetro ? "O, S, T" : "L",
          rnd(2) ? "    one_sided: true\n" : "", art);
}

Test(frontier, random_puzzles)
{
  char *dir = pc_scratch_dir("/tmp/pc-frontier-XXXXXX");
  char *path = pc_path_in(dir, "random.yaml");
  rng_state = 20;
  uint64_t fixed = 0;
  int solved = 0;
  for (int i = 0; i < 120; i++) {
    FILE *f = fopen(path, "w");
    cr_assert_not_null(f);
    if (i % 2) distinct_puzzle(f, i % 4 == 3);
    else any_copies_puzzle(f, i % 4 == 2);
    fclose(f);
    counted c = check_against_search(path);
    fixed += c.fixed_sum;
    solved += c.solutions > 0;
  }
  cr_expect_gt(fixed, 0, "some random puzzle has symmetric solutions");
  cr_expect_gt(solved, 30, "most random puzzles have solutions: %d", solved);
  free(path);
  pc_remove_tree(dir);
  free(dir);
}

/* --- the command --- */

/* Ctrl-C (SIGINT) stops a count met in the middle (minutes on the
   one-sided 6x15) at once, as it stops a search: exit status 1 and a
   message. */
Test(frontier, interrupted_program, .timeout = 60)
{
  char *dir = pc_scratch_dir("/tmp/pc-frontier-XXXXXX");
  char *out = pc_path_in(dir, "out"), *log = pc_path_in(dir, "log");
  const char *args[] = {"solve", "--count", "--method", "meet", "-j1",
                        "boards/onesided6x15.yaml", NULL};
  pid_t pid = pc_start_logged(out, log, NULL, args);
  pc_wait_for_handler(pid);
  usleep(200000); /* into the count's steps */
  kill(pid, SIGINT);
  double t0 = pc_now();
  cr_expect_eq(pc_wait_program(pid), 1);
  cr_expect_lt(pc_now() - t0, 10.0);
  char *text = pc_slurp_file(log);
  cr_expect(strstr(text, "polycover solve: interrupted; a count by the frontier keeps no "
                         "checkpoint"),
            "%s", text);
  free(text);
  pc_remove_tree(dir);
  free(log);
  free(out);
  free(dir);
}

static uint64_t json_count(const char *const *args, const char *key)
{
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  uint64_t v = pc_json_get_u64(r.out, key);
  pc_run_free(&r);
  return v;
}

Test(frontier, solve_method)
{
  const char *frontier[] = {"solve", "--count", "--json", "--method", "frontier",
                            "boards/pent5x12.yaml", NULL};
  const char *search[] = {"solve", "--count", "--json", "--method", "search", "-j1",
                          "boards/pent5x12.yaml", NULL};
  cr_expect_eq(json_count(frontier, "solutions"), json_count(search, "solutions"));
  cr_expect_eq(json_count(frontier, "unique"), json_count(search, "unique"));
  pc_run r = pc_run_program(NULL, frontier);
  cr_expect(strstr(r.out, "\"engine\": \"frontier\""), "%s", r.out);
  /* no search: states, not nodes, and no subproblems */
  cr_expect(pc_json_get_u64(r.out, "states") > 0, "%s", r.out);
  cr_expect(!strstr(r.out, "\"nodes\"") && !strstr(r.out, "\"subproblems\""), "%s", r.out);
  pc_run_free(&r);
  const char *text[] = {"solve", "--count", "--method", "meet", "--meet-split", "2",
                        "boards/pent5x12.yaml", NULL};
  r = pc_run_program(NULL, text);
  cr_expect(strstr(r.out, "engine: meet, ") && strstr(r.out, " threads, 4 shares\nsolutions: "),
            "%s", r.out);
  cr_expect(strstr(r.out, "\nstates: ") && !strstr(r.out, "nodes:"), "%s", r.out);
  pc_run_free(&r);

  const char *meet[] = {"solve", "--count", "--json", "--method", "meet", "--meet-split", "2",
                        "boards/pent5x12.yaml", NULL};
  cr_expect_eq(json_count(meet, "solutions"), json_count(search, "solutions"));
  cr_expect_eq(json_count(meet, "unique"), json_count(search, "unique"));

  const char *sticks[] = {"solve", "--count", "--method", "frontier",
                          "boards/tetra5x5-noH.yaml", NULL};
  const char *no_count[] = {"solve", "--method", "frontier", "boards/pent5x12.yaml", NULL};
  const char *unknown[] = {"solve", "--count", "--method", "guess", "boards/pent5x12.yaml", NULL};
  const char *stray_split[] = {"solve", "--count", "--meet-split", "2", "boards/pent5x12.yaml",
                               NULL};
  const char *meet_sticks[] = {"solve", "--count", "--method", "meet",
                               "boards/tetra5x5-noH.yaml", NULL};
  const char *const *bad[] = {sticks, no_count, unknown, stray_split, meet_sticks};
  for (int i = 0; i < 5; i++) {
    r = pc_run_program(NULL, bad[i]);
    cr_expect_eq(r.status, 2, "case %d: %s", i, r.err);
    cr_expect(strstr(r.err, "method"), "case %d: %s", i, r.err);
    pc_run_free(&r);
  }
  const char *sticks_auto[] = {"solve", "--count", "--json", "boards/tetra5x5-noH.yaml", NULL};
  const char *sticks_search[] = {"solve", "--count", "--json", "--method", "search",
                                 "boards/tetra5x5-noH.yaml", NULL};
  cr_expect_eq(json_count(sticks_auto, "solutions"), json_count(sticks_search, "solutions"));
}

/* --progress on a count in parts (--meet-split 2): a line per part, in
   order, naming its pieces on either side, whose solutions add up to the
   count. */
Test(frontier, part_lines)
{
  const char *args[] = {"solve", "--count", "--json", "--progress", "--method", "meet",
                        "--meet-split", "2", "boards/pent5x12.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  uint64_t sum = 0;
  int lines = 0;
  for (const char *at = strstr(r.err, "part "); at; at = strstr(at + 1, "part ")) {
    int k, n = 0;
    unsigned long long ways;
    if (sscanf(at, "part %d (before the cut:%*[^;]; after it:%*[^)]): %n", &k, &n) != 1 || !n)
      continue;
    cr_expect_eq(k, ++lines, "%s", r.err);
    cr_assert_eq(sscanf(at + n, "%llu solutions", &ways), 1, "%s", r.err);
    sum += ways;
  }
  cr_expect_eq(lines, 4, "%s", r.err);
  cr_expect_eq(sum, pc_json_get_u64(r.out, "solutions"), "%s", r.err);
  cr_expect(strstr(r.err, "(before the cut: none; after it: "), "%s", r.err);
  pc_run_free(&r);
}

/* auto on a board the programme fits searches first, within a bound the
   one-sided 3x30's search stays under (bits: 1,038,020 nodes): it then
   counts by the search, Leech's 46 and 184 as the meeting counts them;
   y45 (test_boards.c) goes past the bound and meets. */
Test(frontier, auto_searches_first)
{
  const char *auto_count[] = {"solve", "--count", "--json", "boards/onesided3x30.yaml", NULL};
  const char *meet[] = {"solve", "--count", "--json", "--method", "meet",
                        "boards/onesided3x30.yaml", NULL};
  pc_run r = pc_run_program(NULL, auto_count);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(!strstr(r.out, "\"engine\": \"meet\"") && !strstr(r.out, "\"engine\": \"frontier\""),
            "%s", r.out);
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), json_count(meet, "unique"));
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), json_count(meet, "solutions"));
  cr_expect_eq(pc_json_get_u64(r.out, "unique"), 46);
  pc_run_free(&r);
}

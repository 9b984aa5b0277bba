/* test_challenge.c — `polycover challenge`: every challenge it writes is a
   board file that `solve` counts exactly one solution of; --minimal ones
   lose that uniqueness when any pre-placed piece is taken off; the same
   seed gives the same files (boards, index, booklet) on any number of
   threads; bad requests are refused with exit status 2 and a message. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* Runs `polycover challenge BOARD --out DIR` with more arguments (at most
   ten), expecting success; its messages. */
static pc_run made(const char *board, const char *dir, const char *const *more)
{
  const char *args[16] = {"challenge", board, "--out", dir};
  int n = 4;
  for (; more && *more; more++) args[n++] = *more;
  args[n] = NULL;
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  return r;
}

static void make(const char *board, const char *dir, const char *const *more)
{
  pc_run r = made(board, dir, more);
  pc_run_free(&r);
}

static char *challenge_path(const char *dir, int i)
{
  char name[32];
  snprintf(name, sizeof name, "challenge-%03d.yaml", i);
  return pc_path_in(dir, name);
}

/* `key` of solve --json on the board, searched as `mode` asks (--all,
   --count). */
static uint64_t solve_figure(const char *path, const char *mode, const char *key)
{
  const char *args[] = {"solve", mode, "--json", "--quiet", path, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s: %s", path, r.err);
  uint64_t n = pc_json_get_u64(r.out, key);
  pc_run_free(&r);
  return n;
}

/* The count `solve --all` gives for a board file, and its essentially
   different solutions. */
static uint64_t solve_count(const char *path) { return solve_figure(path, "--all", "solutions"); }
static uint64_t unique_count(const char *path) { return solve_figure(path, "--count", "unique"); }

/* Every value of `key` in the index, in order (at most `cap`). */
static int index_values(const char *index, const char *key, double *out, int cap)
{
  char pattern[64];
  snprintf(pattern, sizeof pattern, "\"%s\": ", key);
  int n = 0;
  for (const char *p = strstr(index, pattern); p && n < cap; p = strstr(p + 1, pattern))
    out[n++] = strtod(p + strlen(pattern), NULL);
  return n;
}

static void expect_unique_challenges(const char *board, const char *const *more, int count,
                                     int left_min, int left_max, int levels)
{
  char *dir = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  make(board, dir, more);
  for (int i = 1; i <= count; i++) {
    char *path = challenge_path(dir, i);
    cr_expect_eq(solve_count(path), 1, "%s", path);
    free(path);
  }
  char *index_path = pc_path_in(dir, "index.json"), *index = pc_slurp_file(index_path);
  double left[64], level[64], rating[64], nodes[64], forced[64];
  cr_assert_eq(index_values(index, "left", left, 64), count);
  cr_assert_eq(index_values(index, "nodes", nodes, 64), count);
  cr_assert_eq(index_values(index, "forced", forced, 64), count);
  cr_assert_eq(index_values(index, "level", level, 64), count);
  cr_assert_eq(index_values(index, "rating", rating, 64), count);
  for (int i = 0; i < count; i++) {
    cr_expect(left[i] >= left_min && left[i] <= left_max, "left %g", left[i]);
    cr_expect(level[i] >= 1 && level[i] <= levels, "level %g", level[i]);
    if (i) cr_expect(rating[i - 1] <= rating[i] && level[i - 1] <= level[i]);
    /* Every move forced exactly when the search is a single path: the
       forced moves (counted apart) agree with DLX's nodes. */
    cr_expect(forced[i] <= left[i] && nodes[i] >= left[i] + 1);
    cr_expect_eq(forced[i] == left[i], nodes[i] == left[i] + 1, "left %g forced %g nodes %g",
                 left[i], forced[i], nodes[i]);
  }
  cr_expect_eq(level[0], 1);
  cr_expect_eq(level[count - 1], levels);
  free(index);
  free(index_path);
  pc_remove_tree(dir);
  free(dir);
}

Test(challenge, each_solves_to_one_square)
{
  const char *more[] = {"--count", "12", "--left", "2..7", "--levels", "3", "--seed", "5",
                        NULL};
  expect_unique_challenges("boards/kanoodle.yaml", more, 12, 2, 7, 3);
}

Test(challenge, each_solves_to_one_triangle)
{
  const char *more[] = {"--count", "4", "--left", "4", NULL};
  expect_unique_challenges("boards/hexrhombus.yaml", more, 4, 4, 4, 4);
}

/* Sticks: a pre-placed piece's name stands on its segments. */
Test(challenge, each_solves_to_one_sticks)
{
  const char *more[] = {"--count", "4", "--left", "3..6", "--levels", "2", NULL};
  expect_unique_challenges("boards/tetra5x5-noH.yaml", more, 4, 3, 6, 2);
}

/* Kanoodle's pyramid (spheres): the board file lists its layers, each
   with its pre-placed pieces' names. */
Test(challenge, each_solves_to_one_pyramid)
{
  const char *more[] = {"--count", "4", "--left", "3..6", "--levels", "2", NULL};
  expect_unique_challenges("boards/kanoodle-pyramid.yaml", more, 4, 3, 6, 2);
}

/* A board that comes with pre-placed pieces keeps them. */
Test(challenge, each_solves_to_one_preplaced)
{
  const char *more[] = {"--count", "3", "--left", "1..3", "--levels", "1", NULL};
  expect_unique_challenges("boards/kanoodle-start1.yaml", more, 3, 1, 3, 1);
}

/* The board's own pieces (a mapping in the file) are copied over. */
Test(challenge, each_solves_to_one_own_pieces)
{
  const char *more[] = {"--count", "2", "--left", "2", "--levels", "2", NULL};
  expect_unique_challenges("tests/data/boards/own_pieces.yaml", more, 2, 2, 2, 2);
}

/* No level left empty: two challenges asked for in four levels are
   levels 1 and 2 of 2 (they were 1 and 3 of 4). */
Test(challenge, no_more_levels_than_challenges)
{
  const char *more[] = {"--count", "2", "--left", "2", "--levels", "4", NULL};
  expect_unique_challenges("tests/data/boards/own_pieces.yaml", more, 2, 2, 2, 2);
}

/* Copies are never pre-placed, and a solution counts once (copies are one
   item); the test set, found beside the source board only, is
   named by its path in the written boards. */
Test(challenge, each_solves_to_one_copies)
{
  const char *more[] = {"--count", "3", "--left", "2", "--levels", "1", NULL};
  expect_unique_challenges("tests/data/boards/copies_mixed.yaml", more, 3, 2, 2, 1);
}

/* Holes: the written boards keep the source's `holes:` (without it the
   pieces could not fill the board, and solve refused it); the forced
   moves are moves, never more than the pieces left (the hole's item,
   covered once of 1..2, was once more a null choice, counted as one). */
Test(challenge, each_solves_to_one_holes)
{
  char *dir = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  const char *more[] = {"--count", "3", "--left", "1..3", NULL};
  make("tests/data/boards/holes_3x7.yaml", dir, more);
  for (int i = 1; i <= 3; i++) {
    char *path = challenge_path(dir, i);
    cr_expect_eq(solve_count(path), 1, "%s", path);
    free(path);
  }
  char *index_path = pc_path_in(dir, "index.json"), *index = pc_slurp_file(index_path);
  double left[3], forced[3];
  cr_assert_eq(index_values(index, "left", left, 3), 3);
  cr_assert_eq(index_values(index, "forced", forced, 3), 3);
  for (int i = 0; i < 3; i++) cr_expect_leq(forced[i], left[i], "challenge %d", i + 1);
  free(index);
  free(index_path);
  pc_remove_tree(dir);
  free(dir);
}

/* A hole is no piece to place: `--left 1` leaves one pentomino off the
   board (it left none, only the hole, when the hole counted as a piece),
   the header lists the pieces and the cells left empty apart, and a
   forced hole is no forced move. */
Test(challenge, holes_are_no_pieces_to_place)
{
  char *dir = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  const char *more[] = {"--count", "3", "--left", "1", NULL};
  make("tests/data/boards/holes_3x7.yaml", dir, more);
  for (int i = 1; i <= 3; i++) {
    char *path = challenge_path(dir, i), *text = pc_slurp_file(path);
    char *header = text ? strstr(text, "\n# 1 piece to place: ") : NULL;
    cr_assert(header, "%s: %s", path, text ? text : "(unreadable)");
    const char *piece = header + strlen("\n# 1 piece to place: ");
    cr_expect(*piece && strchr("PUVL", *piece) &&
                  !strncmp(piece + 1, ", leaving 1-2 cells empty.", 26),
              "%s: %.60s", path, piece);
    free(text);
    free(path);
  }
  char *index_path = pc_path_in(dir, "index.json"), *index = pc_slurp_file(index_path);
  double left[3], forced[3];
  cr_assert_eq(index_values(index, "left", left, 3), 3);
  cr_assert_eq(index_values(index, "forced", forced, 3), 3);
  for (int i = 0; i < 3; i++) {
    cr_expect_eq(left[i], 1, "challenge %d", i + 1);
    cr_expect_leq(forced[i], 1, "challenge %d", i + 1);
  }
  free(index);
  free(index_path);
  pc_remove_tree(dir);
  free(dir);
}

/* The count of essentially different solutions `solve` gives (with its
   symmetry-reduced search: an independent computation of what --from all
   enumerates with every solution and a representative test). */
/* --from all: one challenge from each solution up to symmetry, each with
   exactly one solution; --count caps them. */
Test(challenge, from_all_one_per_solution)
{
  const char *board = "tests/data/boards/small.yaml";
  const char *more[] = {"--from", "all", "--count", "all", "--levels", "2", NULL};
  expect_unique_challenges(board, more, (int)unique_count(board), 1, 2, 2);
  const char *rhombus = "boards/hexrhombus.yaml"; /* 156 in Knuth's paper */
  const char *all[] = {"challenge", rhombus, "--from", "all", "--count", "all", NULL};
  const char *ten[] = {"challenge", rhombus, "--from", "all", "--count", "10", NULL};
  pc_run a = pc_run_program(NULL, all), b = pc_run_program(NULL, ten);
  cr_assert_eq(a.status, 0, "%s", a.err);
  cr_assert_eq(b.status, 0, "%s", b.err);
  char want[64];
  snprintf(want, sizeof want, ": %llu challenges,", (unsigned long long)unique_count(rhombus));
  cr_expect(strstr(a.out, want), "%s not in %.200s", want, a.out);
  cr_expect(strstr(b.out, ": 10 challenges,"), "%.200s", b.out);
  pc_run_free(&a);
  pc_run_free(&b);
}

/* The board art of a challenge file (after "board: |"), with every cell
   marked `letter` made a cell to fill. */
static void take_off(char *text, char letter)
{
  char *art = strstr(text, "board: |\n");
  cr_assert_not_null(art);
  for (char *p = art + strlen("board: |\n"); *p; p++)
    if (*p == letter) *p = '#';
}

Test(challenge, minimal_is_minimal)
{
  char *dir = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  const char *more[] = {"--count", "3", "--minimal", "--seed", "3", NULL};
  make("boards/kanoodle.yaml", dir, more);
  char *dropped = pc_path_in(dir, "dropped.yaml");
  for (int i = 1; i <= 3; i++) {
    char *path = challenge_path(dir, i), *text = pc_slurp_file(path);
    const char *art = strstr(text, "board: |\n") + strlen("board: |\n");
    int pieces = 0;
    for (char c = 'A'; c <= 'Z'; c++) {
      if (!strchr(art, c)) continue;
      pieces++;
      char *copy = strdup(text);
      take_off(copy, c);
      pc_write_file(dropped, copy, strlen(copy));
      cr_expect_gt(solve_count(dropped), 1, "%s without %c", path, c);
      free(copy);
    }
    cr_expect_gt(pieces, 0, "%s", path);
    cr_expect_eq(solve_count(path), 1, "%s", path);
    free(text);
    free(path);
  }
  free(dropped);
  pc_remove_tree(dir);
  free(dir);
}

/* Whether two files hold the same bytes. */
static bool same_file(const char *a, const char *b)
{
  FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
  cr_assert(fa && fb, "%s, %s", a, b);
  int ca, cb;
  do {
    ca = fgetc(fa);
    cb = fgetc(fb);
  } while (ca == cb && ca != EOF);
  fclose(fa);
  fclose(fb);
  return ca == cb;
}

static void expect_same(const char *dir_a, const char *dir_b, const char *name, bool same)
{
  char *a = pc_path_in(dir_a, name), *b = pc_path_in(dir_b, name);
  cr_expect_eq(same_file(a, b), same, "%s and %s", a, b);
  free(a);
  free(b);
}

Test(challenge, same_seed_same_files)
{
  char *a = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  char *b = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  char *c = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  char *book_a = pc_path_in(a, "book.pdf"), *book_b = pc_path_in(b, "book.pdf"),
       *book_c = pc_path_in(c, "book.pdf");
  const char *one[] = {"--count", "8", "--seed", "11", "-j", "1", "--booklet", book_a, NULL};
  const char *two[] = {"--count", "8", "--seed", "11", "-j", "2", "--booklet", book_b, NULL};
  const char *other[] = {"--count", "8", "--seed", "12", "--booklet", book_c, NULL};
  make("boards/kanoodle.yaml", a, one);
  make("boards/kanoodle.yaml", b, two);
  make("boards/kanoodle.yaml", c, other);
  expect_same(a, b, "index.json", true);
  expect_same(a, b, "book.pdf", true);
  for (int i = 1; i <= 8; i++) {
    char name[32];
    snprintf(name, sizeof name, "challenge-%03d.yaml", i);
    expect_same(a, b, name, true);
  }
  expect_same(a, c, "index.json", false);
  expect_same(a, c, "book.pdf", false);
  free(book_a);
  free(book_b);
  free(book_c);
  pc_remove_tree(a);
  pc_remove_tree(b);
  pc_remove_tree(c);
  free(a);
  free(b);
  free(c);
}

/* A shorter run into the folder of a longer one rewrites its own files
   and names the longer one's last challenges, which index.json no longer
   lists, without removing them; a run into a fresh folder warns of
   nothing. */
Test(challenge, earlier_challenges_named)
{
  char *dir = pc_scratch_dir("/tmp/pc-challenge-XXXXXX");
  const char *five[] = {"--count", "5", NULL}, *two[] = {"--count", "2", NULL};
  pc_run r = made("boards/kanoodle-start1.yaml", dir, five);
  cr_expect_null(strstr(r.err, "warning"), "%s", r.err);
  pc_run_free(&r);
  r = made("boards/kanoodle-start1.yaml", dir, two);
  cr_expect(strstr(r.err, "also holds challenge-003.yaml, challenge-004.yaml, "
                          "challenge-005.yaml (files not written by this run, left as they "
                          "are): index.json lists this run's challenges only"),
            "%s", r.err);
  pc_run_free(&r);
  char *last = challenge_path(dir, 5), *index_path = pc_path_in(dir, "index.json");
  char *index = pc_slurp_file(index_path);
  double left[8];
  cr_expect_eq(solve_count(last), 1, "%s", last);
  cr_expect_eq(index_values(index, "left", left, 8), 2, "%s", index);
  free(index);
  free(index_path);
  free(last);
  pc_remove_tree(dir);
  free(dir);
}

static void expect_refused(const char *const *args, const char *message)
{
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s", r.err);
  cr_expect(strstr(r.err, message), "wanted '%s' in: %s", message, r.err);
  cr_expect_eq(strchr(r.err, '\n'), strrchr(r.err, '\n'), "one line: %s", r.err);
  pc_run_free(&r);
}

/* With one piece left, a challenge is a solution and the piece taken off;
   when no solution is its own image, the challenges different up to the
   board's symmetry are the classes of solutions times the pieces. One
   more than that is refused. */
Test(challenge, repeats_up_to_symmetry)
{
  const char *board = "tests/data/boards/small.yaml";
  pc_solved sv = pc_solve_board(board);
  cr_assert_eq(sv.solutions, sv.unique * (uint64_t)sv.symmetries);
  cr_assert_gt(sv.symmetries, 1);
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(board, &pz, &err), PC_OK, "%s", err.msg);
  uint64_t distinct = sv.unique * (uint64_t)pz.n_pieces;
  pc_puzzle_free(&pz);
  char all[32], more[32];
  snprintf(all, sizeof all, "%llu", (unsigned long long)distinct);
  snprintf(more, sizeof more, "%llu", (unsigned long long)distinct + 1);
  const char *enough[] = {"challenge", board, "--left", "1", "--count", all, NULL};
  pc_run r = pc_run_program(NULL, enough);
  cr_expect_eq(r.status, 0, "%s", r.err);
  pc_run_free(&r);
  char message[128];
  snprintf(message, sizeof message, "only %s different challenges turned up", all);
  const char *too_many[] = {"challenge", board, "--left", "1", "--count", more, NULL};
  expect_refused(too_many, message);
}

Test(challenge, bad_requests)
{
  const char *too_many[] = {"challenge", "boards/kanoodle.yaml", "--left", "20", NULL};
  expect_refused(too_many, "kanoodle.yaml: --left 20: the puzzle has only 12 pieces to place");
  const char *none[] = {"challenge", "tests/data/boards/no_solution.yaml", NULL};
  expect_refused(none, "no_solution.yaml: the puzzle has no solution");
  const char *copies[] = {"challenge", "boards/y45.yaml", NULL};
  expect_refused(copies, "no piece can be pre-placed");
  const char *few[] = {"challenge", "boards/kanoodle-start1.yaml", "--left", "1", "--count",
                       "5", NULL};
  expect_refused(few, "only 4 different challenges turned up");
}

Test(challenge, bad_options)
{
  const char *range[] = {"challenge", "boards/kanoodle.yaml", "--left", "5..3", NULL};
  const char *zero[] = {"challenge", "boards/kanoodle.yaml", "--count", "0", NULL};
  const char *format[] = {"challenge", "boards/kanoodle.yaml", "--booklet", "b.txt", NULL};
  const char *board[] = {"challenge", NULL};
  pc_run r = pc_run_program(NULL, range);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "--left wants N or A..B"), "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, zero);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "--count wants a positive number"), "%s", r.err);
  pc_run_free(&r);
  expect_refused(format, "cannot tell the picture format");
  const char *all[] = {"challenge", "boards/kanoodle.yaml", "--count", "all", NULL};
  const char *from[] = {"challenge", "boards/kanoodle.yaml", "--from", "some", NULL};
  r = pc_run_program(NULL, all);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "--count all needs --from all"), "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, from);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "--from wants random or all, not 'some'"), "%s", r.err);
  pc_run_free(&r);
  r = pc_run_program(NULL, board);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "no BOARD.yaml given"), "%s", r.err);
  pc_run_free(&r);
}

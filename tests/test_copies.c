/* test_copies.c — pieces with copies, ranges and `choose` groups: one item
   with bounds each (matrix.h), counted exactly, up to symmetry too, and
   through every path a puzzle takes (rows and xc, threads, engines); text
   art that tells copies and generated names apart with a key. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "poly/puzzle.h"
#include "support.h"

#define BOARDS "tests/data/boards/"

/* Writes text to path and loads it as a board; the status. */
static pc_status load_text(const char *path, const char *text, pc_error *err)
{
  pc_write_file(path, text, strlen(text));
  pc_puzzle pz;
  pc_status s = pc_puzzle_load(path, &pz, err);
  if (s == PC_OK) pc_puzzle_free(&pz);
  return s;
}

/* Issue #15's figures: 8 L trominoes in 4x6, 18 tilings, 8 essentially
   different; the same board with copies: any (no piece item at all, a
   plain exact cover) is the independent count. Copies cost no 8!: the
   search meets each tiling once. */
Test(copies, eight_l_trominoes)
{
  pc_solved copies = pc_solve_board(BOARDS "copies_l8.yaml");
  pc_solved any = pc_solve_board(BOARDS "copies_l_any.yaml");
  cr_expect_eq(copies.solutions, 18);
  cr_expect_eq(copies.unique, 8);
  cr_expect_eq(any.solutions, 18);
  cr_expect_eq(any.unique, 8);
  cr_expect_eq(copies.met, 18);
  cr_expect_leq(copies.nodes, 10 * any.nodes, "copies %llu nodes, any %llu",
                (unsigned long long)copies.nodes, (unsigned long long)any.nodes);
}

/* Two sets of tetrominoes in 5x8: 3,106 (issue #15; Knuth's dlx3 agrees on
   the rows). The reduced search's classes agree with the classes of all
   the solutions, stabilizers included. */
Test(copies, two_sets_of_tetrominoes)
{
  pc_solved all = pc_solve_board_as("boards/tetra2x5x8.yaml", true);
  pc_solved reduced = pc_solve_board_as("boards/tetra2x5x8.yaml", false);
  cr_expect_eq(all.solutions, 3106);
  cr_expect_eq(reduced.solutions, 3106);
  cr_expect_eq(reduced.unique, all.unique);
  cr_expect_lt(reduced.met, all.met);
}

/* Named apart, the four L trominoes of copies_l4 are found once per way
   of naming them: 4! times as many tilings. */
Test(copies, copies_versus_numbered_pieces)
{
  pc_solved copies = pc_solve_board(BOARDS "copies_l4.yaml");
  pc_solved named = pc_solve_board(BOARDS "numbered_l4.yaml");
  cr_expect_gt(copies.solutions, 0);
  cr_expect_eq(named.solutions, 24 * copies.solutions);
}

/* Three sets of tetrominoes in 6x10: none, and the checkerboard says why
   before any search. */
Test(copies, three_sets_are_impossible)
{
  cr_expect_eq(pc_solve_board(BOARDS "copies_tetra3.yaml").solutions, 0);
  const char *args[] = {"solve", BOARDS "copies_tetra3.yaml", "--count", "--quiet", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "no solutions: coloring by checkerboard"), "%s", r.out);
  pc_run_free(&r);
}

/* Any K distinct pentominoes in a W x H box: the essentially different
   counts isomerdesign.com/Pentomino publishes for its "degenerate
   puzzles" (5x3: 7, 5x4: 50, 5x5: 107, 10x3: 145). */
static uint64_t any_pentominoes(const char *dir, int k, int w, int h)
{
  char text[512], name[32];
  int at = snprintf(text, sizeof text,
                    "title: any pentominoes\ngrid: square\npieces:\n  - set: pentominoes\n"
                    "    choose: %d\nboard: |\n",
                    k);
  for (int r = 0; r < h; r++) at += snprintf(text + at, sizeof text - (size_t)at, "  %.*s\n", w,
                                             "##########");
  snprintf(name, sizeof name, "any%dx%d.yaml", w, h);
  char *path = pc_path_in(dir, name);
  pc_write_file(path, text, strlen(text));
  pc_solved s = pc_solve_board_as(path, false);
  free(path);
  return s.unique;
}

Test(copies, choose_any_pentominoes)
{
  char *dir = pc_scratch_dir("/tmp/pc-choose-XXXXXX");
  cr_expect_eq(any_pentominoes(dir, 3, 5, 3), 7);
  cr_expect_eq(any_pentominoes(dir, 4, 5, 4), 50);
  cr_expect_eq(any_pentominoes(dir, 6, 10, 3), 145);
  pc_solved shipped = pc_solve_board_as("boards/pent5x5-any.yaml", false);
  cr_expect_eq(shipped.unique, 107);
  pc_remove_tree(dir);
}

/* `rows` writes the bounds as DLX3 does, and `xc` reads them back to the
   same count, on one thread and two. */
Test(copies, rows_and_xc_agree)
{
  char *dir = pc_scratch_dir("/tmp/pc-copies-XXXXXX"), *dlx = pc_path_in(dir, "t2.dlx");
  const char *rows[] = {"rows", "boards/tetra2x5x8.yaml", NULL};
  pc_run r = pc_run_program(NULL, rows);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, " 2|I 2|L 2|O 2|S 2|T\n"), "%.400s", r.out);
  pc_write_file(dlx, r.out, strlen(r.out));
  pc_run_free(&r);
  for (int threads = 1; threads <= 2; threads++) {
    const char *xc[] = {"xc", dlx, "--quiet", "-j", threads == 1 ? "1" : "2", NULL};
    r = pc_run_program(NULL, xc);
    cr_expect_eq(r.status, 0, "%s", r.err);
    cr_expect(strstr(r.out, "solutions: 3106\n"), "%s", r.out);
    pc_run_free(&r);
  }
  free(dlx);
  pc_remove_tree(dir);
}

/* A search with bounds stopped early with a checkpoint, then resumed,
   ends with the counts of one run: 3,106 and Knuth's dlx3's 94,674 nodes
   and 10,600,217 updates on the same matrix (his program, by hand). */
Test(copies, checkpoint_and_resume)
{
  char *dir = pc_scratch_dir("/tmp/pc-copies-XXXXXX"), *dlx = pc_path_in(dir, "t2.dlx");
  char *ckpt = pc_path_in(dir, "t2.ckpt");
  const char *rows[] = {"rows", "boards/tetra2x5x8.yaml", NULL};
  pc_run r = pc_run_program(NULL, rows);
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_write_file(dlx, r.out, strlen(r.out));
  pc_run_free(&r);
  const char *part[] = {"xc",          dlx,       "--quiet",      "-j2", "--engine", "dlx",
                        "--max-updates", "2000000", "--checkpoint", ckpt,  NULL};
  r = pc_run_program(NULL, part);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "search stopped early"), "%s", r.out);
  pc_run_free(&r);
  const char *rest[] = {"xc", dlx, "--quiet", "-j2", "--engine", "dlx", "--resume", ckpt, "--json",
                        NULL};
  r = pc_run_program(NULL, rest);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 3106);
  cr_expect_eq(pc_json_get_u64(r.out, "nodes"), 94674);
  cr_expect_eq(pc_json_get_u64(r.out, "updates"), 10600217);
  pc_run_free(&r);
  free(dlx);
  free(ckpt);
  pc_remove_tree(dir);
}

/* bitdlx takes the bounds (DLX3's tree: the same nodes as dlx, on one
   thread and two) and auto takes it; bits covers each item once: asked
   for, solve says why. */
Test(copies, engines)
{
  const char *bits[] = {"solve", BOARDS "copies_l8.yaml", "--engine", "bits", NULL};
  pc_run r = pc_run_program(NULL, bits);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "engine bits covers each item once"), "%s", r.err);
  pc_run_free(&r);
  const char *engines[] = {"dlx", "bitdlx", "auto"}, *threads[] = {"1", "2"};
  uint64_t nodes[2][3];
  for (int t = 0; t < 2; t++)
    for (int i = 0; i < 3; i++) {
      const char *args[] = {"solve",   "boards/tetra2x5x8.yaml", "--engine", engines[i], "-j",
                            threads[t], "--count", "--json", NULL};
      r = pc_run_program(NULL, args);
      cr_expect_eq(r.status, 0, "%s", r.err);
      cr_expect_eq(pc_json_get_u64(r.out, "solutions"), 3106, "%s -j%s", engines[i],
                   threads[t]);
      cr_expect(strstr(r.out, i ? "\"engine\": \"bitdlx\"" : "\"engine\": \"dlx\""), "%s",
                r.out);
      nodes[t][i] = pc_json_get_u64(r.out, "nodes");
      cr_expect_eq(nodes[t][i], nodes[0][0], "%s -j%s", engines[i], threads[t]);
      pc_run_free(&r);
    }
}

/* The estimate follows DLX's tree on plain covers only: it says so. */
Test(copies, estimate_refuses)
{
  const char *args[] = {"estimate", "boards/tetra2x5x8.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "not estimated"), "%s", r.err);
  pc_run_free(&r);
}

typedef struct bad_entry {
  const char *entry;
  int line, column;
  const char *message;
} bad_entry;

/* Bad copies, ranges and groups: located, refused. */
Test(copies, yaml_errors)
{
  static const bad_entry cases[] = {
      {"copies: 0", 6, 13, "copies is a number N or a range A..B"},
      {"copies: 3..2", 6, 13, "copies is a number N or a range"},
      {"copies: 1..x", 6, 13, "copies is a number N or a range"},
      {"copies: 20000", 6, 13, "1 <= B <= 10000"},
      {"copies: 2\n    min: 1", 6, 13, "give copies or min/max, not both"},
      {"min: 3\n    max: 2", 6, 10, "min 3 is more than max 2"},
      {"min: 1..2", 6, 10, "min is one number from 0 to 10000"},
      {"max: 2..3", 6, 10, "max is one number from 1 to 10000, or any"},
      {"choose: 2", 6, 13, "choose asks for 2 pieces but the entry's pieces and copies give "
                           "at most 1"},
      {"choose: any", 6, 13, "choose is a number N or a range"},
      /* Else a group of one piece would be folded into copies 2..1. */
      {"min: 2\n    choose: 0..1", 7, 13, "choose allows at most 1 piece but the entry's "
                                            "pieces need at least 2 (their min)"},
      {"copies: 1..2", 7, 8, "the pieces cover 3 to 6 cells but the board has 12"},
      /* No most: it said "15 to -1 cells". */
      {"min: 5\n    max: any", 8, 8, "the pieces cover at least 15 cells but the board has 12"},
  };
  char *dir = pc_scratch_dir("/tmp/pc-copies-XXXXXX"), *path = pc_path_in(dir, "b.yaml");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "title: t\ngrid: square\npieces:\n  - set: trominoes\n    only: L\n    %s\n"
             "board: |\n  ####\n  ####\n  ####\n",
             cases[i].entry);
    pc_error err = {0};
    cr_expect_eq(load_text(path, text, &err), PC_ERR_INPUT, "case %zu", i);
    cr_expect_eq(err.line, cases[i].line, "case %zu: line %d", i, err.line);
    cr_expect_eq(err.column, cases[i].column, "case %zu: column %d", i, err.column);
    cr_expect(strstr(err.msg, cases[i].message), "case %zu: %s", i, err.msg);
  }
  free(path);
  pc_remove_tree(dir);
}

/* The area check counts `choose`: one tetromino and one pentomino cover
   9 cells, never 8 or 10 (the pieces' 0 to 65 cells, as the check read
   them before, let both through to a search that found nothing); one or
   two tetrominoes and a pentomino 9 or 13, not 8. */
Test(copies, area_with_choose)
{
  static const struct {
    const char *choose, *board;
    bool loads;
  } cases[] = {
      {"1", "####\n  ####", false},          {"1", "#####\n  #####", false},
      {"1", "###\n  ###\n  ###", true},     {"1..2", "####\n  ####", false},
      {"1..2", "#####\n  ####\n  ####", true}, {"2", "#", false},
  };
  char *dir = pc_scratch_dir("/tmp/pc-copies-XXXXXX"), *path = pc_path_in(dir, "a.yaml");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[512];
    snprintf(text, sizeof text,
             "grid: square\npieces:\n  - set: tetrominoes\n    choose: %s\n"
             "  - set: pentominoes\n    except: [I, L, T]\n    choose: 1\nboard: |\n  %s\n",
             cases[i].choose, cases[i].board);
    pc_error err = {0};
    pc_status s = load_text(path, text, &err);
    cr_expect_eq(s, cases[i].loads ? PC_OK : PC_ERR_INPUT, "case %zu: %s", i, err.msg);
    if (cases[i].loads) continue;
    cr_expect_eq(err.line, 8, "case %zu: line %d", i, err.line);
    cr_expect(strstr(err.msg, "no choice of pieces that copies and choose allow covers exactly"),
              "case %zu: %s", i, err.msg);
  }
  free(path);
  pc_remove_tree(dir);
}

/* holes: 3 against an independent count: the 3x4 board with each of its
   220 sets of three cells left out (drawn '.') solved alone, summed. */
static uint64_t solve_text(const char *dir, const char *text)
{
  char *path = pc_path_in(dir, "h.yaml");
  pc_write_file(path, text, strlen(text));
  pc_solved s = pc_solve_board(path);
  free(path);
  return s.solutions;
}

/* A `choose` entry of one piece makes no group: the piece takes the
   group's bounds on its copies (the fewer of the two maxima, the more of
   the two minima). An entry of two pieces keeps its group. */
Test(copies, group_of_one_is_the_piece)
{
  char *dir = pc_scratch_dir("/tmp/pc-copies-XXXXXX"), *path = pc_path_in(dir, "g.yaml");
  static const char text[] = "title: t\ngrid: square\npieces:\n  - set: trominoes\n"
                             "    only: L\n    copies: 0..3\n    choose: 1..2\n"
                             "  - set: tetrominoes\n    except: L\n    choose: 1\n"
                             "board: |\n  #####\n  #####\n";
  pc_write_file(path, text, strlen(text));
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "%s", err.msg);
  cr_assert_eq(pz.n_groups, 1);
  cr_expect(pz.pieces[0].group == -1 && pz.pieces[0].copies_min == 1 &&
                pz.pieces[0].copies == 2,
            "group %d, copies %d..%d", (int)pz.pieces[0].group, pz.pieces[0].copies_min,
            pz.pieces[0].copies);
  for (int32_t k = 1; k < pz.n_pieces; k++) cr_expect_eq(pz.pieces[k].group, 0);
  pc_puzzle_free(&pz);
  free(path);
  pc_remove_tree(dir);
}

/* min: 0 is the least min, which max: alone means too. */
Test(copies, min_zero)
{
  char *dir = pc_scratch_dir("/tmp/pc-copies-XXXXXX"), text[512];
  static const char head[] = "title: t\ngrid: square\npieces:\n  - set: trominoes\n"
                             "    only: L\n    %s\nboard: |\n  ####\n  ####\n  ####\n";
  snprintf(text, sizeof text, head, "min: 0\n    max: 4");
  uint64_t with_min = solve_text(dir, text);
  snprintf(text, sizeof text, head, "max: 4");
  cr_expect_eq(with_min, solve_text(dir, text));
  cr_expect_gt(with_min, 0);
  pc_remove_tree(dir);
  free(dir);
}

static const char holes_head[] = "title: t\ngrid: square\npieces:\n  - set: trominoes\n"
                                 "    only: L\n    copies: 3\n";

Test(copies, holes_counted)
{
  char *dir = pc_scratch_dir("/tmp/pc-holes-XXXXXX"), text[512];
  uint64_t sum = 0;
  for (int a = 0; a < 12; a++)
    for (int b = a + 1; b < 12; b++)
      for (int c = b + 1; c < 12; c++) {
        char art[16] = "####\n####\n####\n";
        art[a + a / 4] = art[b + b / 4] = art[c + c / 4] = '.';
        snprintf(text, sizeof text, "%sboard: |\n  %.4s\n  %.4s\n  %.4s\n", holes_head, art,
                 art + 5, art + 10);
        sum += solve_text(dir, text);
      }
  snprintf(text, sizeof text, "%sholes: 3\nboard: |\n  ####\n  ####\n  ####\n", holes_head);
  cr_expect_gt(sum, 0);
  cr_expect_eq(solve_text(dir, text), sum);
  /* The reduced search's classes agree with those of every solution. */
  char *path = pc_path_in(dir, "h.yaml");
  cr_expect_eq(pc_solve_board_as(path, false).unique, pc_solve_board_as(path, true).unique);
  /* A bad count is located. */
  snprintf(text, sizeof text, "%sholes: many\nboard: |\n  ####\n", holes_head);
  pc_error err = {0};
  cr_expect_eq(load_text(path, text, &err), PC_ERR_INPUT);
  cr_expect_eq(err.line, 7);
  cr_expect_eq(err.column, 8);
  cr_expect(strstr(err.msg, "holes is a number N or a range"), "%s", err.msg);
  free(path);
  pc_remove_tree(dir);
}

/* The piece a character of text art stands for, read back from the art's
   key line ("A = Q1, B = Q2; copies of Q1: a b"); a character the key does
   not name stands for the piece of that one-character name. */
static void decode(const char *key, char ch, char *name, size_t size)
{
  snprintf(name, size, "%c", ch);
  char pair[8];
  snprintf(pair, sizeof pair, "%c = ", ch);
  for (const char *p = key; (p = strstr(p, pair)); p++)
    if (p == key || p[-1] == ' ') {
      snprintf(name, size, "%.*s", (int)strcspn(p + 4, ",;\n"), p + 4);
      return;
    }
  for (const char *p = key; (p = strstr(p, "copies of ")); p++) {
    const char *colon = strchr(p, ':'), *end = p + strcspn(p, ";\n");
    for (const char *q = colon; q && q + 1 < end; q++)
      if (q[0] == ' ' && q[1] == ch && (q + 2 == end || q[2] == ' ')) {
        snprintf(name, size, "%.*s", (int)(colon - p - 10), p + 10);
        return;
      }
  }
}

/* Generated names (`polycover pieces`: Q1, Q2, ...) show as one-character
   symbols with a key, as do copies: every cell of the art, read through
   the key, names the piece the solver put there; `solve` prints the key. */
Test(copies, generated_names_keyed)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX"), *set = pc_path_in(dir, "gen4.yaml");
  char *board = pc_path_in(dir, "b.yaml");
  pc_run r = pc_run_program(NULL, (const char *[]){"pieces", "--size", "4", NULL});
  cr_assert_eq(r.status, 0, "%s", r.err);
  pc_write_file(set, r.out, strlen(r.out));
  pc_run_free(&r);
  static const char text[] = "title: t\ngrid: square\npieces:\n  - set: gen4\n    copies: 2\n"
                             "board: |\n  ########\n  ########\n  ########\n  ########\n"
                             "  ########\n";
  pc_write_file(board, text, strlen(text));
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings(board, 1, &pz, &n);
  cr_assert_eq(n, 1);
  char *art = pc_tiling_ascii(&t[0], &pz);
  const char *key = art + 5 * 9;
  cr_assert(strchr(key, '\n'), "a key line: %s", art);
  for (int32_t i = 0; i < pz.n_cells; i++) {
    char name[PC_NAME_MAX + 1];
    decode(key, art[pz.cells[i].r * 9 + pz.cells[i].c], name, sizeof name);
    cr_expect_str_eq(name, pz.pieces[t[0].piece[i]].name, "cell %d in\n%s", (int)i, art);
  }
  char first[64];
  snprintf(first, sizeof first, "%c = %s, ", pz.pieces[0].symbol, pz.pieces[0].name);
  r = pc_run_program(NULL, (const char *[]){"solve", board, "--limit", "1", NULL});
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, first), "%s", r.out);
  pc_run_free(&r);
  free(art);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
  pc_remove_tree(dir);
  free(set), free(board), free(dir);
}

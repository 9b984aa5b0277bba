/* test_puzzle.c — loading boards and piece sets, their errors, and the
   exact-cover matrices they give (tests/data/boards, tests/data/pieces). */
#include <criterion/criterion.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/dlx.h"
#include "poly/matrix.h"
#include "poly/pieceset.h"
#include "support.h"

static uint64_t count_solutions(const char *path, int32_t *options)
{
  pc_solved r = pc_solve_board(path);
  if (options) *options = r.options;
  return r.solutions;
}

/* The four small pieces tile 2x5 in 16 ways; with the L pre-placed, 3 (worked
   out by hand: S at the right, or Z with the domino flat or upright). */
Test(puzzle, small_counts)
{
  int32_t options;
  cr_expect_eq(count_solutions("tests/data/boards/small.yaml", NULL), 16);
  cr_expect_eq(count_solutions("tests/data/boards/small_fixed.yaml", &options), 3);
  /* On the 7 free cells: M 7 ways, D 8 (5 flat, 3 upright), L its one
     pre-placed option, S 3 (one S, two Z). */
  cr_expect_eq(options, 7 + 8 + 1 + 3, "%d", (int)options);
}

/* Two straight disticks would cross at the centre of the plus sign; its
   junction item forbids that, leaving the two pairs of corners. */
Test(puzzle, stick_junctions)
{
  cr_expect_eq(count_solutions("tests/data/boards/sticks_cross.yaml", NULL), 2);
}

Test(puzzle, pieces_and_items)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/small.yaml", &pz, &err), PC_OK, "%s", err.msg);
  cr_expect_eq(pz.n_pieces, 4);
  cr_expect_eq(pz.n_cells, 10);
  cr_expect_str_eq(pz.pieces[3].name, "S");
  cr_expect_str_eq(pz.pieces[3].color, "#ff8800");
  cr_expect_eq(pz.pieces[3].size, 4);
  pc_matrix m;
  cr_assert_eq(pc_matrix_build(&pz, &m, &err), PC_OK);
  cr_expect_eq(m.xc.n_items, 14);
  cr_expect_eq(m.xc.n_primary, 14);
  cr_expect_str_eq(m.xc.names[0], "r0c0");
  cr_expect_str_eq(m.xc.names[9], "r1c4");
  cr_expect_str_eq(m.xc.names[10], "M");
  cr_expect_str_eq(m.xc.names[13], "S");
  pc_matrix_free(&m);
  pc_puzzle_free(&pz);
}

typedef struct bad_case {
  const char *file, *where, *message;
} bad_case;

/* `solve` on a bad board: exit status 2, the place and the message on
   stderr, nothing on stdout. */
static void expect_bad(const bad_case *c)
{
  char path[256];
  snprintf(path, sizeof path, "tests/data/boards/%s.yaml", c->file);
  const char *args[] = {"solve", path, NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 2, "%s: exit %d", path, r.status);
  cr_expect(strstr(r.err, c->where), "%s: '%s' not in: %s", path, c->where, r.err);
  cr_expect(strstr(r.err, c->message), "%s: '%s' not in: %s", path, c->message, r.err);
  cr_expect_str_empty(r.out, "%s", r.out);
  pc_run_free(&r);
}

/* Every kind of bad input: exit status 2 and file:line:column. */
Test(puzzle, errors)
{
  static const bad_case cases[] = {
      {"bad_yaml", "bad_yaml.yaml:4:6: ", "bad YAML"},
      {"unknown_key", "unknown_key.yaml:4:1: ", "unknown key 'colour'"},
      {"unknown_set", "unknown_set.yaml:2:9: ", "no piece set 'nosuchset'"},
      {"unknown_piece", "unknown_piece.yaml:4:15: ", "set 'small' has no piece 'Q'"},
      {"listed_twice", "listed_twice.yaml:4:17: ", "piece 'M' is listed twice"},
      {"grid_mismatch", "grid_mismatch.yaml:4:10: ", "set 'tri' is for the triangle grid"},
      {"disconnected", "pieces/gap.yaml:4:3: ", "piece 'G' is not connected"},
      {"empty_board", "empty_board.yaml:3:8: ", "the board has no cells"},
      {"fixed_mismatch", "fixed_mismatch.yaml:4:6: ", "the cells marked 'L' do not form"},
      {"area", "area.yaml:3:8: ", "the pieces cover 10 cells but the board has 8"},
      {"bad_char", "bad_char.yaml:5:5: ", "'Q' is not a piece of this puzzle"},
      /* It said the piece has copies, which the entry does not name. */
      {"fixed_in_group", "fixed_in_group.yaml:6:4: ",
       "piece 'L' is pre-placed but its entry has choose:"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_bad(&cases[i]);
}

/* Issue #21: a set that is a folder, a description that is not a string,
   a character outside ASCII in board art (refused, and shown as itself),
   a NUL byte and text that is not UTF-8 are all placed in the file. */
Test(puzzle, errors_located)
{
  static const bad_case cases[] = {
      {"set_folder", "set_folder.yaml:3:17: ", "piece set '../pieces' is a folder"},
      {"description_list", "description_list.yaml:3:14: ", "description must be a string"},
      {"art_utf8", "art_utf8.yaml:6:5: ", "character '\xc3\xa9' (U+00E9) cannot stand here"},
      {"nul_byte", "nul_byte.yaml:6:5: ", "a NUL byte"},
      {"latin1", "latin1.yaml:2:11: ", "not UTF-8 text: byte 0xE9"},
      /* Issue #18: '*' in a piece's art, an unknown color name. */
      {"star_art", "star_art.yaml:5:10: ", "character '*' cannot stand here in square piece art"},
      {"color_bad", "color_bad.yaml:7:14: ", "unknown color 'reddish': a color is"},
      /* Issue #19: a pre-placed stick piece's name stands on segments. */
      {"sticks_letter_point", "sticks_letter_point.yaml:10:5: ",
       "character 'X' cannot stand here in stick art"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_bad(&cases[i]);
}

/* pc_puzzle_load refuses the board at path, saying `message`. */
static void expect_load_refused(const char *path, const char *message)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_expect_eq(pc_puzzle_load(path, &pz, &err), PC_ERR_INPUT, "%s", path);
  cr_expect(strstr(err.msg, message), "'%s' not in: %s", message, err.msg);
}

/* A board path longer than pz->path holds: refused as such, not cut
   short into the name of another file ("cannot open"). */
Test(puzzle, long_board_path)
{
  char *dir = pc_scratch_dir("/tmp/pc-puzzle-XXXXXX"), path[1024];
  int n = snprintf(path, sizeof path, "%s", dir);
  while (n < 600) {
    n += snprintf(path + n, sizeof path - (size_t)n, "/%.60s",
                  "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd");
    cr_assert_eq(mkdir(path, 0700), 0);
  }
  snprintf(path + n, sizeof path - (size_t)n, "/b.yaml");
  char *text = pc_slurp_file("tests/data/boards/small.yaml");
  pc_write_file(path, text, strlen(text));
  expect_load_refused(path, "a path of ");
  free(text);
  pc_remove_tree(dir);
  free(dir);
}

/* A set's true/false keys read as a board entry's do: yes and no too. */
Test(puzzle, set_flag_spelled_yes)
{
  pc_pieceset set;
  pc_error err = {0};
  cr_assert_eq(pc_pieceset_load("tests/data/pieces/flag_yes.yaml", &set, &err), PC_OK, "%s",
               err.msg);
  cr_expect(set.one_sided);
  pc_pieceset_free(&set);
}

/* The YAML around the keys: a second document (once left out unread), a
   tab in the indentation (libyaml's "cannot start any token"), nesting
   deep enough to make libyaml's scanner take minutes. */
Test(puzzle, yaml_structure_errors)
{
  static const bad_case cases[] = {
      {"two_documents", "two_documents.yaml:8:1: ", "a second YAML document"},
      {"tab_indent", "tab_indent.yaml:4:1: ", "a tab, where YAML takes only spaces"},
      {"nested_deep", "nested_deep.yaml:4:72: ", "nested more than 64 deep"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_bad(&cases[i]);
}

/* Art that YAML reads as another drawing than the one written: rows
   joined by a folded block, rows taken for comments. */
Test(puzzle, art_style_errors)
{
  static const bad_case cases[] = {
      {"art_folded", "art_folded.yaml:5:8: ", "YAML joins the lines of a folded ('>') scalar"},
      {"art_cut_by_comment", "art_cut_by_comment.yaml:10:3: ",
       "this row of art is a YAML comment"},
      {"art_commented_out", "art_commented_out.yaml:5:9: ",
       "no art: a '#' after a space starts a YAML comment"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_bad(&cases[i]);
}

/* A file far larger than any board (a device such as /dev/urandom never
   ends): refused after 16 MiB, not read into memory whole. */
Test(puzzle, oversized_file)
{
  char *dir = pc_scratch_dir("/tmp/pc-puzzle-XXXXXX"), *path = pc_path_in(dir, "big.yaml");
  FILE *f = fopen(path, "w");
  cr_assert(f);
  cr_assert_eq(ftruncate(fileno(f), (off_t)257 << 20), 0);
  fclose(f);
  expect_load_refused(path, "larger than 256 MiB");
  free(path);
  pc_remove_tree(dir);
  free(dir);
}

/* Issue #18: a shape twice in a set (J is L flipped over) is said, at the
   second piece, on stderr; the search goes on and counts both as pieces. */
Test(puzzle, shape_twice_warned)
{
  const char *args[] = {"solve", "--count", "--quiet", "tests/data/boards/dup_shape.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect_str_eq(r.err, "polycover solve: warning: tests/data/boards/dup_shape.yaml:11:5: "
                          "piece 'J' has the shape of piece 'L' (line 6), turned or flipped "
                          "over: solutions that swap them count as different (copies: N takes "
                          "one shape N times)\n");
  cr_expect(strstr(r.out, "solutions: "), "%s", r.out);
  pc_run_free(&r);
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/small.yaml", &pz, &err), PC_OK, "%s", err.msg);
  cr_expect_str_empty(pz.warning);
  pc_puzzle_free(&pz);
}

/* Issue #18: a piece's color may be a CSS name, "#rgb" or "#rrggbb"; each
   is kept as "#rrggbb" and goes into the solution file so. */
Test(puzzle, color_names)
{
  pc_puzzle pz;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/color_named.yaml", &pz, &err), PC_OK, "%s",
               err.msg);
  cr_expect_str_eq(pz.pieces[0].color, "#4682b4");
  cr_expect_str_eq(pz.pieces[1].color, "#ff8800");
  cr_expect_str_eq(pz.pieces[2].color, "#E41A1C");
  pc_puzzle_free(&pz);
  const char *args[] = {"solve", "tests/data/boards/color_named.yaml", "-n", "1", "-o", "-",
                        "--quiet", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "\npiece D #4682b4 D\npiece M #ff8800 M\npiece N #E41A1C N\n"), "%s",
            r.out);
  pc_run_free(&r);
}

/* A description that is a string is taken (and not shown). */
Test(puzzle, description_string)
{
  cr_expect_eq(count_solutions("tests/data/boards/described.yaml", NULL), 16);
}

/* The matrix written by `rows` solves to the same count under `xc`. */
Test(puzzle, rows_round_trip)
{
  const char *rows[] = {"rows", "tests/data/boards/sticks_cross.yaml", NULL};
  pc_run r = pc_run_program(NULL, rows);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "r1c2 r2c1 r2c3 r3c2 | j2c2\n"), "%s", r.out);
  const char *xc[] = {"xc", "-", NULL};
  pc_run s = pc_run_program(r.out, xc);
  cr_expect_eq(s.status, 0);
  cr_expect(strstr(s.out, "solutions: 2\n"), "%s", s.out);
  pc_run_free(&r);
  pc_run_free(&s);
}

/* solve prints each solution as the board's art with piece letters. */
Test(puzzle, solve_prints_art)
{
  const char *args[] = {"solve", "tests/data/boards/small_fixed.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "solution 1:\nLSSDD\nLLSSM\n") ||
                strstr(r.out, "LSSDD\nLLSSM\n"),
            "%s", r.out);
  cr_expect(strstr(r.out, "solutions: 3\n"), "%s", r.out);
  pc_run_free(&r);
}

/* The X tetrastick passes straight through its centre both ways and
   claims that junction once (an item repeated in an option would corrupt
   the links). */
Test(puzzle, cross_claims_junction_once)
{
  const char *args[] = {"rows", "tests/data/boards/sticks_x.yaml", NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "\nX r1c2 r2c1 r2c3 r3c2 j2c2\n"), "%s", r.out);
  pc_run_free(&r);
  cr_expect_eq(count_solutions("tests/data/boards/sticks_x.yaml", NULL), 1);
}

/* Copies are interchangeable: one item covered twice, so the search
   meets each tiling once, not once per order of the copies. */
Test(puzzle, copies_met_once)
{
  pc_solved r = pc_solve_board("tests/data/boards/two_dominoes.yaml");
  cr_expect_eq(r.solutions, 2);
  cr_expect_eq(r.met, 2);
}

/* Issue #18: a board may hold its own pieces (an entry with `pieces:`,
   written like a set file's), alone or beside a set: the same puzzle as
   small.yaml, piece for piece, and the same solutions. */
Test(puzzle, own_pieces)
{
  const char *boards[] = {"own_pieces", "own_and_set"};
  pc_puzzle ref;
  pc_error err = {0};
  cr_assert_eq(pc_puzzle_load("tests/data/boards/small.yaml", &ref, &err), PC_OK, "%s",
               err.msg);
  uint64_t want = count_solutions("tests/data/boards/small.yaml", NULL);
  for (int b = 0; b < 2; b++) {
    char path[128];
    snprintf(path, sizeof path, "tests/data/boards/%s.yaml", boards[b]);
    pc_puzzle pz;
    cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "%s: %s", path, err.msg);
    cr_expect_eq(pz.n_pieces, ref.n_pieces, "%s", path);
    for (int32_t i = 0; i < pz.n_pieces && i < ref.n_pieces; i++) {
      cr_expect_str_eq(pz.pieces[i].name, ref.pieces[i].name, "%s", path);
      cr_expect_str_eq(pz.pieces[i].color, ref.pieces[i].color, "%s", path);
      cr_expect_eq(pz.pieces[i].size, ref.pieces[i].size, "%s", path);
    }
    pc_puzzle_free(&pz);
    cr_expect_eq(count_solutions(path, NULL), want, "%s", path);
  }
  pc_puzzle_free(&ref);
}

/* A board's own pieces are checked like a set's, errors placed in the
   board file; an entry takes set or pieces, not both. */
Test(puzzle, own_pieces_errors)
{
  static const bad_case cases[] = {
      {"own_gap", "own_gap.yaml:5:5: ", "piece 'G' is not connected"},
      {"own_bad", "own_bad.yaml:4:5: ", "needs set or pieces (not both)"},
      {"mirror_name_taken", "mirror_name_taken.yaml:8:7: ",
       "the mirror image of piece 'L' would be named 'L''"},
      {"set_unnamed", "set_unnamed.yaml:3:8: ", "expected the name of a piece set"},
      {"name_non_ascii", "name_non_ascii.yaml:5:7: ", "1 to 31 printable ASCII characters"},
      {"set_description_list", "pieces/description_list.yaml:4:14: ",
       "description must be a string"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) expect_bad(&cases[i]);
}

/* The set with the names of `text` (a set written by `polycover pieces`,
   each name starting "  Q") starting with letter instead, at DIR/NAME. */
static void renamed_set(const char *dir, const char *text, char letter)
{
  char name[16];
  snprintf(name, sizeof name, "s%c.yaml", letter);
  char *copy = strdup(text), *path = pc_path_in(dir, name);
  for (char *p = copy; (p = strstr(p, "\n  Q")); p += 3) p[3] = letter;
  pc_write_file(path, copy, strlen(copy));
  free(path);
  free(copy);
}

/* Two pieces of one name among 4,225 (six sets of the one-sided
   octominoes, named apart, and one more piece): found by sorting
   (pc_first_repeat), the later one named at its entry. */
Test(puzzle, name_taken_twice_among_thousands)
{
  char *dir = pc_scratch_dir("/tmp/pc-names-XXXXXX"), *board = pc_path_in(dir, "b.yaml");
  pc_run r = pc_run_program(NULL, (const char *[]){"pieces", "--size", "8", "--one-sided", NULL});
  cr_assert_eq(r.status, 0, "%s", r.err);
  char text[512] = "grid: square\npieces:\n";
  for (char letter = 'A'; letter <= 'F'; letter++) {
    renamed_set(dir, r.out, letter);
    size_t at = strlen(text);
    snprintf(text + at, sizeof text - at, "  - set: ./s%c.yaml\n", letter);
  }
  pc_run_free(&r);
  strcat(text, "  - pieces:\n      D042: \"#\"\nboard: |\n  #\n");
  pc_write_file(board, text, strlen(text));
  pc_puzzle pz;
  pc_error err = {0};
  cr_expect_eq(pc_puzzle_load(board, &pz, &err), PC_ERR_INPUT);
  cr_expect_eq(err.line, 10, "%d:%d: %s", err.line, err.column, err.msg);
  cr_expect_str_eq(err.msg, "piece 'D042' is taken twice");
  free(board);
  pc_remove_tree(dir);
}

/* What a board's holes leave empty, as challenges and their booklet say
   it: a range, one cell, nothing without holes. The two trominoes cover
   6 cells of the board. */
Test(puzzle, holes_text)
{
  static const struct {
    const char *holes, *board, *text;
  } cases[] = {{"holes: 1..2\n", "####", "1-2 cells"}, {"holes: 1\n", "####", "1 cell"},
               {"holes: 2\n", "#####", "2 cells"}, {"", "###", ""}};
  char *dir = pc_scratch_dir("/tmp/pc-puzzle-XXXXXX"), *path = pc_path_in(dir, "h.yaml");
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    char text[256], got[48];
    int n = snprintf(text, sizeof text,
                     "title: t\ngrid: square\npieces: trominoes\n%sboard: |\n  ###\n  %s\n",
                     cases[i].holes, cases[i].board);
    pc_write_file(path, text, (size_t)n);
    pc_puzzle pz;
    pc_error err = {0};
    cr_assert_eq(pc_puzzle_load(path, &pz, &err), PC_OK, "case %zu: %s", i, err.msg);
    pc_puzzle_holes_text(&pz, got, sizeof got);
    cr_expect_str_eq(got, cases[i].text, "case %zu", i);
    pc_puzzle_free(&pz);
  }
  free(path);
  pc_remove_tree(dir);
  free(dir);
}

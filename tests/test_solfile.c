/* test_solfile.c — the solution file: every solution of small boards of
   each grid written and read back equal, malformed files rejected at the
   right line and column, and writes that are atomic. */
#include <criterion/criterion.h>
#include <criterion/redirect.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/lines.h"
#include "poly/solfile.h"
#include "support.h"

/* A fresh empty folder under /tmp; the caller removes it. */
static void make_dir(char *dir)
{
  strcpy(dir, "/tmp/pc-solfile-XXXXXX");
  cr_assert_not_null(mkdtemp(dir));
}

/* How many entries a folder holds (besides . and ..). */
static int dir_entries(const char *dir)
{
  DIR *d = opendir(dir);
  cr_assert_not_null(d);
  int n = 0;
  for (struct dirent *e; (e = readdir(d));) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
  closedir(d);
  return n;
}

static void write_file(const char *path, const char *text)
{
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f);
  fputs(text, f);
  fclose(f);
}

/* text and its checksum line. */
static char *summed(const char *text)
{
  char *out;
  cr_assert(asprintf(&out, "%schecksum %016" PRIx64 "\n", text,
                     pc_fnv(PC_FNV_START, text, strlen(text))) > 0);
  return out;
}

static void write_summed(const char *path, const char *text)
{
  char *all = summed(text);
  write_file(path, all);
  free(all);
}

static void round_trip(const char *board, uint64_t limit, int32_t expect)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings(board, limit, &pz, &n);
  cr_assert_eq(n, expect, "%s: %d solutions", board, (int)n);
  char dir[64], path[128];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/out.sol", dir);
  pc_solwriter w;
  pc_error err = {0};
  cr_assert_eq(pc_solwriter_open(&w, path, &pz, &err), PC_OK, "%s", err.msg);
  for (int32_t i = 0; i < n; i++) cr_assert_eq(pc_solwriter_add(&w, &t[i], &err), PC_OK);
  cr_expect_eq(w.count, (uint64_t)n);
  cr_assert_eq(pc_solwriter_commit(&w, &err), PC_OK, "%s", err.msg);
  cr_expect_eq(dir_entries(dir), 1, "the temporary is gone");

  pc_solfile f;
  cr_assert_eq(pc_solfile_read(path, &f, &err), PC_OK, "%s:%d:%d: %s", err.file, err.line,
               err.column, err.msg);
  cr_expect_str_eq(f.pz.title, pz.title);
  cr_expect_eq(f.pz.grid, pz.grid);
  cr_assert_eq(f.pz.n_pieces, pz.n_pieces);
  for (int32_t k = 0; k < pz.n_pieces; k++) {
    cr_expect_str_eq(f.pz.pieces[k].name, pz.pieces[k].name);
    cr_expect_eq(f.pz.pieces[k].symbol, pz.pieces[k].symbol);
    cr_expect_str_eq(f.pz.pieces[k].color, pz.pieces[k].color);
    cr_expect_eq(f.pz.pieces[k].hole, pz.pieces[k].hole, "%s: piece %d", board, (int)k);
  }
  cr_assert_eq(f.pz.n_cells, pz.n_cells);
  cr_expect_eq(memcmp(f.pz.cells, pz.cells, (size_t)pz.n_cells * sizeof *pz.cells), 0);
  for (int32_t i = 0; i < pz.n_cells; i++) cr_expect_eq(f.pz.fixed[i], -1);
  cr_assert_eq(f.n_solutions, n);
  for (int32_t i = 0; i < n; i++)
    cr_expect_eq(pc_tiling_cmp(&f.solutions[i], &t[i]), 0, "%s: solution %d", board, (int)i + 1);
  pc_solfile_free(&f);
  unlink(path);
  rmdir(dir);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* Counts from the tests of the puzzle module: 16 for the small square
   pieces, 2 for the lozenges, 2 for the disticks. */
Test(solfile, round_trip_square) { round_trip("tests/data/boards/small.yaml", 0, 16); }
Test(solfile, round_trip_triangle) { round_trip("tests/data/boards/tri_hexagon.yaml", 0, 2); }
Test(solfile, round_trip_stick) { round_trip("tests/data/boards/sticks_cross.yaml", 0, 2); }
/* Hexagons whose art starts at an odd column + row: 8 solutions. */
Test(solfile, round_trip_hex) { round_trip("boards/tetrahex3x10.yaml", 0, 8); }
Test(solfile, round_trip_shipped)
{
  round_trip("boards/tetra5x5-noH.yaml", 3, 3);
  round_trip("boards/hexrhombus.yaml", 2, 2);
  round_trip("boards/kanoodle-start1.yaml", 1, 1); /* colors from the YAML */
}
/* A board's holes come back as holes (version 3's `hole` line), which a
   picture draws as empty cells. */
Test(solfile, round_trip_holes) { round_trip("tests/data/boards/holes_3x7.yaml", 2, 2); }

typedef struct bad_case {
  const char *text;
  int line, column;
  const char *message;
} bad_case;

#define HEAD "polycover-solutions 2\ntitle t\ngrid square\npiece D - D\nboard\n##\n##\nend\n"

Test(solfile, errors)
{
  static const bad_case cases[] = {
      {"hello\n", 1, 1, "not a polycover solution file"},
      {"polycover-solutions 1\n", 1, 21, "unknown format version '1'"},
      {"polycover-solutions 2\ngrid octagon\n", 2, 6, "unknown grid 'octagon'"},
      {"polycover-solutions 2\ngrid hex\npiece D - D\nboard\n# #\n#\n", 6, 1,
       "'#' is half a cell off the first cell in hex board art"},
      {"polycover-solutions 2\ngrid square\npiece D red D\n", 3, 9, "a color is"},
      {"polycover-solutions 2\ngrid square\npiece D - D\nboard\n#x\nend\n", 5, 2,
       "'x' cannot stand here"},
      {"polycover-solutions 2\ngrid square\npiece D - D\nboard\n##\n", 5, 0, "no 'end'"},
      {"polycover-solutions 2\nboard\n", 2, 1, "the grid must come before"},
      {"polycover-solutions 2\ncolour x\n", 2, 1, "unknown line 'colour'"},
      {"polycover-solutions 3\ngrid square\nhole\n", 3, 5, "expected the holes' symbol"},
      {"polycover-solutions 3\ngrid square\nhole ab\n", 3, 6, "expected the holes' symbol"},
      {HEAD "solution 2\n", 9, 10, "expected solution number 1"},
      {HEAD "solution 1\n1 0,0 1,0\n", 10, 1, "expected a piece index from 0 to 0"},
      {HEAD "solution 1\n0 0,0 2,0\n", 10, 7, "cell 2,0 is not on the board"},
      {HEAD "solution 1\n0 0,0 1,0\n0 1,0 1,1\n", 11, 3, "cell 1,0 is covered twice"},
      {HEAD "solution 1\n0 0,0 1;0\n", 10, 7, "expected a cell as c,r"},
      {HEAD "solution 1\n0 0,0 1,0\nend\n", 11, 0, "leaves cell 0,1 uncovered"},
      {HEAD "solution 1\n0 0,0 1,0\n0 0,1 1,1\n", 11, 0, "solution 1 has no 'end'"},
      {HEAD "solution 1\n0 0,0 1,0\n0 0,1 1,1\nend\ngrid square\n", 13, 1,
       "expected 'solution 2'"},
      {"polycover-solutions 2\ngrid square\npiece D - D\n", 3, 0, "no board"},
      {HEAD "solution 1\n0 0,0 1,0\n0 0,1 1,1\nend\n", 12, 0, "no 'checksum' line"},
      {HEAD "checksum 0123456789abcdef\n", 9, 0, "the checksum does not match"},
      {"", 1, 0, "not a polycover solution file"},
  };
  char dir[64], path[128];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/bad.sol", dir);
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    write_file(path, cases[i].text);
    pc_solfile f;
    pc_error err = {0};
    cr_expect_eq(pc_solfile_read(path, &f, &err), PC_ERR_INPUT, "case %zu", i);
    cr_expect_str_eq(err.file, path);
    cr_expect_eq(err.line, cases[i].line, "case %zu: line %d", i, err.line);
    cr_expect_eq(err.column, cases[i].column, "case %zu: column %d", i, err.column);
    cr_expect(strstr(err.msg, cases[i].message), "case %zu: '%s'", i, err.msg);
  }
  /* A good file with a comment, blank lines and cells in any order. */
  write_summed(path, HEAD "# a comment\n\nsolution 1\n# DD\n0 1,0 0,0\n0 0,1 1,1\nend\n");
  pc_solfile f;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(path, &f, &err), PC_OK, "%d:%d: %s", err.line, err.column,
               err.msg);
  cr_expect_eq(f.n_solutions, 1);
  cr_expect_eq(f.solutions[0].anchor[1], 0);
  cr_expect_eq(f.solutions[0].anchor[3], 2);
  pc_solfile_free(&f);
  unlink(path);
  cr_expect_eq(pc_solfile_read(path, &f, &err), PC_ERR_INPUT, "a missing file");
  cr_expect(strstr(err.msg, "cannot open"));
  rmdir(dir);
}

/* An aborted writer leaves nothing, and a file being replaced stays whole
   until the commit. */
Test(solfile, atomic)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 1, &pz, &n);
  char dir[64], path[128];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/out.sol", dir);
  pc_solwriter w;
  pc_error err = {0};
  cr_assert_eq(pc_solwriter_open(&w, path, &pz, &err), PC_OK);
  cr_assert_eq(pc_solwriter_add(&w, &t[0], &err), PC_OK);
  cr_expect_leq(dir_entries(dir), 1, "at most the temporary (none where it has no name)");
  cr_expect_neq(access(path, F_OK), 0, "no file under the name before the commit");
  pc_solwriter_abort(&w);
  cr_expect_eq(dir_entries(dir), 0, "nothing left");

  write_file(path, "old\n");
  cr_assert_eq(pc_solwriter_open(&w, path, &pz, &err), PC_OK);
  cr_assert_eq(pc_solwriter_add(&w, &t[0], &err), PC_OK);
  pc_solfile f;
  cr_expect_eq(pc_solfile_read(path, &f, &err), PC_ERR_INPUT, "still the old file");
  cr_assert_eq(pc_solwriter_commit(&w, &err), PC_OK);
  cr_assert_eq(pc_solfile_read(path, &f, &err), PC_OK);
  cr_expect_eq(f.n_solutions, 1);
  pc_solfile_free(&f);
  unlink(path);
  cr_expect_eq(dir_entries(dir), 0);
  rmdir(dir);

  cr_expect_eq(pc_solwriter_open(&w, "/nonexistent/dir/out.sol", &pz, &err), PC_ERR_IO);
  cr_expect_str_eq(err.file, "/nonexistent/dir/out.sol");
  cr_expect(strstr(err.msg, "cannot write"), "%s", err.msg);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* "-" writes to stdout, the same text; the drawing tells the copies of
   the domino apart (the second shows 'a', and the key says so). */
Test(solfile, stdout_writer, .init = cr_redirect_stdout)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/two_dominoes.yaml", 0, &pz, &n);
  cr_assert_eq(n, 2);
  pc_solwriter w;
  pc_error err = {0};
  cr_assert_eq(pc_solwriter_open(&w, "-", &pz, &err), PC_OK);
  cr_assert_eq(pc_solwriter_add(&w, &t[0], &err), PC_OK);
  cr_assert_eq(pc_solwriter_commit(&w, &err), PC_OK);
  fflush(stdout);
  char *want = summed("polycover-solutions 3\ntitle two dominoes\ngrid square\n"
                      "piece D - D\nboard\n##\n##\nend\n"
                      "solution 1\n# DD\n# aa\n# copies of D: a\n0 0,0 1,0\n0 0,1 1,1\nend\n");
  cr_expect_stdout_eq_str(want);
  free(want);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* A checkpoint marks the file; a run that dies after it is carried on from
   the mark, and the file ends with every solution once. */
Test(solfile, mark_and_resume)
{
  pc_puzzle pz;
  int32_t n;
  pc_tiling *t = pc_board_tilings("tests/data/boards/small.yaml", 0, &pz, &n);
  cr_assert_eq(n, 16);
  char dir[64], path[128];
  make_dir(dir);
  snprintf(path, sizeof path, "%s/out.sol", dir);
  pc_solwriter w;
  pc_error err = {0};
  int64_t length;
  cr_assert_eq(pc_solwriter_open(&w, path, &pz, &err), PC_OK, "%s", err.msg);
  for (int32_t i = 0; i < 6; i++) cr_assert_eq(pc_solwriter_add(&w, &t[i], &err), PC_OK);
  cr_assert_eq(pc_solwriter_mark(&w, &length, &err), PC_OK, "%s", err.msg);
  pc_solfile f;
  cr_assert_eq(pc_solfile_read(path, &f, &err), PC_OK, "%s", err.msg);
  cr_expect_eq(f.n_solutions, 6, "the mark is a complete file");
  pc_solfile_free(&f);
  /* Solutions after the mark die with the run. */
  for (int32_t i = 6; i < 9; i++) cr_assert_eq(pc_solwriter_add(&w, &t[i], &err), PC_OK);
  pc_solwriter_abort(&w);

  cr_assert_eq(pc_solwriter_resume(&w, path, &pz, length, 6, &err), PC_OK, "%s", err.msg);
  for (int32_t i = 6; i < n; i++) cr_assert_eq(pc_solwriter_add(&w, &t[i], &err), PC_OK);
  cr_assert_eq(pc_solwriter_commit(&w, &err), PC_OK, "%s", err.msg);
  cr_assert_eq(pc_solfile_read(path, &f, &err), PC_OK, "%s:%d:%d: %s", err.file, err.line,
               err.column, err.msg);
  cr_assert_eq(f.n_solutions, n);
  for (int32_t i = 0; i < n; i++) cr_expect_eq(pc_tiling_cmp(&f.solutions[i], &t[i]), 0);
  pc_solfile_free(&f);
  cr_expect_eq(dir_entries(dir), 1, "no temporary left");
  /* A file shorter than the checkpoint says is refused. */
  cr_expect_eq(pc_solwriter_resume(&w, path, &pz, length * 100, 6, &err), PC_ERR_INPUT);
  cr_expect_eq(dir_entries(dir), 1, "no temporary left");
  unlink(path);
  rmdir(dir);
  pc_tilings_free(t, n);
  pc_puzzle_free(&pz);
}

/* Issue #18: `solve --output -` writes the solution file to stdout and the
   report to stderr, so the file reads back whole (the 65 essentially
   different solutions of Scott's problem, the counts of the paper). */
Test(solfile, output_dash_keeps_the_report_apart)
{
  const char *args[] = {"solve", "boards/scott.yaml", "--count", "--quiet", "--output", "-",
                        NULL};
  pc_run r = pc_run_program(NULL, args);
  cr_assert_eq(r.status, 0, "%s", r.err);
  char *dir = pc_scratch_dir("/tmp/pc-solfile-XXXXXX"), *path = pc_path_in(dir, "out.sol");
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f);
  fputs(r.out, f);
  fclose(f);
  pc_solfile got;
  pc_error err = {0};
  cr_assert_eq(pc_solfile_read(path, &got, &err), PC_OK, "%d: %s", err.line, err.msg);
  cr_expect_eq(got.n_solutions, 65);
  cr_expect(strstr(r.err, "unique: 65"), "%s", r.err);
  pc_solfile_free(&got);
  pc_run_free(&r);
  pc_remove_tree(dir);
  free(path);
  free(dir);
}

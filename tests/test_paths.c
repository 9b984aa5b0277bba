/* test_paths.c — issue #18: where piece sets and boards are found
   (poly/datapath.h), through the program run from scratch folders outside
   the source tree. Every count is compared with the same puzzle solved
   from the source tree. */
#include <criterion/criterion.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* A scratch folder outside the source tree, and the tree's own path. */
typedef struct scratch {
  char dir[64], repo[PATH_MAX];
} scratch;

static void scratch_make(scratch *s)
{
  snprintf(s->dir, sizeof s->dir, "/tmp/pc-paths-XXXXXX");
  cr_assert_not_null(mkdtemp(s->dir));
  cr_assert_not_null(realpath(".", s->repo));
  pc_program_absolute();
}

/* Writes text to the scratch file `name`, making its folder. */
static void scratch_write(const scratch *s, const char *name, const char *text)
{
  char path[PATH_MAX], *cmd;
  snprintf(path, sizeof path, "%s/%s", s->dir, name);
  cr_assert(asprintf(&cmd, "mkdir -p \"$(dirname '%s')\"", path) > 0);
  cr_assert_eq(system(cmd), 0);
  free(cmd);
  FILE *f = fopen(path, "w");
  cr_assert_not_null(f, "%s", path);
  fputs(text, f);
  fclose(f);
}

/* A file of the source tree, as text. */
static char *tree_file(const char *path)
{
  char *text = pc_slurp_file(path);
  cr_assert_not_null(text, "%s", path);
  return text;
}

/* Runs the program in folder `dir` (relative to the scratch folder, or
   absolute) with POLYCOVER_PATH set to `path`, or unset (NULL). */
static pc_run run_in(const scratch *s, const char *dir, const char *path,
                     const char *const *args)
{
  char where[PATH_MAX], env[PATH_MAX + 32];
  snprintf(where, sizeof where, "%s%s%s", dir[0] == '/' ? "" : s->dir, dir[0] == '/' ? "" : "/",
           dir);
  snprintf(env, sizeof env, "POLYCOVER_PATH=%s", path ? path : "");
  const char *launcher[] = {"env", "-C", where, "-u", "POLYCOVER_PATH", path ? env : NULL, NULL};
  return pc_run_launched(NULL, launcher, args);
}

/* The counts `solve BOARD --count` prints (from "solutions:" on), which
   must be there; malloc'd. */
static char *counts(pc_run *r, const char *board)
{
  cr_assert_eq(r->status, 0, "%s: %s", board, r->err);
  const char *at = strstr(r->out, "solutions: ");
  cr_assert_not_null(at, "%s: %s", board, r->out);
  const char *u = strstr(at, "unique: ");
  cr_assert_not_null(u, "%s: %s", board, r->out);
  char *c = strndup(at, (size_t)(strchr(at, '\n') - at));
  char *line;
  cr_assert(asprintf(&line, "%s %.*s", c, (int)(strcspn(u, "\n")), u) > 0);
  free(c);
  return line;
}

/* Solves `board` in folder `dir` and checks its counts against `ref`'s,
   solved in the source tree. */
static void expect_same(const scratch *s, const char *dir, const char *path, const char *board,
                        const char *ref)
{
  const char *ref_args[] = {"solve", ref, "--count", "-j", "1", NULL};
  const char *args[] = {"solve", board, "--count", "-j", "1", NULL};
  pc_run want_run = run_in(s, s->repo, NULL, ref_args), got_run = run_in(s, dir, path, args);
  char *want = counts(&want_run, ref), *got = counts(&got_run, board);
  cr_expect_str_eq(got, want, "%s in %s", board, dir);
  free(want);
  free(got);
  pc_run_free(&want_run);
  pc_run_free(&got_run);
}

static const char small_board[] = "grid: square\npieces: %s\nboard: |\n  #####\n  #####\n";

/* A set by absolute path, with and without .yaml; by a relative path
   without .yaml. */
Test(paths, set_paths)
{
  scratch s;
  scratch_make(&s);
  char text[PATH_MAX + 100], set[PATH_MAX + 40];
  snprintf(set, sizeof set, "%s/tests/data/pieces/small.yaml", s.repo);
  snprintf(text, sizeof text, small_board, set);
  scratch_write(&s, "abs.yaml", text);
  set[strlen(set) - 5] = '\0';
  snprintf(text, sizeof text, small_board, set);
  scratch_write(&s, "abs_stem.yaml", text);
  expect_same(&s, ".", NULL, "abs.yaml", "tests/data/boards/small.yaml");
  expect_same(&s, ".", NULL, "abs_stem.yaml", "tests/data/boards/small.yaml");
  expect_same(&s, s.repo, NULL, "tests/data/boards/set_no_suffix.yaml",
              "tests/data/boards/small.yaml");
  pc_remove_tree(s.dir);
}

/* POLYCOVER_PATH: folders with pieces/ and boards/, or the files
   themselves; empty and missing folders are passed over. */
Test(paths, polycover_path)
{
  scratch s;
  scratch_make(&s);
  char *set = tree_file("tests/data/pieces/small.yaml"), *board = tree_file("boards/scott.yaml");
  scratch_write(&s, "data/pieces/mine.yaml", set);
  scratch_write(&s, "flat/flatmine.yaml", set);
  scratch_write(&s, "data/boards/myscott.yaml", board);
  char text[200], path[3 * PATH_MAX];
  snprintf(text, sizeof text, small_board, "mine");
  scratch_write(&s, "elsewhere/b.yaml", text);
  snprintf(text, sizeof text, small_board, "flatmine");
  scratch_write(&s, "elsewhere/flat.yaml", text);
  snprintf(path, sizeof path, "/nonexistent-pc::%s/data:%s/flat", s.dir, s.dir);
  expect_same(&s, "elsewhere", path, "b.yaml", "tests/data/boards/small.yaml");
  expect_same(&s, "elsewhere", path, "flat.yaml", "tests/data/boards/small.yaml");
  expect_same(&s, "elsewhere", path, "myscott", "boards/scott.yaml");
  const char *args[] = {"solve", "b.yaml", "--count", NULL};
  pc_run r = run_in(&s, "elsewhere", NULL, args);
  cr_expect_eq(r.status, 2, "without POLYCOVER_PATH: %s", r.out);
  pc_run_free(&r);
  free(set);
  free(board);
  pc_remove_tree(s.dir);
}

/* A board outside the source tree that names a shipped set, run from
   yet another folder: the set is found beside the program. */
Test(paths, board_outside_the_tree)
{
  scratch s;
  scratch_make(&s);
  char *board = tree_file("boards/scott.yaml");
  cr_assert(strstr(board, "\npieces: pentominoes\n"), "%s", board);
  scratch_write(&s, "boards-of-mine/scott2.yaml", board);
  free(board);
  char path[PATH_MAX];
  snprintf(path, sizeof path, "%s/boards-of-mine/scott2.yaml", s.dir);
  scratch_write(&s, "cwd/.keep", "");
  expect_same(&s, "cwd", NULL, path, "boards/scott.yaml");
  pc_remove_tree(s.dir);
}

/* A shipped board by name, from another folder, for the commands that
   read a board: the same as from its file. */
Test(paths, shipped_board_by_name)
{
  scratch s;
  scratch_make(&s);
  expect_same(&s, ".", NULL, "scott", "boards/scott.yaml");
  expect_same(&s, ".", NULL, "scott.yaml", "boards/scott.yaml");
  const char *rows_name[] = {"rows", "scott", NULL}, *rows_file[] = {"rows", "boards/scott.yaml",
                                                                     NULL};
  pc_run a = run_in(&s, ".", NULL, rows_name), b = run_in(&s, s.repo, NULL, rows_file);
  cr_expect_eq(a.status, 0, "%s", a.err);
  /* The same matrix; the first comment line names the board as given. */
  cr_expect_str_eq(strchr(a.out, '\n'), strchr(b.out, '\n'));
  pc_run_free(&a);
  pc_run_free(&b);
  const char *est[] = {"estimate", "scott", "--paths", "50", NULL};
  a = run_in(&s, ".", NULL, est);
  cr_expect_eq(a.status, 0, "%s", a.err);
  pc_run_free(&a);
  const char *render[] = {"render", "pent6x10", "--pieces", "-o", "p.svg", NULL};
  a = run_in(&s, ".", NULL, render);
  cr_expect_eq(a.status, 0, "%s", a.err);
  pc_run_free(&a);
  char svg[128];
  snprintf(svg, sizeof svg, "%s/p.svg", s.dir);
  char *picture = pc_slurp_file(svg);
  cr_expect(picture && strstr(picture, "<svg"), "no picture");
  free(picture);
  pc_remove_tree(s.dir);
}

/* A folder of the board's name is not the board: docs/challenge.md's
   `challenge kanoodle --out kanoodle/` makes one, and the same command
   run again must still find the shipped board. */
Test(paths, board_name_beside_a_folder)
{
  scratch s;
  scratch_make(&s);
  scratch_write(&s, "scott/.keep", "");
  expect_same(&s, ".", NULL, "scott", "boards/scott.yaml");
  pc_remove_tree(s.dir);
}

/* Not found: exit status 2, the place of the `pieces:` entry, and every
   place looked at, in order. */
Test(paths, errors_list_the_places)
{
  scratch s;
  scratch_make(&s);
  const char *args[] = {"solve", "tests/data/boards/unknown_set.yaml", NULL};
  pc_run r = run_in(&s, s.repo, "/nonexistent-pc", args);
  cr_expect_eq(r.status, 2);
  static const char *const places[] = {
      "unknown_set.yaml:2:9: no piece set 'nosuchset' (looked at ",
      "/nonexistent-pc/pieces/nosuchset.yaml, /nonexistent-pc/nosuchset.yaml, "
      "tests/data/boards/../pieces/nosuchset.yaml, tests/data/boards/nosuchset.yaml, "
      "./pieces/nosuchset.yaml, ",
      "/../share/polycover/pieces/nosuchset.yaml, ",
  };
  for (int i = 0; i < 3; i++)
    cr_expect(strstr(r.err, places[i]), "'%s' not in %s", places[i], r.err);
  pc_run_free(&r);
  const char *board[] = {"solve", "nosuchboard", NULL};
  r = run_in(&s, ".", NULL, board);
  cr_expect_eq(r.status, 2);
  cr_expect(strstr(r.err, "no board file 'nosuchboard' (looked at nosuchboard, "
                          "nosuchboard.yaml, ./boards/nosuchboard.yaml, "),
            "%s", r.err);
  pc_run_free(&r);
  pc_remove_tree(s.dir);
}

/* list takes the same path: POLYCOVER_PATH's folder first, else the
   program's data, from any folder. */
Test(paths, list_from_elsewhere)
{
  scratch s;
  scratch_make(&s);
  char path[PATH_MAX + 16];
  snprintf(path, sizeof path, "%s/tests/data", s.repo);
  const char *args[] = {"list", NULL};
  pc_run r = run_in(&s, ".", path, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "tests/data/pieces):\n") && strstr(r.out, "\n  small "), "%s", r.out);
  pc_run_free(&r);
  r = run_in(&s, ".", NULL, args);
  cr_expect_eq(r.status, 0, "%s", r.err);
  cr_expect(strstr(r.out, "\n  pentominoes ") && strstr(r.out, "\n  scott "), "%s", r.out);
  pc_run_free(&r);
  pc_remove_tree(s.dir);
}

/* The bash completion (docs/completion/polycover.bash), sourced in bash:
   `polycover so<TAB>` gives solve, `polycover solve --li<TAB>` --limit, and
   the commands and each one's long options are those --help lists, as
   are the zsh completion's and the man page's of each command
   (tests/data/completion.sh prints any difference). */
Test(paths, bash_completion)
{
  const char *prog = getenv("POLYCOVER");
  char *cmd;
  cr_assert(asprintf(&cmd, "POLYCOVER='%s' bash tests/data/completion.sh 2>&1",
                     prog ? prog : "./polycover") > 0);
  FILE *p = popen(cmd, "r");
  free(cmd);
  cr_assert_not_null(p);
  char out[4096];
  size_t n = fread(out, 1, sizeof out - 1, p);
  out[n] = '\0';
  cr_expect_eq(pclose(p), 0, "%s", out);
  static const char offered[] = "so: solve\nsolve --li: --limit\nchecked: ";
  cr_expect(!strncmp(out, offered, strlen(offered)), "%s", out);
  cr_expect(strstr(out, " solve ") && strstr(out, " xc \n"), "%s", out);
  cr_expect(!strstr(out, "differ"), "%s", out);
}

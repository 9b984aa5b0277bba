/* test_random_boards.c — small random puzzles on every grid (square, hex,
   cube, sticks, spheres, triangles; copies and one-sided pieces among
   them), each counted several ways that must agree: DLX over all the
   placements with the classes counted from every solution (the
   independent count), the search reduced by the board's symmetry, and the
   program as a user runs it (engine and method auto, the coloring
   pre-check, two threads), with bits alone and met in the middle where
   they apply. A failure prints the puzzle. */
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "engine_check.h"
#include "support.h"

/* The puzzle's file as it is written. */
typedef struct text {
  char s[4096];
  size_t n;
} text;

static void put(text *t, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(t->s + t->n, sizeof t->s - t->n, fmt, ap);
  va_end(ap);
  cr_assert(n >= 0 && (size_t)n < sizeof t->s - t->n, "puzzle text too long");
  t->n += (size_t)n;
}

/* A shipped set: its pieces' letters, their size (the Soma V has 3 cubes
   of the set's 4) and those that have a mirror twin (one-sided: two
   pieces). */
typedef struct set_spec {
  const char *name, *letters, *chiral;
  int size;
} set_spec;

/* A puzzle drawn so far: the letters taken (shared sets name pieces
   alike), the cells the pieces cover, whether some piece has copies. */
typedef struct drawn {
  char used[32];
  int area;
  bool copies;
} drawn;

static bool taken(const drawn *d, char c) { return strchr(d->used, c) != NULL; }

/* One entry of the pieces list: up to three of the set's letters not yet
   taken, sometimes two copies of them, sometimes one-sided where the set
   has mirror twins. */
static void draw_entry(uint64_t *seed, const set_spec *set, drawn *d, text *t)
{
  char letters[16];
  int n = 0, want = 1 + pc_draw(seed, 3), copies = pc_draw(seed, 4) ? 1 : 2;
  bool one_sided = set->chiral && !pc_draw(seed, 4);
  for (const char *c = set->letters; *c; c++)
    if (!taken(d, *c) && n < want && pc_draw(seed, 2)) letters[n++] = *c;
  if (!n) return;
  put(t, "  - set: %s\n    only: [", set->name);
  for (int i = 0; i < n; i++) {
    int cells = set->size - (!strcmp(set->name, "soma") && letters[i] == 'V');
    int twins = one_sided && strchr(set->chiral, letters[i]) ? 2 : 1;
    d->area += copies * twins * cells;
    d->used[strlen(d->used)] = letters[i];
    put(t, "%s%c", i ? ", " : "", letters[i]);
  }
  put(t, "]\n");
  if (one_sided) put(t, "    one_sided: true\n");
  if (copies > 1) put(t, "    copies: %d\n", copies);
  d->copies |= copies > 1;
}

static const set_spec square_sets[] = {{"trominoes", "IL", "", 3},
                                       {"tetrominoes", "IOTSL", "SL", 4},
                                       {"pentominoes", "FILNPTUVWXYZ", "FLNPYZ", 5}};
static const set_spec hex_sets[] = {{"tetrahexes", "IPJOSUY", NULL, 4}};
static const set_spec cube_sets[] = {{"soma", "VLTZABP", NULL, 4},
                                     {"tetrominoes", "IOTSL", NULL, 4}};

/* The pieces from some of the grid's sets, at least one. */
static void draw_pieces(uint64_t *seed, const set_spec *sets, int n, drawn *d, text *t)
{
  while (!d->area)
    for (int i = 0; i < n; i++)
      if (pc_draw(seed, 5) < 3) draw_entry(seed, &sets[i], d, t);
}

/* A region of the lattice in a box of at most 8 x 8 x 4 places. */
#define SIDE 8
#define LAYERS 4
typedef struct region {
  bool in[LAYERS][SIDE][SIDE];
  int box[3]; /* columns, rows, layers */
  int n;
} region;

/* Steps to a neighbour (column, row, layer): the faces of squares and
   cubes, and the six neighbours of a hexagon in art's columns and rows. */
static const int face_steps[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                     {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
static const int hex_steps[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0},
                                    {0, -1, 0}, {1, -1, 0}, {-1, 1, 0}};

static bool inside(const region *g, int c, int r, int l)
{
  return c >= 0 && r >= 0 && l >= 0 && c < g->box[0] && r < g->box[1] && l < g->box[2];
}

/* The region grown from one place to `area` places, each new one a
   neighbour of one already in; false when the box is too small. */
static bool grow(uint64_t *seed, region *g, int area, bool hex)
{
  if (g->box[0] * g->box[1] * g->box[2] < area) return false;
  g->in[pc_draw(seed, g->box[2])][pc_draw(seed, g->box[1])][pc_draw(seed, g->box[0])] = true;
  for (g->n = 1; g->n < area;) {
    int c = pc_draw(seed, g->box[0]), r = pc_draw(seed, g->box[1]);
    int l = pc_draw(seed, g->box[2]);
    const int *s = (hex ? hex_steps : face_steps)[pc_draw(seed, 6)];
    int c2 = c + s[0], r2 = r + s[1], l2 = l + s[2];
    if (!g->in[l][r][c] || !inside(g, c2, r2, l2) || g->in[l2][r2][c2]) continue;
    g->in[l2][r2][c2] = true;
    g->n++;
  }
  return true;
}

/* The region moved to the box's corner, the box shrunk around it: no
   empty row, column or layer in its art. */
static void fit_box(region *g)
{
  int lo[3] = {SIDE, SIDE, LAYERS}, hi[3] = {-1, -1, -1};
  for (int l = 0; l < g->box[2]; l++)
    for (int r = 0; r < g->box[1]; r++)
      for (int c = 0; c < g->box[0]; c++)
        if (g->in[l][r][c])
          for (int a = 0, at[3] = {c, r, l}; a < 3; a++) {
            lo[a] = at[a] < lo[a] ? at[a] : lo[a];
            hi[a] = at[a] > hi[a] ? at[a] : hi[a];
          }
  region fit = {.box = {hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1}, .n = g->n};
  for (int l = 0; l < fit.box[2]; l++)
    for (int r = 0; r < fit.box[1]; r++)
      for (int c = 0; c < fit.box[0]; c++)
        fit.in[l][r][c] = g->in[l + lo[2]][r + lo[1]][c + lo[0]];
  *g = fit;
}

/* One layer's rows of art, each indented by `indent`; hex art puts a
   place's row neighbours two columns apart and each row one column
   further right. */
static void put_layer(text *t, const region *g, int l, const char *indent, bool hex)
{
  for (int r = 0; r < g->box[1]; r++) {
    put(t, "%s%*s", indent, hex ? r : 0, "");
    for (int c = 0; c < g->box[0]; c++)
      put(t, "%s%c", hex && c ? " " : "", g->in[l][r][c] ? '#' : '.');
    put(t, "\n");
  }
}

/* A whole box of `area` places in g->box, drawn among those with sides
   of 2 to SIDE (and 1 to 3 layers for cubes); false when there is none. */
static bool whole_box(uint64_t *seed, region *g, int area, bool cube)
{
  int found = 0;
  for (int l = 1; l <= (cube ? 3 : 1); l++)
    for (int r = 2; r <= SIDE; r++) {
      int c = area / (l * r);
      if (c * l * r == area && c >= 2 && c <= SIDE && !pc_draw(seed, ++found))
        g->box[0] = c, g->box[1] = r, g->box[2] = l;
    }
  for (int l = 0; l < g->box[2]; l++)
    for (int r = 0; r < g->box[1]; r++)
      for (int c = 0; c < g->box[0]; c++) g->in[l][r][c] = found > 0;
  return found > 0;
}

/* A board of `area` places for square, hex or cube pieces: mostly a whole
   box (hex: a parallelogram), else a random region in a random box.
   False when the box drawn cannot hold it. */
static bool put_region(uint64_t *seed, text *t, int area, const char *grid)
{
  bool hex = !strcmp(grid, "hex"), cube = !strcmp(grid, "cube");
  region g = {.box = {2 + pc_draw(seed, SIDE - 1), 2 + pc_draw(seed, SIDE - 1), 1}};
  if (cube) g.box[0] = 2 + pc_draw(seed, 3), g.box[1] = 2 + pc_draw(seed, 3), g.box[2] = 3;
  bool whole = pc_draw(seed, 4) && whole_box(seed, &g, area, cube);
  if (!whole && !grow(seed, &g, area, hex)) return false;
  if (!whole) fit_box(&g);
  if (whole && cube) { /* written as a box */
    put(t, "board:\n  size: [%d, %d, %d]\n", g.box[0], g.box[1], g.box[2]);
    return true;
  }
  put(t, "board:%s\n", cube ? "" : " |");
  for (int l = 0; l < g.box[2]; l++) {
    if (cube) put(t, "  - |\n");
    put_layer(t, &g, l, cube ? "    " : "  ", hex);
  }
  return true;
}

/* Square, hex or cube pieces on a region that their cells fill. */
static bool draw_region_puzzle(uint64_t *seed, const char *grid, text *t, drawn *d)
{
  bool cube = !strcmp(grid, "cube");
  const set_spec *sets = cube ? cube_sets : strcmp(grid, "hex") ? square_sets : hex_sets;
  int n = cube ? 2 : strcmp(grid, "hex") ? 3 : 1;
  put(t, "title: random\ngrid: %s\npieces:\n", grid);
  draw_pieces(seed, sets, n, d, t);
  return d->area <= (cube ? 36 : 40) && put_region(seed, t, d->area, grid);
}

/* Copies of two to four pieces (any number of each) from a set of
   `letters`. */
static void put_any_copies(uint64_t *seed, const char *set, const char *letters, text *t,
                           drawn *d)
{
  int want = 2 + pc_draw(seed, 3), n = (int)strlen(letters);
  put(t, "  - set: %s\n    only: [", set);
  for (int i = pc_draw(seed, n), k = 0; k < want; i = (i + 1) % n)
    if (!taken(d, letters[i]) && !pc_draw(seed, 3)) {
      d->used[k] = letters[i];
      put(t, "%s%c", k++ ? ", " : "", letters[i]);
    }
  put(t, "]\n    copies: any\n");
  d->copies = true;
}

/* Tetrasticks on a rectangle of sticks, w x h squares. */
static bool draw_stick_puzzle(uint64_t *seed, text *t, drawn *d)
{
  int w = 1 + pc_draw(seed, 3), h = 1 + pc_draw(seed, 3);
  /* Tetrasticks cover a multiple of 4 segments; other boards are refused
     before any search (poly/area.h). */
  if ((w * (h + 1) + h * (w + 1)) % 4) return false;
  put(t, "title: random\ngrid: stick\npieces:\n");
  put_any_copies(seed, "tetrasticks", "ILYVTXUNJHFZRWPO", t, d);
  put(t, "board: |\n");
  for (int r = 0; r <= h; r++) {
    put(t, "  +");
    for (int c = 0; c < w; c++) put(t, "-+");
    put(t, r < h ? "\n  |" : "\n");
    for (int c = 0; r < h && c < w; c++) put(t, " |");
    put(t, r < h ? "\n" : "");
  }
  return true;
}

/* Kanoodle pieces filling a layer of balls, or two or three layers of a
   pyramid (each a row and a column shorter than the one under it). */
static bool draw_sphere_puzzle(uint64_t *seed, text *t, drawn *d)
{
  static const char letters[] = "ABCDEFGHIJKL";
  static const int balls[] = {4, 5, 5, 5, 5, 3, 5, 5, 5, 4, 4, 5};
  int w = 2 + pc_draw(seed, 4), h = 2 + pc_draw(seed, 4), layers = 1 + pc_draw(seed, 3), area = 0;
  for (int l = 0; l < layers && w - l > 0 && h - l > 0; l++) area += (w - l) * (h - l);
  for (int i = pc_draw(seed, 12), tries = 0; d->area < area && tries < 48; tries++) {
    i = (i + 5) % 12;
    if (!taken(d, letters[i]) && d->area + balls[i] <= area && pc_draw(seed, 2)) {
      d->used[strlen(d->used)] = letters[i];
      d->area += balls[i];
    }
  }
  if (d->area != area) return false;
  put(t, "title: random\ngrid: sphere\npieces:\n  - set: kanoodle\n    only: [");
  for (size_t i = 0; d->used[i]; i++) put(t, "%s%c", i ? ", " : "", d->used[i]);
  put(t, "]\nboard:\n");
  for (int l = 0; l < layers && w - l > 0 && h - l > 0; l++) {
    put(t, "  - |\n");
    for (int r = 0; r < h - l; r++) put(t, "    %.*s\n", w - l, "#####");
  }
  return true;
}

/* Hexiamonds on two or three rows of triangles (a hexagon of six
   triangles is two rows of three). */
static bool draw_triangle_puzzle(uint64_t *seed, text *t, drawn *d)
{
  int rows = 2 + pc_draw(seed, 2), width = 6 * (2 + pc_draw(seed, 3)) / rows;
  put(t, "title: random\ngrid: triangle\npieces:\n");
  put_any_copies(seed, "hexiamonds", "IPJEVHSXCGFO", t, d);
  put(t, "board: |\n");
  for (int r = 0; r < rows; r++) put(t, "  %.*s\n", width, "############");
  return true;
}

/* The program's counts for the puzzle at `path` with `options` (at most
   six words): true when it counted, false when it refused (status 2). */
static bool program_counts(const char *path, const char *const *options, pc_solved *got)
{
  const char *args[12] = {"solve", path, "--count", "--json", "--quiet"};
  for (int i = 0; options[i]; i++) args[5 + i] = options[i];
  pc_run r = pc_run_program(NULL, args);
  cr_assert(r.status == 0 || r.status == 2, "status %d: %s", r.status, r.err);
  bool counted = r.status == 0;
  if (counted) {
    got->solutions = pc_json_get_u64(r.out, "solutions");
    got->unique = pc_json_get_u64(r.out, "unique");
  }
  pc_run_free(&r);
  return counted;
}

/* Every way of counting agrees on the puzzle written in t; true when it
   has solutions. */
static bool counts_agree(const char *dir, int number, const text *t, const drawn *d)
{
  char name[32];
  snprintf(name, sizeof name, "random%d.yaml", number);
  char *path = pc_path_in(dir, name);
  pc_write_file(path, t->s, t->n);
  pc_solved all = pc_solve_board_as(path, true), reduced = pc_solve_board_as(path, false), got;
  cr_expect(reduced.solutions == all.solutions && reduced.unique == all.unique,
            "reduced %llu/%llu, all %llu/%llu:\n%s", (unsigned long long)reduced.solutions,
            (unsigned long long)reduced.unique, (unsigned long long)all.solutions,
            (unsigned long long)all.unique, t->s);
  static const char *const ways[][7] = {{"-j", "2", NULL},
                                        {"--engine", "bits", "--method", "search", "-j", "1", NULL},
                                        {"--method", "meet", "-j", "2", NULL}};
  for (size_t w = 0; w < sizeof ways / sizeof *ways; w++) {
    bool counted = program_counts(path, ways[w], &got);
    /* bits takes no copies; the meeting applies to some boards only */
    cr_expect(counted || w == 2 || (w == 1 && d->copies), "%s refused:\n%s", ways[w][0], t->s);
    cr_expect(!counted || (got.solutions == all.solutions && got.unique == all.unique),
              "%s %s: %llu/%llu, all %llu/%llu:\n%s", ways[w][0], ways[w][1],
              (unsigned long long)got.solutions, (unsigned long long)got.unique,
              (unsigned long long)all.solutions, (unsigned long long)all.unique, t->s);
  }
  free(path);
  return all.solutions > 0;
}

/* Puzzle `number` of the run: its grid by the number, the rest drawn;
   false when the draw gave no puzzle (a box too small, no subset of
   Kanoodle's pieces of the board's size). */
static bool draw_puzzle(uint64_t *seed, int number, text *t, drawn *d)
{
  switch (number % 6) {
  case 0: return draw_region_puzzle(seed, "square", t, d);
  case 1: return draw_region_puzzle(seed, "hex", t, d);
  case 2: return draw_region_puzzle(seed, "cube", t, d);
  case 3: return draw_stick_puzzle(seed, t, d);
  case 4: return draw_sphere_puzzle(seed, t, d);
  default: return draw_triangle_puzzle(seed, t, d);
  }
}

#define PUZZLES 120

Test(random_boards, every_count_agrees, .timeout = 600)
{
  char *dir = pc_scratch_dir("/tmp/pc-random-XXXXXX");
  uint64_t seed = 2026;
  int made = 0, solved = 0;
  for (int number = 0; made < PUZZLES; number++) {
    text t = {0};
    drawn d = {0};
    if (!draw_puzzle(&seed, number, &t, &d)) continue;
    made++;
    solved += counts_agree(dir, number, &t, &d);
  }
  /* Not a run of impossible puzzles only (a third of them have solutions). */
  cr_expect_geq(solved, PUZZLES / 5, "%d of %d puzzles have solutions", solved, PUZZLES);
  pc_remove_tree(dir);
  free(dir);
}

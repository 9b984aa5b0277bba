/* test_shape.c — normalizing, connectivity, the symmetry generator
   (orientations of pentominoes, hexiamonds and tetrasticks) and ASCII art. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "poly/shape.h"

#define MAXCELLS 64

/* Reads ASCII art cell by cell with pc_grid_ascii_cell. */
static int32_t parse(const pc_grid *g, const char *art, pc_cell *cells)
{
  int32_t n = 0, c = 0, r = 0;
  for (const char *p = art; *p; p++) {
    if (*p == '\n') {
      r++;
      c = 0;
      continue;
    }
    int k = pc_grid_ascii_cell(g, c, r, *p);
    cr_assert_neq(k, -1, "bad '%c' at (%d, %d) in\n%s", *p, c, r, art);
    if (k == 1) {
      cr_assert_lt(n, MAXCELLS);
      cells[n++] = (pc_cell){c, r};
    }
    c++;
  }
  return n;
}

static const pc_grid *grid(const char *name) { return pc_grid_by_name(name); }

static int orientations(const char *g, const char *art, bool one_sided)
{
  pc_cell cells[MAXCELLS];
  int32_t n = parse(grid(g), art, cells);
  pc_orients o;
  cr_assert_eq(pc_orients_make(grid(g), cells, n, one_sided, &o), PC_OK);
  cr_assert_eq(o.size, n);
  int count = o.count;
  /* Every orientation is normalized and different from the others. */
  for (int i = 0; i < o.count; i++) {
    pc_cell copy[MAXCELLS];
    memcpy(copy, o.cells + i * n, (size_t)n * sizeof *copy);
    pc_shape_normalize(grid(g), copy, n);
    cr_assert(!memcmp(copy, o.cells + i * n, (size_t)n * sizeof *copy));
    for (int j = 0; j < i; j++)
      cr_assert(memcmp(o.cells + i * n, o.cells + j * n, (size_t)n * sizeof *copy));
  }
  pc_orients_free(&o);
  return count;
}

static bool mirror_symmetric(const char *g, const char *art)
{
  pc_cell cells[MAXCELLS];
  int32_t n = parse(grid(g), art, cells);
  return pc_shape_mirror_symmetric(grid(g), cells, n);
}

typedef struct piece {
  const char *name, *art;
  int free, one_sided;
  bool symmetric;
} piece;

static const piece pentominoes[] = {
    {"F", ".##\n##.\n.#.", 8, 4, false}, {"I", "#####", 2, 2, true},
    {"L", "####\n#...", 8, 4, false},    {"N", "###.\n..##", 8, 4, false},
    {"P", "##\n##\n#.", 8, 4, false},    {"T", "###\n.#.\n.#.", 4, 4, true},
    {"U", "#.#\n###", 4, 4, true},       {"V", "#..\n#..\n###", 4, 4, true},
    {"W", "#..\n##.\n.##", 4, 4, true},  {"X", ".#.\n###\n.#.", 1, 1, true},
    {"Y", "####\n.#..", 8, 4, false},    {"Z", "##.\n.#.\n.##", 4, 2, false},
};

Test(shape, pentomino_orientations)
{
  int total = 0;
  for (size_t i = 0; i < sizeof pentominoes / sizeof *pentominoes; i++) {
    const piece *p = &pentominoes[i];
    int f = orientations("square", p->art, false), o = orientations("square", p->art, true);
    cr_expect_eq(f, p->free, "%s: %d orientations, want %d", p->name, f, p->free);
    cr_expect_eq(o, p->one_sided, "%s: %d one-sided, want %d", p->name, o, p->one_sided);
    cr_expect_eq(mirror_symmetric("square", p->art), p->symmetric, "%s", p->name);
    total += f;
  }
  cr_expect_eq(total, 63, "the fixed pentominoes");
}

Test(shape, first_transforms)
{
  pc_cell cells[MAXCELLS];
  int32_t n = parse(grid("square"), "#####", cells);
  pc_orients o;
  cr_assert_eq(pc_orients_make(grid("square"), cells, n, false, &o), PC_OK);
  cr_assert_eq(o.count, 2);
  cr_expect_eq(o.transform[0], 0);
  cr_expect_eq(o.transform[1], 1);
  /* The vertical I, normalized: (0, 0) .. (0, 4). */
  for (int i = 0; i < 5; i++) {
    cr_expect_eq(o.cells[5 + i].c, 0);
    cr_expect_eq(o.cells[5 + i].r, i);
  }
  pc_orients_free(&o);
  n = parse(grid("square"), ".##\n##.\n.#.", cells);
  cr_assert_eq(pc_orients_make(grid("square"), cells, n, false, &o), PC_OK);
  for (int i = 0; i < 8; i++) cr_expect_eq(o.transform[i], i, "F: all 8 differ");
  pc_orients_free(&o);
}

Test(shape, hexiamond_orientations)
{
  /* The hexagon: six triangles around a point. */
  cr_expect_eq(orientations("triangle", "###\n###", false), 1);
  cr_expect(mirror_symmetric("triangle", "###\n###"));
  /* The bar, a parallelogram: a half turn maps it onto itself, a mirror
     does not, so 12 / 2 orientations and 6 / 2 with rotations only. */
  cr_expect_eq(orientations("triangle", "######", false), 6);
  cr_expect_eq(orientations("triangle", "######", true), 3);
  cr_expect_not(mirror_symmetric("triangle", "######"));
  /* A single triangle: up or down. */
  cr_expect_eq(orientations("triangle", "#", false), 2);
  cr_expect_eq(orientations("triangle", "#", true), 2);
  /* The triangle of 4 (an up triangle of side 2): 2. */
  cr_expect_eq(orientations("triangle", "..#\n.###", false), 2);
  cr_expect_eq(orientations("triangle", "..#\n.###", true), 2);
  cr_expect(mirror_symmetric("triangle", "..#\n.###"));
}

Test(shape, tetrastick_orientations)
{
  cr_expect_eq(orientations("stick", "+-+-+-+-+", false), 2);
  cr_expect_eq(orientations("stick", "+-+-+-+-+", true), 2);
  cr_expect_eq(orientations("stick", "+-+\n| |\n+-+", false), 1);
  cr_expect_eq(orientations("stick", "  +\n  |\n+-+-+\n  |\n  +", false), 1);
  cr_expect_eq(orientations("stick", "+   +\n|   |\n+-+-+", false), 4);
  cr_expect(mirror_symmetric("stick", "+   +\n|   |\n+-+-+"));
  /* L: 8, 4 with rotations only, chiral. */
  cr_expect_eq(orientations("stick", "+\n|\n+\n|\n+\n|\n+-+", false), 8);
  cr_expect_eq(orientations("stick", "+\n|\n+\n|\n+\n|\n+-+", true), 4);
  cr_expect_not(mirror_symmetric("stick", "+\n|\n+\n|\n+\n|\n+-+"));
}

Test(shape, normalize)
{
  /* Squares: any move; the smallest row and column become 0. */
  pc_cell a[] = {{5, 9}, {4, 8}, {4, 9}};
  pc_shape_normalize(grid("square"), a, 3);
  pc_cell want_a[] = {{0, 0}, {0, 1}, {1, 1}};
  cr_expect(!memcmp(a, want_a, sizeof a));

  /* Triangles: moves with dc + dr even, so a down triangle on row 0 keeps
     its odd column. */
  pc_cell b[] = {{4, 3}};
  pc_shape_normalize(grid("triangle"), b, 1);
  cr_expect(b[0].c == 1 && b[0].r == 0, "(%d, %d)", b[0].c, b[0].r);
  pc_cell c[] = {{-3, -2}, {-2, -2}}; /* down, then up */
  pc_shape_normalize(grid("triangle"), c, 2);
  pc_cell want_c[] = {{1, 0}, {2, 0}};
  cr_expect(!memcmp(c, want_c, sizeof c));

  /* Sticks: even moves; the first lattice point lands on 0. */
  pc_cell d[] = {{4, 7}, {5, 6}};
  pc_shape_normalize(grid("stick"), d, 2);
  pc_cell want_d[] = {{1, 0}, {0, 1}};
  cr_expect(!memcmp(d, want_d, sizeof d), "(%d, %d) (%d, %d)", d[0].c, d[0].r, d[1].c, d[1].r);

  /* Equal up to translation iff equal normalized, on every grid. */
  const char *names[] = {"square", "triangle", "stick"};
  pc_cell base[] = {{1, 0}, {3, 0}, {4, 1}, {3, 2}}, moved[4], other[4];
  for (int k = 0; k < 3; k++) {
    const pc_grid *g = grid(names[k]);
    for (int i = 0; i < 4; i++) {
      moved[i] = (pc_cell){base[3 - i].c + 6, base[3 - i].r - 10};
      other[i] = (pc_cell){base[i].c + 1, base[i].r + 1};
    }
    pc_cell first[4];
    memcpy(first, base, sizeof base);
    pc_shape_normalize(g, first, 4);
    pc_shape_normalize(g, moved, 4);
    cr_expect(!memcmp(first, moved, sizeof first), "%s", names[k]);
    if (k == 1) { /* (1, 1) is a triangle translation: same shape */
      pc_shape_normalize(g, other, 4);
      cr_expect(!memcmp(first, other, sizeof first));
    }
  }
  /* A triangle moved by (1, 0) turns over: a different shape. */
  pc_cell up[] = {{0, 0}}, down[] = {{1, 0}};
  pc_shape_normalize(grid("triangle"), up, 1);
  pc_shape_normalize(grid("triangle"), down, 1);
  cr_expect(memcmp(up, down, sizeof up));
}

Test(shape, cell_order)
{
  pc_cell a = {5, 1}, b = {0, 2}, c = {6, 1};
  cr_expect_lt(pc_cell_cmp(&a, &b), 0);
  cr_expect_lt(pc_cell_cmp(&a, &c), 0);
  cr_expect_gt(pc_cell_cmp(&b, &c), 0);
  cr_expect_eq(pc_cell_cmp(&a, &a), 0);
}

static bool connected(const char *g, const char *art)
{
  pc_cell cells[MAXCELLS];
  int32_t n = parse(grid(g), art, cells);
  return pc_shape_connected(grid(g), cells, n);
}

Test(shape, connected)
{
  cr_expect(connected("square", "##\n.#"));
  cr_expect_not(connected("square", "#.\n.#"), "touching corners");
  cr_expect_not(connected("square", "#.#"));
  cr_expect_not(pc_shape_connected(grid("square"), NULL, 0), "empty");
  /* Triangles (0, 0) and (1, 1) touch at a vertex only. */
  cr_expect(connected("triangle", "##\n#"));
  cr_expect_not(connected("triangle", "##\n.#"), "(1, 0) points down, (1, 1) up");
  cr_expect_not(connected("triangle", "#.\n.#"));
  cr_expect(connected("triangle", "#\n#"));
  /* Sticks that touch at a point are connected; apart they are not. */
  cr_expect(connected("stick", "+-+\n  |\n  +"));
  cr_expect(connected("stick", "+-+\n|\n+"));
  cr_expect(connected("stick", "+-+-+\n  |\n  +"));
  cr_expect_not(connected("stick", "+-+ +-+"));
  cr_expect_not(connected("stick", "+-+\n\n    +-+"));
  cr_expect_not(connected("stick", "+-+\n\n  +-+"), "a diagonal gap");
  /* Duplicates count once. */
  pc_cell dup[] = {{0, 0}, {1, 0}, {0, 0}};
  cr_expect(pc_shape_connected(grid("square"), dup, 3));
  pc_cell apart[] = {{0, 0}, {0, 0}, {2, 0}};
  cr_expect_not(pc_shape_connected(grid("square"), apart, 3));
}

static void expect_art(const char *g, const char *in, const char *labels, const char *want)
{
  pc_cell cells[MAXCELLS];
  int32_t n = parse(grid(g), in, cells);
  pc_shape_normalize(grid(g), cells, n);
  char *art = pc_shape_ascii(grid(g), cells, n, labels);
  cr_assert_not_null(art);
  cr_expect_str_eq(art, want, "%s:\n%s\nwant\n%s", g, art, want);
  free(art);
}

Test(shape, ascii)
{
  /* Trailing empty places are dropped; leading ones are not. */
  expect_art("square", "..\n.##.\n##..\n.#..", NULL, ".##\n##\n.#\n");
  /* Labels in normalized (row, column) order. */
  expect_art("square", "#####", "IIIII", "IIIII\n");
  expect_art("square", ".F\nFF\n.F", "abcd", ".a\nbc\n.d\n");
  /* A hexiamond: the row shift keeps (up, down) parities. */
  expect_art("triangle", "....\n.####\n...##", NULL, "####\n..##\n");
  expect_art("triangle", "..#.\n.###\n.##", NULL, "..#\n.###\n.##\n");
  /* The tetrastick U of docs/DESIGN.md, and one drawn from segments alone. */
  expect_art("stick", "+   +\n|   |\n+-+-+", NULL, "+   +\n|   |\n+-+-+\n");
  expect_art("stick", "\n  |\n -+-\n  |\n", NULL, "  +\n  |\n+-+-+\n  |\n  +\n");
  expect_art("stick", "\n\n    +-+\n    |\n    +", "ab", "+a+\nb\n+\n");
}

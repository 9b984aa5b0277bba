/* fuzz_census.c — libFuzzer target for census sections (of checkpoints
   and results): merged twice into a census of a small board with
   symmetry and scores, reduced or not by the input's first byte. */
#include <stdio.h>

#include "poly/census.h"
#include "poly/matrix.h"
#include "poly/puzzle.h"

typedef struct board {
  pc_puzzle pz;
  pc_matrix full, m;
  pc_symmetry g;
  pc_classes classes;
  pc_scorer scorer;
  bool *keep;
} board;

/* The board, set up once (its memory lives as long as the process). */
static board *setup(bool all)
{
  static board boards[2];
  static bool ready[2];
  board *b = &boards[all];
  if (ready[all]) return b;
  pc_error err = {0};
  if (pc_puzzle_load("tests/data/boards/small.yaml", &b->pz, &err) ||
      pc_matrix_build(&b->pz, &b->full, &err) || pc_symmetry_find(&b->pz, &b->g) ||
      !(b->keep = calloc((size_t)b->full.xc.n_options + 1, 1)) ||
      pc_classes_init(&b->classes, &b->pz, &b->g, &b->full, !all, b->keep) ||
      pc_matrix_subset(&b->full, b->keep, &b->m, &err) ||
      pc_scorer_init(&b->scorer, b->pz.grid, b->pz.cells, b->pz.n_cells)) {
    fprintf(stderr, "fuzz_census: cannot set up the board (run from the top folder): %s\n",
            err.msg);
    abort();
  }
  ready[all] = true;
  return b;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (!size) return 0;
  bool all = data[0] & 1;
  board *b = setup(all);
  pc_census c;
  if (pc_census_init(&c, &b->m, &b->classes, data[0] & 2 ? &b->scorer : NULL, all, 3))
    return 0;
  FILE *in = fmemopen((void *)(data + 1), size - 1, "r");
  if (in) {
    pc_error err = {0};
    int line = 0;
    if (size > 1 && pc_census_merge(&c, in, &line, &err) == PC_OK) {
      rewind(in);
      line = 0;
      pc_census_merge(&c, in, &line, &err);
    }
    fclose(in);
  }
  pc_census_free(&c);
  return 0;
}

/* fuzz_census.c — libFuzzer target for census sections (of checkpoints
   and results): merged twice into a census of a small board with
   symmetry and scores, reduced or not by the input's first byte. */
#include <stdio.h>
#include <stdlib.h>

#include "poly/solver.h"

/* The board's matrix, group, reduction and scorer (pc_solver), set up
   once per reduction; each input gets a census of its own. */
static pc_solver *setup(bool all)
{
  static pc_puzzle pz;
  static pc_solver solvers[2];
  static bool loaded, ready[2];
  pc_error err = {0};
  if (!loaded && pc_puzzle_load("tests/data/boards/small.yaml", &pz, &err)) {
    fprintf(stderr, "fuzz_census: cannot load the board (run from the top folder): %s\n",
            err.msg);
    abort();
  }
  loaded = true;
  if (!ready[all] && pc_solver_init(&solvers[all], &pz, all, true, 3, &err)) {
    fprintf(stderr, "fuzz_census: cannot set up the board: %s\n", err.msg);
    abort();
  }
  ready[all] = true;
  return &solvers[all];
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  if (!size) return 0;
  bool all = data[0] & 1;
  pc_solver *sv = setup(all);
  pc_census c;
  if (pc_census_init(&c, &sv->matrix, &sv->classes, data[0] & 2 ? &sv->scorer : NULL, all, 3))
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

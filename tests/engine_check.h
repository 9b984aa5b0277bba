/* engine_check.h — what the tests of the search engines share: every
   engine behind the runner's interface (engines.h) is checked against DLX
   the same way. Solutions are compared as sorted lists of order-
   independent hashes of each one's set of options. */
#ifndef PC_TEST_ENGINE_CHECK_H
#define PC_TEST_ENGINE_CHECK_H

#include "core/engines.h"
#include "poly/matrix.h"
#include "poly/solver.h"

/* The hashes of the solutions met, one per solution. */
typedef struct pc_found {
  uint64_t *hash;
  size_t n, cap;
  int32_t **parts;    /* with keep: the solutions themselves */
  int32_t *sizes;
  bool keep;
} pc_found;

/* A visitor that adds the solution to the pc_found `ctx`. */
bool pc_found_add(void *ctx, const int32_t *options, int32_t n);
void pc_found_sort(pc_found *f);
void pc_found_free(pc_found *f);

/* One search of `engine` (a new instance) on xc with cfg, the solutions
   sorted into f when it is not NULL. The statistics' profile is copied
   into `profile` (pc_xc_depth + 1 entries) when it is not NULL. */
pc_dlx_stats pc_engine_run(const pc_engine *engine, const pc_xc *xc, const pc_dlx_config *cfg,
                           pc_found *f, uint64_t *profile);

/* The engine finds exactly DLX's solutions on xc (both searching by rule
   `choose`), its profile adds up to its nodes with the root alone at level
   0, and with same_tree its nodes and profile are DLX's too. Returns the
   count. */
uint64_t pc_check_same_as_dlx(const pc_engine *engine, const pc_xc *xc, const char *what,
                              pc_choose choose, bool same_tree);

/* The same (Knuth's rule) on a shipped board (its full matrix), a DLX1 file of
   tests/data, or the matrix `solve` searches by default (one piece
   restricted to break the symmetry; the engine must take it early). */
uint64_t pc_check_board(const pc_engine *engine, const char *name, bool same_tree);
uint64_t pc_check_file(const pc_engine *engine, const char *file, bool same_tree);
uint64_t pc_check_reduced(const pc_engine *engine, const char *name, bool same_tree);

/* All solutions of a shipped board (its full matrix). */
uint64_t pc_engine_board_count(const pc_engine *engine, const char *name);

/* A reproducible draw below n, *seed stepped (splitmix64). */
int32_t pc_draw(uint64_t *seed, int32_t n);

/* Random problems with secondary items and every mask width (up to 600
   items: one to ten words), each with at least one solution, against DLX. */
void pc_check_random_problems(const pc_engine *engine, bool same_tree);

/* Dominoes in 2 x 150 and 2 x 300 strips with a few segments to tile
   (Fibonacci's counts), against DLX. */
void pc_check_strips(const pc_engine *engine, bool same_tree);

/* A split at depth 2 and each part solved with its prefix give back every
   solution once, the prefix first; the prefix counts towards the split
   depth. */
void pc_check_split_and_prefix(const pc_engine *engine);

/* pent4x15 with an item that has one option, taken first: the nodes of
   the parts of a split still add up to the whole search's (a part's root
   takes over the whole tree's state past a forced level: bits's budget
   of choices by fewest options, spent only where there was a choice). */
void pc_check_forced_first(const pc_engine *engine);

/* Overlapping, repeated or unknown options in a prefix: no solution. */
void pc_check_bad_prefix(const pc_engine *engine);

/* max_solutions, max_nodes, a visitor's stop and the stop flag end the
   search; the engine searches again from scratch afterwards. */
void pc_check_limits_and_stop(const pc_engine *engine);

/* The share of its tree a search keeps (pc_dlx_config.share) never goes
   back, and at each solution leaves room for the path probabilities of
   the solutions still to come (they lie in the part not yet done); it
   moves during the search. xc has some hundreds of solutions. */
void pc_check_share(const pc_engine *engine, const pc_xc *xc);

/* A shipped board loaded with its full matrix. */
typedef struct pc_board {
  pc_puzzle pz;
  pc_matrix m;
} pc_board;

void pc_board_load(const char *name, pc_board *bd);
void pc_board_free(pc_board *bd);

/* A shipped board made ready for its default search (one solution per
   class, solver.h); free with pc_solver_free, then pc_puzzle_free. */
void pc_board_solver(const char *name, pc_puzzle *pz, pc_solver *sv);

/* An empty problem with items i0, i1, ...: n_primary primary, then
   n_secondary secondary. */
void pc_xc_with_items(pc_xc *xc, int32_t n_primary, int32_t n_secondary);

#endif

/* challenge.h — making puzzles: challenges with exactly one solution, in
   the manner of the Kanoodle booklet. A challenge is a solution of the
   puzzle with some of its pieces pre-placed so that the pieces left fill
   the rest in exactly one way, counted in all (not up to symmetry).

   Each challenge starts from a random solution (the first one DLX finds
   with the options in a random order), or with from_all from the next of
   the puzzle's solutions up to symmetry (challenge_sources.h), and a
   random order of its pieces;
   pieces are taken off the board one at a time, each only if the rest
   still has one solution, until the wanted number is left (or, minimal,
   until none can be taken off: then no pre-placed piece can be removed
   without losing uniqueness). A uniqueness check is a DLX search below
   the pre-placed pieces (dlx.h's prefix) that stops at the second
   solution; one DLX structure per thread serves every check.

   The rating (docs/challenge.md): the nodes of that search with Knuth's
   rule (for a unique challenge the check searches the whole tree), the
   pieces left, and the forced moves (steps of that search's path to the
   solution where the chosen item had a single option). Challenges are
   sorted by rating and split into levels of equal size. */
#ifndef PC_CHALLENGE_H
#define PC_CHALLENGE_H

#include <stdio.h>

#include "poly/matrix.h"
#include "poly/tiling.h"

typedef struct pc_challenge_opts {
  int32_t count;               /* challenges to make; with from_all, 0: one per solution */
  bool from_all;               /* from every solution in turn, not random ones */
  int32_t left_min, left_max;  /* pieces left to place; both 0: the default */
  bool minimal;                /* no pre-placed piece can be removed */
  uint64_t seed;               /* the same seed, the same challenges */
  int threads;                 /* 0: one per core */
  int32_t levels;              /* 0: the default */
} pc_challenge_opts;

/* The defaults the command shows in its help. */
#define PC_CHALLENGE_COUNT 20
#define PC_CHALLENGE_LEVELS 4

typedef struct pc_challenge {
  int32_t *solution;   /* its one solution: options of the matrix */
  int32_t n_solution;
  int32_t n_given;     /* solution[0, n_given) are pre-placed */
  int32_t left;        /* pieces to place */
  uint64_t nodes;      /* DLX nodes (Knuth's rule) of the search below */
  int32_t forced;      /* single-option steps on its path to the solution */
  double rating;
  int32_t level;       /* 1 .. levels */
} pc_challenge;

typedef struct pc_challenge_set {
  const pc_puzzle *pz;
  pc_matrix matrix;        /* every placement: what the options index */
  pc_challenge *items;     /* sorted by rating, easiest first */
  int32_t n;
  int32_t levels;
  int32_t left_min, left_max; /* the range used */
} pc_challenge_set;

/* Makes o->count distinct challenges of pz (which may have pre-placed
   pieces of its own: they stay). PC_ERR_INPUT, with a message, for a
   range of pieces left the puzzle cannot have, a puzzle with no solution,
   no piece the board art can show pre-placed, or when no challenge of the
   kind asked for turns up. */
pc_status pc_challenge_make(const pc_puzzle *pz, const pc_challenge_opts *o,
                            pc_challenge_set *set, pc_error *err);
void pc_challenge_set_free(pc_challenge_set *set);

/* Whether piece k can be pre-placed on a board drawn in ASCII art (a
   one-character name the art can show, one copy). */
bool pc_challenge_placeable(const pc_puzzle *pz, int32_t k);

/* Challenge i as a puzzle: pz's pieces and cells (shared, not copied) with
   its own `fixed`, which the caller frees (free(out->fixed)). */
pc_status pc_challenge_puzzle(const pc_challenge_set *set, int32_t i, pc_puzzle *out,
                              pc_error *err);

/* Challenge i's solution as a tiling of the board (t initialised). */
void pc_challenge_tiling(const pc_challenge_set *set, int32_t i, pc_tiling *t);

/* Challenge i as a board file that goes into folder `dir`: the source
   board's grid and pieces entry (re-read from pz->path), the board art
   with the pre-placed pieces drawn by their names. A set the source finds
   beside it but a board in `dir` would not (or would find another of that
   name) is named by its absolute path. */
pc_status pc_challenge_write_yaml(FILE *out, const pc_challenge_set *set, int32_t i,
                                  const char *dir, pc_error *err);

/* The index: one JSON object, every challenge with its file name
   (`names[i]`), pieces left, nodes, forced moves, rating and level. */
void pc_challenge_write_index(FILE *out, const pc_challenge_set *set,
                              const char *const *names, uint64_t seed);

#endif

/* puzzle.h — a whole puzzle from a board file (boards/NAME.yaml): the grid,
   the board's cells, the pieces chosen from one or more sets, and any
   pre-placed pieces. */
#ifndef PC_PUZZLE_H
#define PC_PUZZLE_H

#include "poly/pieceset.h"

/* A `choose` entry's pieces: together placed between lower and upper
   times. An entry of one piece makes no group: the piece takes the
   bounds on its copies. */
typedef struct pc_piece_group {
  int lower, upper;
} pc_piece_group;

typedef struct pc_puzzle {
  char title[256];
  char path[512];
  const pc_grid *grid;
  pc_piece *pieces;      /* in set order; a one-sided set's mirror images
                            follow their pieces, named with a "'" */
  int32_t n_pieces;
  pc_cell *cells;        /* the board, row-major (pc_cell_cmp order) */
  int32_t n_cells;
  int32_t *fixed;        /* per board cell: the pre-placed piece, or -1 */
  pc_piece_group *groups;
  int32_t n_groups, cap_groups;

  char warning[768];     /* a set's warning (pieceset.h), for the user, or "" */
} pc_puzzle;

/* Loads a board file and the piece sets it names: `path` is a file, "-"
   (standard input, named <stdin>, a board in the current folder), or the
   name of a board on the search path (boards/NAME.yaml), and sets are
   found on it too (poly/datapath.h); a `pieces:` entry may also hold the
   board's own pieces. pz->path is the file loaded. */
pc_status pc_puzzle_load(const char *path, pc_puzzle *pz, pc_error *err);
void pc_puzzle_free(pc_puzzle *pz);

/* The index of board cell x, or -1 if x is not on the board. */
int32_t pc_puzzle_cell_index(const pc_puzzle *pz, pc_cell x);

/* The fewest and the most cells the pieces can cover (copies counted;
   *most is -1 when some piece has copies: any). */
void pc_puzzle_piece_area(const pc_puzzle *pz, int64_t *least, int64_t *most);

/* How many cells the board's holes leave empty, as text: "1 cell",
   "1-2 cells"; "" where the board has no holes. */
void pc_puzzle_holes_text(const pc_puzzle *pz, char *out, size_t size);

/* Whether some piece may be placed other than exactly once (copies, a
   range, a group): the matrix then has bounds (xc.h). */
bool pc_puzzle_has_multiplicities(const pc_puzzle *pz);

#endif

/* queens.h — the N queens problem as a generalized exact cover (Knuth,
   "Dancing Links", 2000): the N ranks and N files are primary items (each
   holds exactly one queen), the 2N-1 diagonals and 2N-1 anti-diagonals are
   secondary items (each holds at most one), and each square is one option
   naming its rank, file, diagonal and anti-diagonal.

   Item order matters to DLX, which branches on the first item of smallest
   size: Knuth lists ranks and files from the middle of the board outward,
   alternating a rank and a file ("organ-pipe order", R3 F3 R4 F4 R2 F2 R5 F5
   ... for N = 8), because a queen near the centre rules out more squares and
   so prunes the tree sooner. The natural order R0 .. R(N-1) F0 .. F(N-1) is
   kept for comparison. */
#ifndef PC_QUEENS_H
#define PC_QUEENS_H

#include <stdint.h>

#include "core/error.h"
#include "core/xc.h"

#define PC_QUEENS_MAX 64 /* larger boards are rejected as absurd */

typedef enum pc_queens_order {
  PC_QUEENS_ORGAN_PIPE, /* ranks and files from the middle outward (Knuth) */
  PC_QUEENS_NATURAL,    /* R0 .. R(N-1), then F0 .. F(N-1) */
} pc_queens_order;

/* The k-th line (rank or file) of an n-line board in organ-pipe order, for
   k in [0, n): (n-1)/2, then one above, one below, and so on outward. */
int pc_queens_organ_pipe(int n, int k);

/* Builds the problem for an n x n board, 1 <= n <= PC_QUEENS_MAX, into xc
   (initialized here; the caller frees it). Items are named Ri and Fi (rank
   and file i), Ai (the diagonal rank + file = i) and Bi (the anti-diagonal
   rank - file + n - 1 = i). Option k is the square at rank k / n and file
   k % n. */
pc_status pc_queens_build(int n, pc_queens_order order, pc_xc *xc, pc_error *err);

/* Turns a solution (option indices, one per rank, in any order) into
   file_of_rank[r] for r in [0, n); returns false if the options are not
   one queen per rank of an n x n board. */
bool pc_queens_decode(int n, const int32_t *options, int32_t count, int *file_of_rank);

#endif

/* sudoku.h — sudoku as an exact cover: 324 primary items, namely p(r,c)
   "cell r,c is filled", r(r,d) "row r has digit d", c(c,d) "column c has
   digit d" and b(x,d) "box x has digit d" (named pRC, rRD, cCD, bXD with
   1-based numbers, as in Knuth's sudoku programs); one option per digit a
   cell may hold: the given digit for a filled cell, every digit not already
   given in the cell's row, column or box for a blank one. */
#ifndef PC_SUDOKU_H
#define PC_SUDOKU_H

#include <stddef.h>
#include <stdint.h>

#include "core/error.h"
#include "core/xc.h"

#define PC_SUDOKU_CELLS 81

/* A grid in row-major order: 0 for a blank, else the digit 1..9. */
typedef struct pc_sudoku {
  uint8_t cell[PC_SUDOKU_CELLS];
} pc_sudoku;

/* Reads one puzzle from `len` bytes (no newline; trailing blanks and '\r'
   are the caller's to strip): exactly 81 characters, digits 1-9 and '.'
   or '0' for a blank. Givens that contradict each other (a digit twice in
   a row, column or box) are an error too. On error fills err with `line`
   and the 1-based column of the fault. */
pc_status pc_sudoku_parse(const char *text, size_t len, int line, pc_sudoku *out,
                          pc_error *err);

/* Builds the exact cover of a parsed puzzle into xc (initialized here; the
   caller frees it). */
pc_status pc_sudoku_build(const pc_sudoku *puzzle, pc_xc *xc, pc_error *err);

/* Turns a solution of a problem made by pc_sudoku_build into a grid; false
   if the options do not fill every cell once. */
bool pc_sudoku_decode(const pc_xc *xc, const int32_t *options, int32_t n,
                      pc_sudoku *out);

typedef struct pc_sudoku_result {
  int solutions;        /* 0, 1, or 2 meaning "two or more" */
  pc_sudoku solution;   /* the first solution found, if any */
  uint64_t nodes, updates;
} pc_sudoku_result;

/* Solves a puzzle, stopping at the second solution. */
pc_status pc_sudoku_solve(const pc_sudoku *puzzle, pc_sudoku_result *res, pc_error *err);

/* The grid as 81 characters ('.' for a blank) and a '\0'. */
void pc_sudoku_format(const pc_sudoku *grid, char out[PC_SUDOKU_CELLS + 1]);

#endif

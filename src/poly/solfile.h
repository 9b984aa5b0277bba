/* solfile.h — the solution file: a puzzle's board and pieces and any number
   of its solutions, in a text format that `score` and `render` read back
   without solving again. Written atomically (a temporary file beside the
   target, renamed over it when complete), so an interrupted run never
   leaves a half-written file under the name the user gave.

   The format (docs/formats.md documents it), line by line:

     polycover-solutions 3
     title Scott's pentomino problem (1958)
     grid square
     piece F - F                  symbol, color ("#rrggbb" or "-"), name (rest of line)
     ...                          one line per piece, in puzzle order
     hole A                       a board's holes: (their symbol), in their place
     board                        the board's ASCII art ('#' a cell, '.' none)
     ########
     ...
     end
     solution 1                   solutions numbered from 1
     # FFIIIII.                   the solution drawn, for people (ignored)
     0 1,0 2,0 0,1 1,1 1,2        a placed piece: its index, then its cells as c,r
     ...
     end
     checksum 0123456789abcdef    FNV-1a (lines.h) of every byte before it

   Lines starting with '#' outside the board art are comments. Cells use the
   grid coordinates of grid.h. Numbers are plain decimal. Version 2 files
   (the holes a piece named "hole") are read as they are; version 1 files
   (no checksum) are refused. */
#ifndef PC_SOLFILE_H
#define PC_SOLFILE_H

#include <stdio.h>

#include "poly/puzzle.h"
#include "poly/tiling.h"

/* A file read back: the puzzle (pieces carry name, symbol and color, no
   cells; no pre-placed pieces) and its solutions in file order. */
typedef struct pc_solfile {
  pc_puzzle pz;
  pc_tiling *solutions;
  int32_t n_solutions;
} pc_solfile;

/* Reads and checks a solution file ("-": standard input, named <stdin>):
   errors give file:line:column (unknown lines, cells off the board, a cell
   covered twice, bad piece indices). */
pc_status pc_solfile_read(const char *path, pc_solfile *f, pc_error *err);
void pc_solfile_free(pc_solfile *f);

typedef struct pc_solwriter {
  FILE *f;
  char *path, *tmp;
  uint64_t count;         /* solutions written */
  uint64_t sum;           /* the checksum of the bytes written */
  const pc_puzzle *pz;
} pc_solwriter;

/* Starts writing `path` ("-" for stdout, written directly): the header
   and the board. */
pc_status pc_solwriter_open(pc_solwriter *w, const char *path, const pc_puzzle *pz,
                            pc_error *err);
/* Appends one solution (numbered by w->count). */
pc_status pc_solwriter_add(pc_solwriter *w, const pc_tiling *t, pc_error *err);
/* For a checkpoint: makes `path` hold exactly the solutions added so far
   and their checksum (atomically, the temporary goes on growing) and gives
   their length (without the checksum line). */
pc_status pc_solwriter_mark(pc_solwriter *w, int64_t *length, pc_error *err);
/* Carries on after a checkpoint: starts from the first `length` bytes of
   `path` as pc_solwriter_mark left it, holding `count` solutions. `path`
   must be whole (its checksum right) and `length` at the start of a line
   in it; the checksum goes on from those bytes. */
pc_status pc_solwriter_resume(pc_solwriter *w, const char *path, const pc_puzzle *pz,
                              int64_t length, uint64_t count, pc_error *err);
/* Flushes, syncs and renames the temporary file over `path`. */
pc_status pc_solwriter_commit(pc_solwriter *w, pc_error *err);
/* Drops an unfinished file (removes the temporary). */
void pc_solwriter_abort(pc_solwriter *w);

#endif

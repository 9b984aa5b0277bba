/* lines.h — reading a text file line by line, counting the lines so that
   errors can name FILE:LINE. What the solution, checkpoint and job files'
   readers share. */
#ifndef PC_LINES_H
#define PC_LINES_H

#include <stdbool.h>
#include <stdio.h>

#include "core/error.h"

typedef struct pc_lines {
  FILE *f;
  char *line;     /* the line read last, without its line break */
  size_t cap;
  int number;     /* its number, from 1; 0 before the first */
} pc_lines;

/* Opens path for reading and names it in err; PC_ERR_INPUT ("cannot
   open") when it cannot. */
pc_status pc_lines_open(pc_lines *r, const char *path, pc_error *err);

/* The next line into r->line; false at the end of the file. */
bool pc_lines_next(pc_lines *r);

void pc_lines_close(pc_lines *r);

#endif

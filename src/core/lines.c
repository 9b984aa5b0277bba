/* lines.c — reading a text file line by line. */
#include "core/lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

pc_status pc_lines_open(pc_lines *r, const char *path, pc_error *err)
{
  *r = (pc_lines){.f = fopen(path, "r")};
  pc_error_file(err, path);
  if (!r->f) return pc_error_set(err, PC_ERR_INPUT, 0, 0, "cannot open: %s", strerror(errno));
  return PC_OK;
}

bool pc_lines_next(pc_lines *r)
{
  ssize_t n = getline(&r->line, &r->cap, r->f);
  if (n < 0) return false;
  while (n > 0 && (r->line[n - 1] == '\n' || r->line[n - 1] == '\r')) r->line[--n] = '\0';
  r->number++;
  return true;
}

void pc_lines_close(pc_lines *r)
{
  free(r->line);
  if (r->f) fclose(r->f);
  *r = (pc_lines){0};
}

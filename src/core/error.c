/* error.c — filling and formatting pc_error. */
#include "core/error.h"

#include <stdio.h>
#include <string.h>

pc_status pc_error_set(pc_error *err, pc_status status, int line, int column,
                       const char *fmt, ...)
{
  if (!err) return status;
  err->line = line;
  err->column = column;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  return status;
}

void pc_error_file(pc_error *err, const char *file)
{
  if (!err) return;
  snprintf(err->file, sizeof err->file, "%s", file ? file : "");
}

void pc_error_format(const pc_error *err, char *buf, unsigned size)
{
  char where[600] = "";
  if (err->file[0] && err->line > 0 && err->column > 0)
    snprintf(where, sizeof where, "%s:%d:%d: ", err->file, err->line, err->column);
  else if (err->file[0] && err->line > 0)
    snprintf(where, sizeof where, "%s:%d: ", err->file, err->line);
  else if (err->file[0])
    snprintf(where, sizeof where, "%s: ", err->file);
  snprintf(buf, size, "%s%s", where, err->msg);
}

const char *pc_status_text(pc_status status)
{
  switch (status) {
  case PC_OK: return "ok";
  case PC_ERR_INPUT: return "bad input";
  case PC_ERR_NOMEM: return "out of memory";
  case PC_ERR_IO: return "input/output error";
  case PC_DONE: return "done";
  }
  return "unknown status";
}
